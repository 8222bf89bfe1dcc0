/**
 * The Firebase SDKs' failures as the port's: one mapping of their error codes, and the guard every
 * listener of the Firestore driver runs behind.
 */
import {
  BackendError,
  knownBackendErrorCode,
  type BackendErrorCode,
} from 'firestore-engine/errors';
import type { ListenError, Unsubscribe } from '../port';

/** Cloud Storage's own codes (`storage/...`), which are not Firestore's, as the port's codes. */
const STORAGE_CODES: Readonly<Record<string, BackendErrorCode>> = {
  unauthorized: 'permission-denied',
  unauthenticated: 'unauthenticated',
  'object-not-found': 'not-found',
  'bucket-not-found': 'not-found',
  'project-not-found': 'not-found',
  'quota-exceeded': 'resource-exhausted',
  'retry-limit-exceeded': 'unavailable',
  'server-file-wrong-size': 'unavailable',
  'invalid-argument': 'invalid-argument',
  'invalid-format': 'invalid-argument',
  'invalid-url': 'invalid-argument',
  'invalid-default-bucket': 'invalid-argument',
  'no-default-bucket': 'failed-precondition',
  'invalid-checksum': 'unavailable',
  canceled: 'unavailable',
};

/** Any error of the SDKs as a BackendError. */
export function toBackendError(err: unknown): BackendError {
  if (err instanceof BackendError) return err;
  const raw = (typeof err === 'object' && err !== null ? err : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const full = typeof raw.code === 'string' ? raw.code : '';
  const code = full.replace(/^(firestore|storage|functions)\//, '');
  const known = full.startsWith('storage/')
    ? (STORAGE_CODES[code] ?? 'internal')
    : (knownBackendErrorCode(code) ??
      // The SDK throws plain Errors for malformed paths and values ("Invalid document reference").
      (full === '' && err instanceof Error && /invalid|must be|unsupported/i.test(err.message)
        ? 'invalid-argument'
        : 'internal'));
  return new BackendError(known, typeof raw.message === 'string' ? raw.message : String(err));
}

export async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toBackendError(err);
  }
}

/**
 * A listener's callbacks, guarded: whatever `deliver` throws (the conversion or the app's own
 * callback) ends the listener and reaches `error` as `internal`, once; nothing is delivered after
 * an error. The SDK would otherwise swallow the exception and the listener's store would wait.
 */
export function guardedListener<S>(
  deliver: (snapshot: S) => void,
  error: (err: ListenError) => void,
): {
  next: (snapshot: S) => void;
  fail: (err: unknown) => void;
  attach: (unsubscribe: Unsubscribe) => Unsubscribe;
} {
  let done = false;
  let unsubscribe: Unsubscribe = () => {};
  function fail(err: unknown): void {
    if (done) return;
    done = true;
    unsubscribe();
    const e = toBackendError(err);
    error({ code: e.code, message: e.message });
  }
  return {
    next(snapshot) {
      if (done) return;
      try {
        deliver(snapshot);
      } catch (err) {
        // Thrown into the SDK, it would end nothing and leave the store waiting forever.
        const message = err instanceof Error ? err.message : String(err);
        fail(new BackendError('internal', `The listener's callback failed: ${message}`));
      }
    },
    fail,
    attach(stop) {
      unsubscribe = stop;
      if (done) stop();
      return () => {
        done = true;
        stop();
      };
    },
  };
}
