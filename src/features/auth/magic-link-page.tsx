/**
 * /magiclink: the target of the passwordless sign-in e-mail. Completes the sign-in with the e-mail
 * kept on this device; when the link was opened on another device, asks for the e-mail first.
 */
import { EmailField, useEmailForm } from './email-field';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuthStoreApi } from '@/stores/auth-store';
import type { MagicLinkOutcome } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { Alert, PageLoader } from '@/ui/page';
import { useMounted } from '@/ui/use-mounted';
import { AuthCard } from './auth-card';

export function MagicLinkPage() {
  const store = useAuthStoreApi();
  const location = useLocation();
  const navigate = useNavigate();
  const url = `${window.location.origin}${location.pathname}${location.search}${location.hash}`;
  const [outcome, setOutcome] = useState<MagicLinkOutcome | 'working'>('working');
  const [linkError, setLinkError] = useState<string | null>(null);
  const started = useRef(false);
  // A person without an account is sent on to account setup as soon as the identity is known,
  // before the sign-in has finished: a late "go to the builder" would only be sent back there.
  const mounted = useMounted();

  useEffect(() => {
    // A link works once: never try it twice (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    void store
      .getState()
      .completeMagicLink(url)
      .then((result) => {
        if (result.outcome === 'signed-in') {
          if (mounted.current) navigate('/builder', { replace: true });
        } else {
          setOutcome(result.outcome);
          setLinkError(result.message ?? null);
        }
      });
  }, [store, url, navigate, mounted]);

  // The link opened on another device: the address it was sent to, asked for and tried again.
  const { email, setEmail, busy, error, onSubmit } = useEmailForm(async (address) => {
    const result = await store.getState().completeMagicLink(url, address);
    if (result.outcome !== 'signed-in') {
      return result.message ?? 'This sign-in link is not valid. Please request a new one.';
    }
    if (mounted.current) navigate('/builder', { replace: true });
    return null;
  });

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
          <p>{linkError}</p>
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
