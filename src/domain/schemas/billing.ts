/**
 * The Stripe payments extension's billing documents (docs/product.md §7) besides subscriptions:
 * a price as it syncs it (`products/{id}/prices/{priceId}`), and a checkout session
 * (`users/{uid}/checkout_sessions/{id}`), which a client creates and the extension answers with
 * `url` or `error`. What a client may create is checked by firestore.rules' validCheckoutSession().
 */
import * as z from 'zod/mini';
import { count, flag, optionalText, storedMap } from './fields';

/**
 * The price id a stored `price` field names: a reference (`{ id }`, or `{ path }` alone), a path
 * `products/p/prices/x`, or a bare id; null for anything else.
 */
export function priceIdFromField(value: unknown): string | null {
  let path: unknown = value;
  if (typeof value === 'object' && value !== null) {
    const ref = value as { id?: unknown; path?: unknown };
    if (typeof ref.id === 'string') return ref.id === '' ? null : ref.id;
    path = ref.path;
  }
  if (typeof path !== 'string') return null;
  return path.split('/').at(-1) || null;
}

/** A map's string values; values of any other type are dropped; a non-map reads as empty. */
export const stringMap = z.pipe(
  z.catch(z.record(z.string(), z.unknown()), {}),
  z.transform((map) =>
    Object.fromEntries(
      Object.entries(map).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    ),
  ),
);

/** A stored price, field by field; `interval` is Stripe's, or the one inside `recurring`. */
export const storedPriceSchema = storedMap({
  active: flag,
  currency: z.catch(z.string(), 'usd'),
  unit_amount: count,
  /** Anything but `one_time` reads as recurring, the only kind the pricing table sells. */
  type: z.catch(z.enum(['one_time', 'recurring']), 'recurring'),
  interval: optionalText,
  recurring: z.catch(z.object({ interval: optionalText }), { interval: undefined }),
  /**
   * Kept as stored: the pricing table reads `showOnPricingTable`, which a console edit may have
   * made a boolean.
   */
  metadata: z.catch(z.optional(z.record(z.string(), z.unknown())), undefined),
  trial_period_days: z.catch(z.optional(z.nullable(z.number())), undefined),
});

export type StoredPrice = z.infer<typeof storedPriceSchema>;

/** What a checkout session's `error` says when it names no message. */
export const CHECKOUT_FALLBACK_ERROR = 'The payment provider could not start checkout.';

/** The extension's `error`: its message, the fallback for an error without one, or null. */
const checkoutError = z.catch(
  z.pipe(
    z.unknown(),
    z.transform((value): string | null => {
      if (typeof value !== 'object' || value === null) return null;
      const { message } = value as { message?: unknown };
      return typeof message === 'string' && message !== '' ? message : CHECKOUT_FALLBACK_ERROR;
    }),
  ),
  null,
);

/** Text that is not empty, or null. */
const filledTextOrNull = z.catch(z.nullable(z.string().check(z.minLength(1))), null);

/** A stored checkout session: the client's request, then what the extension writes back. */
export const storedCheckoutSessionSchema = storedMap({
  price: z.catch(z.string(), ''),
  allow_promotion_codes: flag,
  success_url: z.catch(z.string(), ''),
  cancel_url: z.catch(z.string(), ''),
  metadata: stringMap,
  client_reference_id: optionalText,
  mode: z.catch(z.enum(['subscription', 'payment']), 'subscription'),
  quantity: z.catch(z.int().check(z.positive()), 1),
  locale: optionalText,
  /** Written by the extension: where checkout opens. */
  url: filledTextOrNull,
  /** Written by the extension when Stripe refused the session. */
  error: checkoutError,
  /** Written by the extension with the url. */
  sessionId: filledTextOrNull,
});

export type StoredCheckoutSession = z.infer<typeof storedCheckoutSessionSchema>;
