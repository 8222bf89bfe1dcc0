/**
 * Card counting, the one implementation both hosts run: after a write of `cards/{cardId}` that
 * created or deleted a card, changed its `isArchived` or moved it to another account, it recounts
 * the affected accounts' cards with the shared rule (`src/domain/card-count.ts`) and writes
 * `plan.cardsInUse` with server privileges, only when the count changed. Clients can never write the
 * plan (firestore.rules), so this and the plan sync are its only writers; the card cap in the rules
 * reads it. Recounting (not incrementing) keeps it right after retries, races and repairs, and the
 * count and its write share one transaction, so two card writes at once cannot store a stale count.
 */
import type { DocData } from '../backend/port';
import type { ServerDb } from '../backend/server-port';
import { accountsToRecount, cardsInUse } from '../domain/card-count';
import { isCountedByImportJob } from './jobs/job-cards';
import type { EventKey } from './processed-events';
import { applyCardToTeamUsage } from './team-usage';

/** The document path the trigger listens to. */
export const CARD_DOCUMENT = 'cards/{cardId}';

const CARD_PATH = /^cards\/[^/]+$/;

/** True for the path of a card document. */
export function isCardPath(path: string): boolean {
  return CARD_PATH.test(path);
}

/** Recounts one account's cards in use and stores the count if it changed; false: no account. */
export async function recountAccount(db: ServerDb, accountId: string): Promise<boolean> {
  return db.runTransaction(async (tx) => {
    const account = await tx.get(`accounts/${accountId}`);
    if (!account.exists || !account.data) return false;
    const cards = await tx.query({
      collection: 'cards',
      where: [{ field: 'accountId', op: '==', value: accountId }],
    });
    const count = cardsInUse(cards.map((doc) => doc.data));
    const plan = account.data['plan'];
    const current =
      typeof plan === 'object' && plan !== null
        ? (plan as Record<string, unknown>)['cardsInUse']
        : undefined;
    if (current !== count) tx.update(`accounts/${accountId}`, { 'plan.cardsInUse': count });
    return true;
  });
}

/**
 * Recounts the accounts a card write from `before` to `after` affects, and moves its teams' usage
 * (none for most edits). Safe to repeat: the account counts are recounted, and the team usage is
 * applied once per event `once`.
 */
export async function recountCardsInUse(
  db: ServerDb,
  before: DocData | null,
  after: DocData | null,
  once?: EventKey,
  now: Date = new Date(),
): Promise<void> {
  // An import job recounts its account after each chunk of cards it creates (jobs/job-cards.ts).
  if (before === null && after !== null && (await isCountedByImportJob(db, after))) return;
  for (const accountId of accountsToRecount(before, after)) await recountAccount(db, accountId);
  // The team page's counts (./team-usage.ts) move with the same writes, so the same trigger keeps them.
  // Applied as a change, so only once per event (`once`: the event, when a host delivers events).
  await applyCardToTeamUsage(db, before, after, once, now);
}
