/**
 * The account owner's lead webhooks and their delivery log, read live (firestore.rules lets only
 * the owner read them), and every change made through the `leadWebhooks` callable: the server
 * checks the address and keeps the secret, which the client sees once, in the callable's answer
 * (docs/lead-webhooks.md).
 */
import { backend } from '../backend/current';
import type {
  DocData,
  LeadWebhooksInput,
  LeadWebhooksOutput,
  ListenError,
  Unsubscribe,
} from '../backend/port';
import type { LeadWebhookFormat } from '../domain/lead-webhooks';

export interface LeadWebhook {
  id: string;
  url: string;
  format: LeadWebhookFormat;
  active: boolean;
  secretHint: string;
  createdAt: Date | null;
  /** Why the server turned it off (its setter left the account), until it is changed again. */
  pausedReason: string | null;
}

export type DeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'gave-up';

export interface WebhookDelivery {
  id: string;
  webhookId: string;
  event: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  createdAt: Date | null;
}

/** How many of the newest deliveries the log shows. */
export const DELIVERY_LOG_SIZE = 20;

function date(value: unknown): Date | null {
  return value instanceof Date ? value : null;
}

function toWebhook(id: string, d: DocData): LeadWebhook {
  return {
    id,
    url: typeof d.url === 'string' ? d.url : '',
    format: d.format === 'hubspot' ? 'hubspot' : 'plain',
    active: d.active === true,
    secretHint: typeof d.secretHint === 'string' ? d.secretHint : '',
    createdAt: date(d.createdAt),
    pausedReason:
      !d.active && typeof d.pausedReason === 'string' && d.pausedReason !== ''
        ? d.pausedReason
        : null,
  };
}

function toDelivery(id: string, d: DocData): WebhookDelivery {
  const status = d.status;
  return {
    id,
    webhookId: typeof d.webhookId === 'string' ? d.webhookId : '',
    event: typeof d.event === 'string' ? d.event : '',
    status:
      status === 'retrying' || status === 'delivered' || status === 'gave-up' ? status : 'pending',
    attempts: typeof d.attempts === 'number' ? d.attempts : 0,
    lastStatusCode: typeof d.lastStatusCode === 'number' ? d.lastStatusCode : null,
    lastError: typeof d.lastError === 'string' ? d.lastError : null,
    lastAttemptAt: date(d.lastAttemptAt),
    nextAttemptAt: date(d.nextAttemptAt),
    createdAt: date(d.createdAt),
  };
}

/** Follows the account's webhooks, oldest first. */
export function followLeadWebhooks(
  accountId: string,
  next: (webhooks: LeadWebhook[]) => void,
  error: (err: ListenError) => void,
): Unsubscribe {
  return backend().onQuery(
    {
      collection: `accounts/${accountId}/webhooks`,
      orderBy: [{ field: 'createdAt', direction: 'asc' }],
      limit: 10,
    },
    (docs) => next(docs.map((doc) => toWebhook(doc.id, doc.data))),
    error,
  );
}

/** Follows the newest deliveries of the account's webhooks. */
export function followWebhookDeliveries(
  accountId: string,
  next: (deliveries: WebhookDelivery[]) => void,
  error: (err: ListenError) => void,
): Unsubscribe {
  return backend().onQuery(
    {
      collection: `accounts/${accountId}/webhookDeliveries`,
      orderBy: [{ field: 'createdAt', direction: 'desc' }],
      limit: DELIVERY_LOG_SIZE,
    },
    (docs) => next(docs.map((doc) => toDelivery(doc.id, doc.data))),
    error,
  );
}

/** One change through the callable; refusals are BackendErrors whose message says why. */
export function manageLeadWebhook(input: LeadWebhooksInput): Promise<LeadWebhooksOutput> {
  return backend().functions.leadWebhooks(input);
}
