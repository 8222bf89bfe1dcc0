import { EmailField } from './email-field';
import { AUTH_ERROR_MESSAGES, INVALID_EMAIL_MESSAGE } from '@/domain/auth-errors';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { chosenPlan } from '@/data/chosen-plan';
import { useAuthStoreApi } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { Alert } from '@/ui/page';
import { TextField } from '@/ui/text-field';
import { AuthCard } from './auth-card';
import { GoogleSignIn } from './google-sign-in';
import {
  InviteBanner,
  pendingDetails,
  useInviteDetails,
  useInviteFromUrl,
  withInvite,
} from './invite';
import { useRememberedParam } from './use-remembered-param';
import { MagicLinkRequest } from './magic-link-request';
import { NewPasswordField, useNewPassword } from './new-password-field';

/** Sign-up answers about the address itself: shown at the e-mail field, not in a banner. */
const EMAIL_TAKEN_MESSAGE = AUTH_ERROR_MESSAGES['email-already-in-use'] ?? '';
const EMAIL_MESSAGES = [EMAIL_TAKEN_MESSAGE, INVALID_EMAIL_MESSAGE];

/** /sign-up and /register: Google, e-mail and password, or a magic link. */
export function SignUpPage() {
  const store = useAuthStoreApi();
  const invite = useInviteFromUrl();
  useRememberedParam(chosenPlan);
  const lookup = useInviteDetails(invite);
  const invited = pendingDetails(lookup);
  const [mode, setMode] = useState<'password' | 'link'>('password');
  const [name, setName] = useState('');
  // The invited address, filled in once the server has named it, unless the person typed one.
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const email = typedEmail ?? invited?.email ?? '';
  const password = useNewPassword();
  const [emailError, setEmailError] = useState<{ message: string; email: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setEmailError(null);
    const passwordOk = password.check();
    if (!email.trim()) {
      setEmailError({ message: INVALID_EMAIL_MESSAGE, email });
      return;
    }
    if (!passwordOk) return;
    setBusy(true);
    const result = await store.getState().signUp(email, password.value, name);
    setBusy(false);
    // Signed up: the routing moves the person on to account setup.
    if (result.ok) return;
    if (EMAIL_MESSAGES.includes(result.message)) setEmailError({ message: result.message, email });
    else setError(result.message);
  }

  return (
    <AuthCard
      title={
        invited
          ? invited.seat
            ? `Claim your card at ${invited.accountName}`
            : `Join ${invited.accountName}`
          : 'Create your free account'
      }
      lead={
        invited
          ? invited.seat
            ? 'Create your sign-in to keep your own card up to date.'
            : `Create your sign-in to start working on ${invited.accountName}’s cards.`
          : 'Your first digital business card is free. Set up takes about a minute.'
      }
      footer={
        <>
          Already have an account? <Link to={withInvite('/sign-in', invite)}>Sign in</Link>
        </>
      }
    >
      <InviteBanner lookup={lookup} />
      <GoogleSignIn label="Sign up with Google" onError={setError} />
      <div className="form-divider">or</div>
      {mode === 'link' ? (
        <MagicLinkRequest
          onUsePassword={() => setMode('password')}
          usePasswordLabel="Sign up with a password instead"
        />
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <TextField
            label="Full name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            hint="Optional. You can change it later."
          />
          <EmailField
            value={email}
            onChange={setTypedEmail}
            error={emailError && emailError.email === email ? emailError.message : null}
          />
          {emailError?.message === EMAIL_TAKEN_MESSAGE && emailError.email === email ? (
            <p className="field-help" role="alert">
              {/* Read out with the way forward; the field shows the same words beside it. */}
              <span className="visually-hidden">{EMAIL_TAKEN_MESSAGE} </span>
              Is it yours? <Link to={withInvite('/sign-in', invite)}>Sign in</Link> or{' '}
              <Link to="/forgot-password">Reset password</Link>.
            </p>
          ) : null}
          <NewPasswordField label="Password" password={password} />
          <Button type="submit" busy={busy} block>
            Create account
          </Button>
          <p className="auth-card__fine-print">
            By creating an account you agree to the <Link to="/terms">Terms</Link> and the{' '}
            <Link to="/privacy-policy">Privacy policy</Link>.
          </p>
          <Button variant="link" onClick={() => setMode('link')}>
            Sign up with an email link instead
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
