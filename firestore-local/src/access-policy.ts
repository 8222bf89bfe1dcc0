/**
 * The access-policy hook of the local data server: the one seam through which every client call is
 * judged (by the rules engine, `./access/rules-engine-policy.ts`). There is no default, so a server
 * without a policy refuses to start rather than allow everything. Server code uses `AdminDb` and
 * bypasses it, as the Admin SDK bypasses rules. The methods are synchronous because writes are
 * judged inside the SQLite transaction that commits them.
 */
import type { DocData, QuerySpec } from 'firestore-engine/document';
import type { AuthInfo } from './types';

/** Read access for policies: the current document at a path, or null. */
export interface PolicyReader {
  get(path: string): DocData | null;
}

/**
 * What a write is judged with: `get` reads the state before the commit, `getAfter` the state with
 * all of its writes (rules' `getAfter()`). Every write of one commit is judged with the same
 * reader object, so a policy can share per-request state (the rules' access-call budget) across a
 * batch by the reader's identity; `writeCount` is the number of documents the commit writes and
 * `time` the commit's time (`request.time`, the value its server timestamps take).
 */
export interface BatchReader extends PolicyReader {
  getAfter(path: string): DocData | null;
  readonly writeCount: number;
  readonly time: Date;
}

/** What the file store knows of a stored or uploaded file (storage rules' `resource`). */
export interface FileMeta {
  contentType: string;
  size: number;
  /** When the stored file was last written (absent for an upload being judged). */
  updated?: Date;
}

export interface AccessPolicy {
  /** May `auth` read the document at `path`? `doc` is its data (null when missing). */
  canRead(auth: AuthInfo | null, path: string, doc: DocData | null, db: PolicyReader): boolean;
  /** May `auth` run this query (judged on the query as a whole, as Firestore rules do)? */
  canQuery(auth: AuthInfo | null, query: QuerySpec, db: PolicyReader): boolean;
  /**
   * May `auth` change the document at `path` from `before` to `after`? Null `before` is a create,
   * null `after` a delete; `after` has the transforms applied (like `request.resource`).
   */
  canWrite(
    auth: AuthInfo | null,
    path: string,
    before: DocData | null,
    after: DocData | null,
    db: BatchReader,
  ): boolean;
  /** May `auth` get the download URL of the file at `path` (`stored`: its metadata, or null)? */
  canReadFile(
    auth: AuthInfo | null,
    path: string,
    stored: FileMeta | null,
    db: PolicyReader,
  ): boolean;
  /**
   * May `auth` upload `incoming` to `path` (a create when `stored` is null, else an update), or
   * delete the file there (`incoming` null)?
   */
  canWriteFile(
    auth: AuthInfo | null,
    path: string,
    stored: FileMeta | null,
    incoming: FileMeta | null,
    db: PolicyReader,
  ): boolean;
}
