/**
 * The local host of card counting: a commit trigger that runs `recountCardsInUse`
 * (`src/server/card-count.ts`, also the production `countCardsInUse` Cloud Function) after each
 * write of a card document, against the local store with server privileges.
 */
import { serverDbFromSync } from '@/backend/local/sync-server-db';
import { isCardPath, recountCardsInUse } from '@/server/card-count';
import type { CommitTrigger } from '../types';

/** The trigger: wire it into `startServer({ triggers: [countCardsInUse] })`. */
export const countCardsInUse: CommitTrigger = async (change, ctx) => {
  if (!isCardPath(change.path)) return;
  await recountCardsInUse(serverDbFromSync(ctx.db), change.before, change.after);
};
