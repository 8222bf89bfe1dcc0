/**
 * Company sign-in on /sign-in (docs/sso.md): once the typed address's domain is one an account
 * mapped to its identity provider, "Continue with <Company> SSO" is offered above the password.
 * The lookup reads the domain's public claim only (never the address), so it reveals nothing about
 * who has an account. In production the button opens the provider's popup; locally, a company
 * chooser signs in through the Auth emulator, which stands in for the provider (as the Google
 * chooser does for Google).
 */
import { useEffect, useState } from 'react';
import type { LocalSsoAccount } from '@/backend/auth';
import { discoverSsoFor } from '@/data/sso';
import { emailDomain, type SsoDiscovery } from '@/domain/sso';
import { useAuth, useAuthStoreApi } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Alert } from '@/ui/page';
import { LocalIdentityForm, useLocalChooser } from './local-identity';

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
  const chooser = useLocalChooser<LocalSsoAccount>(
    (account) => store.getState().signInWithSso(discovery.providerId, account),
    props.onError,
  );

  const label = `Continue with ${discovery.name} SSO`;
  return (
    <div className="sso-sign-in">
      <Button
        block
        busy={chooser.busy}
        onClick={() =>
          mode === 'local' ? chooser.show(props.email.trim()) : void chooser.signIn()
        }
      >
        {label}
      </Button>
      <Dialog
        open={chooser.open}
        title={`Sign in to ${discovery.name}`}
        description={`Local development: the Auth emulator stands in for ${discovery.name}’s identity provider (${discovery.providerId}), no company servers involved.`}
        onClose={chooser.close}
      >
        {chooser.error ? <Alert tone="error">{chooser.error}</Alert> : null}
        <LocalIdentityForm
          emailLabel="Work email"
          nameLabel="Name at the identity provider"
          submitLabel={`Sign in with ${discovery.name}`}
          draft={chooser.draft}
          busy={chooser.busy}
          onInvalid={chooser.setError}
          onSubmit={(identity) =>
            void chooser.signIn({ sub: localSsoSub(identity.email), ...identity })
          }
        />
      </Dialog>
    </div>
  );
}
