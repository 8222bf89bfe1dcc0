/**
 * The local host of the plan sync: the table's `planSync` trigger (`src/services/hosted.ts`, running
 * `syncPlanOnSubscriptionWrite` of `src/services/plan-sync.ts`, also the production Cloud Function)
 * as a commit trigger after every create, rewrite and delete of a
 * `users/{uid}/subscriptions/{id}` document. The account store follows the account document live,
 * so limits and gates follow within a second.
 */
import { localTrigger } from '../local-host';
import type { CommitTrigger } from 'firestore-local/types';

export const syncPlanFromSubscriptions: CommitTrigger = localTrigger('planSync');
