import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveLoader } from '@/backend/firebase/live-loader';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function counting() {
  let loads = 0;
  const load = () => {
    loads += 1;
    return Promise.resolve({ live: true });
  };
  return { load, loads: () => loads };
}

describe('when the live half loads', () => {
  it('waits while first-screen reads run and loads after a quiet moment', async () => {
    const { load, loads } = counting();
    const loader = liveLoader(load);
    let finish: (v: string) => void = () => {};
    const read = loader.whileReading(() => new Promise<string>((r) => (finish = r)));
    await vi.advanceTimersByTimeAsync(1000);
    expect(loads()).toBe(0);
    finish('done');
    await expect(read).resolves.toBe('done');
    // A second read starting within the quiet moment puts the load off again.
    await vi.advanceTimersByTimeAsync(100);
    await loader.whileReading(() => Promise.resolve('second'));
    await vi.advanceTimersByTimeAsync(100);
    expect(loads()).toBe(0);
    await vi.advanceTimersByTimeAsync(1500);
    expect(loads()).toBe(1);
    expect(loader.ready()).toEqual({ live: true });
  });

  it('loads ten seconds after the first read even while a read has not answered', async () => {
    const { load, loads } = counting();
    const loader = liveLoader(load);
    void loader.whileReading(() => new Promise(() => {}));
    await vi.advanceTimersByTimeAsync(9900);
    expect(loads()).toBe(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(loads()).toBe(1);
  });

  it('loads at once for a write, once however many ask', async () => {
    const { load, loads } = counting();
    const loader = liveLoader(load);
    const waiting = loader.loaded();
    await Promise.all([loader.now(), loader.now()]);
    await expect(waiting).resolves.toEqual({ live: true });
    expect(loads()).toBe(1);
  });

  it('rejects those waiting when the download fails, and tries again on the next need', async () => {
    let attempt = 0;
    const loader = liveLoader(() =>
      ++attempt === 1 ? Promise.reject(new Error('offline')) : Promise.resolve('live'),
    );
    const waiting = loader.loaded();
    await expect(loader.now()).rejects.toThrow('offline');
    await expect(waiting).rejects.toThrow('offline');
    await expect(loader.now()).resolves.toBe('live');
    await expect(loader.loaded()).resolves.toBe('live');
  });
});
