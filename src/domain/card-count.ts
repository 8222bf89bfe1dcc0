/**
 * How many cards an account has in use (docs/product.md §3 and §9: `plan.cardsInUse`, the card cap).
 * The backend keeps `plan.cardsInUse` right by moving it by each card write's change
 * (`cardsInUseChanges`), and its start-up check recounts with `cardsInUse`; the server side
 * (`src/services/card-count.ts`), which the local server's trigger and the production Cloud Function
 * both run, calls these functions, so the counting rule exists once.
 */
import { cardLimit } from './plan';
import { storedCardUsageSchema } from './schemas/card-usage';
import { storedPlanSchema } from './schemas/plan';

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

/** How one card write moves one account's count of cards in use (never 0). */
export interface CardsInUseChange {
  readonly accountId: string;
  readonly delta: number;
}

/**
 * How a card document's change from `before` to `after` (null: missing) moves the accounts' counts
 * of cards in use: +1 for a card brought into use (created live, un-archived, moved in), -1 for one
 * taken out of use (deleted live, archived, moved out), nothing for edits of names and links. The
 * count changes by these deltas alone (src/services/card-count.ts), so a write costs the same in an
 * account of 10 cards or 20,000; only server code moves a card between accounts (both listed).
 */
export function cardsInUseChanges(
  before: CountedCard | null,
  after: CountedCard | null,
): CardsInUseChange[] {
  const deltas = new Map<string, number>();
  const add = (card: CountedCard | null, sign: number) => {
    const accountId = accountOf(card);
    if (card === null || accountId === null || cardsInUse([card]) === 0) return;
    deltas.set(accountId, (deltas.get(accountId) ?? 0) + sign);
  };
  add(before, -1);
  add(after, +1);
  return [...deltas]
    .filter(([, delta]) => delta !== 0)
    .map(([accountId, delta]) => ({ accountId, delta }));
}

/** The account's card count and card-cap list, which the rules' card cap reads (firestore.rules). */
export function cardUsagePath(accountId: string): string {
  return `accounts/${accountId}/usage/cards`;
}

/**
 * The account's card count as the card cap reads it (firestore.rules, `countedBefore`): the count
 * on the card-cap document `accounts/{id}/usage/cards` once it has one (an int), else the plan's
 * `cardsInUse` (accounts whose cards all predate the count). Every batch that brings cards into use
 * raises it by their number, and the server lowers it as cards leave use (`countsAfterChange`).
 */
export function storedCardCount(usage: unknown, cardsInUsePlan: number): number {
  return storedCardUsageSchema.parse(usage).inUse ?? cardsInUsePlan;
}

/**
 * The card cap as server code checks it, from the stored account and card-cap documents: the
 * count (storedCardCount) and the plan's limit (cardLimit + compCards), as the rules read them.
 */
export function storedCardCap(
  account: { plan?: unknown } | null | undefined,
  usage: unknown,
): { inUse: number; limit: number } {
  const plan = storedPlanSchema.parse(account?.plan);
  return { inUse: storedCardCount(usage, plan.cardsInUse), limit: cardLimit(plan) };
}

/** An account's two counts: the exact one the app shows and the one the card cap reads. */
export interface CardCounts {
  /** `plan.cardsInUse`: the cards in use, moved by every card write's change once. */
  readonly cardsInUse: number;
  /** The card-cap document's `inUse`: never below `cardsInUse` once a write has been counted. */
  readonly inUse: number;
}

/**
 * The counts after one card write moved the account by `delta` (cardsInUseChanges), from the
 * stored ones (`inUse` undefined: the card-cap document has no count yet). The exact count moves
 * by the delta. The cap's count was raised already by the client batch that brought a card into
 * use (the rules require it), or by an import job's commit, so it only follows the exact count
 * down, and up where the exact count passes it: a card written with server privileges raised
 * nothing, and the cap must still count it. A count raised for a card whose write has not been
 * counted yet stays above the exact count until it is.
 */
export function countsAfterChange(
  stored: { cardsInUse: number; inUse: number | undefined },
  delta: number,
): CardCounts {
  const cardsInUse = Math.max(0, stored.cardsInUse + delta);
  const raised = stored.inUse ?? stored.cardsInUse;
  return { cardsInUse, inUse: Math.max(raised + Math.min(delta, 0), cardsInUse) };
}
