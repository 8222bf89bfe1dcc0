/**
 * The server port: what server code (public surfaces, triggers, callables in `src/services/`) needs of
 * the database, with server privileges and no access rules. It is the client port's document shapes
 * (`./port.ts`: plain data, Dates, tagged transforms, the value classes of `./value-types.ts`) with
 * one addition clients do not get: transactions.
 *
 * Drivers: `admin/admin-server-db.ts` (firebase-admin, in the Cloud Functions), `local/sync-server-db.ts`
 * (the local data server's own store, in process) and `local/remote-server-db.ts` (the local data
 * server over HTTP, for the deploy rehearsal's functions). All three give transactions Firestore's
 * meaning: every read sees one state, the writes commit only if nothing read has changed since, and
 * the work is retried otherwise, so it must have no effect besides its writes.
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
