/**
 * "Provisioning (SCIM)" on Account settings, for the account owner (docs/scim.md): the base URL an
 * identity provider (Okta, Entra ID) is given, bearer tokens made through the `scimTokens`
 * callable (shown once, with a Copy button; only the hash is stored), the list of tokens with when
 * each was made and last used, revoking, and what a deactivated person's card becomes. A company
 * feature: off the Corporate plan the section says so and links to the plans.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  followScimSettings,
  followScimTokens,
  manageScimTokens,
  type ScimSettingsInfo,
  type ScimTokenInfo,
} from '@/data/scim';
import {
  canUseScim,
  MAX_SCIM_TOKENS,
  SCIM_PLAN_MESSAGE,
  type ScimDeactivation,
} from '@/domain/scim';
import { useAccount } from '@/stores/account-store';
import { useAuth } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { Alert } from '@/ui/page';
import { TextField } from '@/ui/text-field';
import { errorText } from './error-text';
import { PlanRequired } from './plan-required';
import './scim.css';

const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function CopyButton(props: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="small"
      variant="secondary"
      onClick={() => {
        void navigator.clipboard?.writeText(props.text).then(() => setCopied(true));
      }}
    >
      {copied ? 'Copied' : props.label}
    </Button>
  );
}

function TokenItem(props: { accountId: string; token: ScimTokenInfo }) {
  const { accountId, token } = props;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function revoke() {
    setBusy(true);
    setError(null);
    try {
      await manageScimTokens({ action: 'revoke', accountId, tokenId: token.id });
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }
  return (
    <li className="scim__token">
      <div className="scim__token-head">
        <span className="scim__token-label">{token.label}</span>
        <code className="scim__hint">{token.hint}</code>
      </div>
      <p className="muted scim__meta">
        Created {token.createdAt ? TIME.format(token.createdAt) : '…'} · Last used{' '}
        {token.lastUsedAt ? TIME.format(token.lastUsedAt) : 'never'}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="scim__actions">
        {confirming ? (
          <>
            <Button size="small" variant="danger" busy={busy} onClick={() => void revoke()}>
              Revoke {token.label}
            </Button>
            <Button size="small" variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <Button size="small" variant="secondary" onClick={() => setConfirming(true)}>
            Revoke…
          </Button>
        )}
      </div>
    </li>
  );
}

export function ScimSection() {
  const user = useAuth((s) => s.user);
  const account = useAccount((s) => s.account);
  const accountId = account && user && account.ownerId === user.id ? account.id : undefined;
  const allowed = canUseScim(account);
  const [tokens, setTokens] = useState<ScimTokenInfo[]>([]);
  const [settings, setSettings] = useState<ScimSettingsInfo | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [savingMode, setSavingMode] = useState(false);
  const modeId = useId();
  const baseUrl = `${window.location.origin}/scim/v2`;

  useEffect(() => {
    if (accountId === undefined || !allowed) return;
    const onError = (err: { message: string }) => setLoadError(err.message);
    const stopTokens = followScimTokens(accountId, setTokens, onError);
    const stopSettings = followScimSettings(accountId, setSettings, onError);
    return () => {
      stopTokens();
      stopSettings();
    };
  }, [accountId, allowed]);

  if (accountId === undefined) return null;

  async function onCreate(e: FormEvent) {
    e.preventDefault();
    setCreating(true);
    setCreateError(null);
    try {
      const answer = await manageScimTokens({
        action: 'create',
        accountId: accountId!,
        ...(label.trim() !== '' ? { label: label.trim() } : {}),
      });
      if (answer.token) setSecret(answer.token);
      setLabel('');
    } catch (err) {
      setCreateError(errorText(err));
    } finally {
      setCreating(false);
    }
  }

  async function onMode(onDeactivate: ScimDeactivation) {
    setSavingMode(true);
    try {
      await manageScimTokens({ action: 'settings', accountId: accountId!, onDeactivate });
    } catch (err) {
      setLoadError(errorText(err));
    } finally {
      setSavingMode(false);
    }
  }

  return (
    <section className="panel scim" aria-labelledby="scim-heading">
      <h2 id="scim-heading">Provisioning (SCIM)</h2>
      <p className="muted">
        Let your identity provider (Okta, Microsoft Entra ID) add and remove your people: each
        person it assigns gets an employee seat and a card in your team’s branding.
      </p>
      {!allowed ? (
        <PlanRequired message={SCIM_PLAN_MESSAGE} />
      ) : (
        <>
          <div className="scim__base">
            <TextField
              label="SCIM base URL"
              className="scim__code"
              value={baseUrl}
              readOnly
              spellCheck={false}
              onFocus={(e) => e.target.select()}
            />
            <div>
              <CopyButton text={baseUrl} label="Copy URL" />
            </div>
          </div>
          {loadError ? <Alert tone="error">{loadError}</Alert> : null}
          {secret ? (
            <Alert tone="success">
              <p className="scim__secret-intro">
                Copy this token now: it will not be shown again. Paste it into your identity
                provider as the API token (Bearer).
              </p>
              <TextField
                label="New SCIM token"
                className="scim__code"
                value={secret}
                readOnly
                spellCheck={false}
                onFocus={(e) => e.target.select()}
              />
              <div className="scim__actions">
                <CopyButton text={secret} label="Copy token" />
                <Button size="small" variant="ghost" onClick={() => setSecret(null)}>
                  I saved it
                </Button>
              </div>
            </Alert>
          ) : null}
          {tokens.length > 0 ? (
            <ul className="scim__tokens" aria-label="SCIM tokens">
              {tokens.map((token) => (
                <TokenItem key={token.id} accountId={accountId} token={token} />
              ))}
            </ul>
          ) : (
            <p className="muted">No tokens yet.</p>
          )}
          {tokens.length >= MAX_SCIM_TOKENS ? (
            <p className="muted">
              You have {MAX_SCIM_TOKENS} tokens, the most an account can have.
            </p>
          ) : (
            <form className="scim__form" onSubmit={(e) => void onCreate(e)} noValidate>
              <TextField
                label="Token name"
                placeholder="Okta"
                value={label}
                maxLength={80}
                onChange={(e) => setLabel(e.target.value)}
                error={createError}
                hint="So you know which identity provider uses it."
              />
              <div>
                <Button type="submit" busy={creating}>
                  Create token
                </Button>
              </div>
            </form>
          )}
          <div className="field">
            <label className="field__label" htmlFor={modeId}>
              When your identity provider deactivates someone
            </label>
            <select
              id={modeId}
              className="field__control"
              value={settings?.onDeactivate ?? 'archive'}
              aria-describedby={`${modeId}-hint`}
              disabled={settings === null || savingMode}
              onChange={(e) => void onMode(e.target.value as ScimDeactivation)}
            >
              <option value="archive">Archive their card</option>
              <option value="keep">Keep their card live</option>
            </select>
            <p className="field__hint" id={`${modeId}-hint`}>
              Either way they lose access to their card at once.
            </p>
          </div>
        </>
      )}
    </section>
  );
}
