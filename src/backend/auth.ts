/**
 * The sign-in service, the only module that imports `firebase/auth`: a thin typed wrapper over the
 * Auth SDK (production, or the Auth emulator locally). Nothing from the SDK crosses it: users are
 * plain `AuthUser`s and failures plain `{ code, message }`, which `src/domain/auth-errors.ts` turns
 * into words. The stores take it as a dependency, so component tests replace it with a fake.
 */
import {
  GoogleAuthProvider,
  OAuthProvider,
  SAMLAuthProvider,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  createUserWithEmailAndPassword,
  getAdditionalUserInfo,
  isSignInWithEmailLink,
  onAuthStateChanged,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signInWithPopup,
  signOut as firebaseSignOut,
  updatePassword as firebaseUpdatePassword,
  updateProfile as firebaseUpdateProfile,
} from 'firebase/auth';
import type { Auth, User as FirebaseUser, UserCredential } from 'firebase/auth';
import { firebaseApp } from './firebase-app';
import type { FirebaseSettings } from './firebase-app';

/** The signed-in identity, as plain data. */
export interface AuthUser {
  readonly uid: string;
  readonly email: string | null;
  readonly displayName: string | null;
  readonly photoURL: string | null;
  /** The sign-in provider: `password`, `google.com`, or `firebase` when unknown. */
  readonly providerId: string;
}

/** The result of a sign-in: who, and whether the provider created the identity just now. */
export interface SignInResult {
  readonly user: AuthUser;
  readonly isNewUser: boolean;
}

/** Every failure of this module, as plain data (`code` is the SDK's, such as `auth/wrong-password`). */
export interface AuthFailure {
  readonly code: string;
  readonly message: string;
}

/** A Google identity offered by the local account chooser (Auth emulator only). */
export interface LocalGoogleAccount {
  readonly sub: string;
  readonly email: string;
  readonly name: string;
  readonly picture?: string;
}

/**
 * A person at the company's identity provider, as the local company chooser offers it (Auth
 * emulator only): the emulator takes it as the provider's (unsigned) ID token.
 */
export interface LocalSsoAccount {
  readonly sub: string;
  readonly email: string;
  readonly name: string;
}

export interface AuthInitConfig {
  readonly firebase: FirebaseSettings;
  readonly authEmulatorUrl: string;
}

/** The operations the stores use; `typeof import('./auth')` satisfies it, and so do test fakes. */
export interface AuthService {
  signInWithEmail(email: string, password: string): Promise<SignInResult>;
  signUpWithEmail(email: string, password: string): Promise<SignInResult>;
  signInWithGooglePopup(): Promise<SignInResult>;
  signInWithLocalGoogle(account: LocalGoogleAccount): Promise<SignInResult>;
  signInWithSsoPopup(providerId: string): Promise<SignInResult>;
  signInWithLocalSso(providerId: string, account: LocalSsoAccount): Promise<SignInResult>;
  sendMagicLink(email: string, url: string): Promise<void>;
  isMagicLink(url: string): boolean;
  completeMagicLink(email: string, url: string): Promise<SignInResult>;
  signOut(): Promise<void>;
  updatePassword(newPassword: string): Promise<void>;
  updateProfile(profile: { displayName?: string; photoURL?: string }): Promise<AuthUser>;
  sendPasswordReset(email: string, continueUrl?: string): Promise<void>;
  onAuthChange(callback: (user: AuthUser | null) => void): () => void;
  getIdToken(): Promise<string | null>;
}

let instance: Auth | undefined;

/**
 * Creates the Auth instance once; connects it to the Auth emulator when one is configured. Unlike
 * `getAuth`, it installs no popup resolver up front: that resolver loads Google's sign-in script
 * (apis.google.com) on every page at start-up. Only the Google popup needs it, and gets it there.
 */
export function initAuth(config: AuthInitConfig): void {
  if (instance) return;
  const auth = initializeAuth(firebaseApp(config.firebase), {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  });
  if (config.authEmulatorUrl) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  instance = auth;
}

/** The instance `initAuth` created, for the SDK calls here and in `auth-actions.ts`. */
export function auth(): Auth {
  if (!instance) throw { code: 'auth/not-initialized', message: 'Sign-in is not ready yet.' };
  return instance;
}

function toFailure(err: unknown): AuthFailure {
  if (typeof err === 'object' && err !== null) {
    const { code, message } = err as { code?: unknown; message?: unknown };
    return {
      code: typeof code === 'string' ? code : 'auth/internal-error',
      message: typeof message === 'string' ? message : '',
    };
  }
  return { code: 'auth/internal-error', message: typeof err === 'string' ? err : '' };
}

/** Runs an SDK call and re-throws its failure as a plain `AuthFailure` (also for `auth-actions.ts`). */
export async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toFailure(err);
  }
}

function plainUser(user: FirebaseUser): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    providerId: user.providerData[0]?.providerId ?? user.providerId,
  };
}

function plainResult(credential: UserCredential): SignInResult {
  return {
    user: plainUser(credential.user),
    isNewUser: getAdditionalUserInfo(credential)?.isNewUser ?? false,
  };
}

export function signInWithEmail(email: string, password: string): Promise<SignInResult> {
  return guard(async () => plainResult(await signInWithEmailAndPassword(auth(), email, password)));
}

export function signUpWithEmail(email: string, password: string): Promise<SignInResult> {
  return guard(async () =>
    plainResult(await createUserWithEmailAndPassword(auth(), email, password)),
  );
}

export function signInWithGooglePopup(): Promise<SignInResult> {
  return guard(async () => {
    const provider = new GoogleAuthProvider();
    provider.setCustomParameters({ prompt: 'select_account' });
    return plainResult(await signInWithPopup(auth(), provider, browserPopupRedirectResolver));
  });
}

/**
 * Signs in with a Google identity through the Auth emulator, which accepts a raw-JSON id token.
 * The emulator's own popup page loads Google's scripts, which offline machines cannot reach.
 */
export function signInWithLocalGoogle(account: LocalGoogleAccount): Promise<SignInResult> {
  return guard(async () => {
    const token = JSON.stringify({
      sub: account.sub,
      email: account.email,
      email_verified: true,
      name: account.name,
      ...(account.picture ? { picture: account.picture } : {}),
    });
    return plainResult(await signInWithCredential(auth(), GoogleAuthProvider.credential(token)));
  });
}

/**
 * Company sign-in (docs/sso.md) in production: the popup of the account's OIDC or SAML provider,
 * as configured in Identity Platform (`oidc.<name>` / `saml.<name>`).
 */
export function signInWithSsoPopup(providerId: string): Promise<SignInResult> {
  return guard(async () => {
    const provider = providerId.startsWith('saml.')
      ? new SAMLAuthProvider(providerId)
      : new OAuthProvider(providerId);
    return plainResult(await signInWithPopup(auth(), provider, browserPopupRedirectResolver));
  });
}

/**
 * Company sign-in through the Auth emulator, which takes a raw-JSON ID token for any provider id
 * (as for Google above): the emulator issues an ID token whose `firebase.sign_in_provider` is the
 * provider id, which is what `firestore.rules` checks. Both `oidc.` and `saml.` ids go this way;
 * the emulator's SAML handling only differs for a `SAMLResponse`, which the SDK sends only from
 * its popup/redirect flow.
 */
export function signInWithLocalSso(
  providerId: string,
  account: LocalSsoAccount,
): Promise<SignInResult> {
  return guard(async () => {
    const idToken = JSON.stringify({
      sub: account.sub,
      email: account.email,
      email_verified: true,
      name: account.name,
    });
    const credential = new OAuthProvider(providerId).credential({ idToken });
    return plainResult(await signInWithCredential(auth(), credential));
  });
}

/** The provider of the current session (`password`, `google.com`, `oidc.x`…), or null. */
export async function signInProvider(): Promise<string | null> {
  if (!instance) return null;
  await instance.authStateReady();
  const user = instance.currentUser;
  return user ? (await user.getIdTokenResult()).signInProvider : null;
}

export function sendMagicLink(email: string, url: string): Promise<void> {
  return guard(() => sendSignInLinkToEmail(auth(), email, { url, handleCodeInApp: true }));
}

export function isMagicLink(url: string): boolean {
  try {
    return isSignInWithEmailLink(auth(), url);
  } catch {
    return false;
  }
}

export function completeMagicLink(email: string, url: string): Promise<SignInResult> {
  return guard(async () => plainResult(await signInWithEmailLink(auth(), email, url)));
}

export function signOut(): Promise<void> {
  return guard(() => firebaseSignOut(auth()));
}

function currentUser(): FirebaseUser {
  const user = auth().currentUser;
  if (!user) throw { code: 'auth/requires-recent-login', message: 'Not signed in.' };
  return user;
}

export function updatePassword(newPassword: string): Promise<void> {
  return guard(() => firebaseUpdatePassword(currentUser(), newPassword));
}

export function updateProfile(profile: {
  displayName?: string;
  photoURL?: string;
}): Promise<AuthUser> {
  return guard(async () => {
    const user = currentUser();
    await firebaseUpdateProfile(user, profile);
    return plainUser(user);
  });
}

export function sendPasswordReset(email: string, continueUrl?: string): Promise<void> {
  return guard(() =>
    sendPasswordResetEmail(auth(), email, continueUrl ? { url: continueUrl } : undefined),
  );
}

/** Calls back with the current identity (or null) once the state resolves, then on each change. */
export function onAuthChange(callback: (user: AuthUser | null) => void): () => void {
  return onAuthStateChanged(auth(), (user) => callback(user ? plainUser(user) : null));
}

/** The current ID token for the local data server; waits for the sign-in state to resolve first. */
export async function getIdToken(): Promise<string | null> {
  if (!instance) return null;
  await instance.authStateReady();
  const user = instance.currentUser;
  return user ? user.getIdToken() : null;
}
