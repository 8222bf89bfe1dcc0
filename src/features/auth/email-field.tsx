/** The e-mail field every sign-in form asks first: labelled "Email", typed and autocompleted. */
import { TextField } from '../../ui/text-field';

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
