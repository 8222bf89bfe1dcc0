/**
 * The lead webhook schemas (docs/lead-webhooks.md): a webhook the owner set up,
 * `accounts/{accountId}/webhooks/{webhookId}`, one delivery of a lead to it,
 * `accounts/{accountId}/webhookDeliveries/{deliveryId}`, and the server-only documents beside them:
 * the delivery's place in the send queue and the webhook's secret. Only the server writes any of
 * them; the owner's settings page and the server's sender decode them here. The secret is in its
 * own document only.
 */
import * as z from 'zod/mini';
import { LEAD_WEBHOOK_FORMATS } from '../lead-webhooks';
import { count, dateOrNull, flag, numberOrNull, storedMap, text, textOrNull } from './fields';

/** A stored webhook, field by field; an unknown format reads as `plain`. */
export const storedLeadWebhookSchema = storedMap({
  url: text,
  format: z.catch(z.enum(LEAD_WEBHOOK_FORMATS), 'plain'),
  active: flag,
  /** The secret's last characters, so the owner can tell which one a receiver holds. */
  secretHint: text,
  /** Who set the address up last; `''` for a webhook from before it was recorded. */
  setUpBy: text,
  /** Why the server turned it off, kept until the owner changes the webhook again. */
  pausedReason: textOrNull,
  createdAt: dateOrNull,
  updatedAt: dateOrNull,
});

export type StoredLeadWebhook = z.infer<typeof storedLeadWebhookSchema>;

/** A stored webhook as the settings page shows it: a paused reason only while it is off. */
export function leadWebhookFromDoc(id: string, data: unknown) {
  const { url, format, active, secretHint, pausedReason, createdAt } =
    storedLeadWebhookSchema.parse(data);
  return {
    id,
    url,
    format,
    active,
    secretHint,
    createdAt,
    pausedReason: !active && pausedReason !== '' ? pausedReason : null,
  };
}

export const DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'gave-up'] as const;

/** A stored delivery, field by field; an unknown status reads as `pending`. */
export const storedWebhookDeliverySchema = storedMap({
  webhookId: text,
  event: text,
  cardId: text,
  leadId: text,
  /** The JSON sent, made once when the lead came in, so every attempt sends the same bytes. */
  body: text,
  /** `false` for a test delivery, tried once. */
  retries: z.catch(z.boolean(), true),
  status: z.catch(z.enum(DELIVERY_STATUSES), 'pending'),
  attempts: count,
  lastStatusCode: numberOrNull,
  lastError: textOrNull,
  lastAttemptAt: dateOrNull,
  nextAttemptAt: dateOrNull,
  createdAt: dateOrNull,
  /** One entry per attempt, kept as stored (the server appends and trims it). */
  log: z.catch(z.array(z.unknown()), []),
});

export type StoredWebhookDelivery = z.infer<typeof storedWebhookDeliverySchema>;

/** A stored delivery as the delivery log shows it (the payload and the attempt log left out). */
export function webhookDeliveryFromDoc(id: string, data: unknown) {
  const d = storedWebhookDeliverySchema.parse(data);
  return {
    id,
    webhookId: d.webhookId,
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    lastAttemptAt: d.lastAttemptAt,
    nextAttemptAt: d.nextAttemptAt,
    createdAt: d.createdAt,
  };
}

/** A delivery's place in the send queue (`lead_webhook_queue/{deliveryId}`): when it is due. */
export const storedWebhookQueueItemSchema = storedMap({
  accountId: text,
  nextAttemptAt: dateOrNull,
  /** Until when a sender holds it (src/services/lease-queue.ts). */
  leaseUntil: dateOrNull,
});

/** A webhook's signing secret (`webhook_secrets/{webhookId}`); `''` when none is stored. */
export const storedWebhookSecretSchema = storedMap({ accountId: text, secret: text });
