/**
 * Test helpers for the Firebase Auth emulator that the test wrapper (`scripts/with-auth-emulator.ts`)
 * starts: create users and get their ID tokens over the emulator's REST API, so tests need no
 * browser, and craft bad tokens (expired, wrong project) the way an attacker would.
 */
import { randomUUID } from 'node:crypto';

export const TEST_PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-cardbuilder';

/** host:port of the running Auth emulator; fails loudly when the wrapper did not start one. */
export function authEmulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) {
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is not set: run these tests through `tsx scripts/with-auth-emulator.ts vitest ...`.',
    );
  }
  return host;
}

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
  refreshToken: string;
}

/** A fresh e-mail address nobody else in the run uses. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

/** Signs a new user up with the emulator and returns its ID token. */
export async function createTestUser(
  email = uniqueEmail(),
  password = 'secret-pass-1',
): Promise<TestUser> {
  const res = await fetch(
    `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as {
    localId?: string;
    idToken?: string;
    refreshToken?: string;
    error?: unknown;
  };
  if (!res.ok || !body.idToken || !body.localId) {
    throw new Error(`Auth emulator sign-up failed (${res.status}): ${JSON.stringify(body)}`);
  }
  return {
    uid: body.localId,
    email,
    password,
    idToken: body.idToken,
    refreshToken: body.refreshToken ?? '',
  };
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Decodes a JWT's payload (no checks). */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** An unsigned JWT (`alg: none`) like the emulator issues, with the given payload. */
export function unsignedJwt(payload: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

/** A copy of a real emulator token with some claims changed (the signature part stays empty). */
export function alteredToken(token: string, changes: Record<string, unknown>): string {
  return unsignedJwt({ ...jwtPayload(token), ...changes });
}

/** Emulator-shaped claims for `uid`, valid now unless overridden. */
export function emulatorClaims(
  uid: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
    aud: TEST_PROJECT_ID,
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...overrides,
  };
}
