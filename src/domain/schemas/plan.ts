/**
 * The account's plan (`accounts/{id}.plan`, docs/product.md §3), which only the server writes: the
 * plan sync from the subscriptions, the card count from the cards. An account without one reads
 * as the free plan with no cards counted.
 */
import * as z from 'zod/mini';
import { FREE_PLAN_TYPE } from '../plan';
import { count, dateOrNull, flag, storedMap } from './fields';

/** A stored plan map, field by field. */
export const storedPlanSchema = storedMap({
  type: z.catch(z.string(), FREE_PLAN_TYPE),
  isPaidAccount: flag,
  cardLimit: count,
  compCards: count,
  cardsInUse: count,
  trialEndDate: dateOrNull,
});

/**
 * The plan's `cardsInUse` alone, absent rather than 0 where no number is stored: the card count's
 * recount must then write one, for the rules' card cap reads it (firestore.rules, `countedBefore`).
 */
export const storedCardsInUseSchema = storedMap({
  cardsInUse: z.catch(z.optional(z.number()), undefined),
});
