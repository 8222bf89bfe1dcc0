/**
 * The payment provider's side of `resumeSubscription` in production: Stripe's API, through its
 * Node library, with the key of the `STRIPE_SUBSCRIPTIONS_KEY` secret (a restricted key that may
 * write subscriptions; README, "Deploy"). Stripe then sends its event to the payments extension,
 * which rewrites the subscription document, and plan sync and the billing page follow it.
 * The library is loaded on the first resume, a chunk of its own that no other function loads.
 */
import type { Stripe } from 'stripe';
import { BackendError } from 'firestore-engine/errors';
import { RESUME_MESSAGES } from '@/domain/resume-subscription';
import type { SubscriptionPayments } from '@/services/resume-subscription';

export interface StripePaymentsOptions {
  /** The secret key, read when first needed (a bound secret has no value at deploy time). */
  readonly apiKey: () => string;
  /** Another address for Stripe's API (tests), read with the key; absent: Stripe's own. */
  readonly apiUrl: () => string | undefined;
}

/** Stripe's refusal of the change itself (a subscription it has already ended, say). */
function isStripeRefusal(err: unknown): boolean {
  return (err as { type?: unknown } | null)?.type === 'StripeInvalidRequestError';
}

export function stripePayments(options: StripePaymentsOptions): SubscriptionPayments {
  let client: Promise<Stripe> | undefined;
  const stripe = () =>
    (client ??= import('stripe').then(({ default: StripeClient }) => {
      const url = options.apiUrl();
      const at = url ? new URL(url) : undefined;
      return new StripeClient(options.apiKey(), {
        // Retried requests carry the same idempotency key, so a retry never applies twice.
        maxNetworkRetries: 2,
        timeout: 20_000,
        ...(at
          ? {
              protocol: at.protocol === 'http:' ? 'http' : 'https',
              host: at.hostname,
              port: Number(at.port) || (at.protocol === 'http:' ? 80 : 443),
            }
          : {}),
      });
    }));
  return {
    async resume({ id }) {
      try {
        await (await stripe()).subscriptions.update(id, { cancel_at_period_end: false });
      } catch (err) {
        if (isStripeRefusal(err)) {
          throw new BackendError('failed-precondition', RESUME_MESSAGES.ended);
        }
        console.error(`[resumeSubscription] Stripe did not answer for ${id}`, err);
        throw new BackendError(
          'unavailable',
          'Billing could not be reached. Nothing changed; try again in a minute.',
        );
      }
    },
  };
}
