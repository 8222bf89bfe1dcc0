/**
 * The local stand-in's clock: what Stripe does when a subscription's period runs out, written as
 * the payments extension writes it. Nothing runs on a schedule locally, so the clock is advanced
 * when it matters: when a user opens the billing portal or starts a checkout, and by tests, which
 * pass a future `now` to end a period without waiting.
 */
import type { DocData } from '@/backend/port';
import { isTerminalSubscriptionStatus } from '@/domain/plan-sync';
import type { AdminDb } from 'firestore-local/types';
import { addInterval, asDate, itemInterval } from './payments-shared';

/** At most this many periods are caught up at once (a subscription left for years). */
const MAX_RENEWALS = 1000;

/**
 * The state Stripe would have written by `now`, or null when nothing is due: a subscription set to
 * cancel at period end becomes `canceled`, `ended_at` the end of its period (the plan sync then
 * lowers the plan); any other active or trialing one renews from the end of the last period (a
 * trial's end is its first payment). Payments never fail locally.
 */
export function subscriptionAt(data: DocData, now: Date): DocData | null {
  const status = typeof data.status === 'string' ? data.status : '';
  if (isTerminalSubscriptionStatus(status)) return null;
  const periodEnd = asDate(data.current_period_end);
  const cancelAt = asDate(data.cancel_at);
  const at = now.getTime();
  if (cancelAt !== null && cancelAt.getTime() <= at) {
    return { ...data, status: 'canceled', ended_at: cancelAt };
  }
  if (periodEnd === null || periodEnd.getTime() > at) return null;
  if (data.cancel_at_period_end === true) {
    return { ...data, status: 'canceled', ended_at: periodEnd };
  }
  if (status !== 'active' && status !== 'trialing') return null;
  const { interval, count } = itemInterval(data);
  let start = periodEnd;
  let end = addInterval(start, interval, count);
  for (let i = 0; i < MAX_RENEWALS && end.getTime() <= at; i += 1) {
    start = end;
    end = addInterval(start, interval, count);
  }
  return { ...data, status: 'active', current_period_start: start, current_period_end: end };
}

/**
 * Writes every due period change of the subscriptions of `uid` (or of every user) as of `now`.
 * Returns the paths it rewrote.
 */
export function advanceSubscriptions(db: AdminDb, now: Date, uid?: string): string[] {
  const uids = uid !== undefined ? [uid] : db.query({ collection: 'users' }).map((user) => user.id);
  const written: string[] = [];
  for (const id of uids) {
    for (const sub of db.query({ collection: `users/${id}/subscriptions` })) {
      const next = subscriptionAt(sub.data, now);
      if (next === null) continue;
      const path = `users/${id}/subscriptions/${sub.id}`;
      db.set(path, next);
      written.push(path);
    }
  }
  return written;
}
