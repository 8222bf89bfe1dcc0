/**
 * /auth/action: the app's own handler for the links in Firebase Auth e-mails (the project's action
 * URL, docs/decisions/007-e-mail-action-handler.md), so nobody lands on Firebase's plain page.
 * Handles resetPassword, verifyEmail, verifyAndChangeEmail, recoverEmail and signIn (handed to
 * /magiclink); a used or expired code gets a plain message and a way to ask for a new link.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import * as firebaseActions from '@/backend/auth-actions';
import type { AuthActionService } from '@/backend/auth-actions';
import { authErrorMessage } from '@/domain/auth-errors';
import { toast } from '@/ui/toast';
import { useAuthStoreApi } from '@/stores/auth-store';
import { Button, ButtonLink } from '@/ui/button';
import { Alert, PageLoader } from '@/ui/page';
import { NewPasswordField, useNewPassword } from './new-password-field';
import { AuthCard } from './auth-card';

export const EXPIRED_RESET_MESSAGE =
  'This password reset link has expired or has already been used. Please ask for a new one.';
export const EXPIRED_LINK_MESSAGE =
  'This link has expired or has already been used. Please ask for a new one.';
export const INCOMPLETE_LINK_MESSAGE =
  'This link is incomplete. Open it again from the e-mail, or ask for a new one.';

/** The modes this page carries out itself (`signIn` is handed to /magiclink). */
const HANDLED_MODES: readonly string[] = [
  'resetPassword',
  'verifyEmail',
  'verifyAndChangeEmail',
  'recoverEmail',
];

/** Codes that mean the link itself is spent or wrong, whatever the action. */
const DEAD_LINK_CODES = new Set(['auth/invalid-action-code', 'auth/expired-action-code']);

type Screen =
  | { kind: 'working' }
  | { kind: 'reset-form'; email: string }
  | { kind: 'reset-done'; email: string }
  | { kind: 'verified' }
  | { kind: 'changed'; email: string | null }
  | { kind: 'recovered'; email: string | null }
  | { kind: 'failed'; title: string; message: string; retry: { to: string; label: string } };

function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

type Action = 'reset' | 'verify' | 'change';

const FAILURE_TITLES: Record<Action, string> = {
  reset: 'This reset link can’t be used',
  verify: 'We couldn’t verify your email',
  change: 'We couldn’t change your email',
};

/** The screen for a refused code: a spent link says so plainly; anything else by the catalogue. */
function failedScreen(err: unknown, action: Action): Screen {
  const dead = DEAD_LINK_CODES.has(codeOf(err));
  return {
    kind: 'failed',
    title: FAILURE_TITLES[action],
    message: dead
      ? action === 'reset'
        ? EXPIRED_RESET_MESSAGE
        : EXPIRED_LINK_MESSAGE
      : authErrorMessage(err as { code?: string; message?: string }),
    retry:
      action === 'reset'
        ? { to: '/forgot-password', label: 'Ask for a new reset link' }
        : { to: '/sign-in', label: 'Back to sign in' },
  };
}

/**
 * The path (with query and hash) of `continueUrl` when it points into this app's origin, else null:
 * a link could be crafted with any continueUrl, and following one elsewhere would make this page an
 * open redirect.
 */
export function safeContinuePath(continueUrl: string | null, origin: string): string | null {
  if (!continueUrl) return null;
  try {
    const url = new URL(continueUrl, origin);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Where a magic link goes: its continue page (normally /magiclink) with the link's own parameters. */
function magicLinkTarget(params: URLSearchParams, continuePath: string | null): string {
  const target = new URL(continuePath ?? '/magiclink', 'http://app.invalid');
  for (const [key, value] of params) {
    if (key !== 'continueUrl') target.searchParams.set(key, value);
  }
  return `${target.pathname}${target.search}`;
}

export function AuthActionPage(props: { actions?: AuthActionService }) {
  const actions = props.actions ?? firebaseActions;
  const authStore = useAuthStoreApi();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const mode = params.get('mode') ?? '';
  const code = params.get('oobCode') ?? '';
  const continuePath = safeContinuePath(params.get('continueUrl'), window.location.origin);
  // After a password change or a verified address, the person signs in (the sign-in page moves a
  // signed-in person on to the builder by itself).
  const next = continuePath ?? '/sign-in';

  const incomplete = mode !== 'signIn' && (code === '' || !HANDLED_MODES.includes(mode));
  const [screen, setScreen] = useState<Screen>(() =>
    incomplete
      ? {
          kind: 'failed',
          title: 'This link can’t be used',
          message: INCOMPLETE_LINK_MESSAGE,
          retry: { to: '/sign-in', label: 'Back to sign in' },
        }
      : { kind: 'working' },
  );
  const password = useNewPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // A code works once: never run it twice (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;

    if (mode === 'signIn') {
      navigate(magicLinkTarget(new URLSearchParams(location.search), continuePath), {
        replace: true,
      });
      return;
    }
    if (incomplete) return;
    if (mode === 'resetPassword') {
      actions.verifyPasswordResetCode(code).then(
        (email) => setScreen({ kind: 'reset-form', email }),
        (err: unknown) => {
          console.error('[auth] checking the password reset link failed', err);
          setScreen(failedScreen(err, 'reset'));
        },
      );
      return;
    }
    if (mode === 'verifyEmail') {
      actions.applyActionCode(code).then(
        () => setScreen({ kind: 'verified' }),
        (err: unknown) => {
          console.error('[auth] verifying the e-mail failed', err);
          setScreen(failedScreen(err, 'verify'));
        },
      );
      return;
    }
    // A change or a recovery of the address: read which address first, then apply.
    void (async () => {
      try {
        const info = await actions.checkActionCode(code);
        await actions.applyActionCode(code);
        setScreen(
          mode === 'recoverEmail'
            ? { kind: 'recovered', email: info.email }
            : { kind: 'changed', email: info.email },
        );
      } catch (err) {
        console.error(`[auth] applying the ${mode} link failed`, err);
        setScreen(failedScreen(err, 'change'));
      }
    })();
  }, [actions, code, mode, incomplete, continuePath, location.search, navigate]);

  async function onSubmit(email: string, event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!password.check()) return;
    setBusy(true);
    try {
      await actions.confirmPasswordReset(code, password.value);
    } catch (err) {
      console.error('[auth] setting the new password failed', err);
      // A spent code ends the form; anything else (a weak password by the provider's own rule, the
      // network) is said above the form so the person can try again.
      if (DEAD_LINK_CODES.has(codeOf(err))) {
        setScreen(failedScreen(err, 'reset'));
      } else {
        setFormError(authErrorMessage(err as { code?: string; message?: string }));
      }
      setBusy(false);
      return;
    }
    // The person has just proved they own the address and typed the password: asking for both
    // again on the sign-in page would only be a chore. The sign-in page (or the continue page)
    // moves a signed-in person on.
    const signedIn = await authStore.getState().signIn(email, password.value);
    setBusy(false);
    if (signedIn.ok) {
      toast.success('Your password has been changed and you are signed in.');
      navigate(next, { replace: true });
      return;
    }
    console.error('[auth] signing in after the reset failed', signedIn.message);
    setScreen({ kind: 'reset-done', email });
  }

  switch (screen.kind) {
    case 'working':
      return (
        <AuthCard title="Checking your link">
          <PageLoader label="Checking your link…" />
        </AuthCard>
      );
    case 'failed':
      return (
        <AuthCard title={screen.title} footer={<Link to="/sign-in">Back to sign in</Link>}>
          <Alert tone="error">
            <p>{screen.message}</p>
          </Alert>
          {screen.retry.to !== '/sign-in' ? (
            <ButtonLink to={screen.retry.to} block>
              {screen.retry.label}
            </ButtonLink>
          ) : null}
        </AuthCard>
      );
    case 'reset-form':
      return (
        <AuthCard
          title="Choose a new password"
          lead={
            <>
              For <strong>{screen.email}</strong>.
            </>
          }
          footer={
            <>
              Remembered it? <Link to="/sign-in">Back to sign in</Link>
            </>
          }
        >
          <form
            className="form"
            onSubmit={(event) => void onSubmit(screen.email, event)}
            noValidate
          >
            {formError ? <Alert tone="error">{formError}</Alert> : null}
            {/* Lets a password manager file the new password under the right account. */}
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={screen.email}
              readOnly
              hidden
            />
            <NewPasswordField label="New password" password={password} />
            <Button type="submit" busy={busy} block>
              Save new password
            </Button>
          </form>
        </AuthCard>
      );
    case 'reset-done':
      return (
        <AuthCard title="Your password has been changed">
          <Alert tone="success">
            <p>You can now sign in with your new password.</p>
          </Alert>
          <ButtonLink
            to={continuePath ?? `/sign-in?email=${encodeURIComponent(screen.email)}`}
            block
          >
            Sign in
          </ButtonLink>
        </AuthCard>
      );
    case 'verified':
      return (
        <AuthCard title="Your email is verified">
          <Alert tone="success">
            <p>Thanks for confirming your address.</p>
          </Alert>
          <ButtonLink to={next} block>
            Continue
          </ButtonLink>
        </AuthCard>
      );
    case 'changed':
      return (
        <AuthCard title="Your email has been changed">
          <Alert tone="success">
            <p>
              {screen.email ? (
                <>
                  From now on, sign in with <strong>{screen.email}</strong>.
                </>
              ) : (
                'From now on, sign in with your new address.'
              )}
            </p>
          </Alert>
          <ButtonLink to={next} block>
            Continue
          </ButtonLink>
        </AuthCard>
      );
    case 'recovered':
      return (
        <AuthCard title="Your sign-in email was restored">
          <Alert tone="success">
            <p>
              {screen.email ? (
                <>
                  Your account’s email is <strong>{screen.email}</strong> again.
                </>
              ) : (
                'Your account’s email is back to what it was.'
              )}{' '}
              If you did not ask for the change, choose a new password now to keep your account
              safe.
            </p>
          </Alert>
          <div className="form">
            <ButtonLink to="/forgot-password" block>
              Reset your password
            </ButtonLink>
            <ButtonLink to={next} variant="secondary" block>
              Continue
            </ButtonLink>
          </div>
        </AuthCard>
      );
  }
}
