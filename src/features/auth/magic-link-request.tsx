/**
 * Asks for an e-mail address and sends a passwordless sign-in link to it (return URL /magiclink).
 * Once sent, shows where it went (the address and the sent flag live in the auth store).
 */
import { EmailField } from './email-field';
import { INVALID_EMAIL_MESSAGE } from '../../domain/auth-errors';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useAuth, useAuthStoreApi } from '../../stores/auth-store';
import { Button } from '../../ui/button';
import { Alert } from '../../ui/page';

export function MagicLinkRequest(props: { onUsePassword: () => void; usePasswordLabel: string }) {
  const store = useAuthStoreApi();
  const sent = useAuth((s) => s.magicLink.sent);
  const sentTo = useAuth((s) => s.magicLink.email);
  const [email, setEmail] = useState(sentTo);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resend, setResend] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setBusy(true);
    const result = await store.getState().sendMagicLink(email);
    setBusy(false);
    if (!result.ok) setError(result.message);
    else setResend(false);
  }

  if (sent && !resend) {
    return (
      <div className="sent-state" role="status">
        <span className="sent-state__icon" aria-hidden="true">
          ✉
        </span>
        <h2>Check your inbox</h2>
        <p>
          We sent a sign-in link to <strong>{sentTo}</strong>. Open it on this device to continue —
          it works once and expires soon.
        </p>
        <div className="auth-row" style={{ justifyContent: 'center' }}>
          <Button variant="link" onClick={() => setResend(true)}>
            Use a different email
          </Button>
          <Button variant="link" onClick={props.onUsePassword}>
            {props.usePasswordLabel}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <EmailField
        value={email}
        onChange={setEmail}
        hint="We’ll email you a link that signs you in — no password needed."
      />
      <Button type="submit" busy={busy} block>
        Email me a sign-in link
      </Button>
      <Button variant="link" onClick={props.onUsePassword}>
        {props.usePasswordLabel}
      </Button>
    </form>
  );
}
