/**
 * Verifies Firebase ID tokens with firebase-admin against the Auth emulator, and caches each verified
 * token until it expires so that a busy client costs one emulator round trip an hour, not one a
 * request. Every failure (garbage, wrong project, altered, expired, unknown user) is
 * `unauthenticated`.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { BackendError } from 'firestore-engine/errors';
import type { AuthInfo } from './types';

export interface TokenVerifier {
  verify(token: string): Promise<AuthInfo>;
  close(): Promise<void>;
}

const CACHE_LIMIT = 5000;

export function createTokenVerifier(projectId: string, authEmulatorHost: string): TokenVerifier {
  // firebase-admin finds the emulator only through this variable.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulatorHost;
  const app = initializeApp({ projectId }, `local-server-${randomUUID()}`);
  const auth = getAuth(app);
  const cache = new Map<string, { info: AuthInfo; expiresAt: number }>();

  return {
    async verify(token) {
      const hit = cache.get(token);
      if (hit) {
        if (hit.expiresAt > Date.now()) return hit.info;
        cache.delete(token);
      }
      let decoded;
      try {
        // checkRevoked makes the emulator confirm the user exists and is not disabled.
        decoded = await auth.verifyIdToken(token, true);
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        const reason =
          code === 'auth/id-token-expired'
            ? 'The ID token has expired.'
            : 'The ID token is not valid.';
        throw new BackendError('unauthenticated', `${reason} (${code || 'unverified'})`);
      }
      // All of the token's claims, like `request.auth.token` in rules (email_verified, stripeRole...).
      const info: AuthInfo = { uid: decoded.uid, claims: { ...decoded } };
      if (typeof decoded.email === 'string') info.email = decoded.email;
      if (cache.size >= CACHE_LIMIT) {
        for (const [key, entry] of cache) if (entry.expiresAt <= Date.now()) cache.delete(key);
        if (cache.size >= CACHE_LIMIT) cache.clear();
      }
      cache.set(token, { info, expiresAt: decoded.exp * 1000 });
      return info;
    },
    async close() {
      await deleteApp(app);
    },
  };
}
