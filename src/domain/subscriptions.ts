/** Subscription state (spec section 4). */

/** Statuses that make a subscription current (spec 4). */
export const CURRENT_SUBSCRIPTION_STATUSES: readonly string[] = ['trialing', 'active'];

/** A subscription is current when its status is trialing or active (spec 4); nothing else is. */
export function isSubscriptionCurrent(status: string | null | undefined): boolean {
  return typeof status === 'string' && CURRENT_SUBSCRIPTION_STATUSES.includes(status);
}
