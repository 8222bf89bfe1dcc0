import { EmailField } from './email-field';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuthStoreApi } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { Alert } from '@/ui/page';
import { PasswordField } from '@/ui/password-field';
import { AuthCard } from './auth-card';
import { GoogleSignIn } from './google-sign-in';
import { InviteBanner, useInviteDetails, useInviteFromUrl, withInvite } from './invite';
import { MagicLinkRequest } from './magic-link-request';
import { SsoSignIn, useSsoDiscovery } from './sso-sign-in';
import { ssoRequiredMessage } from '@/domain/sso';

/**
 * /sign-in: Google, e-mail and password, or a magic link; and company sign-in (SSO) once the
 * address's domain is mapped to a provider. Where the company requires it, the password is
 * refused here with a message saying so (firestore.rules refuses such a session anyway), except
 * for the account's owner, who may always use it. The shell routes on once signed in.
 */
export function SignInPage() {
  const store = useAuthStoreApi();
  const invite = useInviteFromUrl();
  const lookup = useInviteDetails(invite);
  const [mode, setMode] = useState<'password' | 'link'>('password');
  const [params] = useSearchParams();
  // `?email=` comes from a finished password reset that could not sign the person in by itself.
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sso = useSsoDiscovery(email);
  const [ownerPassword, setOwnerPassword] = useState(false);
  const passwordRefused = sso.kind === 'sso' && sso.required && !ownerPassword;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError('Please enter your email and password.');
      return;
    }
    if (passwordRefused) {
      setError(ssoRequiredMessage(sso.name));
      return;
    }
    setBusy(true);
    const result = await store.getState().signIn(email, password);
    setBusy(false);
    if (!result.ok) setError(result.message);
  }

  return (
    <AuthCard
      title="Welcome back"
      lead="Sign in to edit your cards and see who’s connecting."
      footer={
        <>
          New to Cardbuilder? <Link to={withInvite('/sign-up', invite)}>Create a free account</Link>
        </>
      }
    >
      <InviteBanner lookup={lookup} />
      <GoogleSignIn label="Sign in with Google" onError={setError} />
      <div className="form-divider">or</div>
      {mode === 'link' ? (
        <MagicLinkRequest
          onUsePassword={() => setMode('password')}
          usePasswordLabel="Sign in with a password instead"
        />
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <EmailField value={email} onChange={setEmail} />
          {sso.kind === 'sso' ? (
            <>
              <SsoSignIn discovery={sso} email={email} onError={setError} />
              {sso.required ? (
                <p className="muted sso-sign-in__note">
                  {sso.name} signs its people in with {sso.name} SSO.{' '}
                  {ownerPassword ? null : (
                    <Button variant="link" onClick={() => setOwnerPassword(true)}>
                      Account owner? Use your password
                    </Button>
                  )}
                </p>
              ) : null}
            </>
          ) : null}
          <PasswordField
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="auth-row">
            <Link to="/forgot-password">Forgot password?</Link>
          </div>
          <Button type="submit" busy={busy} block>
            Sign in
          </Button>
          <Button variant="link" onClick={() => setMode('link')}>
            Email me a sign-in link instead
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
