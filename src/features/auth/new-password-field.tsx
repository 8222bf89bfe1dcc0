/**
 * A new password under the strength rule (`domain/password.ts`), for the forms that set one (sign-up
 * and the password-reset handler): the value, its message shown at the field once the form is sent,
 * and the message taken away as soon as what is typed meets the rule.
 */
import { useState } from 'react';
import { PASSWORD_HINT, passwordProblem } from '@/domain/password';
import { PasswordField } from '@/ui/password-field';

export interface NewPassword {
  readonly value: string;
  readonly error: string | null;
  setValue(value: string): void;
  /** Checks the rule on submit: shows its message at the field and says whether the password passes. */
  check(): boolean;
}

export function useNewPassword(): NewPassword {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    error,
    setValue(next) {
      setValue(next);
      if (error && !passwordProblem(next)) setError(null);
    },
    check() {
      const problem = passwordProblem(value);
      setError(problem);
      return problem === null;
    },
  };
}

export function NewPasswordField(props: { label: string; password: NewPassword }) {
  return (
    <PasswordField
      label={props.label}
      autoComplete="new-password"
      required
      value={props.password.value}
      onChange={(e) => props.password.setValue(e.target.value)}
      error={props.password.error}
      hint={PASSWORD_HINT}
    />
  );
}
