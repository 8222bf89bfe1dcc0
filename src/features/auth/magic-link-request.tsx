/**
 * Asks for an e-mail address and sends a passwordless sign-in link to it (return URL /magiclink).
 * Once sent, shows where it went (the address and the sent flag live in the auth store).
 */
import { EmailField, useEmailForm } from './email-field';
import { useState } from 'react';
import { useAuth, useAuthStoreApi } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { Alert } from '@/ui/page';

export function MagicLinkRequest(props: { onUsePassword: () => void; usePasswordLabel: string }) {
  const store = useAuthStoreApi();
  const sent = useAuth((s) => s.magicLink.sent);
  const sentTo = useAuth((s) => s.magicLink.email);
  const [resend, setResend] = useState(false);
  const { email, setEmail, busy, error, onSubmit } = useEmailForm(async (address) => {
    const result = await store.getState().sendMagicLink(address);
    if (!result.ok) return result.message;
    setResend(false);
    return null;
  }, sentTo);

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
