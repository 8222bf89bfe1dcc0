/**
 * A small in-memory sliding-window rate limiter for the public endpoints (lead posts): at most `max`
 * hits per key within `windowMs`. Memory is bounded: when more than `maxKeys` keys are tracked the
 * stale ones are dropped, then the oldest. Per process, which is enough for the local server and a
 * first line of defence in a Cloud Function instance.
 */
export interface RateLimiter {
  /** Records a hit for `key` at `now` (ms) and says whether it is within the limit. */
  hit(key: string, now: number): boolean;
}

export function createRateLimiter(options: {
  max: number;
  windowMs: number;
  maxKeys?: number;
}): RateLimiter {
  const { max, windowMs } = options;
  const maxKeys = options.maxKeys ?? 10_000;
  const hits = new Map<string, number[]>();

  function prune(now: number): void {
    for (const [key, times] of hits) {
      const last = times[times.length - 1];
      if (last === undefined || now - last >= windowMs) hits.delete(key);
    }
    while (hits.size >= maxKeys) {
      const oldest = hits.keys().next();
      if (oldest.done === true) break;
      hits.delete(oldest.value);
    }
  }

  return {
    hit(key, now) {
      let times = hits.get(key);
      if (times === undefined) {
        if (hits.size >= maxKeys) prune(now);
        times = [];
        hits.set(key, times);
      }
      while (times.length > 0 && now - (times[0] ?? 0) >= windowMs) times.shift();
      if (times.length >= max) return false;
      times.push(now);
      return true;
    },
  };
}
