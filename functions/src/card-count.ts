/**
 * Production host of the card count (a thin host, no logic of its own): deployed as a Cloud
 * Function on `cards/{cardId}` writes, it recounts the account's cards with the same rule the local
 * server's trigger uses (`src/domain/card-count.ts`) and writes `plan.cardsInUse` with admin
 * privileges. Wiring, once the functions package exists (firebase-functions v2):
 *
 *   export const countCardsInUse = onDocumentWritten('cards/{cardId}', (event) =>
 *     recountCardsInUse(event.data?.before.data() ?? null, event.data?.after.data() ?? null,
 *       adminCardCountDb(getFirestore())));
 *
 * where `adminCardCountDb` maps `CardCountDb` onto firebase-admin (a `where('accountId', '==', id)`
 * query and an `update({ 'plan.cardsInUse': n })`). The interface keeps this file free of SDK imports.
 */
import { accountsToRecount, cardsInUse } from '../../src/domain/card-count';
import type { CountedCard } from '../../src/domain/card-count';

/** What the host needs from the database (firebase-admin in production). */
export interface CardCountDb {
  /** The stored data of every card whose accountId is `accountId`. */
  cardsOfAccount(accountId: string): Promise<CountedCard[]>;
  /** The account's current `plan.cardsInUse`, or null when the account does not exist. */
  currentCount(accountId: string): Promise<number | null>;
  setCardsInUse(accountId: string, count: number): Promise<void>;
}

/** Recounts the accounts a card write affects; writes only counts that changed (idempotent). */
export async function recountCardsInUse(
  before: CountedCard | null,
  after: CountedCard | null,
  db: CardCountDb,
): Promise<void> {
  for (const accountId of accountsToRecount(before, after)) {
    const current = await db.currentCount(accountId);
    if (current === null) continue;
    const count = cardsInUse(await db.cardsOfAccount(accountId));
    if (count !== current) await db.setCardsInUse(accountId, count);
  }
}
