/**
 * What a card write does to its saved Apple Wallet passes (docs/wallet-updates.md): the pass's
 * `updatedAt` moves and every registered device gets an empty APNs push, after which Wallet
 * fetches the new pass; a device APNs calls gone loses its registration. Safe to repeat: the
 * event's marker (`processed-events.ts`) is written after the pushes, and a retry pushing again is
 * harmless.
 */
import deepEqual from 'fast-deep-equal';
import type { DocData, WriteOp } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';
import { PROCESSED_EVENT_TTL_MS, processedEventPath, type EventKey } from '../processed-events';
import type { ApnsSender } from './apns';
import { passPath, passRegistrations, readPassRecord, unregisterOps } from './passkit-store';

/** Fields a card write may change that no pass shows (the time of the write itself). */
const NOT_ON_THE_PASS = ['updatedAt'];

function passFields(card: DocData): DocData {
  const copy = { ...card };
  for (const field of NOT_ON_THE_PASS) delete copy[field];
  return copy;
}

/** Whether a write changed anything a pass could show (a deletion marks nothing: no new pass). */
export function changesPass(before: DocData | null, after: DocData | null): boolean {
  if (after === null) return false;
  return before === null || !deepEqual(passFields(before), passFields(after));
}

export interface PassUpdateResult {
  readonly pushed: number;
  readonly removed: number;
}

/** Marks the card's pass updated and tells its devices, once per event. */
export async function updateCardPasses(
  db: ServerDb,
  push: ApnsSender | null,
  change: { readonly before: DocData | null; readonly after: DocData | null },
  cardId: string,
  key: EventKey,
  now: Date,
): Promise<PassUpdateResult> {
  const none = { pushed: 0, removed: 0 };
  if (!changesPass(change.before, change.after)) return none;
  const record = await readPassRecord(db, cardId);
  if (record === null) return none;
  const marker = processedEventPath(key);
  if ((await db.get(marker)).exists) return none;

  await db.batch([{ kind: 'update', path: passPath(cardId), data: { updatedAt: now } }]);

  let pushed = 0;
  const gone: WriteOp[] = [];
  const failures: unknown[] = [];
  if (push !== null) {
    for (const reg of await passRegistrations(db, cardId)) {
      try {
        const result = await push.push(reg.pushToken, reg.passTypeIdentifier);
        if (result.status === 200) pushed++;
        else if (
          result.status === 410 ||
          (result.status === 400 && result.reason === 'BadDeviceToken')
        ) {
          gone.push(...unregisterOps(reg.deviceId, cardId));
        } else {
          console.error(
            `[wallet] APNs refused the push for ${passPath(cardId)}: ${result.status} ${result.reason ?? ''}`,
          );
        }
      } catch (err) {
        failures.push(err);
      }
    }
  }
  if (gone.length > 0) await db.batch(gone);
  // A push that did not reach APNs fails the event, which Firestore delivers again.
  if (failures.length > 0) throw failures[0];
  await db.batch([
    {
      kind: 'set',
      path: marker,
      data: {
        trigger: key.trigger,
        eventId: key.eventId,
        at: now,
        expireAt: new Date(now.getTime() + PROCESSED_EVENT_TTL_MS),
      },
    },
  ]);
  return { pushed, removed: gone.length / 2 };
}
