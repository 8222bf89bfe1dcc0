/**
 * The local stand-in for the Stripe payments extension (firestore-stripe-payments 0.3.x), writing the
 * documents the extension writes so the app's code is the same on both backends. Dev-only pages: no
 * real payment happens.
 * - `payments-checkout.ts`: checkout sessions and the local checkout page;
 * - `payments-portal.ts`: the createPortalLink callable and the local billing portal (cancel at
 *   period end with confirmation, resume);
 * - `payments-clock.ts`: periods that run out (renewal, the end of a cancelled subscription);
 * - `payments-shared.ts`: lookups and page helpers they share.
 *
 * A subscription's `product`, `price` and `prices[]` are document references, as the extension
 * writes them (`DocumentRef` of src/backend/value-types.ts), so every reader of subscriptions meets
 * here what it meets in production.
 */
import type { CommitTrigger, RouteHandler } from 'firestore-local/types';
import { checkoutPage, checkoutSessionTrigger } from './payments-checkout';
import { createPortalLinkCallable, portalPage } from './payments-portal';

/** Everything to wire into the local server: `routes` and `triggers` of `startServer`. */
export const paymentsRoutes: readonly RouteHandler[] = [
  checkoutPage,
  createPortalLinkCallable,
  portalPage,
];
export const paymentsTriggers: readonly CommitTrigger[] = [checkoutSessionTrigger];
