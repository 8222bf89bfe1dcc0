/** The port's errors are the document engine's: Firestore's codes, one class for every driver. */
export {
  BACKEND_ERROR_CODES,
  BackendError,
  failListenerLater,
  isBackendError,
  knownBackendErrorCode,
  type BackendErrorCode,
} from 'firestore-engine/errors';
