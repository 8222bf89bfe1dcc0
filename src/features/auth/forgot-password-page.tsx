import { EmailField, useEmailForm } from './email-field';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuthStoreApi } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { Alert } from '@/ui/page';
import { AuthCard } from './auth-card';

/** /forgot-password: sends the password-reset e-mail. */
export function ForgotPasswordPage() {
  const store = useAuthStoreApi();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { email, setEmail, busy, error, onSubmit } = useEmailForm(async (address) => {
    const result = await store.getState().sendPasswordReset(address);
    if (!result.ok) return result.message;
    setSentTo(address.trim());
    return null;
  });

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
