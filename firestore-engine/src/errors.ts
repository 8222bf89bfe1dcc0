/** Error codes the port reports, named as Firestore names them so both drivers say the same thing. */
export type BackendErrorCode =
  | 'permission-denied'
  | 'unauthenticated'
  | 'not-found'
  | 'already-exists'
  | 'invalid-argument'
  | 'failed-precondition'
  | 'resource-exhausted'
  | 'unavailable'
  | 'deadline-exceeded'
  | 'internal';

/** Every code above, for recognising a code that arrives as a string (an SDK's, the local server's). */
export const BACKEND_ERROR_CODES: readonly BackendErrorCode[] = [
  'permission-denied',
  'unauthenticated',
  'not-found',
  'already-exists',
  'invalid-argument',
  'failed-precondition',
  'resource-exhausted',
  'unavailable',
  'deadline-exceeded',
  'internal',
];

/**
 * The port's code for a code received as text (`PERMISSION_DENIED` and `permission-denied` alike),
 * or undefined when it is none of them.
 */
export function knownBackendErrorCode(raw: unknown): BackendErrorCode | undefined {
  const normalized = typeof raw === 'string' ? raw.toLowerCase().replace(/_/g, '-') : '';
  return BACKEND_ERROR_CODES.find((code) => code === normalized);
}

export class BackendError extends Error {
  readonly code: BackendErrorCode;

  constructor(code: BackendErrorCode, message: string) {
    super(message);
    this.name = 'BackendError';
    this.code = code;
  }
}

/** True when `err` is a BackendError with the given code. */
export function isBackendError(err: unknown, code?: BackendErrorCode): err is BackendError {
  return err instanceof BackendError && (code === undefined || err.code === code);
}

/**
 * Ends a listener that could not start (a malformed path, a refused query) the way every driver
 * must: through its `error` callback in a later microtask, never by throwing into the caller, and
 * not at all when it was unsubscribed first.
 */
export function failListenerLater(
  error: (err: { code: BackendErrorCode; message: string }) => void,
  err: BackendError,
): () => void {
  let active = true;
  queueMicrotask(() => {
    if (active) error({ code: err.code, message: err.message });
  });
  return () => {
    active = false;
  };
}
