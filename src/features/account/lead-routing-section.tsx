/**
 * "Lead routing" on the profile page, for the account owner: webhooks that receive each new lead
 * as signed JSON (plain, or HubSpot's contact properties), "Send a test lead", and the delivery log
 * with each answer's status code. Every change goes through the `leadWebhooks` callable, which
 * checks the address on the server and answers a new secret once; the page shows it until the
 * owner dismisses it and never again (docs/lead-webhooks.md).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  followLeadWebhooks,
  followWebhookDeliveries,
  manageLeadWebhook,
  type LeadWebhook,
  type WebhookDelivery,
} from '@/data/lead-webhooks';
import {
  LEAD_WEBHOOK_FORMAT_LABELS,
  LEAD_WEBHOOK_FORMATS,
  MAX_LEAD_WEBHOOKS,
  type LeadWebhookFormat,
} from '@/domain/lead-webhooks';
import { useAccount } from '@/stores/account-store';
import { useAuth } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { Alert } from '@/ui/page';
import { TextField } from '@/ui/text-field';
import { errorText } from './error-text';
import './lead-routing.css';

const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function when(date: Date | null): string {
  return date ? TIME.format(date) : '';
}

const STATUS_LABELS: Readonly<Record<WebhookDelivery['status'], string>> = {
  pending: 'Sending',
  retrying: 'Will retry',
  delivered: 'Delivered',
  'gave-up': 'Gave up',
};

/** The secret of a webhook just made or given a new secret, shown this once. */
function SecretOnce(props: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Alert tone="success">
      <p className="lead-routing__secret-intro">
        Copy this signing secret now: it will not be shown again. Your receiver uses it to check the{' '}
        <code>X-Signature</code> header.
      </p>
      <TextField
        label="Signing secret"
        className="lead-routing__secret"
        value={props.secret}
        readOnly
        spellCheck={false}
        onFocus={(e) => e.target.select()}
      />
      <div className="lead-routing__actions">
        <Button
          size="small"
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(props.secret).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
        <Button size="small" variant="ghost" onClick={props.onDone}>
          I saved it
        </Button>
      </div>
    </Alert>
  );
}

function WebhookItem(props: {
  accountId: string;
  hook: LeadWebhook;
  onSecret: (secret: string) => void;
}) {
  const { accountId, hook } = props;
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  async function run(kind: string, work: () => Promise<void>) {
    setBusy(kind);
    setError(null);
    setStatus('');
    try {
      await work();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <li className="lead-routing__hook">
      <div className="lead-routing__hook-head">
        <span className="lead-routing__url">{hook.url}</span>
        <span className={`lead-routing__badge${hook.active ? ' is-on' : ''}`}>
          {hook.active ? 'On' : 'Off'}
        </span>
      </div>
      <p className="muted lead-routing__meta">
        {LEAD_WEBHOOK_FORMAT_LABELS[hook.format]} · secret {hook.secretHint}
      </p>
      {hook.pausedReason ? <Alert tone="info">{hook.pausedReason}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="lead-routing__actions">
        <Button
          size="small"
          busy={busy === 'test'}
          onClick={() =>
            void run('test', async () => {
              const answer = await manageLeadWebhook({
                action: 'test',
                accountId,
                webhookId: hook.id,
              });
              setStatus(
                answer.status === 'delivered'
                  ? `Test lead delivered (${answer.statusCode ?? 200}).`
                  : `The test lead was not accepted: ${answer.error ?? 'no answer'}`,
              );
            })
          }
        >
          Send a test lead
        </Button>
        <Button
          size="small"
          variant="secondary"
          busy={busy === 'active'}
          onClick={() =>
            void run('active', async () => {
              await manageLeadWebhook({
                action: 'update',
                accountId,
                webhookId: hook.id,
                active: !hook.active,
              });
            })
          }
        >
          {hook.active ? 'Turn off' : 'Turn on'}
        </Button>
        <Button
          size="small"
          variant="secondary"
          busy={busy === 'rotate'}
          onClick={() =>
            void run('rotate', async () => {
              const answer = await manageLeadWebhook({
                action: 'rotate',
                accountId,
                webhookId: hook.id,
              });
              if (answer.secret) props.onSecret(answer.secret);
            })
          }
        >
          New secret
        </Button>
        {confirmDelete ? (
          <>
            <Button
              size="small"
              variant="danger"
              busy={busy === 'delete'}
              onClick={() =>
                void run('delete', async () => {
                  await manageLeadWebhook({ action: 'delete', accountId, webhookId: hook.id });
                })
              }
            >
              Delete webhook
            </Button>
            <Button size="small" variant="ghost" onClick={() => setConfirmDelete(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <Button size="small" variant="ghost" onClick={() => setConfirmDelete(true)}>
            Delete…
          </Button>
        )}
      </div>
      <p role="status" aria-live="polite" className="lead-routing__status">
        {status}
      </p>
    </li>
  );
}

function DeliveryLog(props: { deliveries: WebhookDelivery[]; hooks: LeadWebhook[] }) {
  if (props.deliveries.length === 0) {
    return <p className="muted">No deliveries yet. New leads and test leads appear here.</p>;
  }
  const urlOf = new Map(props.hooks.map((h) => [h.id, h.url]));
  return (
    <ul className="lead-routing__log" aria-label="Delivery log">
      {props.deliveries.map((d) => (
        <li key={d.id} className="lead-routing__entry">
          <span className={`lead-routing__result is-${d.status}`}>{STATUS_LABELS[d.status]}</span>
          <span className="lead-routing__code">
            {d.lastStatusCode !== null ? `HTTP ${d.lastStatusCode}` : 'No answer'}
          </span>
          <span className="muted">
            {d.event === 'lead.test' ? 'Test lead' : 'New lead'} · {when(d.createdAt)} · attempt{' '}
            {d.attempts}
          </span>
          <span className="lead-routing__detail muted">
            {urlOf.get(d.webhookId) ?? 'Deleted webhook'}
            {d.status === 'retrying' && d.nextAttemptAt
              ? ` · next try ${when(d.nextAttemptAt)}`
              : ''}
            {d.lastError && d.status !== 'delivered' ? ` · ${d.lastError}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function LeadRoutingSection() {
  const user = useAuth((s) => s.user);
  const account = useAccount((s) => s.account);
  // The account says who owns it now (a handed-on account moves the user flags a moment later).
  const accountId = account && user && account.ownerId === user.id ? account.id : undefined;
  const [hooks, setHooks] = useState<LeadWebhook[]>([]);
  const [deliveries, setDeliveries] = useState<WebhookDelivery[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<LeadWebhookFormat>('plain');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const formatId = useId();

  useEffect(() => {
    if (accountId === undefined) return;
    const onError = (err: { message: string }) => setLoadError(err.message);
    const stopHooks = followLeadWebhooks(accountId, setHooks, onError);
    const stopLog = followWebhookDeliveries(accountId, setDeliveries, onError);
    return () => {
      stopHooks();
      stopLog();
    };
  }, [accountId]);

  if (accountId === undefined) return null;

  async function onAdd(e: FormEvent) {
    e.preventDefault();
    if (url.trim() === '') {
      setUrlError('Enter the address that should receive your leads.');
      return;
    }
    setAdding(true);
    setUrlError(null);
    try {
      const answer = await manageLeadWebhook({
        action: 'create',
        accountId: accountId!,
        url: url.trim(),
        format,
      });
      if (answer.secret) setSecret(answer.secret);
      setUrl('');
    } catch (err) {
      setUrlError(errorText(err));
    } finally {
      setAdding(false);
    }
  }

  const full = hooks.length >= MAX_LEAD_WEBHOOKS;
  return (
    <section className="panel lead-routing" aria-labelledby="lead-routing-heading">
      <h2 id="lead-routing-heading">Lead routing</h2>
      <p className="muted">
        Send each new lead to your CRM or automation tool the moment it arrives, as JSON signed with
        an <code>X-Signature</code> header. A delivery that fails is tried again for about a day.
      </p>
      {loadError ? (
        <Alert tone="error">Your webhooks could not be loaded: {loadError}</Alert>
      ) : null}
      {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
      {hooks.length > 0 ? (
        <ul className="lead-routing__hooks" aria-label="Webhooks">
          {hooks.map((hook) => (
            <WebhookItem key={hook.id} accountId={accountId} hook={hook} onSecret={setSecret} />
          ))}
        </ul>
      ) : null}
      {full ? (
        <p className="muted">
          You have {MAX_LEAD_WEBHOOKS} webhooks, the most an account can have.
        </p>
      ) : (
        <form className="lead-routing__form" onSubmit={(e) => void onAdd(e)} noValidate>
          <TextField
            label="Webhook address"
            type="url"
            inputMode="url"
            placeholder="https://example.com/leads"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={urlError}
            hint="An https address on the internet that accepts a POST."
          />
          <div className="field">
            <label className="field__label" htmlFor={formatId}>
              Payload
            </label>
            <select
              id={formatId}
              className="field__control"
              value={format}
              onChange={(e) => setFormat(e.target.value as LeadWebhookFormat)}
            >
              {LEAD_WEBHOOK_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {LEAD_WEBHOOK_FORMAT_LABELS[f]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Button type="submit" busy={adding}>
              Add webhook
            </Button>
          </div>
        </form>
      )}
      <h3 className="lead-routing__log-title">Delivery log</h3>
      <DeliveryLog deliveries={deliveries} hooks={hooks} />
    </section>
  );
}
