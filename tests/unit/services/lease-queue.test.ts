import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import type { DocData } from '@/backend/port';
import { claimLease, leaseEnd, leaseFrom, leaseHeld, sweepQueue } from '@/services/lease-queue';

const NOW = Date.parse('2026-03-01T10:00:00Z');

/** A worker's claim: the item is free when no lease holds it. */
function take(db: ReturnType<typeof createMemoryServerDb>, path: string, now: number) {
  return claimLease(db, path, leaseFrom(now, 60_000), async (tx) => {
    const snap = await tx.get(path);
    if (!snap.data || leaseHeld(snap.data, now)) return null;
    return { taken: snap.data, data: { worker: now } };
  });
}

/** A queue of items numbered `ns`, due oldest (smallest) first, two a page. */
async function queueOf(ns: number[]) {
  const db = createMemoryServerDb();
  await db.batch(ns.map((n) => ({ kind: 'set' as const, path: `queue/i${n}`, data: { n } })));
  return db;
}
const DUE = { collection: 'queue', orderBy: [{ field: 'n', direction: 'asc' as const }], limit: 2 };

describe('lease queue', () => {
  it('a lease holds until its end and runs out after it', () => {
    const item: DocData = { leaseUntil: leaseFrom(NOW, 1000) };
    expect(leaseHeld(item, NOW + 999)).toBe(true);
    expect(leaseHeld(item, NOW + 1000)).toBe(false);
    expect(leaseHeld({ leaseUntil: null }, NOW)).toBe(false);
  });

  it('an item written before leases holds what its host says, and nothing by default', () => {
    const old: DocData = { updatedAt: new Date(NOW) };
    const unstamped = (item: DocData) => (item.updatedAt as Date).getTime() + 500;
    expect(leaseEnd(old, unstamped)).toBe(NOW + 500);
    expect(leaseEnd(old)).toBe(0);
    expect(leaseHeld(old, NOW + 499, unstamped)).toBe(true);
  });

  it('a lease stored as anything but a good date is none: the item holds what its host says', () => {
    const unstamped = () => NOW + 500;
    for (const leaseUntil of [
      NOW + 1000,
      String(new Date(NOW + 1000)),
      { seconds: 1 },
      [],
      new Date(Number.NaN),
    ]) {
      expect(leaseEnd({ leaseUntil }, unstamped)).toBe(NOW + 500);
      expect(leaseEnd({ leaseUntil })).toBe(0);
    }
  });

  it('a claim stamps the lease and its own fields; a second worker meanwhile gets nothing', async () => {
    const db = createMemoryServerDb();
    await db.batch([{ kind: 'set', path: 'queue/a', data: { n: 1, leaseUntil: null } }]);
    expect(await take(db, 'queue/a', NOW)).toEqual({ n: 1, leaseUntil: null });
    expect((await db.get('queue/a')).data).toEqual({
      n: 1,
      worker: NOW,
      leaseUntil: new Date(NOW + 60_000),
    });
    expect(await take(db, 'queue/a', NOW + 59_999)).toBeNull();
    expect((await db.get('queue/a')).data?.worker).toBe(NOW);
  });

  it('an item whose worker died is taken again once its lease has run out', async () => {
    const db = createMemoryServerDb();
    await db.batch([{ kind: 'set', path: 'queue/a', data: { leaseUntil: new Date(NOW) } }]);
    expect(await take(db, 'queue/a', NOW)).not.toBeNull();
    expect((await db.get('queue/a')).data?.leaseUntil).toEqual(new Date(NOW + 60_000));
  });

  it('a sweep visits each due item once, oldest first, page after page', async () => {
    const db = await queueOf([3, 1, 2, 5, 4]);
    const visited: number[] = [];
    // Item 1 stays due (as a held item does), so every page starts with it again.
    const taken = await sweepQueue(db, DUE, async (item) => {
      visited.push(item.data.n as number);
      if (item.data.n === 1) return false;
      await db.batch([{ kind: 'delete', path: item.path }]);
      return true;
    });
    expect(visited).toEqual([1, 2, 3, 4, 5]);
    expect(taken.map((item) => item.data.n)).toEqual([2, 3, 4, 5]);
  });

  it('a page of items all visited already ends the sweep', async () => {
    const db = await queueOf([1, 2, 3]);
    const visited: number[] = [];
    await sweepQueue(db, DUE, async (item) => {
      visited.push(item.data.n as number);
      return false;
    });
    expect(visited).toEqual([1, 2]);
  });

  it('a sweep of one page visits no more than one page', async () => {
    const db = await queueOf([1, 2, 3]);
    const visited: number[] = [];
    await sweepQueue(
      db,
      DUE,
      async (item) => {
        visited.push(item.data.n as number);
        await db.batch([{ kind: 'delete', path: item.path }]);
        return true;
      },
      1,
    );
    expect(visited).toEqual([1, 2]);
  });
});
