/**
 * Once-only markers for the few trigger effects that cannot be recomputed cheaply. Firestore
 * delivers each event at least once, and the triggers deploy with retries, so a handler may see
 * the same event again (a duplicate, or a retry after a failure). Most handlers are safe by
 * construction (recounts, documents with ids derived from the event's source, claims); the team
 * usage counts are not (they move by deltas so that a card write costs the same in a team of any
 * size), so their transaction also writes `processed_events/{trigger}-{eventId}` and skips an event
 * whose marker exists. The marker is written in the same transaction as the effect: either both
 * are stored or neither is, so a retry after a failure applies the effect exactly once.
 *
 * No rule in firestore.rules matches the collection, so clients can neither read nor write it
 * (Firestore denies by default). Each marker carries `expireAt` (a week on), for a Firestore TTL
 * policy on `processed_events.expireAt`; redeliveries come within minutes, retries within a day.
 */
import type { DocData } from '@/backend/port';
import type { ServerTransaction } from '@/backend/server-port';

/** Server-only collection of the events handled (see the module comment). */
export const PROCESSED_EVENTS = 'processed_events';

/** How long a marker is kept before the TTL policy may delete it. */
export const PROCESSED_EVENT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The one delivery of an event a handler sees: its id is the same on every redelivery. */
export interface EventKey {
  /** The trigger's name (one event reaches several triggers under the same id). */
  readonly trigger: string;
  readonly eventId: string;
}

/** The marker's path: a document id of letters, digits, `_` and `-` only. */
export function processedEventPath(key: EventKey): string {
  const id = `${key.trigger}-${key.eventId}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 700);
  return `${PROCESSED_EVENTS}/${id}`;
}

/** Inside a transaction: true when the event was handled already (a read: call it first). */
export async function wasHandled(tx: ServerTransaction, key: EventKey): Promise<boolean> {
  return (await tx.get(processedEventPath(key))).exists;
}

/**
 * Inside a transaction, after its reads: records the event as handled, committed with the
 * transaction's other writes.
 */
export function markHandled(tx: ServerTransaction, key: EventKey, now: Date): void {
  const marker: DocData = {
    trigger: key.trigger,
    eventId: key.eventId,
    at: now,
    expireAt: new Date(now.getTime() + PROCESSED_EVENT_TTL_MS),
  };
  tx.set(processedEventPath(key), marker);
}
