/**
 * The server port: what server code (`src/services/`) needs of the database, with server privileges
 * and no access rules: the client port's shapes plus transactions. Its drivers (admin, local in
 * process, local over HTTP) all give transactions Firestore's meaning: one state read, a commit only
 * if nothing read changed, otherwise a retry, so the work must have no effect besides its writes.
 */

export type {
  ServerQuerySpec,
  ServerTransaction,
  ServerDb,
  DocumentChange,
} from 'firestore-engine/server-db';
export { MAX_WRITES_PER_COMMIT } from 'firestore-engine/server-db';

/** The caller of a callable, from its verified ID token (null: not signed in). */
export interface CallerAuth {
  readonly uid: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
}
