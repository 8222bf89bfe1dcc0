/**
 * The local server's stand-in for the production `cardsInUse` Cloud Function: after a commit that
 * created or deleted a card or changed its `isArchived`, it recounts the account's cards with the
 * shared rule (`src/domain/card-count.ts`) and writes `plan.cardsInUse` with server privileges.
 * Clients can never write the plan (docs/access.md), so this is the only writer of the count besides
 * the plan sync. Recounting (not incrementing) keeps it right after retries, races and repairs.
 */
import { accountsToRecount, cardsInUse } from '../../src/domain/card-count';
import type { CommitTrigger, DocChange, ServerContext } from '../types';

const CARD_PATH = /^cards\/[^/]+$/;

/** Recounts one account's non-archived cards and stores the count if it changed. */
export function recountAccount(accountId: string, ctx: ServerContext): void {
  const account = ctx.db.get(`accounts/${accountId}`);
  if (!account.exists || !account.data) return;
  const cards = ctx.db.query({
    collection: 'cards',
    where: [{ field: 'accountId', op: '==', value: accountId }],
  });
  const count = cardsInUse(cards.map((doc) => doc.data));
  const plan = account.data['plan'];
  const current =
    typeof plan === 'object' && plan !== null
      ? (plan as Record<string, unknown>)['cardsInUse']
      : undefined;
  if (current === count) return;
  ctx.db.update(`accounts/${accountId}`, { 'plan.cardsInUse': count });
}

/** The trigger: wire it into `startServer({ triggers: [countCardsInUse] })`. */
export const countCardsInUse: CommitTrigger = (change: DocChange, ctx: ServerContext) => {
  if (!CARD_PATH.test(change.path)) return;
  for (const accountId of accountsToRecount(change.before, change.after))
    recountAccount(accountId, ctx);
};
