/**
 * The local stand-in for the checkout side of the Stripe payments extension: a new checkout
 * session gets its `url` (or the extension's `error`), and that url is a local checkout page whose
 * payment writes the subscription as the extension does. A customer holding a live subscription
 * cannot start a second one: the app never asks, and this stand-in holds the line a test can watch.
 */
import type { DocData } from '@/backend/port';
import { DocumentRef } from 'firestore-engine/value-types';
import { escapeHtml } from '@/domain/html';
import { isSubscriptionLive } from '@/domain/subscriptions';
import type { AdminDb, CommitTrigger, RouteHandler } from 'firestore-local/types';
import { advanceSubscriptions } from './payments-clock';
import {
  DAY_MS,
  addInterval,
  findPrice,
  formBody,
  formatPrice,
  isWebUrl,
  notFound,
  page,
  priceInterval,
  redirect,
  sendHtml,
  str,
  stringMap,
  trialDays,
  isOnSale,
  subscriptionItem,
  type FoundPrice,
} from './payments-shared';

const SESSION_PATH = /^users\/([^/]+)\/checkout_sessions\/([^/]+)$/;
const CHECKOUT_URL = /^\/__\/checkout\/([^/]+)\/(cs_test_[^/]+)$/;

/** The extension's message for a price or product that is not active (Stripe's wording). */
export const INACTIVE_PRICE_MESSAGE =
  'The price specified is inactive. This field only accepts active prices.';

/** The refusal of a checkout for a customer who already holds a live subscription. */
export const SECOND_SUBSCRIPTION_MESSAGE =
  'You already have a subscription. Change its plan in the billing portal instead of starting a new checkout.';

/** Whether the user holds a subscription that has not ended. */
export function holdsLiveSubscription(db: AdminDb, uid: string): boolean {
  return db
    .query({ collection: `users/${uid}/subscriptions` })
    .some((sub) => isSubscriptionLive(str(sub.data.status)));
}

// ---- Checkout sessions -------------------------------------------------------------------------------

/** Answers a new checkout session document the way the extension does (creation only). */
export const checkoutSessionTrigger: CommitTrigger = (change, ctx) => {
  const match = SESSION_PATH.exec(change.path);
  if (!match?.[1] || !match[2] || change.before !== null || change.after === null) return;
  const [, uid, docId] = match;
  const session = change.after;
  if (session.sessionId !== undefined || session.error !== undefined) return;
  const fail = (message: string) =>
    ctx.db.set(change.path, { error: { message } }, { merge: true });

  // Periods that ran out end or renew first, as they would have at Stripe by now.
  advanceSubscriptions(ctx.db, new Date(), uid);
  const priceId = str(session.price);
  const found = findPrice(ctx.db, priceId);
  if (!found) return fail(`No such price: '${priceId}'`);
  if (!isOnSale(found)) return fail(INACTIVE_PRICE_MESSAGE);
  const mode = str(session.mode, 'subscription');
  if (mode !== 'subscription' && mode !== 'payment' && mode !== 'setup') {
    return fail(`Invalid mode: '${mode}'. Must be one of payment, setup, or subscription.`);
  }
  if (mode === 'subscription' && found.price.type !== 'recurring') {
    return fail('You must provide at least one recurring price in `subscription` mode.');
  }
  if (mode === 'subscription' && holdsLiveSubscription(ctx.db, uid)) {
    return fail(SECOND_SUBSCRIPTION_MESSAGE);
  }
  if (!isWebUrl(session.success_url)) return fail('Not a valid URL: success_url');
  if (!isWebUrl(session.cancel_url)) return fail('Not a valid URL: cancel_url');

  // Ids follow the checkout document's, so paying twice for one session writes one subscription.
  const sessionId = `cs_test_${docId}`;
  ctx.db.set(
    change.path,
    {
      client: 'web',
      mode,
      sessionId,
      url: `${ctx.publicOrigin}/__/checkout/${encodeURIComponent(uid)}/${sessionId}`,
      created: new Date(),
    },
    { merge: true },
  );
};

/** The subscription document the extension writes for a paid checkout session. */
export function subscriptionFromCheckout(
  found: FoundPrice,
  session: DocData,
  subscriptionItemId: string,
  now: Date,
): DocData {
  // Every checkout of a price with `trial_period_days` starts a trial, as Stripe does when the
  // extension passes none; whether it is paid for is the plan sync's decision (one per account).
  const days = trialDays(found.price);
  const { interval, count } = priceInterval(found.price);
  const trialEnd = days > 0 ? new Date(now.getTime() + days * DAY_MS) : null;
  const quantity = Number.isFinite(Number(session.quantity)) ? Number(session.quantity) || 1 : 1;
  const pricePath = `products/${found.productId}/prices/${found.priceId}`;
  return {
    status: days > 0 ? 'trialing' : 'active',
    product: new DocumentRef(`products/${found.productId}`),
    price: new DocumentRef(pricePath),
    prices: [new DocumentRef(pricePath)],
    quantity,
    items: [subscriptionItem(subscriptionItemId, found, quantity, now)],
    metadata: stringMap(session.metadata),
    role: typeof found.product.role === 'string' ? found.product.role : null,
    cancel_at_period_end: false,
    created: now,
    current_period_start: now,
    current_period_end: trialEnd ?? addInterval(now, interval, count),
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    trial_start: trialEnd ? now : null,
    trial_end: trialEnd,
  };
}

// ---- The local checkout page -------------------------------------------------------------------------

/** GET shows the checkout page; POST `action=pay|cancel` pays or cancels. */
export const checkoutPage: RouteHandler = async (req, res, url, ctx) => {
  const match = CHECKOUT_URL.exec(url.pathname);
  if (!match?.[1] || !match[2]) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return false;
  const uid = decodeURIComponent(match[1]);
  const sessionId = match[2];
  const docId = sessionId.slice('cs_test_'.length);
  const sessionPath = `users/${uid}/checkout_sessions/${docId}`;
  const session = ctx.db.get(sessionPath).data;
  if (!session || session.sessionId !== sessionId) {
    notFound(res, 'Checkout not found', 'This checkout session does not exist or has expired.');
    return true;
  }
  const found = findPrice(ctx.db, str(session.price));
  const subscriptionPath = `users/${uid}/subscriptions/sub_${docId}`;

  if (req.method === 'POST') {
    const form = await formBody(req);
    const action = form.get('action');
    if (action === 'cancel') {
      redirect(res, str(session.cancel_url));
      return true;
    }
    if (action !== 'pay' || !found || !isOnSale(found)) {
      notFound(res, 'Checkout not available', 'This price can no longer be bought.');
      return true;
    }
    // Two checkouts opened before either was paid: the second one cannot be paid any more.
    if (!ctx.db.get(subscriptionPath).exists && holdsLiveSubscription(ctx.db, uid)) {
      notFound(res, 'Checkout not available', SECOND_SUBSCRIPTION_MESSAGE);
      return true;
    }
    if (!ctx.db.get(subscriptionPath).exists) {
      ctx.db.set(
        subscriptionPath,
        subscriptionFromCheckout(found, session, `si_${docId}`, new Date()),
      );
    }
    redirect(res, str(session.success_url));
    return true;
  }

  if (!found || !isOnSale(found)) {
    notFound(res, 'Checkout not available', 'This price can no longer be bought.');
    return true;
  }
  const metadata = stringMap(session.metadata);
  const days = trialDays(found.price);
  const paid = ctx.db.get(subscriptionPath).exists;
  const body = `<div class="card">
<p class="muted">${metadata.accountName ? `Subscribe ${escapeHtml(metadata.accountName)} to` : 'Subscribe to'}</p>
<h1>${escapeHtml(found.product.name ?? found.productId)}</h1>
<p class="muted">${escapeHtml(found.product.description ?? '')}</p>
<p class="price">${escapeHtml(formatPrice(found.price))}</p>
${days > 0 ? `<p class="note">${days}-day free trial: nothing is charged today.</p>` : ''}
${paid ? '<p class="note">This checkout is already paid.</p>' : ''}
<div class="actions">
<form method="post"><input type="hidden" name="action" value="pay"><button type="submit" class="primary">${paid ? 'Continue' : days > 0 ? 'Start trial' : 'Pay'}</button></form>
<form method="post"><input type="hidden" name="action" value="cancel"><button type="submit" class="secondary">Cancel</button></form>
</div>
<p class="muted" style="margin:1.5rem 0 0;font-size:.85rem">Session ${escapeHtml(sessionId)}. In production this is Stripe Checkout.</p>
</div>`;
  sendHtml(res, 200, page('Checkout', body));
  return true;
};
