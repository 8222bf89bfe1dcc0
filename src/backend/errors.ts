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
