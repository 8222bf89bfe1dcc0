import { EmailField } from './email-field';
import { INVALID_EMAIL_MESSAGE } from '../../domain/auth-errors';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAuthStoreApi } from '../../stores/auth-store';
import { Button } from '../../ui/button';
import { Alert } from '../../ui/page';
import { AuthCard } from './auth-card';

/** /forgot-password: sends the password-reset e-mail. */
export function ForgotPasswordPage() {
  const store = useAuthStoreApi();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setBusy(true);
    const result = await store.getState().sendPasswordReset(email);
    setBusy(false);
    if (result.ok) setSentTo(email.trim());
    else setError(result.message);
  }

  return (
    <AuthCard
      title="Reset your password"
      lead="Enter the email you signed up with and we’ll send you a link to choose a new password."
      footer={
        <>
          Remembered it? <Link to="/sign-in">Back to sign in</Link>
        </>
      }
    >
      {sentTo ? (
        <Alert tone="success">
          <p>
            If an account exists for <strong>{sentTo}</strong>, a reset link is on its way. Check
            your inbox (and the spam folder).
          </p>
        </Alert>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <EmailField value={email} onChange={setEmail} />
          <Button type="submit" busy={busy} block>
            Send reset link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
