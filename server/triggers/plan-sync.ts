/**
 * The local host of the plan sync: a commit trigger that runs `syncPlanOnSubscriptionWrite`
 * (`src/server/plan-sync.ts`, also the production `planSync` Cloud Function) after every create,
 * rewrite and delete of a `users/{uid}/subscriptions/{id}` document. The account store follows the
 * account document live, so limits and gates follow within a second.
 */
import { serverDbFromSync } from '@/backend/local/sync-server-db';
import { subscriptionPathParams, syncPlanOnSubscriptionWrite } from '@/server/plan-sync';
import type { CommitTrigger } from '../types';

export const syncPlanFromSubscriptions: CommitTrigger = async (change, ctx) => {
  const params = subscriptionPathParams(change.path);
  if (params === null) return;
  await syncPlanOnSubscriptionWrite(serverDbFromSync(ctx.db), { ...params, before: change.before });
};
