/**
 * Transactions of the server port on the drivers without locks (the local store in process and
 * over HTTP share `runOptimisticTransaction`): a transaction whose reads changed before it committed
 * runs again on the new state, so concurrent read-modify-write loses nothing; reads after writes
 * are refused, as Firestore refuses them.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';

describe('server port transactions (optimistic drivers)', () => {
  it('runs a transaction again when another commit changed what it read', async () => {
    const db = createMemoryServerDb();
    db.seed('counters/c', { n: 0 });
    let attempts = 0;
    let release: () => void = () => {};
    const paused = new Promise<void>((resolve) => (release = resolve));
    const slow = db.runTransaction(async (tx) => {
      attempts += 1;
      const n = (await tx.get('counters/c')).data?.n as number;
      if (attempts === 1) await paused;
      tx.update('counters/c', { n: n + 1 });
    });
    await db.runTransaction(async (tx) => {
      const n = (await tx.get('counters/c')).data?.n as number;
      tx.update('counters/c', { n: n + 10 });
    });
    release();
    await slow;
    expect(attempts).toBe(2);
    expect(db.dump()['counters/c']).toEqual({ n: 11 });
  });

  it('notices a changed query result too', async () => {
    const db = createMemoryServerDb();
    let attempts = 0;
    let release: () => void = () => {};
    const paused = new Promise<void>((resolve) => (release = resolve));
    const counting = db.runTransaction(async (tx) => {
      attempts += 1;
      const cards = await tx.query({ collection: 'cards' });
      if (attempts === 1) await paused;
      tx.set('totals/t', { cards: cards.length });
    });
    await db.batch([{ kind: 'set', path: 'cards/c1', data: {} }]);
    release();
    await counting;
    expect(db.dump()['totals/t']).toEqual({ cards: 1 });
  });

  it('refuses a read after a write and commits nothing', async () => {
    const db = createMemoryServerDb();
    await expect(
      db.runTransaction(async (tx) => {
        tx.set('a/b', { x: 1 });
        await tx.get('a/c');
      }),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    expect(db.dump()).toEqual({});
  });

  it('commits nothing when the work throws', async () => {
    const db = createMemoryServerDb();
    await expect(
      db.runTransaction(async (tx) => {
        tx.set('a/b', { x: 1 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(db.dump()).toEqual({});
  });
});
