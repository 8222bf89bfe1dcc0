/**
 * "Company sign-in (SSO)" on Account settings, for the account owner (docs/sso.md): the identity
 * provider Firebase Authentication knows (`oidc.<name>` or `saml.<name>`, created in the Firebase
 * console or with the Admin SDK), the name its button shows, the e-mail domains whose people sign
 * in through it, and whether it is required for everyone but the owner. A company feature: off
 * the Corporate plan the section says so and links to the plans.
 */
import { useId, useState, type FormEvent } from 'react';
import { removeSso, saveSso } from '@/data/sso';
import {
  canUseSso,
  MAX_SSO_DOMAINS,
  SSO_PLAN_MESSAGE,
  validateSsoConfig,
  type SsoConfig,
} from '@/domain/sso';
import { useAccount } from '@/stores/account-store';
import { useAuth } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { Alert } from '@/ui/page';
import { TextField } from '@/ui/text-field';
import { errorText } from './error-text';
import { PlanRequired } from './plan-required';
import './scim.css';

function saveError(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  if (code === 'permission-denied')
    return 'That was refused: one of these domains may already be mapped by another account.';
  return errorText(err);
}

export function SsoSection() {
  const user = useAuth((s) => s.user);
  const account = useAccount((s) => s.account);
  const [saved, setSaved] = useState<string | null>(null);
  if (!account || !user || account.ownerId !== user.id) return null;
  const allowed = canUseSso(account);
  return (
    <section className="panel scim" aria-labelledby="sso-heading">
      <h2 id="sso-heading">Company sign-in (SSO)</h2>
      <p className="muted">
        Let your people sign in with your company’s identity provider (OpenID Connect or SAML).
        Someone who types an address at one of your domains on the sign-in page is offered your
        provider.
      </p>
      {!allowed ? (
        <PlanRequired message={SSO_PLAN_MESSAGE} />
      ) : (
        // A new form when the stored configuration changes (a save, another tab, a disconnect).
        <SsoForm
          key={account.sso ? JSON.stringify(account.sso) : ''}
          accountId={account.id}
          accountName={account.name}
          stored={account.sso}
          saved={saved}
          onSaved={setSaved}
        />
      )}
    </section>
  );
}

function SsoForm(props: {
  accountId: string;
  accountName: string;
  stored: SsoConfig | undefined;
  saved: string | null;
  onSaved: (message: string | null) => void;
}) {
  const { accountId, stored, saved, onSaved } = props;
  const [providerId, setProviderId] = useState(stored?.providerId ?? '');
  const [name, setName] = useState(stored?.name ?? props.accountName);
  const [domains, setDomains] = useState(stored?.domains.join(', ') ?? '');
  const [required, setRequired] = useState(stored?.required ?? false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requiredId = useId();

  async function onSave(e: FormEvent) {
    e.preventDefault();
    setError(null);
    onSaved(null);
    const checked = validateSsoConfig({
      providerId,
      name,
      domains: domains.split(/[\s,;]+/),
      required,
    });
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setBusy(true);
    try {
      await saveSso(accountId, stored, checked.config);
      onSaved(
        checked.config.required
          ? `Saved. Everyone at ${checked.config.domains.join(', ')} except you now signs in with ${checked.config.name} SSO.`
          : 'Saved.',
      );
    } catch (err) {
      setError(saveError(err));
    } finally {
      setBusy(false);
    }
  }

  async function onDisconnect() {
    if (!stored) return;
    setBusy(true);
    setError(null);
    onSaved(null);
    try {
      await removeSso(accountId, stored);
      onSaved('Company sign-in is off: everyone signs in as before.');
    } catch (err) {
      setError(saveError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="scim__form" onSubmit={(e) => void onSave(e)} noValidate>
      <TextField
        label="Provider ID"
        className="scim__code"
        placeholder="oidc.initech"
        value={providerId}
        spellCheck={false}
        autoCapitalize="off"
        onChange={(e) => setProviderId(e.target.value)}
        hint="As in Firebase Authentication → Sign-in method: oidc.… or saml.…"
      />
      <TextField
        label="Name on the sign-in button"
        value={name}
        maxLength={60}
        onChange={(e) => setName(e.target.value)}
        hint={`“Continue with ${name.trim() || '…'} SSO”`}
      />
      <TextField
        label="Email domains"
        placeholder="initech.com, initech.co.uk"
        value={domains}
        spellCheck={false}
        autoCapitalize="off"
        onChange={(e) => setDomains(e.target.value)}
        hint={`Up to ${MAX_SSO_DOMAINS}, separated by commas. A domain can belong to one account only.`}
      />
      <div className="sso__check">
        <input
          id={requiredId}
          type="checkbox"
          checked={required}
          onChange={(e) => setRequired(e.target.checked)}
          aria-describedby={`${requiredId}-hint`}
        />
        <label htmlFor={requiredId}>Require company sign-in</label>
      </div>
      <p className="muted" id={`${requiredId}-hint`}>
        Your collaborators, card editors and employees at these domains can then reach the account
        only after signing in with your provider. You, the owner, can always sign in with your
        password, so a provider outage never locks the account.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {saved ? <Alert tone="success">{saved}</Alert> : null}
      <div className="scim__actions">
        <Button type="submit" busy={busy}>
          {stored ? 'Save changes' : 'Connect provider'}
        </Button>
        {stored ? (
          <Button variant="secondary" disabled={busy} onClick={() => void onDisconnect()}>
            Disconnect
          </Button>
        ) : null}
      </div>
    </form>
  );
}
