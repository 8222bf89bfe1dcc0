/**
 * Once-only markers for the trigger effects that cannot be recomputed cheaply (the count deltas):
 * events arrive at least once and triggers retry, so such a handler writes
 * `processed_events/{trigger}-{eventId}` in the same transaction as its effect and skips an event
 * whose marker exists; either both are stored or neither. Server only: no rule matches the
 * collection. Markers carry `expireAt` a week on, for a TTL policy; redeliveries come within a
 * day.
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
