/**
 * The billing repository (docs/product.md §3 and §7): products and their prices as the Stripe payments
 * extension syncs them (`products/{id}`, `products/{id}/prices/{priceId}`), a user's subscriptions
 * (`users/{uid}/subscriptions`), checkout sessions (`users/{uid}/checkout_sessions`) and the billing
 * portal link. Only the backend writes products, prices and subscriptions; a client creates its own
 * checkout sessions and reads them back.
 */
import { backend } from '../backend/current';
import type { DocData, PortalPlanChangeFlow, Unsubscribe } from '../backend/port';
import type { Price, Product, SubscriptionStatus } from '../domain/model';
import { storedCheckoutSessionSchema, storedPriceSchema } from '../domain/schemas/billing';
import { storedSubscriptionSchema } from '../domain/schemas/subscription';

export const PRODUCTS = 'products';

export function checkoutSessionsPath(uid: string): string {
  return `users/${uid}/checkout_sessions`;
}

export function subscriptionsPath(uid: string): string {
  return `users/${uid}/subscriptions`;
}

type ErrorCallback = (err: { code: string; message: string }) => void;

/** A product with its active prices, as the pricing table shows it. */
export interface ProductWithPrices extends Product {
  prices: Price[];
}

/** A subscription as the billing screen shows it. */
export interface Subscription {
  id: string;
  status: SubscriptionStatus | string;
  productId: string | null;
  priceId: string | null;
  created: Date | null;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  canceledAt: Date | null;
  /** When a scheduled cancellation takes effect (the period's end, for a cancel at period end). */
  cancelAt: Date | null;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
  /** The subscription item a plan change moves to another price (`items[0].id`). */
  itemId: string | null;
  quantity: number;
}

function toPrice(id: string, data: DocData): Price {
  const { interval, recurring, metadata, trial_period_days, ...stored } =
    storedPriceSchema.parse(data);
  const price: Price = { id, ...stored };
  const anyInterval = interval ?? recurring.interval;
  if (anyInterval !== undefined) price.interval = anyInterval;
  if (metadata !== undefined) price.metadata = metadata;
  if (trial_period_days !== undefined) price.trial_period_days = trial_period_days;
  return price;
}

function toSubscription(id: string, data: DocData): Subscription {
  const stored = storedSubscriptionSchema.parse(data);
  return {
    id,
    status: stored.status,
    productId: stored.product,
    priceId: stored.price,
    created: stored.created,
    currentPeriodEnd: stored.current_period_end,
    trialEnd: stored.trial_end,
    canceledAt: stored.canceled_at,
    cancelAt: stored.cancel_at,
    cancelAtPeriodEnd: stored.cancel_at_period_end,
    metadata: stored.metadata,
    itemId: stored.items,
    quantity: stored.quantity,
  };
}

/** Active products and, per product, their active prices (docs/product.md §7: "Active products read. Prices read per product."). */
export async function listActiveProducts(): Promise<ProductWithPrices[]> {
  const db = backend();
  const products = await db.query({
    collection: PRODUCTS,
    where: [{ field: 'active', op: '==', value: true }],
  });
  return Promise.all(
    products.map(async (doc) => {
      const prices = await db.query({
        collection: `${PRODUCTS}/${doc.id}/prices`,
        where: [{ field: 'active', op: '==', value: true }],
      });
      return {
        ...(doc.data as unknown as Product),
        id: doc.id,
        prices: prices.map((price) => toPrice(price.id, price.data)),
      };
    }),
  );
}

/** The user's subscriptions, read once, newest first (the check before a checkout). */
export async function readSubscriptions(uid: string): Promise<Subscription[]> {
  const docs = await backend().query({ collection: subscriptionsPath(uid) });
  return docs
    .map((doc) => toSubscription(doc.id, doc.data))
    .sort((a, b) => (b.created?.getTime() ?? 0) - (a.created?.getTime() ?? 0));
}

/** Follows the user's subscriptions live, newest first. */
export function followSubscriptions(
  uid: string,
  next: (subscriptions: Subscription[]) => void,
  error: ErrorCallback,
): Unsubscribe {
  return backend().onQuery(
    { collection: subscriptionsPath(uid) },
    (docs) =>
      next(
        docs
          .map((doc) => toSubscription(doc.id, doc.data))
          .sort((a, b) => (b.created?.getTime() ?? 0) - (a.created?.getTime() ?? 0)),
      ),
    error,
  );
}

export interface CheckoutRequest {
  priceId: string;
  accountId: string;
  accountName: string;
  /** Where checkout returns to, success or cancel: the billing settings page (docs/product.md §7). */
  returnUrl: string;
}

/**
 * The checkout session document of docs/product.md §7, exactly: the price, promotion codes allowed, success and
 * cancel URLs both the billing settings page, the account in the metadata, and
 * `client_reference_id` = the account id (the spec names the field but not its value; the account
 * is what the subscription pays for). Mode `subscription` and quantity 1 as the extension expects.
 */
export function checkoutSessionPayload(request: CheckoutRequest): DocData {
  return {
    price: request.priceId,
    allow_promotion_codes: true,
    success_url: request.returnUrl,
    cancel_url: request.returnUrl,
    metadata: { accountId: request.accountId, accountName: request.accountName },
    client_reference_id: request.accountId,
    mode: 'subscription',
    quantity: 1,
  };
}

/** Creates `users/{uid}/checkout_sessions/{id}` and returns the id. */
export function createCheckoutSession(uid: string, request: CheckoutRequest): Promise<string> {
  return backend().add(checkoutSessionsPath(uid), checkoutSessionPayload(request));
}

/** What the extension has written back into a checkout session so far. */
export interface CheckoutSessionState {
  url: string | null;
  error: string | null;
}

/** Follows a checkout session until the extension writes `url` or `error.message`. */
export function followCheckoutSession(
  uid: string,
  sessionId: string,
  next: (state: CheckoutSessionState) => void,
  error: ErrorCallback,
): Unsubscribe {
  return backend().onDoc(
    `${checkoutSessionsPath(uid)}/${sessionId}`,
    (snap) => {
      const { url, error: failure } = storedCheckoutSessionSchema.parse(snap.data ?? {});
      next({ url, error: failure });
    },
    error,
  );
}

/** The billing portal link (docs/product.md §7): the extension's createPortalLink callable, locale auto. */
export async function createPortalLink(returnUrl: string): Promise<string> {
  const { url } = await backend().functions.createPortalLink({ returnUrl, locale: 'auto' });
  return url;
}

/**
 * Resume (docs/product.md §7): the project's `resumeSubscription` callable drops the scheduled
 * cancellation of the caller's own subscription; the change reaches the followed subscription
 * document once the provider has made it.
 */
export async function resumeSubscription(subscriptionId: string): Promise<void> {
  await backend().functions.resumeSubscription({ subscriptionId });
}

/**
 * The `flow_data` of a plan change (docs/decisions/013-one-subscription-per-account.md): Stripe's
 * portal confirms moving the subscription's one item to `priceId`, prorated, and comes back to
 * `returnUrl`. The same subscription is updated: no second checkout, no second subscription.
 */
export function planChangeFlow(
  subscription: Pick<Subscription, 'id' | 'itemId' | 'quantity'>,
  priceId: string,
  returnUrl: string,
): PortalPlanChangeFlow {
  return {
    type: 'subscription_update_confirm',
    subscription_update_confirm: {
      subscription: subscription.id,
      items: [{ id: subscription.itemId ?? '', price: priceId, quantity: subscription.quantity }],
    },
    after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
  };
}

/** A billing portal link that opens on the plan change of `subscription` to `priceId`. */
export async function createPlanChangeLink(
  returnUrl: string,
  subscription: Pick<Subscription, 'id' | 'itemId' | 'quantity'>,
  priceId: string,
): Promise<string> {
  const { url } = await backend().functions.createPortalLink({
    returnUrl,
    locale: 'auto',
    flow_data: planChangeFlow(subscription, priceId, returnUrl),
  });
  return url;
}
