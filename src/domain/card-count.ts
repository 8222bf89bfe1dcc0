/**
 * How many cards an account has in use (docs/product.md §3 and §9: `plan.cardsInUse`, the card cap).
 * The backend keeps `plan.cardsInUse` right by recounting after every change that can move it; the
 * server-side recount (`src/server/card-count.ts`), which the local server's trigger and the
 * production Cloud Function both run, calls these functions, so the counting rule exists once.
 */
import { cardLimit } from './plan';

/** The fields of a card document that the count looks at (plain stored data). */
export interface CountedCard {
  accountId?: unknown;
  isArchived?: unknown;
}

/**
 * Counts the cards in use: every card that is not archived (docs/product.md §4: archived cards are not listed;
 * docs/product.md §9: the cap compares `cardsInUse` with the limit). A card without an `isArchived` field counts,
 * since only `isArchived === true` takes a card out of use.
 */
export function cardsInUse(cards: Iterable<CountedCard>): number {
  let count = 0;
  for (const card of cards) if (card.isArchived !== true) count++;
  return count;
}

function accountOf(card: CountedCard | null): string | null {
  const id = card?.accountId;
  return typeof id === 'string' && id !== '' ? id : null;
}

/**
 * Decides which accounts must be recounted after a card document changed from `before` to `after`
 * (null: missing): its account when the card was created or deleted or its `isArchived` changed,
 * and both accounts if its `accountId` changed (only server code can do that). Empty otherwise, so
 * edits of names and links cost no recount.
 */
export function accountsToRecount(before: CountedCard | null, after: CountedCard | null): string[] {
  const from = accountOf(before);
  const to = accountOf(after);
  const accounts = new Set<string>();
  if (before === null || after === null || from !== to) {
    if (from) accounts.add(from);
    if (to) accounts.add(to);
  } else if ((before.isArchived === true) !== (after.isArchived === true) && to) {
    accounts.add(to);
  }
  return [...accounts];
}

/** The account's card count and card-cap list, which the rules' card cap reads (firestore.rules). */
export function cardUsagePath(accountId: string): string {
  return `accounts/${accountId}/usage/cards`;
}

/**
 * The account's card count as the card cap reads it (firestore.rules, `countedBefore`): the count
 * on the card-cap document `accounts/{id}/usage/cards` once it has one, else the plan's
 * `cardsInUse` (accounts whose cards all predate the count). Every batch that brings cards into use
 * raises it by their number, and the server's recount sets it exact.
 */
export function storedCardCount(
  usage: { inUse?: unknown } | null,
  cardsInUsePlan: unknown,
): number {
  if (typeof usage?.inUse === 'number' && Number.isInteger(usage.inUse)) return usage.inUse;
  return typeof cardsInUsePlan === 'number' ? cardsInUsePlan : 0;
}

/**
 * The card cap as server code checks it, from the stored account and card-cap documents: the
 * count (storedCardCount) and the plan's limit (cardLimit + compCards), as the rules read them.
 */
export function storedCardCap(
  account: { plan?: unknown } | null | undefined,
  usage: { inUse?: unknown } | null | undefined,
): { inUse: number; limit: number } {
  const plan = (typeof account?.plan === 'object' && account.plan !== null ? account.plan : {}) as {
    cardLimit?: number;
    compCards?: number;
    cardsInUse?: unknown;
  };
  return {
    inUse: storedCardCount(usage ?? null, plan.cardsInUse),
    limit: cardLimit({
      cardLimit: plan.cardLimit ?? 0,
      compCards: plan.compCards ?? 0,
      cardsInUse: 0,
    }),
  };
}
