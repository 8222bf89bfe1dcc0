/**
 * Production's counter outbox (src/services/public-surfaces/pending-counts.ts) on every server-port
 * driver here, firebase-admin on Google's Firestore emulator included: a count is kept before the
 * visitor is answered, a dead instance's counts are folded by the schedule, and a count is never
 * added twice, even when an instance and the schedule fold the same ones at once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerDb } from '@/backend/server-port';
import { increment } from 'firestore-engine/transforms';
import type { Card } from '@/domain/model';
import {
  foldLostCounts,
  LOST_AFTER_MS,
  PENDING_COUNTS,
  withPendingCounts,
} from '@/services/public-surfaces/pending-counts';
import { createSurfaceAnalytics } from '@/services/public-surfaces/surface-analytics';
import { serverDbTargets, type ServerDbTarget } from '../support/server-db-targets';

const DAY = '2026-11-27';
const aView = { views: increment(1), viewsByDay: { [DAY]: increment(1) } };

function newCard(accountId = 'acc-counts'): Card {
  return { id: `card-${randomUUID().slice(0, 8)}`, accountId } as Card;
}

/** The public surfaces as one instance runs them; `dies`: its timers never fire. */
function instance(options: { dies?: boolean } = {}) {
  return createSurfaceAnalytics({
    counters: options.dies ? { schedule: () => {} } : {},
  });
}

function runPendingCountsContract(name: string, makeTarget: () => Promise<ServerDbTarget>): void {
  describe(`pending counts: ${name}`, () => {
    let target: ServerDbTarget;
    let db: ServerDb;
    beforeAll(async () => {
      target = await makeTarget();
      db = target.db;
    });
    afterAll(() => target?.close());

    async function pending(card: Card): Promise<number> {
      return (await db.query({ collection: `analytics/${card.id}/${PENDING_COUNTS}` })).length;
    }
    async function views(card: Card): Promise<unknown> {
      return (await db.get(`analytics/${card.id}`)).data?.views;
    }
    const later = () => Date.now() + LOST_AFTER_MS + 60_000;

    it('keeps each count before it is acknowledged and retires it with the summary write', async () => {
      const card = newCard();
      const analytics = instance();
      for (let i = 0; i < 12; i++) await analytics.count(withPendingCounts(db), card, aView);
      // The first count of a quiet card is written at once; the others wait their turn, kept.
      expect(await views(card)).toBe(1);
      expect(await pending(card)).toBe(11);
      await analytics.flush();
      expect(await views(card)).toBe(12);
      expect((await db.get(`analytics/${card.id}`)).data?.viewsByDay).toEqual({ [DAY]: 12 });
      expect(await pending(card)).toBe(0);
    });

    it('folds the counts of an instance that died, once, and leaves fresh ones to their instance', async () => {
      const card = newCard();
      const dead = instance({ dies: true });
      for (let i = 0; i < 30; i++) await dead.count(withPendingCounts(db), card, aView);
      expect(await views(card)).toBe(1);
      // Not yet lost: an instance writes its own within seconds.
      expect((await foldLostCounts(db)).folded).toBe(0);
      expect(await foldLostCounts(db, { clock: later })).toEqual({ folded: 29 });
      expect(await views(card)).toBe(30);
      expect(await pending(card)).toBe(0);
      expect(await foldLostCounts(db, { clock: later })).toEqual({ folded: 0 });
      expect(await views(card)).toBe(30);
    });

    it('counts each view once when the instance and the schedule fold the same ones at once', async () => {
      const card = newCard();
      const slow = instance({ dies: true });
      for (let i = 0; i < 20; i++) await slow.count(withPendingCounts(db), card, aView);
      await Promise.all([slow.flush(), foldLostCounts(db, { clock: later })]);
      expect(await views(card)).toBe(20);
      expect(await pending(card)).toBe(0);
    });

    it('drops the counts meant for a summary of another account, pending ones too', async () => {
      const card = newCard('acc-mine');
      await db.batch([
        { kind: 'set', path: `analytics/${card.id}`, data: { accountId: 'acc-other', views: 5 } },
      ]);
      const dead = instance({ dies: true });
      const quiet = console.error;
      console.error = () => {};
      try {
        for (let i = 0; i < 3; i++) await dead.count(withPendingCounts(db), card, aView);
        await foldLostCounts(db, { clock: later });
      } finally {
        console.error = quiet;
      }
      expect(await views(card)).toBe(5);
      expect(await pending(card)).toBe(0);
    });

    it('deletes a pending count that is not one unadded, and still folds the others', async () => {
      const card = newCard();
      const dead = instance({ dies: true });
      for (let i = 0; i < 3; i++) await dead.count(withPendingCounts(db), card, aView);
      const at = new Date(Date.now() - 1000);
      await db.batch([
        {
          kind: 'set',
          path: `analytics/${card.id}/${PENDING_COUNTS}/torn`,
          data: { fields: '{"v', at },
        },
        { kind: 'set', path: `analytics/${card.id}/${PENDING_COUNTS}/bare`, data: { at } },
      ]);
      const quiet = console.error;
      console.error = () => {};
      try {
        expect(await foldLostCounts(db, { clock: later })).toEqual({ folded: 4 });
      } finally {
        console.error = quiet;
      }
      expect(await views(card)).toBe(3);
      expect(await pending(card)).toBe(0);
    });
  });
}

for (const [name, makeTarget] of serverDbTargets('pending counts'))
  runPendingCountsContract(name, makeTarget);
