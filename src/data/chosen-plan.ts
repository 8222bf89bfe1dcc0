/**
 * The plan a visitor chose on the pricing table before they had an account ("Start with Growth" →
 * `/sign-up?plan={priceId}`), kept in this browser's session storage through sign-up (a password, a
 * Google popup or an e-mail link opened in the same tab) and account setup, which then opens the
 * pricing page on it (`/pricing?plan={priceId}`) to start its checkout instead of leaving the new
 * account on the free plan. It is only a wish: the price is checked by the payment provider, and
 * nothing is bought without the owner paying on the checkout page.
 */
import { rememberedParam } from './remembered-param';

/** Stripe ids: letters, digits and underscores (price_…), nothing that could be a path or URL. */
export const chosenPlan = rememberedParam({
  param: 'plan',
  key: 'cardbuilder.chosenPlan',
  pattern: /^[A-Za-z0-9_]{1,100}$/,
  storage: 'session',
});

type PlanStorage = Parameters<typeof chosenPlan.read>[0];

/** The price id of `?plan=` in a search string, or null when absent or malformed. */
export function chosenPlanFromSearch(search: string): string | null {
  return chosenPlan.fromSearch(search);
}

export function rememberChosenPlan(priceId: string, storage?: PlanStorage): void {
  chosenPlan.remember(priceId, storage);
}

/** The remembered price id, forgotten as it is read (it leads to one checkout at most). */
export function takeChosenPlan(storage?: PlanStorage): string | null {
  return chosenPlan.take(storage);
}

/** Where a new account goes after setup: the chosen plan's checkout, else `fallback`. */
export function pathAfterSetup(fallback: string, storage?: PlanStorage): string {
  const priceId = takeChosenPlan(storage);
  return priceId ? `/pricing?plan=${encodeURIComponent(priceId)}` : fallback;
}
