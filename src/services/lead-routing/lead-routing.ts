/**
 * Lead routing, run by both hosts: each new lead is sent, signed (`signature.ts`), to every active
 * webhook of the card's account, and a failed delivery is retried on `LEAD_WEBHOOK_BACKOFF_MS`
 * until it succeeds or is given up (documents: docs/lead-webhooks.md; access: firestore.rules). A
 * webhook's secret is shown to its owner once and stored only in server-only `webhook_secrets`; it
 * never goes into a log line, an error or a delivery document (the sender's errors are told from
 * codes alone).
 */
import { BackendError } from 'firestore-engine/errors';
import { newDocId } from 'firestore-engine/paths';
import type { DocData, LeadWebhooksInput, LeadWebhooksOutput, QueryDoc } from '@/backend/port';
import type { CallerAuth, DocumentChange, ServerDb } from '@/backend/server-port';
import {
  LEAD_WEBHOOK_FORMATS,
  LEAD_WEBHOOK_MAX_ATTEMPTS,
  MAX_LEAD_WEBHOOKS,
  nextLeadWebhookAttempt,
  WEBHOOK_PAUSED_SETTER_LEFT,
  webhookSetterStays,
  type LeadWebhookFormat,
  type WebhookUrlPolicy,
} from '@/domain/lead-webhooks';
import { DEACTIVATED_ACCOUNT_MESSAGE, isAccountDeactivated } from '@/domain/account-status';
import { storedAccountSchema } from '@/domain/schemas/account';
import { storedCardSchema } from '@/domain/schemas/card';
import { storedPick } from '@/domain/schemas/fields';
import { storedLeadSchema } from '@/domain/schemas/lead';
import {
  storedLeadWebhookSchema,
  storedWebhookDeliverySchema,
  storedWebhookQueueItemSchema,
  storedWebhookSecretSchema,
} from '@/domain/schemas/lead-webhook';
import { claimLease, leaseFrom, leaseHeld, sweepQueue } from '../lease-queue';
import { leadWebhookBody, type LeadForWebhook } from './payloads';
import type { PostWebhook } from './post-webhook';
import { newWebhookSecret, secretHint, signatureHeader, SIGNATURE_HEADER } from './signature';
import { checkWebhookUrl } from './webhook-address';

/** The callable's name, on both hosts. */
export const LEAD_WEBHOOKS_CALLABLE = 'leadWebhooks';
/** The document path the production trigger listens to (a lead's creation). */
export const LEAD_ENTRY_DOCUMENT = 'analytics/{cardId}/entries/{entryId}';
export const WEBHOOK_SECRETS = 'webhook_secrets';
export const WEBHOOK_QUEUE = 'lead_webhook_queue';
/** How long a sweep holds a delivery it is sending (longer than the 10 s request limit). */
const LEASE_MS = 60_000;
/** How long a deactivated account's due delivery waits before it is looked at again. */
export const DEACTIVATED_PAUSE_MS = 60 * 60 * 1000;
/** The most due deliveries one sweep sends. */
const SWEEP_BATCH = 50;
/** Entries of a delivery's log kept (one per attempt, so never more than the attempts). */
const LEAD_ENTRY_PATH = /^analytics\/([^/]+)\/entries\/([^/]+)$/;

export interface LeadRoutingDeps {
  readonly db: ServerDb;
  readonly now: () => Date;
  readonly post: PostWebhook;
  readonly policy: WebhookUrlPolicy;
  /** Resolves a host name (tests pass their own; default: the system's DNS). */
  readonly resolve?: (host: string) => Promise<readonly string[]>;
}

function webhookPath(accountId: string, webhookId: string): string {
  return `accounts/${accountId}/webhooks/${webhookId}`;
}

function deliveryPath(accountId: string, deliveryId: string): string {
  return `accounts/${accountId}/webhookDeliveries/${deliveryId}`;
}

/** The fields of a lead its payloads carry, when not empty. */
const PAYLOAD_FIELDS = ['name', 'email', 'phone', 'company', 'note', 'title', 'website'] as const;

/** A stored lead entry as the payload builders read it; a missing time is the routing's. */
function leadFromEntry(id: string, data: DocData, now: Date): LeadForWebhook {
  const lead = storedLeadSchema.parse(data);
  const fields: Record<string, string> = {};
  for (const key of PAYLOAD_FIELDS) if (lead[key] !== '') fields[key] = lead[key];
  return {
    id,
    createdAt: lead.createdAt ?? now,
    ...fields,
    consent: lead.consent
      ? { text: lead.consent.text, given: lead.consent.given, at: lead.consent.at ?? now }
      : null,
  };
}

/** The card's name, which the payloads carry. */
const cardName = storedPick(storedCardSchema, { name: true });

interface NewDelivery {
  readonly accountId: string;
  readonly webhookId: string;
  readonly event: 'lead.created' | 'lead.test';
  readonly cardId: string;
  readonly leadId: string;
  readonly body: string;
  /** False for a test lead: it is tried once, and its result shown at once. */
  readonly retries: boolean;
}

function deliveryWrites(id: string, d: NewDelivery, now: Date) {
  return [
    {
      kind: 'set' as const,
      path: deliveryPath(d.accountId, id),
      data: {
        webhookId: d.webhookId,
        event: d.event,
        cardId: d.cardId,
        leadId: d.leadId,
        body: d.body,
        retries: d.retries,
        status: 'pending',
        attempts: 0,
        lastStatusCode: null,
        lastError: null,
        lastAttemptAt: null,
        nextAttemptAt: now,
        createdAt: now,
        log: [],
      },
    },
    {
      kind: 'set' as const,
      path: `${WEBHOOK_QUEUE}/${id}`,
      data: { accountId: d.accountId, nextAttemptAt: now, leaseUntil: null },
    },
  ];
}

/**
 * On a lead's creation: one delivery per active webhook of the lead's account, queued and then
 * sent at once. Answers the ids of the deliveries made (none for a path that is not a lead, an
 * update, or an account without webhooks).
 */
/** Turns webhooks off with the reason the owner reads on the webhooks page. */
async function pauseHooksOfSetterWhoLeft(
  db: LeadRoutingDeps['db'],
  accountId: string,
  webhookIds: readonly string[],
  now: Date,
): Promise<void> {
  if (webhookIds.length === 0) return;
  await db.batch(
    webhookIds.map((id) => ({
      kind: 'update' as const,
      path: webhookPath(accountId, id),
      data: { active: false, pausedReason: WEBHOOK_PAUSED_SETTER_LEFT, updatedAt: now },
    })),
  );
}

/**
 * The active webhooks whose setter still manages `account`; the others are turned off (after a
 * handover, the old owner who left must not keep receiving the account's leads at an address they
 * chose).
 */
async function hooksWhoseSetterStays(
  db: LeadRoutingDeps['db'],
  accountId: string,
  account: DocData | null,
  hooks: readonly QueryDoc[],
  now: Date,
): Promise<QueryDoc[]> {
  const stays = (hook: QueryDoc) =>
    webhookSetterStays(storedLeadWebhookSchema.parse(hook.data).setUpBy, account);
  await pauseHooksOfSetterWhoLeft(
    db,
    accountId,
    hooks.filter((hook) => !stays(hook)).map((hook) => hook.id),
    now,
  );
  return hooks.filter(stays);
}

export async function routeNewLead(
  deps: LeadRoutingDeps,
  change: DocumentChange,
): Promise<string[]> {
  const match = LEAD_ENTRY_PATH.exec(change.path);
  if (!match || change.before !== null || change.after === null) return [];
  const [, cardId, leadId] = match as unknown as [string, string, string];
  const accountId = storedLeadSchema.parse(change.after).accountId ?? '';
  if (accountId === '' || accountId.includes('/')) return [];
  // A lead that came in as its account was deactivated goes nowhere (the public surfaces take
  // no more leads for it).
  const account = (await deps.db.get(`accounts/${accountId}`)).data;
  if (isAccountDeactivated(account)) return [];
  const active = await deps.db.query({
    collection: `accounts/${accountId}/webhooks`,
    where: [{ field: 'active', op: '==', value: true }],
    limit: MAX_LEAD_WEBHOOKS,
  });
  if (active.length === 0) return [];
  const now = deps.now();
  const hooks = await hooksWhoseSetterStays(deps.db, accountId, account, active, now);
  if (hooks.length === 0) return [];
  const card = await deps.db.get(`cards/${cardId}`);
  const lead = leadFromEntry(leadId, change.after, now);
  const planned = hooks.map((hook) => {
    const { format } = storedLeadWebhookSchema.parse(hook.data);
    // One id per (lead, webhook): a trigger that runs twice for one lead (Cloud Functions deliver
    // events at least once) finds its deliveries made and sends nothing more.
    const id = `${cardId}_${leadId}_${hook.id}`;
    const writes = deliveryWrites(
      id,
      {
        accountId,
        webhookId: hook.id,
        event: 'lead.created',
        cardId,
        leadId,
        retries: true,
        body: leadWebhookBody(format, lead, {
          accountId,
          card: { id: cardId, name: cardName.parse(card.data).name },
          test: false,
        }),
      },
      now,
    );
    return { id, writes };
  });
  const ids = await deps.db.runTransaction(async (tx) => {
    const fresh = [];
    for (const item of planned) {
      if (!(await tx.get(deliveryPath(accountId, item.id))).exists) fresh.push(item);
    }
    for (const item of fresh) for (const op of item.writes) tx.set(op.path, op.data);
    return fresh.map((item) => item.id);
  });
  // Every delivery of the lead gets its first attempt, also those an earlier run of this trigger
  // made and then failed before sending (a retried event): `attemptDelivery` sends only a
  // delivery still pending and due that no one holds, so a repeated event sends nothing twice.
  for (const item of planned) await attemptDelivery(deps, accountId, item.id);
  return ids;
}

/** The outcome of one attempt, as the callable's test answers it. */
export interface AttemptOutcome {
  readonly status: 'delivered' | 'retrying' | 'gave-up';
  readonly statusCode: number | null;
  readonly error: string | null;
}

/**
 * Sends a queued delivery once, if it is still due and no one else holds it, and records the
 * outcome: delivered, retrying at the next step of the schedule, or given up. Answers null when
 * there was nothing to send.
 */
export async function attemptDelivery(
  deps: LeadRoutingDeps,
  accountId: string,
  deliveryId: string,
): Promise<AttemptOutcome | null> {
  const path = deliveryPath(accountId, deliveryId);
  const queuePath = `${WEBHOOK_QUEUE}/${deliveryId}`;
  const start = deps.now();
  // Claim it: a sweep on another instance (or a slow earlier attempt) may hold it.
  const claimed = await claimLease(
    deps.db,
    queuePath,
    leaseFrom(start.getTime(), LEASE_MS),
    async (tx) => {
      const [delivery, queued] = [await tx.get(path), await tx.get(queuePath)];
      if (!delivery.exists || !queued.exists) return null;
      // Read as stored: a delivery without a status (the schema's `pending`) is sent by no one.
      const status = delivery.data?.status;
      if (status !== 'pending' && status !== 'retrying') return null;
      if (leaseHeld(queued.data, start.getTime())) return null;
      const due = storedWebhookQueueItemSchema.parse(queued.data).nextAttemptAt;
      if (due !== null && due > start) return null;
      // A deactivated account's deliveries wait, unsent and unspent (no attempt counted), and are
      // looked at again after DEACTIVATED_PAUSE_MS, so they neither clog the head of the sweep's
      // queue nor are lost: they go out once the account is reactivated.
      if (isAccountDeactivated((await tx.get(`accounts/${accountId}`)).data)) {
        tx.update(queuePath, { nextAttemptAt: new Date(start.getTime() + DEACTIVATED_PAUSE_MS) });
        return null;
      }
      return { taken: storedWebhookDeliverySchema.parse(delivery.data) };
    },
  );
  if (claimed === null) return null;

  const { webhookId } = claimed;
  const attempt = claimed.attempts + 1;
  const [stored, secret, account] = await Promise.all([
    // A delivery that names no webhook finds none: it is told apart from a deleted one by nothing.
    webhookId === '' ? null : deps.db.get(webhookPath(accountId, webhookId)),
    deps.db.get(`${WEBHOOK_SECRETS}/${webhookId}`),
    deps.db.get(`accounts/${accountId}`),
  ]);
  let statusCode: number | null = null;
  let error: string | null = null;
  let delivered = false;
  let final = false;
  const secretValue = storedWebhookSecretSchema.parse(secret.data).secret;
  const hook = stored?.exists ? storedLeadWebhookSchema.parse(stored.data) : null;
  if (hook === null || secretValue === '') {
    error = 'The webhook was deleted.';
    final = true;
  } else if (!hook.active && claimed.event !== 'lead.test') {
    error = 'The webhook was turned off.';
    final = true;
  } else if (!webhookSetterStays(hook.setUpBy, account.data)) {
    // A retry, like a new lead, never goes to an address chosen by someone who has left.
    await pauseHooksOfSetterWhoLeft(deps.db, accountId, [webhookId], deps.now());
    error = 'The webhook was turned off: the person who set it up left the account.';
    final = true;
  } else {
    const { body } = claimed;
    const sentAt = deps.now();
    const answer = await deps.post({
      url: hook.url,
      body,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Cardbuilder-Webhooks/1.0',
        [SIGNATURE_HEADER]: signatureHeader(secretValue, body, sentAt),
        'X-Cardbuilder-Event': claimed.event,
        'X-Cardbuilder-Delivery': deliveryId,
        'X-Cardbuilder-Attempt': String(attempt),
      },
    });
    statusCode = answer.status;
    delivered = answer.ok;
    error = answer.ok ? null : answer.error;
  }

  const at = deps.now();
  const next = delivered || final || !claimed.retries ? null : nextLeadWebhookAttempt(attempt, at);
  const status: AttemptOutcome['status'] = delivered
    ? 'delivered'
    : next === null
      ? 'gave-up'
      : 'retrying';
  if (status === 'gave-up' && !final && claimed.retries) {
    error = `${error ?? 'Failed.'} Gave up after ${attempt} attempts.`;
  }
  const log = claimed.log.slice(-(LEAD_WEBHOOK_MAX_ATTEMPTS - 1));
  await deps.db.batch([
    {
      kind: 'update',
      path,
      data: {
        status,
        attempts: attempt,
        lastStatusCode: statusCode,
        lastError: error,
        lastAttemptAt: at,
        nextAttemptAt: next,
        log: [...log, { attempt, at, statusCode, error }],
      },
    },
    next === null
      ? { kind: 'delete', path: queuePath }
      : {
          kind: 'set',
          path: queuePath,
          data: { accountId, nextAttemptAt: next, leaseUntil: null },
        },
  ]);
  return { status, statusCode, error };
}

/**
 * Sends every delivery whose retry is due (at most `SWEEP_BATCH` per run, oldest first); the
 * local server runs it on a timer, production as a scheduled function. Answers how many it sent.
 */
export async function sweepDueDeliveries(deps: LeadRoutingDeps): Promise<number> {
  const due = {
    collection: WEBHOOK_QUEUE,
    where: [{ field: 'nextAttemptAt', op: '<=' as const, value: deps.now() }],
    orderBy: [{ field: 'nextAttemptAt', direction: 'asc' as const }],
    limit: SWEEP_BATCH,
  };
  const sent = await sweepQueue(
    deps.db,
    due,
    async (doc) => {
      const { accountId } = storedWebhookQueueItemSchema.parse(doc.data);
      return accountId !== '' && (await attemptDelivery(deps, accountId, doc.id)) !== null;
    },
    1,
  );
  return sent.length;
}

// ------------------------------------------------------------------ the owner's callable

function invalid(message: string): never {
  throw new BackendError('invalid-argument', message);
}

function readInput(data: unknown): LeadWebhooksInput {
  if (typeof data !== 'object' || data === null) invalid('Send { action, accountId, ... }.');
  const d = data as Record<string, unknown>;
  const accountId = d.accountId;
  if (typeof accountId !== 'string' || accountId === '' || accountId.includes('/')) {
    invalid('accountId must be an account id.');
  }
  const action = d.action;
  if (action === 'create') {
    if (typeof d.url !== 'string') invalid('url must be text.');
    if (!LEAD_WEBHOOK_FORMATS.includes(d.format as LeadWebhookFormat)) {
      invalid('format must be "plain" or "hubspot".');
    }
    return { action, accountId, url: d.url, format: d.format as LeadWebhookFormat };
  }
  const webhookId = d.webhookId;
  if (typeof webhookId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(webhookId)) {
    invalid('webhookId must be a webhook id.');
  }
  if (action === 'update') {
    if (d.url !== undefined && typeof d.url !== 'string') invalid('url must be text.');
    if (d.format !== undefined && !LEAD_WEBHOOK_FORMATS.includes(d.format as LeadWebhookFormat)) {
      invalid('format must be "plain" or "hubspot".');
    }
    if (d.active !== undefined && typeof d.active !== 'boolean')
      invalid('active must be true or false.');
    return {
      action,
      accountId,
      webhookId,
      ...(typeof d.url === 'string' ? { url: d.url } : {}),
      ...(d.format !== undefined ? { format: d.format as LeadWebhookFormat } : {}),
      ...(typeof d.active === 'boolean' ? { active: d.active } : {}),
    };
  }
  if (action === 'rotate' || action === 'delete' || action === 'test') {
    return { action, accountId, webhookId };
  }
  return invalid('action must be create, update, rotate, delete or test.');
}

/** A lead that says it is a test, for "Send a test lead". */
function testLead(now: Date, consentText: string): LeadForWebhook {
  return {
    id: 'test',
    createdAt: now,
    name: 'Test Lead',
    email: 'test.lead@example.com',
    phone: '+1 555 0100',
    company: 'Example Inc.',
    note: 'This is a test lead sent from Cardbuilder.',
    consent: { text: consentText, given: true, at: now },
  };
}

/**
 * The owner's webhook management, as the `leadWebhooks` callable: create (answers the secret
 * once), update the address, format or on/off, rotate the secret (answers the new one), delete, and
 * send a test lead. Only the account's owner may; a bad address is refused with its reason and
 * changes nothing.
 */
export async function manageLeadWebhooks(
  deps: LeadRoutingDeps,
  caller: CallerAuth | null,
  data: unknown,
): Promise<LeadWebhooksOutput> {
  if (caller === null) throw new BackendError('unauthenticated', 'Sign in to manage webhooks.');
  const input = readInput(data);
  const account = await deps.db.get(`accounts/${input.accountId}`);
  if (!account.exists || storedAccountSchema.parse(account.data).ownerId !== caller.uid) {
    throw new BackendError('permission-denied', 'Only the account owner manages lead webhooks.');
  }
  // A deactivated account is frozen, its webhooks too (docs/access.md, "Deactivated accounts").
  if (isAccountDeactivated(account.data)) {
    throw new BackendError('failed-precondition', DEACTIVATED_ACCOUNT_MESSAGE);
  }
  const now = deps.now();
  const checkUrl = async (url: string) => {
    const problem = await checkWebhookUrl(url, deps.policy, deps.resolve);
    if (problem !== null) invalid(problem);
    return url.trim();
  };

  if (input.action === 'create') {
    const url = await checkUrl(input.url);
    const existing = await deps.db.query({
      collection: `accounts/${input.accountId}/webhooks`,
      limit: MAX_LEAD_WEBHOOKS,
    });
    if (existing.length >= MAX_LEAD_WEBHOOKS) {
      throw new BackendError(
        'resource-exhausted',
        `An account can have at most ${MAX_LEAD_WEBHOOKS} webhooks.`,
      );
    }
    const webhookId = newDocId();
    const secret = newWebhookSecret();
    await deps.db.batch([
      {
        kind: 'set',
        path: webhookPath(input.accountId, webhookId),
        data: {
          url,
          format: input.format,
          active: true,
          setUpBy: caller.uid,
          secretHint: secretHint(secret),
          createdAt: now,
          updatedAt: now,
        },
      },
      {
        kind: 'set',
        path: `${WEBHOOK_SECRETS}/${webhookId}`,
        data: { accountId: input.accountId, secret },
      },
    ]);
    return { webhookId, secret };
  }

  const path = webhookPath(input.accountId, input.webhookId);
  const hook = await deps.db.get(path);
  if (!hook.exists) throw new BackendError('not-found', 'There is no such webhook.');

  if (input.action === 'update') {
    // Whoever changes it now answers for where the leads go (webhookSetterStays).
    const patch: DocData = { updatedAt: now, setUpBy: caller.uid, pausedReason: null };
    if (input.url !== undefined) patch.url = await checkUrl(input.url);
    if (input.format !== undefined) patch.format = input.format;
    if (input.active !== undefined) patch.active = input.active;
    await deps.db.batch([{ kind: 'update', path, data: patch }]);
    return { webhookId: input.webhookId };
  }
  if (input.action === 'rotate') {
    const secret = newWebhookSecret();
    await deps.db.batch([
      { kind: 'update', path, data: { secretHint: secretHint(secret), updatedAt: now } },
      {
        kind: 'set',
        path: `${WEBHOOK_SECRETS}/${input.webhookId}`,
        data: { accountId: input.accountId, secret },
      },
    ]);
    return { webhookId: input.webhookId, secret };
  }
  if (input.action === 'delete') {
    await deps.db.batch([
      { kind: 'delete', path },
      { kind: 'delete', path: `${WEBHOOK_SECRETS}/${input.webhookId}` },
    ]);
    return { webhookId: input.webhookId };
  }

  // test: one delivery through the same sender, tried once, answered at once.
  const { format } = storedLeadWebhookSchema.parse(hook.data);
  const deliveryId = newDocId();
  await deps.db.batch(
    deliveryWrites(
      deliveryId,
      {
        accountId: input.accountId,
        webhookId: input.webhookId,
        event: 'lead.test',
        cardId: '',
        leadId: 'test',
        retries: false,
        body: leadWebhookBody(format, testLead(now, 'I agree to be contacted. (test)'), {
          accountId: input.accountId,
          card: { id: 'test', name: 'Test card' },
          test: true,
        }),
      },
      now,
    ),
  );
  const outcome = await attemptDelivery(deps, input.accountId, deliveryId);
  return {
    webhookId: input.webhookId,
    deliveryId,
    status: outcome?.status ?? 'pending',
    statusCode: outcome?.statusCode ?? null,
    error: outcome?.error ?? null,
  };
}
