/**
 * A part of the builder loaded on demand (the editor's other tabs, the dialogs), so that the
 * first screen downloads only the card list and the Profile tab. Once loaded it is kept: later
 * renders draw it at once, with no loading state (tests preload it, as the editor does once on
 * screen).
 */
import { useEffect, useState } from 'react';

export interface LazyPart<T> {
  /** Starts the download (once); a failed one is tried again by the next caller. */
  preload: () => Promise<T>;
  /**
   * The module once loaded, else null while it loads (started when `wanted`); `failed` when the
   * download failed, for the screen to say so.
   */
  useLoaded: (wanted?: boolean) => { part: T | null; failed: boolean };
}

export function lazyPart<T>(load: () => Promise<T>): LazyPart<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;

  function preload(): Promise<T> {
    loading ??= load().then(
      (part) => (loaded = part),
      (err: unknown) => {
        loading = null;
        throw err;
      },
    );
    return loading;
  }

  function useLoaded(wanted = true): { part: T | null; failed: boolean } {
    const [part, setPart] = useState<T | null>(loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (part || !wanted) return;
      let live = true;
      preload().then(
        (next) => {
          if (live) setPart(() => next);
        },
        (err: unknown) => {
          console.error('[builder] loading a part of the builder failed', err);
          if (live) setFailed(true);
        },
      );
      return () => {
        live = false;
      };
    }, [part, wanted]);
    return { part: part ?? loaded, failed: failed && !loaded };
  }

  return { preload, useLoaded };
}
