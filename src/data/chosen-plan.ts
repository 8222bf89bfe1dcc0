/**
 * The plan a visitor chose on the pricing table before they had an account ("Start with Growth" →
 * `/sign-up?plan={priceId}`), kept in this browser's session storage through sign-up (a password, a
 * Google popup or an e-mail link opened in the same tab) and account setup, which then opens the
 * pricing page on it (`/pricing?plan={priceId}`) to start its checkout instead of leaving the new
 * account on the free plan. It is only a wish: the price is checked by the payment provider, and
 * nothing is bought without the owner paying on the checkout page.
 */
type PlanStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;

const CHOSEN_PLAN_KEY = 'cardbuilder.chosenPlan';

/** Stripe ids: letters, digits and underscores (price_…), nothing that could be a path or URL. */
const PRICE_ID = /^[A-Za-z0-9_]{1,100}$/;

function sessionStore(): PlanStorage {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

/** The price id of `?plan=` in a search string, or null when absent or malformed. */
export function chosenPlanFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get('plan') ?? '';
  return PRICE_ID.test(value) ? value : null;
}

export function rememberChosenPlan(priceId: string, storage: PlanStorage = sessionStore()): void {
  if (!PRICE_ID.test(priceId)) return;
  try {
    storage?.setItem(CHOSEN_PLAN_KEY, priceId);
  } catch (err) {
    console.warn('[billing] remembering the chosen plan failed', err);
  }
}

/** The remembered price id, forgotten as it is read (it leads to one checkout at most). */
export function takeChosenPlan(storage: PlanStorage = sessionStore()): string | null {
  try {
    const value = storage?.getItem(CHOSEN_PLAN_KEY) ?? '';
    storage?.removeItem(CHOSEN_PLAN_KEY);
    return PRICE_ID.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** Where a new account goes after setup: the chosen plan's checkout, else `fallback`. */
export function pathAfterSetup(fallback: string, storage: PlanStorage = sessionStore()): string {
  const priceId = takeChosenPlan(storage);
  return priceId ? `/pricing?plan=${encodeURIComponent(priceId)}` : fallback;
}
