/**
 * Plan maths (docs/product.md §9): how many cards an account may hold, how full it is, and how long its
 * trial lasts.
 */
import type { Plan } from './model';

type PlanCounts = Pick<Plan, 'cardLimit' | 'compCards' | 'cardsInUse'>;

/** A free account may hold one card. */
export const FREE_PLAN_CARD_LIMIT = 1;
export const FREE_PLAN_TYPE = 'free';

/**
 * The plan every new account starts on and an account without a current subscription falls back
 * to (a choice: the spec names no free plan). `firestore.rules`' freePlan() is this literal.
 */
export const FREE_PLAN: Readonly<Plan> & { readonly trialEndDate: null } = {
  type: FREE_PLAN_TYPE,
  isPaidAccount: false,
  cardLimit: FREE_PLAN_CARD_LIMIT,
  compCards: 0,
  cardsInUse: 0,
  trialEndDate: null,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** A stored count that may be missing or malformed counts as 0. */
function count(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** Card limit = cardLimit + compCards (docs/product.md §9). Missing numbers count as 0. */
export function cardLimit(plan: PlanCounts): number {
  return count(plan.cardLimit) + count(plan.compCards);
}

/**
 * Card progress in percent = floor(cardsInUse / limit * 100), 0 when the limit is 0 (docs/product.md §9). Not
 * clamped: an account over its limit shows more than 100.
 */
export function cardProgress(plan: PlanCounts): number {
  const limit = cardLimit(plan);
  if (limit === 0) return 0;
  return Math.floor((count(plan.cardsInUse) / limit) * 100);
}

/** Remaining cards = limit - cardsInUse (docs/product.md §9); negative when the account is over its limit. */
export function remainingCards(plan: PlanCounts): number {
  return cardLimit(plan) - count(plan.cardsInUse);
}

/** The cap is reached when cardsInUse >= limit (docs/product.md §9): no new card may be created. */
export function isCardCapReached(plan: PlanCounts): boolean {
  return count(plan.cardsInUse) >= cardLimit(plan);
}

/**
 * Trial days remaining = ceiling of the absolute difference in days between trialEndDate and now
 * (docs/product.md §9). As the spec says "absolute", a trial that ended 2.5 days ago also gives 3; callers that
 * must tell an ended trial apart compare the dates. No trial end date gives 0.
 */
export function trialDaysRemaining(trialEndDate: Date | null | undefined, now: Date): number {
  if (!trialEndDate) return 0;
  const diff = Math.abs(trialEndDate.getTime() - now.getTime());
  if (!Number.isFinite(diff)) return 0;
  return Math.ceil(diff / DAY_MS);
}
