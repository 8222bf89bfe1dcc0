/**
 * The local stand-in for the Stripe payments extension (firestore-stripe-payments 0.3.x): dev-only
 * pages, no real payment, writing the documents the extension writes so the app's code is the same
 * on both backends. Subscriptions' `product`, `price` and `prices[]` are document references, as
 * the extension writes them, so every reader meets here what it meets in production.
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
