/**
 * The counter buffer that keeps a popular card's summary from becoming a hot document: counts are
 * added up and written at most once a second per document, and none is lost on the way.
 */
import { describe, expect, it } from 'vitest';
import type { DocData } from '@/backend/port';
import { increment, serverTimestamp } from 'firestore-engine/transforms';
import { createCounterBuffer, type Receipt } from '@/services/public-surfaces/counter-buffer';

/** A virtual clock with timers that run when the test moves time forward. */
function virtualTime() {
  let now = 0;
  const timers: { at: number; work: () => void }[] = [];
  return {
    now: () => now,
    schedule: (work: () => void, ms: number) => timers.push({ at: now + ms, work }),
    async advance(to: number) {
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (next === undefined || next.at > to) break;
        timers.shift();
        now = next.at;
        next.work();
        await new Promise((r) => setImmediate(r));
      }
      now = to;
    },
  };
}

function recorder() {
  const writes: { at: number; path: string; data: DocData }[] = [];
  return writes;
}

const views = (data: DocData | undefined) => (data?.views as { by: number } | undefined)?.by ?? 0;

describe('counter buffer', () => {
  it('writes the first count of a quiet document at once', async () => {
    const time = virtualTime();
    const writes = recorder();
    const buffer = createCounterBuffer({
      ...time,
      write: async (path, data) => void writes.push({ at: time.now(), path, data }),
    });
    await buffer.add('analytics/c1', { views: increment(1), cardId: 'c1' });
    expect(writes).toEqual([
      { at: 0, path: 'analytics/c1', data: { views: increment(1), cardId: 'c1' } },
    ]);
  });

  it('adds up the counts of the next second into one write, nested maps too', async () => {
    const time = virtualTime();
    const writes = recorder();
    const buffer = createCounterBuffer({
      ...time,
      write: async (path, data) => void writes.push({ at: time.now(), path, data }),
    });
    await buffer.add('analytics/c1', { views: increment(1) });
    for (let i = 0; i < 5; i++) {
      await time.advance(100 * (i + 1));
      await buffer.add('analytics/c1', {
        views: increment(1),
        viewsByDay: { '2026-11-23': increment(1) },
        updatedAt: serverTimestamp(),
      });
    }
    expect(writes).toHaveLength(1);
    await time.advance(1000);
    expect(writes).toHaveLength(2);
    expect(writes[1]).toEqual({
      at: 1000,
      path: 'analytics/c1',
      data: {
        views: increment(5),
        viewsByDay: { '2026-11-23': increment(5) },
        updatedAt: serverTimestamp(),
      },
    });
  });

  it('counts all of a 10,000-view minute with at most one write a second', async () => {
    const time = virtualTime();
    const writes = recorder();
    const buffer = createCounterBuffer({
      ...time,
      write: async (path, data) => void writes.push({ at: time.now(), path, data }),
    });
    for (let i = 0; i < 10_000; i++) {
      await time.advance(i * 6);
      void buffer.add('analytics/hot', { views: increment(1) });
    }
    await time.advance(70_000);
    expect(writes.reduce((n, w) => n + views(w.data), 0)).toBe(10_000);
    for (let i = 1; i < writes.length; i++) {
      expect((writes[i]?.at ?? 0) - (writes[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    }
    expect(writes.length).toBeLessThanOrEqual(61);
  });

  it('keeps the counts of a failed write for the next one', async () => {
    const time = virtualTime();
    const writes = recorder();
    let fail = true;
    const buffer = createCounterBuffer({
      ...time,
      write: async (path, data) => {
        if (fail) {
          fail = false;
          throw new Error('unavailable');
        }
        writes.push({ at: time.now(), path, data });
      },
    });
    const quiet = console.error;
    console.error = () => {};
    try {
      await buffer.add('analytics/c1', { views: increment(2) });
      await buffer.add('analytics/c1', { views: increment(3) });
      await time.advance(1000);
    } finally {
      console.error = quiet;
    }
    expect(writes).toEqual([{ at: 1000, path: 'analytics/c1', data: { views: increment(5) } }]);
  });

  it('flush writes whatever is waiting, at once', async () => {
    const time = virtualTime();
    const writes = recorder();
    const buffer = createCounterBuffer({
      ...time,
      write: async (path, data) => void writes.push({ at: time.now(), path, data }),
    });
    await buffer.add('analytics/a', { views: increment(1) });
    await buffer.add('analytics/a', { views: increment(1) });
    await buffer.add('analytics/b', { saves: increment(1) });
    expect(buffer.pending()).toBe(1);
    await buffer.flush();
    expect(buffer.pending()).toBe(0);
    expect(writes.map((w) => w.path)).toEqual(['analytics/a', 'analytics/b', 'analytics/a']);
  });

  it('with a journal, keeps each count before add returns and retires it with the write that carries it', async () => {
    const time = virtualTime();
    const writes: { path: string; data: DocData; receipts: readonly Receipt[] }[] = [];
    // A journal as a host keeps it: entries until a write retires them.
    const kept = new Map<Receipt, { path: string; fields: DocData }>();
    let receipt = 0;
    const journal = {
      append: (path: string, fields: DocData) => {
        kept.set(++receipt, { path, fields });
        return receipt;
      },
      unwritten: () => [...kept].map(([r, e]) => ({ receipt: r, ...e })),
    };
    const options = {
      ...time,
      journal,
      write: async (path: string, data: DocData, receipts: readonly Receipt[]) => {
        writes.push({ path, data, receipts });
        for (const r of receipts) kept.delete(r);
      },
    };
    const buffer = createCounterBuffer(options);
    await buffer.add('analytics/c1', { views: increment(1) });
    // A quiet document's count is written at once, and retired by that write.
    expect(writes).toEqual([
      { path: 'analytics/c1', data: { views: increment(1) }, receipts: [1] },
    ]);
    expect(kept.size).toBe(0);
    void buffer.add('analytics/c1', { views: increment(1) });
    void buffer.add('analytics/c1', { views: increment(2) });
    expect([...kept.keys()]).toEqual([2, 3]);

    // The process dies here: a new buffer on the same journal writes what it kept, once.
    const after = createCounterBuffer(options);
    await after.recover();
    expect(writes.at(-1)).toEqual({
      path: 'analytics/c1',
      data: { views: increment(3) },
      receipts: [2, 3],
    });
    expect(kept.size).toBe(0);
    await after.recover();
    expect(writes).toHaveLength(2);
  });
});
