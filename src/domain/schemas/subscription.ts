/**
 * The subscription schema (docs/product.md §7): `users/{uid}/subscriptions/{id}` as the Stripe
 * payments extension writes it, and the plan sync's copy of one in its ledger. Read by the billing page and the plan sync. The
 * extension writes timestamps and a document reference; the local stand-in writes Dates and a path,
 * so both are read. Nothing here is checked on write: only the extension writes these.
 */
import * as z from 'zod/mini';
import { priceIdFromField, stringMap } from './billing';
import { flag, optionalText, storedMap, textOrNull } from './fields';

/**
 * The product id a subscription's `product` field names: a reference-like object (`{ id }` or
 * `{ path }`), a path string `products/{id}`, or a bare id; null for anything else.
 */
export function productIdFromField(value: unknown): string | null {
  let text: unknown = value;
  if (typeof value === 'object' && value !== null) {
    const ref = value as { path?: unknown; id?: unknown };
    if (typeof ref.path === 'string') text = ref.path;
    else if (typeof ref.id === 'string') return ref.id.trim() === '' ? null : ref.id;
    else return null;
  }
  if (typeof text !== 'string') return null;
  const parts = text.split('/').filter((part) => part !== '');
  if (parts.length === 1) return parts[0] ?? null;
  if (parts.length === 2 && parts[0] === 'products') return parts[1] ?? null;
  return null;
}

/** A date from a stored value: a Date, a Firestore Timestamp (`toDate`, `seconds`), ms or ISO. */
export function dateFromField(value: unknown): Date | null {
  let date: Date | null = null;
  if (value instanceof Date) date = new Date(value.getTime());
  else if (typeof value === 'number') date = new Date(value);
  else if (typeof value === 'string' && value !== '') date = new Date(value);
  else if (typeof value === 'object' && value !== null) {
    const stamp = value as { toDate?: unknown; seconds?: unknown; _seconds?: unknown };
    if (typeof stamp.toDate === 'function') {
      const out: unknown = (stamp.toDate as () => unknown).call(value);
      date = out instanceof Date ? new Date(out.getTime()) : null;
    } else if (typeof stamp.seconds === 'number') date = new Date(stamp.seconds * 1000);
    else if (typeof stamp._seconds === 'number') date = new Date(stamp._seconds * 1000);
  }
  return date !== null && !Number.isNaN(date.getTime()) ? date : null;
}

/** A field read by `decode`; a missing field reads as null too. */
function decodedBy<T>(decode: (value: unknown) => T | null) {
  return z.catch(z.pipe(z.unknown(), z.transform(decode)), null);
}

/** A stored moment in any of the shapes `dateFromField` reads, or null. */
const moment = decodedBy(dateFromField);

/** The first subscription item's id (the one a plan change moves), or null. */
const firstItemId = z.pipe(
  z.catch(z.array(z.unknown()), []),
  z.transform((items) => {
    const parsed = z.safeParse(z.object({ id: z.string().check(z.minLength(1)) }), items[0]);
    return parsed.success ? parsed.data.id : null;
  }),
);

/** A stored subscription, field by field; a missing status reads as `incomplete`. */
export const storedSubscriptionSchema = storedMap({
  status: z.catch(z.string(), 'incomplete'),
  /** The product as the extension names it; decoded to its id. */
  product: decodedBy(productIdFromField),
  /**
   * The product id as the plan sync's ledger stores it (absent from the extension's document):
   * when present as text or null, it wins over `product`.
   */
  productId: z.catch(z.optional(z.nullable(z.string())), undefined),
  /** The subscription and its payer: only the ledger's copy names them (a document's path does). */
  id: optionalText,
  uid: optionalText,
  price: decodedBy(priceIdFromField),
  /** Copied by the extension from the checkout session: `accountId`, `accountName`. */
  metadata: stringMap,
  created: moment,
  current_period_start: moment,
  current_period_end: moment,
  trial_start: moment,
  trial_end: moment,
  canceled_at: moment,
  ended_at: moment,
  cancel_at: moment,
  cancel_at_period_end: flag,
  items: firstItemId,
  /** Seats paid for; anything but a positive number reads as 1. */
  quantity: z.catch(z.number().check(z.positive()), 1),
});

export type StoredSubscription = z.infer<typeof storedSubscriptionSchema>;

/**
 * The plan sync's server-only ledger of an account, `plan_sync/{accountId}`: the newest state seen
 * of each subscription (entries decoded by the plan sync's `ledgerFromDoc`) and who had its one trial.
 */
export const storedPlanSyncLedgerSchema = storedMap({
  subscriptions: z.catch(z.record(z.string(), z.unknown()), {}),
  trialUsedBy: textOrNull,
});
