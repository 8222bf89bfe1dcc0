/**
 * /magiclink: the target of the passwordless sign-in e-mail. Completes the sign-in with the e-mail
 * kept on this device; when the link was opened on another device, asks for the e-mail first.
 */
import { EmailField } from './email-field';
import { INVALID_EMAIL_MESSAGE } from '../../domain/auth-errors';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuthStoreApi } from '../../stores/auth-store';
import type { MagicLinkOutcome } from '../../stores/auth-store';
import { Button } from '../../ui/button';
import { Alert, PageLoader } from '../../ui/page';
import { AuthCard } from './auth-card';

export function MagicLinkPage() {
  const store = useAuthStoreApi();
  const location = useLocation();
  const navigate = useNavigate();
  const url = `${window.location.origin}${location.pathname}${location.search}${location.hash}`;
  const [outcome, setOutcome] = useState<MagicLinkOutcome | 'working'>('working');
  const [error, setError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // A link works once: never try it twice (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    void store
      .getState()
      .completeMagicLink(url)
      .then((result) => {
        if (result.outcome === 'signed-in') navigate('/builder', { replace: true });
        else {
          setOutcome(result.outcome);
          setError(result.message ?? null);
        }
      });
  }, [store, url, navigate]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setBusy(true);
    const result = await store.getState().completeMagicLink(url, email);
    setBusy(false);
    if (result.outcome === 'signed-in') navigate('/builder', { replace: true });
    else setError(result.message ?? 'This sign-in link is not valid. Please request a new one.');
  }

  if (outcome === 'working') {
    return (
      <AuthCard title="Signing you in">
        <PageLoader label="Checking your sign-in link…" />
      </AuthCard>
    );
  }

  if (outcome === 'not-a-link') {
    return (
      <AuthCard
        title="This link can’t be used"
        footer={<Link to="/sign-in">Request a new sign-in link</Link>}
      >
        <Alert tone="error">
          <p>This sign-in link is not valid or has already been used. Please request a new one.</p>
        </Alert>
      </AuthCard>
    );
  }

  if (outcome === 'failed') {
    return (
      <AuthCard title="We couldn’t sign you in" footer={<Link to="/sign-in">Back to sign in</Link>}>
        <Alert tone="error">
          <p>{error}</p>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Confirm your email"
      lead="You opened the sign-in link on a different device or browser. Enter the email the link was sent to."
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <EmailField value={email} onChange={setEmail} />
        <Button type="submit" busy={busy} block>
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}
