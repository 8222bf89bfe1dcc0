import type { AccessPolicy } from 'firestore-local/access-policy';

/** For a bench's own server, which no client calls reach: every call is refused. */
export const REFUSE_ALL: AccessPolicy = {
  canRead: () => false,
  canQuery: () => false,
  canWrite: () => false,
  canReadFile: () => false,
  canWriteFile: () => false,
};
