/**
 * The local host of card counting: the table's `countCardsInUse` trigger (`src/services/hosted.ts`,
 * running `recountCardsInUse` of `src/services/card-count.ts`, also the production Cloud Function)
 * as a commit trigger after each write of a card document.
 */
import { localTrigger } from '../local-host';
import type { CommitTrigger } from 'firestore-local/types';

/** The trigger: wire it into `startServer({ triggers: [countCardsInUse] })`. */
export const countCardsInUse: CommitTrigger = localTrigger('countCardsInUse');
