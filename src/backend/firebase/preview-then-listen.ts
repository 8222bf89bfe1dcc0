/**
 * A listener started before the driver's live half has loaded: it shows what one read finds at
 * once, then hands over to the live listener. The live listener is the authority: the read's
 * failure is not reported (the live listener reports its own), a read answered after the live
 * listener has spoken is dropped, and the live listener's first answer is not delivered again when
 * it equals what the read showed.
 */
import equal from 'fast-deep-equal';
import type { ListenError, Unsubscribe } from '../port';
import { guardedListener } from './sdk-errors';

/** Starts a listener on the live half. */
export type StartLive<T, Live> = (
  live: Live,
  deliver: (value: T) => void,
  error: (err: ListenError) => void,
) => Unsubscribe;

export function previewThenListen<T, Live>(
  preview: () => Promise<T>,
  live: Promise<Live>,
  listen: StartLive<T, Live>,
  next: (value: T) => void,
  error: (err: ListenError) => void,
): Unsubscribe {
  const listener = guardedListener(next, error);
  let stopped = false;
  let stopLive: Unsubscribe | undefined;
  let shown: { value: T } | undefined;
  let liveHasSpoken = false;

  preview().then(
    (value) => {
      if (stopped || liveHasSpoken) return;
      shown = { value };
      listener.next(value);
    },
    () => undefined,
  );
  live.then(
    (loaded) => {
      if (stopped) return;
      stopLive = listen(
        loaded,
        (value) => {
          const first = !liveHasSpoken;
          liveHasSpoken = true;
          if (first && shown && equal(shown.value, value)) return;
          listener.next(value);
        },
        listener.fail,
      );
    },
    (err: unknown) => listener.fail(err),
  );
  return listener.attach(() => {
    stopped = true;
    stopLive?.();
  });
}
