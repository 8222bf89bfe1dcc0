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
