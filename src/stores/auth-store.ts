/**
 * The auth store: who is signed in and their user document, followed live (docs/product.md §4).
 * `status` stays `loading` until both are known, so route guards never decide on half-known state.
 * Actions resolve to an `AuthResult` with the catalogue message (§8) for the form to show. The
 * sign-in service and environment come through `configure`; tests pass fakes to `createAuthStore`.
 */
import { createContext, useContext } from 'react';
import { create, useStore } from 'zustand';
import type { StateCreator } from 'zustand';
import * as firebaseAuth from '../backend/auth';
import type {
  AuthService,
  AuthUser,
  LocalGoogleAccount,
  LocalSsoAccount,
  SignInResult,
} from '../backend/auth';
import { serverTimestamp } from 'firestore-engine/transforms';
import { newAccountMail, sendSignUpNotice } from '../data/mail';
import {
  createUser,
  followUser,
  getUser,
  recordSignIn,
  updateUser,
  uploadUserPhoto,
} from '../data/users';
import { shouldRecordSignIn } from '../domain/last-sign-in';
import { authErrorMessage } from '../domain/auth-errors';
import type { User } from '../domain/model';
import { passwordProblem } from '../domain/password';
import { highResPhotoUrl } from '../domain/photos';

export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

/** What an action reports back to the form that started it. */
export type AuthResult = { ok: true } | { ok: false; message: string };

/** The outcome of opening the magic link page. */
export type MagicLinkOutcome = 'signed-in' | 'needs-email' | 'not-a-link' | 'failed';

export interface SignUpInfo {
  source: string;
  isNewUser: boolean;
}

export interface AuthDeps {
  auth: AuthService;
  /** Where the new-account notification goes; no e-mail is queued when empty. */
  productTeamEmail: string;
  /** The referral code of this visit, or null (docs/product.md §7: `?via=` or the referral script, ≤ 5000 ms). */
  getAffiliate: () => Promise<string | null>;
  /** Told once when a user document is created (sign-up trackers). */
  onSignUp: (info: SignUpInfo) => void;
  /** `local` offers the Auth emulator's account chooser instead of Google's popup. */
  googleMode: 'popup' | 'local';
  /** Absolute URL of the page that completes a magic-link sign-in. */
  magicLinkUrl: () => string;
  /** Where a password-reset e-mail returns to, if anywhere. */
  passwordResetContinueUrl: () => string | undefined;
  /** Local storage to keep the magic-link e-mail in and to clear on sign-out. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'> | null;
}

export type AuthStore = {
  status: AuthStatus;
  /** True once the sign-in state has resolved for the first time on this page. */
  resolved: boolean;
  /** The signed-in identity, or null. */
  authUser: AuthUser | null;
  /** The `users/{uid}` document, followed live; null when signed out or not created yet. */
  user: User | null;
  /** The magic-link state of docs/product.md §4: the e-mail kept locally and whether the link was sent. */
  magicLink: { email: string; sent: boolean };
  googleMode: 'popup' | 'local';
  /** Replaces dependencies (the shell calls it once at start-up, before `start`). */
  configure: (deps: Partial<AuthDeps>) => void;
  /** Starts following the sign-in state; returns the stop function. */
  start: () => () => void;
  signIn: (email: string, password: string) => Promise<AuthResult>;
  signUp: (email: string, password: string, displayName?: string) => Promise<AuthResult>;
  signInWithGoogle: (localAccount?: LocalGoogleAccount) => Promise<AuthResult>;
  /**
   * Company sign-in (docs/sso.md) through the account's provider: its popup, or with the local
   * chooser's account through the Auth emulator (`googleMode` 'local' says which).
   */
  signInWithSso: (providerId: string, localAccount?: LocalSsoAccount) => Promise<AuthResult>;
  sendMagicLink: (email: string) => Promise<AuthResult>;
  /** Completes a sign-in from a magic link URL; asks for the e-mail when none is kept locally. */
  completeMagicLink: (
    url: string,
    email?: string,
  ) => Promise<{ outcome: MagicLinkOutcome; message?: string }>;
  sendPasswordReset: (email: string) => Promise<AuthResult>;
  changePassword: (newPassword: string) => Promise<AuthResult>;
  updateProfile: (profile: { displayName: string; photo?: Blob | null }) => Promise<AuthResult>;
  signOut: () => Promise<void>;
};

/**
 * How long after the user document arrives the sign-in time is recorded. It is bookkeeping: on a
 * slow phone, a write during the first screen would bring the database's write and listen code
 * (decision 024) before the cards.
 */
export const RECORD_SIGN_IN_AFTER_MS = 5000;

export const MAGIC_LINK_EMAIL_KEY = 'cardbuilder.magicLinkEmail';
export const MAGIC_LINK_SENT_KEY = 'cardbuilder.magicLinkSent';

function browserStorage(): AuthDeps['storage'] {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

function origin(): string {
  return typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
}

function defaultDeps(): AuthDeps {
  return {
    auth: firebaseAuth,
    productTeamEmail: '',
    getAffiliate: () => Promise.resolve(null),
    onSignUp: () => undefined,
    googleMode: 'popup',
    magicLinkUrl: () => `${origin()}/magiclink`,
    passwordResetContinueUrl: () => `${origin()}/sign-in`,
    storage: browserStorage(),
  };
}

function failure(flow: string, err: unknown): { ok: false; message: string } {
  console.error(`[auth] ${flow} failed`, err);
  return { ok: false, message: authErrorMessage(err as { code?: string; message?: string }) };
}

/** The sign-in source stored on the user (docs/product.md §3): the provider, or `emailLink`. */
function sourceOf(user: AuthUser): string {
  return user.providerId === 'firebase' ? 'password' : user.providerId;
}

/** The store's state and actions; `createAuthStore` and `useAuthStore` wrap it. */
export function authStoreCreator(overrides: Partial<AuthDeps> = {}): StateCreator<AuthStore> {
  return (set, get) => {
    let deps: AuthDeps = { ...defaultDeps(), ...overrides };
    let stopUser: (() => void) | null = null;
    /** Sign-in flows in progress create the user document themselves, with the right source. */
    let flowsInProgress = 0;
    const creating = new Set<string>();
    /** Whose sign-in this page has recorded already (the write's own snapshot must not repeat it). */
    let signInRecorded: string | null = null;

    const storedEmail = deps.storage?.getItem(MAGIC_LINK_EMAIL_KEY) ?? '';
    const storedSent = deps.storage?.getItem(MAGIC_LINK_SENT_KEY) === 'true';

    /** Creates `users/{uid}` on the first sign-in (docs/product.md §7) and tells the product team. */
    async function ensureUserDocument(user: AuthUser, source: string, isNewUser: boolean) {
      if (creating.has(user.uid)) return;
      creating.add(user.uid);
      try {
        if (await getUser(user.uid)) return;
        const affiliate = await deps.getAffiliate().catch((err: unknown) => {
          console.warn('[auth] referral lookup failed', err);
          return null;
        });
        const email = user.email ?? '';
        await createUser({
          id: user.uid,
          source,
          email,
          displayName: user.displayName ?? '',
          photoURL: highResPhotoUrl(user.photoURL ?? ''),
          acceptedTOC: serverTimestamp(),
          dateCreated: serverTimestamp(),
          isAccountOwner: true,
          affiliate,
        });
        try {
          deps.onSignUp({ source, isNewUser });
        } catch (err) {
          console.warn('[auth] sign-up tracker failed', err);
        }
        if (deps.productTeamEmail) {
          await sendSignUpNotice(
            user.uid,
            newAccountMail({ to: deps.productTeamEmail, email, provider: source, affiliate }),
          ).catch((err: unknown) => console.error('[auth] new-account e-mail failed', err));
        }
      } finally {
        creating.delete(user.uid);
      }
    }

    /** Runs a sign-in flow: the identity, then its user document. */
    async function signInFlow(
      flow: string,
      work: () => Promise<SignInResult>,
      source: (result: SignInResult) => string,
      afterSignIn?: (result: SignInResult) => Promise<SignInResult>,
    ): Promise<AuthResult> {
      flowsInProgress += 1;
      try {
        let result = await work();
        if (afterSignIn) result = await afterSignIn(result);
        await ensureUserDocument(result.user, source(result), result.isNewUser);
        return { ok: true };
      } catch (err) {
        return failure(flow, err);
      } finally {
        flowsInProgress -= 1;
      }
    }

    function followUserDocument(authUser: AuthUser) {
      stopUser?.();
      stopUser = followUser(
        authUser.uid,
        (user) => {
          if (get().authUser?.uid !== authUser.uid) return;
          set({ status: 'signed-in', user, resolved: true });
          if (
            user &&
            signInRecorded !== user.id &&
            shouldRecordSignIn(user.lastSignInAt, new Date())
          ) {
            const uid = (signInRecorded = user.id);
            setTimeout(() => {
              if (get().authUser?.uid !== uid) return;
              void recordSignIn(uid).catch((err: unknown) =>
                console.warn('[auth] recording the sign-in time failed', err),
              );
            }, RECORD_SIGN_IN_AFTER_MS);
          }
          if (!user && flowsInProgress === 0) {
            // Signed in elsewhere (another tab, a restored session) before the document existed.
            void ensureUserDocument(authUser, sourceOf(authUser), false).catch((err: unknown) =>
              console.error('[auth] creating the user document failed', err),
            );
          }
        },
        (err) => {
          console.error('[auth] following the user document failed', err);
          set({ status: 'signed-in', user: null, resolved: true });
        },
      );
    }

    return {
      status: 'loading',
      resolved: false,
      authUser: null,
      user: null,
      magicLink: { email: storedEmail, sent: storedSent },
      googleMode: deps.googleMode,

      configure: (next) => {
        deps = { ...deps, ...next };
        set({ googleMode: deps.googleMode });
      },

      start: () => {
        const stopAuth = deps.auth.onAuthChange((authUser) => {
          if (!authUser) {
            stopUser?.();
            stopUser = null;
            set({ status: 'signed-out', authUser: null, user: null, resolved: true });
            return;
          }
          if (get().authUser?.uid === authUser.uid && get().status !== 'signed-out') {
            set({ authUser });
            return;
          }
          set({ status: 'loading', authUser, user: null });
          followUserDocument(authUser);
        });
        return () => {
          stopAuth();
          stopUser?.();
          stopUser = null;
        };
      },

      signIn: (email, password) =>
        signInFlow(
          'sign-in',
          () => deps.auth.signInWithEmail(email.trim(), password),
          (r) => sourceOf(r.user),
        ),

      signUp: (email, password, displayName) => {
        const problem = passwordProblem(password);
        if (problem) return Promise.resolve({ ok: false, message: problem });
        const name = displayName?.trim() ?? '';
        return signInFlow(
          'sign-up',
          () => deps.auth.signUpWithEmail(email.trim(), password),
          () => 'password',
          async (result) => {
            if (!name) return result;
            const user = await deps.auth.updateProfile({ displayName: name });
            return { ...result, user };
          },
        );
      },

      signInWithGoogle: (localAccount) =>
        signInFlow(
          'Google sign-in',
          () =>
            localAccount
              ? deps.auth.signInWithLocalGoogle(localAccount)
              : deps.auth.signInWithGooglePopup(),
          () => 'google.com',
        ),

      signInWithSso: (providerId, localAccount) =>
        signInFlow(
          'company sign-in',
          () =>
            localAccount
              ? deps.auth.signInWithLocalSso(providerId, localAccount)
              : deps.auth.signInWithSsoPopup(providerId),
          () => providerId,
        ),

      sendMagicLink: async (email) => {
        const address = email.trim();
        try {
          await deps.auth.sendMagicLink(address, deps.magicLinkUrl());
          deps.storage?.setItem(MAGIC_LINK_EMAIL_KEY, address);
          deps.storage?.setItem(MAGIC_LINK_SENT_KEY, 'true');
          set({ magicLink: { email: address, sent: true } });
          return { ok: true };
        } catch (err) {
          return failure('magic link', err);
        }
      },

      completeMagicLink: async (url, email) => {
        if (!deps.auth.isMagicLink(url)) return { outcome: 'not-a-link' };
        const address = (email ?? deps.storage?.getItem(MAGIC_LINK_EMAIL_KEY) ?? '').trim();
        if (!address) return { outcome: 'needs-email' };
        const result = await signInFlow(
          'magic link sign-in',
          () => deps.auth.completeMagicLink(address, url),
          () => 'emailLink',
        );
        if (!result.ok) return { outcome: 'failed', message: result.message };
        deps.storage?.removeItem(MAGIC_LINK_EMAIL_KEY);
        deps.storage?.removeItem(MAGIC_LINK_SENT_KEY);
        set({ magicLink: { email: '', sent: false } });
        return { outcome: 'signed-in' };
      },

      sendPasswordReset: async (email) => {
        try {
          await deps.auth.sendPasswordReset(email.trim(), deps.passwordResetContinueUrl());
          return { ok: true };
        } catch (err) {
          return failure('password reset', err);
        }
      },

      changePassword: async (newPassword) => {
        const problem = passwordProblem(newPassword);
        if (problem) return { ok: false, message: problem };
        try {
          await deps.auth.updatePassword(newPassword);
          return { ok: true };
        } catch (err) {
          return failure('password change', err);
        }
      },

      updateProfile: async ({ displayName, photo }) => {
        const authUser = get().authUser;
        if (!authUser)
          return { ok: false, message: authErrorMessage({ code: 'requires-recent-login' }) };
        try {
          const name = displayName.trim();
          const photoURL = photo ? await uploadUserPhoto(authUser.uid, photo) : undefined;
          const updated = await deps.auth.updateProfile(
            photoURL !== undefined ? { displayName: name, photoURL } : { displayName: name },
          );
          await updateUser(authUser.uid, {
            displayName: name,
            ...(photoURL !== undefined ? { photoURL } : {}),
          });
          set({ authUser: updated });
          return { ok: true };
        } catch (err) {
          return failure('profile update', err);
        }
      },

      signOut: async () => {
        stopUser?.();
        stopUser = null;
        try {
          await deps.auth.signOut();
        } catch (err) {
          console.error('[auth] sign-out failed', err);
        }
        try {
          deps.storage?.clear();
        } catch (err) {
          console.warn('[auth] clearing local storage failed', err);
        }
        set({
          status: 'signed-out',
          authUser: null,
          user: null,
          magicLink: { email: '', sent: false },
        });
      },
    };
  };
}

/** A fresh auth store (tests build one per test with a fake sign-in service). */
export function createAuthStore(deps: Partial<AuthDeps> = {}) {
  return create<AuthStore>()(authStoreCreator(deps));
}

export const useAuthStore = create<AuthStore>()(authStoreCreator());

export type AuthStoreApi = ReturnType<typeof createAuthStore>;

/** Which auth store the screens below use: the app's, or a test's fresh one. */
export const AuthStoreContext = createContext<AuthStoreApi>(useAuthStore);

/** Reads from the auth store of the nearest `AuthStoreContext` (the app's by default). */
export function useAuth<T>(selector: (state: AuthStore) => T): T {
  return useStore(useContext(AuthStoreContext), selector);
}

/** The auth store itself, for reading state inside event handlers. */
export function useAuthStoreApi(): AuthStoreApi {
  return useContext(AuthStoreContext);
}
