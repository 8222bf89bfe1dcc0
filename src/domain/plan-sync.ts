/**
 * The account's plan derived from its payment-provider subscriptions (spec sections 3, 4 and 9;
 * security notes, Payments). Webhooks arrive at least once and in any order, so the plan is computed
 * from the whole set of subscriptions, not from the event that triggered the sync: the result
 * depends only on the inputs (idempotent) and not on their order.
 */
import type { Plan } from './model';
import { isSubscriptionCurrent } from './subscriptions';

/** A free account may hold one card. */
export const FREE_PLAN_CARD_LIMIT = 1;
export const FREE_PLAN_TYPE = 'free';

export interface SyncProduct {
  stripe_metadata_cardLimit?: string | number | null;
  stripe_metadata_planType?: string | null;
  name?: string | null;
}

export interface SyncSubscription {
  id: string;
  status: string;
  created: Date;
  current_period_start?: Date | null;
  current_period_end?: Date | null;
  trial_start?: Date | null;
  trial_end?: Date | null;
  ended_at?: Date | null;
  cancel_at?: Date | null;
  metadata?: Record<string, string | undefined> | null;
  product: SyncProduct | null;
}

function ms(value: Date | null | undefined): number {
  if (!(value instanceof Date)) return Number.NEGATIVE_INFINITY;
  const t = value.getTime();
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/** Newer first: later created, then later period start, then the larger id (a total order). */
function compareNewestFirst(a: SyncSubscription, b: SyncSubscription): number {
  const byCreated = ms(b.created) - ms(a.created);
  if (byCreated !== 0 && !Number.isNaN(byCreated)) return byCreated;
  const byPeriod = ms(b.current_period_start) - ms(a.current_period_start);
  if (byPeriod !== 0 && !Number.isNaN(byPeriod)) return byPeriod;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Current by status, and not already ended or cancelled as of now. */
function isLive(sub: SyncSubscription, now: Date): boolean {
  if (!isSubscriptionCurrent(sub.status)) return false;
  const at = now.getTime();
  const ended = ms(sub.ended_at);
  const cancelled = ms(sub.cancel_at);
  return (
    !(ended > Number.NEGATIVE_INFINITY && ended <= at) &&
    !(cancelled > Number.NEGATIVE_INFINITY && cancelled <= at)
  );
}

function finiteNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * The plan an account should have now, given its subscriptions (spec 3, 9):
 * - the subscription that decides is the newest current one (status trialing or active, spec 4, and
 *   no ended_at/cancel_at at or before now), newest by created, then current_period_start, then id;
 * - it gives isPaidAccount true, type from the product's planType (else the subscription's metadata
 *   planType, else the current plan's type), cardLimit from the product's cardLimit (else the
 *   subscription's metadata cardLimit, else the current plan's), and trialEndDate = trial_end while
 *   trialing, otherwise null;
 * - with no current subscription the account is free: type 'free', isPaidAccount false, cardLimit
 *   FREE_PLAN_CARD_LIMIT (1), trialEndDate null. This is a choice: the spec names no free plan.
 * compCards and cardsInUse are always kept from the current plan. The result is a new object, equal
 * for equal inputs whatever the order of the subscriptions.
 */
export function planFromSubscriptions(input: {
  subscriptions: readonly SyncSubscription[];
  currentPlan: Plan;
  now: Date;
}): Plan {
  const { subscriptions, currentPlan, now } = input;
  const kept = {
    compCards: finiteNumber(currentPlan.compCards) ?? 0,
    cardsInUse: finiteNumber(currentPlan.cardsInUse) ?? 0,
  };
  const newest = subscriptions.filter((sub) => isLive(sub, now)).sort(compareNewestFirst)[0];
  if (newest === undefined) {
    return {
      type: FREE_PLAN_TYPE,
      isPaidAccount: false,
      cardLimit: FREE_PLAN_CARD_LIMIT,
      ...kept,
      trialEndDate: null,
    };
  }
  const product = newest.product;
  const type =
    nonEmpty(product?.stripe_metadata_planType) ??
    nonEmpty(newest.metadata?.['planType']) ??
    currentPlan.type;
  const limit =
    finiteNumber(product?.stripe_metadata_cardLimit) ??
    finiteNumber(newest.metadata?.['cardLimit']) ??
    finiteNumber(currentPlan.cardLimit) ??
    FREE_PLAN_CARD_LIMIT;
  const trialEnd =
    newest.status === 'trialing' && ms(newest.trial_end) > Number.NEGATIVE_INFINITY
      ? new Date(ms(newest.trial_end))
      : null;
  return { type, isPaidAccount: true, cardLimit: limit, ...kept, trialEndDate: trialEnd };
}
