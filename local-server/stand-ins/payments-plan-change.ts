/**
 * The local stand-in for a plan change in Stripe's customer portal ("Update plan", or a portal
 * link whose `flow_data` is a subscription update): the SAME subscription document is rewritten on
 * the new price, never a second subscription, as the extension writes Stripe's
 * `customer.subscription.updated`, with the proration invoice beside it.
 */
import type { DocData } from '@/backend/port';
import { DocumentRef } from 'firestore-engine/value-types';
import { isSubscriptionLive } from '@/domain/subscriptions';
import type { AdminDb } from 'firestore-local/types';
import {
  addInterval,
  asDate,
  findPrice,
  formatPrice,
  itemInterval,
  priceInterval,
  str,
  isOnSale,
  subscriptionItem,
  type FoundPrice,
} from './payments-shared';

/** The portal flows the stand-in answers (Stripe's `flow_data.type` values for a plan change). */
export type PlanChangeFlow =
  | { type: 'subscription_update'; subscription: string }
  | { type: 'subscription_update_confirm'; subscription: string; price: string };

/**
 * Reads the callable's `flow_data` as Stripe's API takes it; a message (Stripe's wording where it has
 * one) when it is malformed or names no subscription of this customer that is live.
 */
export function planChangeFlowFrom(
  db: AdminDb,
  uid: string,
  value: unknown,
): { flow: PlanChangeFlow } | { error: string } {
  const flow = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const type = flow['type'];
  if (type !== 'subscription_update' && type !== 'subscription_update_confirm') {
    return { error: `Invalid flow_data.type: '${str(type)}'.` };
  }
  const body = (flow[type] ?? {}) as { subscription?: unknown; items?: unknown };
  const subscription = str(body.subscription);
  const current = /^[^/]+$/.test(subscription)
    ? db.get(`users/${uid}/subscriptions/${subscription}`).data
    : null;
  if (!current || !isSubscriptionLive(str(current.status))) {
    return { error: `No such subscription: '${subscription}'` };
  }
  if (type === 'subscription_update') return { flow: { type, subscription } };
  const items = Array.isArray(body.items) ? (body.items as Array<{ price?: unknown }>) : [];
  const price = str(items[0]?.price);
  const found = findPrice(db, price);
  if (!found || !isChangeablePrice(found)) return { error: `No such price: '${price}'` };
  return { flow: { type, subscription, price } };
}

/** Stripe's portal offers the prices its configuration lists: here, those on the pricing table. */
export function isChangeablePrice(found: FoundPrice): boolean {
  const shown = (found.price.metadata as Record<string, unknown> | undefined)?.[
    'showOnPricingTable'
  ];
  return (
    isOnSale(found) && found.price.type === 'recurring' && (shown === 'true' || shown === true)
  );
}

/** The prices a subscriber may move to, cheapest first. */
export function changeablePrices(db: AdminDb): FoundPrice[] {
  const out: FoundPrice[] = [];
  for (const product of db.query({ collection: 'products' })) {
    for (const price of db.query({ collection: `products/${product.id}/prices` })) {
      const found = {
        productId: product.id,
        priceId: price.id,
        product: product.data,
        price: price.data,
      };
      if (isChangeablePrice(found)) out.push(found);
    }
  }
  return out.sort((a, b) => Number(a.price.unit_amount ?? 0) - Number(b.price.unit_amount ?? 0));
}

/** The price id a subscription document is on now. */
export function currentPriceId(subscription: DocData): string {
  const price = subscription.price;
  const path = price instanceof DocumentRef ? price.path : str(price);
  return path.split('/').at(-1) ?? '';
}

function periodFraction(start: Date | null, end: Date | null, now: Date): number {
  if (!start || !end || end.getTime() <= start.getTime()) return 0;
  const left = (end.getTime() - now.getTime()) / (end.getTime() - start.getTime());
  return Math.min(1, Math.max(0, left));
}

export interface PlanChange {
  /** The subscription document after the update (written whole, as the extension does). */
  subscription: DocData;
  /** The invoice of the change, with its proration lines. */
  invoice: DocData;
}

/**
 * What Stripe writes when `current` moves to `found` at `now`. The item, ids, `created` and
 * `metadata` (the account it pays for) are kept, and so is a scheduled cancellation. A trial ends
 * now and the new plan is paid from today: a trial is for trying the plan chosen, not a second
 * plan for free (Stripe's `trial_end: 'now'`; in production the portal's settings decide). A change
 * of interval starts a new period now, as Stripe resets the billing cycle; otherwise the period is
 * kept. The invoice prorates (Stripe's default): the old price's unused time back, the rest on the
 * new one.
 */
export function subscriptionAfterPlanChange(
  current: DocData,
  found: FoundPrice,
  now: Date,
): PlanChange {
  const wasTrial = str(current.status) === 'trialing';
  const old = itemInterval(current);
  const { interval, count } = priceInterval(found.price);
  const newCycle = wasTrial || old.interval !== interval || old.count !== count;
  const start = newCycle ? now : (asDate(current.current_period_start) ?? now);
  const end = newCycle
    ? addInterval(now, interval, count)
    : (asDate(current.current_period_end) ?? addInterval(now, interval, count));
  const pricePath = `products/${found.productId}/prices/${found.priceId}`;
  const oldItem = (Array.isArray(current.items) ? current.items[0] : null) as {
    id?: unknown;
    price?: { unit_amount?: unknown; product?: unknown };
  } | null;
  const quantity = Number(current.quantity) || 1;
  const subscription: DocData = {
    ...current,
    status: 'active',
    product: new DocumentRef(`products/${found.productId}`),
    price: new DocumentRef(pricePath),
    prices: [new DocumentRef(pricePath)],
    items: [subscriptionItem(str(oldItem?.id, 'si_local'), found, quantity, now)],
    role: typeof found.product.role === 'string' ? found.product.role : null,
    current_period_start: start,
    current_period_end: end,
    trial_end: wasTrial ? now : (current.trial_end ?? null),
  };

  // Proration: the unused part of the old price back (nothing was paid during a trial), the rest
  // of the period on the new one (all of it when a new cycle starts today).
  const oldAmount = Number(oldItem?.price?.unit_amount ?? 0) * quantity;
  const newAmount = Number(found.price.unit_amount ?? 0) * quantity;
  const unused = wasTrial
    ? 0
    : periodFraction(asDate(current.current_period_start), asDate(current.current_period_end), now);
  const remaining = newCycle ? 1 : unused;
  const credit = -Math.round(oldAmount * unused);
  const charge = Math.round(newAmount * remaining);
  const lines = [
    ...(credit !== 0
      ? [{ description: 'Unused time on the previous plan', amount: credit, proration: true }]
      : []),
    {
      description: `Remaining time on ${str(found.product.name, found.productId)} (${formatPrice(found.price)})`,
      amount: charge,
      proration: !newCycle,
    },
  ];
  const invoice: DocData = {
    object: 'invoice',
    billing_reason: 'subscription_update',
    status: 'paid',
    currency: str(found.price.currency, 'usd'),
    amount_due: Math.max(0, credit + charge),
    amount_paid: Math.max(0, credit + charge),
    created: now,
    lines: { data: lines },
    proration_behavior: 'create_prorations',
  };
  return { subscription, invoice };
}
