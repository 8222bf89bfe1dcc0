/**
 * Company sign-in on /sign-in (docs/sso.md): once the typed address's domain is one an account
 * mapped to its identity provider, "Continue with <Company> SSO" is offered above the password.
 * The lookup reads the domain's public claim only (never the address), so it reveals nothing about
 * who has an account. In production the button opens the provider's popup; locally, a company
 * chooser signs in through the Auth emulator, which stands in for the provider (as the Google
 * chooser does for Google).
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { LocalSsoAccount } from '@/backend/auth';
import { discoverSsoFor } from '@/data/sso';
import { emailDomain, type SsoDiscovery } from '@/domain/sso';
import { INVALID_EMAIL_MESSAGE } from '@/domain/auth-errors';
import { useAuth, useAuthStoreApi } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Alert } from '@/ui/page';
import { TextField } from '@/ui/text-field';

const NONE: SsoDiscovery = { kind: 'none' };

/** The provider offered for an address, looked up once per domain, 250 ms after typing stops. */
export function useSsoDiscovery(email: string): SsoDiscovery {
  const domain = emailDomain(email);
  const [found, setFound] = useState<{ domain: string; discovery: SsoDiscovery } | null>(null);
  useEffect(() => {
    if (!domain) return;
    let live = true;
    const timer = setTimeout(() => {
      discoverSsoFor(`x@${domain}`).then(
        (discovery) => live && setFound({ domain, discovery }),
        () => live && setFound({ domain, discovery: NONE }),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [domain]);
  return found && found.domain === domain ? found.discovery : NONE;
}

/** A stable subject at the local stand-in provider for an address. */
export function localSsoSub(email: string): string {
  return `local-sso-${email.trim().toLowerCase()}`;
}

export function SsoSignIn(props: {
  discovery: Extract<SsoDiscovery, { kind: 'sso' }>;
  email: string;
  onError: (message: string | null) => void;
}) {
  const { discovery } = props;
  const store = useAuthStoreApi();
  const mode = useAuth((s) => s.googleMode);
  const [busy, setBusy] = useState(false);
  const [chooserOpen, setChooserOpen] = useState(false);
  const [chooserError, setChooserError] = useState<string | null>(null);
  const [email, setEmail] = useState(props.email);
  const [name, setName] = useState('');

  async function signIn(account?: LocalSsoAccount) {
    setBusy(true);
    props.onError(null);
    setChooserError(null);
    const result = await store.getState().signInWithSso(discovery.providerId, account);
    setBusy(false);
    if (result.ok) {
      setChooserOpen(false);
      return;
    }
    if (account) setChooserError(result.message);
    else props.onError(result.message);
  }

  function openChooser() {
    setEmail(props.email.trim());
    setChooserOpen(true);
  }

  function onChooser(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setChooserError(INVALID_EMAIL_MESSAGE);
      return;
    }
    const displayName = name.trim() || address.split('@')[0] || address;
    void signIn({ sub: localSsoSub(address), email: address, name: displayName });
  }

  const label = `Continue with ${discovery.name} SSO`;
  return (
    <div className="sso-sign-in">
      <Button block busy={busy} onClick={() => (mode === 'local' ? openChooser() : void signIn())}>
        {label}
      </Button>
      <Dialog
        open={chooserOpen}
        title={`Sign in to ${discovery.name}`}
        description={`Local development: the Auth emulator stands in for ${discovery.name}’s identity provider (${discovery.providerId}), no company servers involved.`}
        onClose={() => setChooserOpen(false)}
      >
        {chooserError ? <Alert tone="error">{chooserError}</Alert> : null}
        <form className="form" onSubmit={onChooser} noValidate>
          <TextField
            label="Work email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label="Name at the identity provider"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" busy={busy} block>
            Sign in with {discovery.name}
          </Button>
        </form>
      </Dialog>
    </div>
  );
}
