/** Subscription state (docs/product.md §4). */

/** Statuses that make a subscription current (docs/product.md §4). */
export const CURRENT_SUBSCRIPTION_STATUSES: readonly string[] = ['trialing', 'active'];

/** A subscription is current when its status is trialing or active (docs/product.md §4); nothing else is. */
export function isSubscriptionCurrent(status: string | null | undefined): boolean {
  return typeof status === 'string' && CURRENT_SUBSCRIPTION_STATUSES.includes(status);
}

/** What a subscription's scheduled end needs: its status, the flag and the dates Stripe writes. */
export interface ScheduledEnd {
  status: string;
  cancelAtPeriodEnd: boolean;
  cancelAt: Date | null;
  currentPeriodEnd: Date | null;
}

/**
 * When a current subscription that is cancelled at period end stops (`cancel_at`, else the period's
 * end), or null when it is not ending or has already stopped by `now`.
 */
export function subscriptionEndsAt(sub: ScheduledEnd, now: Date): Date | null {
  if (!isSubscriptionCurrent(sub.status) || !sub.cancelAtPeriodEnd) return null;
  const end = sub.cancelAt ?? sub.currentPeriodEnd;
  return end !== null && end.getTime() > now.getTime() ? end : null;
}

/**
 * Statuses of a subscription that has not ended: Stripe still bills it, or will once a payment
 * succeeds. `incomplete` is left out (its first payment never went through; Stripe expires it) and so
 * are the terminal ones.
 */
export const LIVE_SUBSCRIPTION_STATUSES: readonly string[] = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
];

/**
 * Whether a subscription holds the account (docs/decisions/013-one-subscription-per-account.md): a
 * live one is changed through a subscription update, never doubled by a second checkout. An ending
 * one (cancelled at period end) is still live: it is resumed or changed, not bought again.
 */
export function isSubscriptionLive(status: string | null | undefined): boolean {
  return typeof status === 'string' && LIVE_SUBSCRIPTION_STATUSES.includes(status);
}

/** The newest live subscription of a list (newest first by `created`), or null. */
export function liveSubscriptionOf<T extends { status: string; created: Date | null }>(
  subscriptions: readonly T[],
): T | null {
  let newest: T | null = null;
  for (const sub of subscriptions) {
    if (!isSubscriptionLive(sub.status)) continue;
    if (newest === null || (sub.created?.getTime() ?? 0) > (newest.created?.getTime() ?? 0)) {
      newest = sub;
    }
  }
  return newest;
}
