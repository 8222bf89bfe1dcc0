/**
 * A stand-in for the sign-in service (`src/backend/auth.ts`) in component tests: Auth is the one
 * external service with no in-process driver. It keeps identities in memory, answers with the
 * Firebase error codes a real sign-in would give, and tells listeners about sign-in changes.
 * Calls nobody planned for throw, so an unexpected call fails the test loudly.
 */
import type { AuthFailure, AuthService, AuthUser, SignInResult } from '@/backend/auth';

interface Identity {
  user: AuthUser;
  password: string | null;
}

function fail(code: string): AuthFailure {
  return { code, message: `Firebase: Error (${code}).` };
}

export interface FakeAuth extends AuthService {
  /** Adds an identity that can sign in (no listener call). */
  addUser(user: Partial<AuthUser> & { uid: string; email: string }, password?: string): AuthUser;
  /** Makes the next call of `method` fail with this code. */
  failNext(method: keyof AuthService, code: string): void;
  /** Signs in as this identity now (as if a session was restored). */
  restore(uid: string): void;
  readonly sentLinks: { email: string; url: string }[];
  readonly resetEmails: string[];
  readonly current: AuthUser | null;
}

export function createFakeAuth(): FakeAuth {
  const identities = new Map<string, Identity>();
  const listeners = new Set<(user: AuthUser | null) => void>();
  const failures = new Map<string, string>();
  const sentLinks: { email: string; url: string }[] = [];
  const resetEmails: string[] = [];
  let current: AuthUser | null = null;
  let counter = 0;

  function emit() {
    for (const listener of listeners) listener(current);
  }

  function maybeFail(method: string) {
    const code = failures.get(method);
    if (code) {
      failures.delete(method);
      throw fail(code);
    }
  }

  function byEmail(email: string): Identity | undefined {
    return [...identities.values()].find((i) => i.user.email === email);
  }

  function signInAs(identity: Identity, isNewUser: boolean): SignInResult {
    current = identity.user;
    queueMicrotask(emit);
    return { user: identity.user, isNewUser };
  }

  function create(
    user: Partial<AuthUser> & { uid: string; email: string },
    password: string | null,
  ) {
    const identity: Identity = {
      user: {
        uid: user.uid,
        email: user.email,
        displayName: user.displayName ?? null,
        photoURL: user.photoURL ?? null,
        providerId: user.providerId ?? 'password',
      },
      password,
    };
    identities.set(user.uid, identity);
    return identity;
  }

  const fake: FakeAuth = {
    sentLinks,
    resetEmails,
    get current() {
      return current;
    },
    addUser(user, password) {
      return create(user, password ?? null).user;
    },
    failNext(method, code) {
      failures.set(method, code);
    },
    restore(uid) {
      current = identities.get(uid)?.user ?? null;
      emit();
    },
    async signInWithEmail(email, password) {
      maybeFail('signInWithEmail');
      const identity = byEmail(email);
      if (!identity) throw fail('auth/user-not-found');
      if (identity.password !== password) throw fail('auth/wrong-password');
      return signInAs(identity, false);
    },
    async signUpWithEmail(email, password) {
      maybeFail('signUpWithEmail');
      if (byEmail(email)) throw fail('auth/email-already-in-use');
      if (password.length < 6) throw fail('auth/weak-password');
      counter += 1;
      return signInAs(create({ uid: `uid-${counter}`, email }, password), true);
    },
    async signInWithGooglePopup() {
      throw fail('auth/network-request-failed');
    },
    async signInWithLocalGoogle(account) {
      maybeFail('signInWithLocalGoogle');
      const existing = byEmail(account.email);
      if (existing) return signInAs(existing, false);
      const identity = create(
        {
          uid: `google-${account.sub}`,
          email: account.email,
          displayName: account.name,
          photoURL: account.picture ?? null,
          providerId: 'google.com',
        },
        null,
      );
      return signInAs(identity, true);
    },
    async signInWithSsoPopup() {
      maybeFail('signInWithSsoPopup');
      throw fail('auth/popup-blocked');
    },
    async signInWithLocalSso(providerId, account) {
      maybeFail('signInWithLocalSso');
      const existing = byEmail(account.email);
      if (existing) return signInAs(existing, false);
      const identity = create(
        { uid: `sso-${account.sub}`, email: account.email, displayName: account.name, providerId },
        null,
      );
      return signInAs(identity, true);
    },
    async sendMagicLink(email, url) {
      maybeFail('sendMagicLink');
      sentLinks.push({ email, url });
    },
    isMagicLink(url) {
      return url.includes('oobCode=');
    },
    async completeMagicLink(email, url) {
      maybeFail('completeMagicLink');
      if (!url.includes('oobCode=')) throw fail('auth/invalid-action-code');
      const existing = byEmail(email);
      if (existing) return signInAs(existing, false);
      counter += 1;
      return signInAs(create({ uid: `link-${counter}`, email }, null), true);
    },
    async signOut() {
      current = null;
      queueMicrotask(emit);
    },
    async updatePassword(newPassword) {
      maybeFail('updatePassword');
      const identity = current ? identities.get(current.uid) : undefined;
      if (!identity) throw fail('auth/requires-recent-login');
      identity.password = newPassword;
    },
    async updateProfile(profile) {
      maybeFail('updateProfile');
      const identity = current ? identities.get(current.uid) : undefined;
      if (!identity) throw fail('auth/requires-recent-login');
      identity.user = {
        ...identity.user,
        ...(profile.displayName !== undefined ? { displayName: profile.displayName } : {}),
        ...(profile.photoURL !== undefined ? { photoURL: profile.photoURL } : {}),
      };
      current = identity.user;
      return identity.user;
    },
    async sendPasswordReset(email) {
      maybeFail('sendPasswordReset');
      resetEmails.push(email);
    },
    onAuthChange(callback) {
      listeners.add(callback);
      queueMicrotask(() => {
        if (listeners.has(callback)) callback(current);
      });
      return () => listeners.delete(callback);
    },
    async getIdToken() {
      return current ? `token-${current.uid}` : null;
    },
  };
  return fake;
}
