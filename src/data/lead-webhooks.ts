/**
 * The account owner's lead webhooks and their delivery log, read live (firestore.rules lets only
 * the owner read them), and every change made through the `leadWebhooks` callable: the server
 * checks the address and keeps the secret, which the client sees once, in the callable's answer
 * (docs/lead-webhooks.md).
 */
import { backend } from '../backend/current';
import type {
  LeadWebhooksInput,
  LeadWebhooksOutput,
  ListenError,
  Unsubscribe,
} from '../backend/port';
import type { LeadWebhookFormat } from '../domain/lead-webhooks';
import { leadWebhookFromDoc, webhookDeliveryFromDoc } from '../domain/schemas/lead-webhook';
import type { DELIVERY_STATUSES } from '../domain/schemas/lead-webhook';

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

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

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
    (docs) => next(docs.map((doc) => leadWebhookFromDoc(doc.id, doc.data))),
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
    (docs) => next(docs.map((doc) => webhookDeliveryFromDoc(doc.id, doc.data))),
    error,
  );
}

/** One change through the callable; refusals are BackendErrors whose message says why. */
export function manageLeadWebhook(input: LeadWebhooksInput): Promise<LeadWebhooksOutput> {
  return backend().functions.leadWebhooks(input);
}
