/**
 * When the Firestore driver's live half (the full SDK, about 84 KiB of gzip and a long task to
 * evaluate) loads: once the first screen's reads are answered and the page has had a quiet moment,
 * at the latest ten seconds after the first read, and at once for a write.
 */

/**
 * After the last first-screen read, how long no new one must start before the load begins: long
 * enough for a slow phone to fetch the next screen's code, whose reads follow.
 */
const QUIET_MS = 1000;
/**
 * The latest moment after the first read at which the load begins regardless: a guard against a
 * read that never answers, well after a slow phone's first screen (four to five seconds).
 */
const LATEST_MS = 10_000;

export interface LiveLoader<T> {
  /** The live half if it has loaded. */
  ready(): T | undefined;
  /** Loads it now (or joins the load under way). */
  now(): Promise<T>;
  /** Settles when it has loaded, without starting the load; rejects if the load fails. */
  loaded(): Promise<T>;
  /** Runs `read`, a first-screen read; the load waits until such reads have stopped. */
  whileReading<R>(read: () => Promise<R>): Promise<R>;
}

function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 1000 });
  else setTimeout(work, 0);
}

export function liveLoader<T>(load: () => Promise<T>): LiveLoader<T> {
  let live: T | undefined;
  let loading: Promise<T> | undefined;
  let waiting = deferred<T>();
  let reading = 0;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let latest: ReturnType<typeof setTimeout> | undefined;

  function now(): Promise<T> {
    clearTimeout(quiet);
    clearTimeout(latest);
    loading ??= load().then(
      (loaded) => {
        live = loaded;
        waiting.resolve(loaded);
        return loaded;
      },
      (err: unknown) => {
        // A failed download (offline, a new deploy's files) is tried again on the next need.
        loading = undefined;
        waiting.reject(err);
        waiting = deferred<T>();
        throw err;
      },
    );
    return loading;
  }

  return {
    ready: () => live,
    now,
    loaded: () => (live !== undefined ? Promise.resolve(live) : waiting.promise),
    async whileReading(read) {
      reading += 1;
      clearTimeout(quiet);
      latest ??= setTimeout(() => void now().catch(() => undefined), LATEST_MS);
      try {
        return await read();
      } finally {
        reading -= 1;
        if (reading === 0 && !loading) {
          quiet = setTimeout(() => whenIdle(() => void now().catch(() => undefined)), QUIET_MS);
        }
      }
    },
  };
}

function deferred<T>(): {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (err: unknown) => void;
} {
  let resolve: (value: T) => void = () => {};
  let reject: (err: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Nobody may be waiting when a load fails; that is not an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
