import { describe, expect, it } from 'vitest';
import { previewThenListen } from '@/backend/firebase/preview-then-listen';
import type { ListenError, Unsubscribe } from '@/backend/port';

/** A live half whose one listener the test drives by hand. */
function fakeLive() {
  const live = {
    deliver: (_value: string[]) => {},
    fail: (_err: ListenError) => {},
    started: 0,
    stopped: 0,
  };
  const listen = (
    _loaded: typeof live,
    deliver: (value: string[]) => void,
    fail: (err: ListenError) => void,
  ): Unsubscribe => {
    live.started += 1;
    live.deliver = deliver;
    live.fail = fail;
    return () => {
      live.stopped += 1;
    };
  };
  return { live, listen };
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (err: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a listener started before the live half has loaded', () => {
  it('shows the read at once, then the live listener’s changes without repeating the same answer', async () => {
    const { live, listen } = fakeLive();
    const loaded = deferred<typeof live>();
    const seen: string[][] = [];
    previewThenListen(
      () => Promise.resolve(['a']),
      loaded.promise,
      listen,
      (v) => seen.push(v),
      () => {},
    );
    await settle();
    expect(seen).toEqual([['a']]);
    loaded.resolve(live);
    await settle();
    live.deliver(['a']);
    live.deliver(['a', 'b']);
    expect(seen).toEqual([['a'], ['a', 'b']]);
  });

  it('delivers the live listener’s first answer when it differs from the read', async () => {
    const { live, listen } = fakeLive();
    const seen: string[][] = [];
    previewThenListen(
      () => Promise.resolve(['a']),
      Promise.resolve(live),
      listen,
      (v) => seen.push(v),
      () => {},
    );
    await settle();
    live.deliver(['a', 'new']);
    expect(seen).toEqual([['a'], ['a', 'new']]);
  });

  it('drops a read answered after the live listener has spoken', async () => {
    const { live, listen } = fakeLive();
    const read = deferred<string[]>();
    const seen: string[][] = [];
    previewThenListen(
      () => read.promise,
      Promise.resolve(live),
      listen,
      (v) => seen.push(v),
      () => {},
    );
    await settle();
    live.deliver(['fresh']);
    read.resolve(['stale']);
    await settle();
    expect(seen).toEqual([['fresh']]);
  });

  it('leaves a failed read to the live listener, which reports its own error', async () => {
    const { live, listen } = fakeLive();
    const errors: ListenError[] = [];
    const seen: string[][] = [];
    previewThenListen(
      () => Promise.reject(new Error('offline')),
      Promise.resolve(live),
      listen,
      (v) => seen.push(v),
      (e) => errors.push(e),
    );
    await settle();
    expect(errors).toEqual([]);
    live.fail({ code: 'permission-denied', message: 'no' });
    expect(errors).toEqual([{ code: 'permission-denied', message: 'no' }]);
    expect(seen).toEqual([]);
  });

  it('reports a live half that failed to load as the listener’s error', async () => {
    const { listen } = fakeLive();
    const errors: ListenError[] = [];
    previewThenListen(
      () => Promise.resolve(['a']),
      Promise.reject<ReturnType<typeof fakeLive>['live']>({
        code: 'unavailable',
        message: 'download failed',
      }),
      listen,
      () => {},
      (e) => errors.push(e),
    );
    await settle();
    expect(errors).toEqual([{ code: 'unavailable', message: 'download failed' }]);
  });

  it('after unsubscribe, delivers nothing and never starts or stops the live listener twice', async () => {
    const { live, listen } = fakeLive();
    const read = deferred<string[]>();
    const loaded = deferred<typeof live>();
    const seen: string[][] = [];
    const stop = previewThenListen(
      () => read.promise,
      loaded.promise,
      listen,
      (v) => seen.push(v),
      () => {},
    );
    stop();
    read.resolve(['a']);
    loaded.resolve(live);
    await settle();
    expect(seen).toEqual([]);
    expect(live.started).toBe(0);
  });

  it('stops the live listener when unsubscribed after the hand-over', async () => {
    const { live, listen } = fakeLive();
    const stop = previewThenListen(
      () => Promise.resolve(['a']),
      Promise.resolve(live),
      listen,
      () => {},
      () => {},
    );
    await settle();
    expect(live.started).toBe(1);
    stop();
    expect(live.stopped).toBe(1);
  });
});
