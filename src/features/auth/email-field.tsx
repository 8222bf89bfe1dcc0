/**
 * The e-mail field every sign-in form asks first (labelled "Email", typed and autocompleted), and
 * the state of the forms that ask for nothing else (a reset link, a sign-in link, the address a link
 * was sent to): a blank address is refused before anything is sent, the button is busy while it is.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { INVALID_EMAIL_MESSAGE } from '@/domain/auth-errors';
import { TextField } from '@/ui/text-field';

export function EmailField(props: {
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  /** The field's error (a taken or invalid address), shown at the field. */
  error?: string | null;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      required
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={props.error}
      {...(props.hint !== undefined ? { hint: props.hint } : {})}
    />
  );
}

/**
 * An e-mail-only form: `send` gets the address typed and answers the message to show above the
 * form, or null when it went through.
 */
export function useEmailForm(send: (email: string) => Promise<string | null>, initialEmail = '') {
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setBusy(true);
    const problem = await send(email);
    setBusy(false);
    setError(problem);
  }

  return { email, setEmail, busy, error, onSubmit };
}
