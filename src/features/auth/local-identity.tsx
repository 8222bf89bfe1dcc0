/**
 * The local choosers' shared part: Google's and a company's sign-in both stand in, on the Auth
 * emulator, for a provider's popup, so both ask for an address and a name and sign in the same way.
 */
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { INVALID_EMAIL_MESSAGE } from '@/domain/auth-errors';
import type { AuthResult } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/text-field';

/** An identity typed into a local chooser, before the provider's subject id is given to it. */
export interface LocalIdentity {
  readonly email: string;
  readonly name: string;
}

/** What the chooser's form holds; kept while the chooser is closed, as a person left it. */
export interface LocalIdentityDraft {
  readonly email: string;
  readonly name: string;
  readonly setEmail: (email: string) => void;
  readonly setName: (name: string) => void;
}

/**
 * A provider button with a local chooser: the popup's result goes to the page's error, a chooser
 * account's to the chooser (which closes once signed in). `show(email)` opens the chooser with
 * that address typed in; `show()` with what was typed before.
 */
export function useLocalChooser<Account>(
  run: (account?: Account) => Promise<AuthResult>,
  onError: (message: string | null) => void,
) {
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');

  async function signIn(account?: Account) {
    setBusy(true);
    onError(null);
    setError(null);
    const result = await run(account);
    setBusy(false);
    if (result.ok) {
      setOpen(false);
      return;
    }
    if (account) setError(result.message);
    else onError(result.message);
  }

  function show(address?: string) {
    if (address !== undefined) setEmail(address);
    setOpen(true);
  }

  const draft: LocalIdentityDraft = { email, name, setEmail, setName };
  return { busy, open, show, close: () => setOpen(false), error, setError, signIn, draft };
}

/**
 * The chooser's "another account" form: a valid address and a name (the address's local part when
 * left empty), or the catalogue's invalid-address message.
 */
export function LocalIdentityForm(props: {
  emailLabel: string;
  nameLabel: string;
  submitLabel: ReactNode;
  submitVariant?: 'secondary';
  draft: LocalIdentityDraft;
  busy: boolean;
  onInvalid: (message: string) => void;
  onSubmit: (identity: LocalIdentity) => void;
}) {
  const { email, name, setEmail, setName } = props.draft;

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      props.onInvalid(INVALID_EMAIL_MESSAGE);
      return;
    }
    props.onSubmit({ email: address, name: name.trim() || address.split('@')[0] || address });
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label={props.emailLabel}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label={props.nameLabel}
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <Button type="submit" variant={props.submitVariant} busy={props.busy} block>
        {props.submitLabel}
      </Button>
    </form>
  );
}
