/**
 * The access-policy hook of the local data server: the one place that decides who may read, query
 * and write what, playing the part `firestore.rules` and `storage.rules` play in production. Every
 * read, query, listener, write and file operation of a client goes through an `AccessPolicy`;
 * server code (stand-ins, triggers) uses `AdminDb` and bypasses it. The methods are synchronous
 * because writes are judged inside the SQLite transaction that commits them; `db` gives the policy
 * read access (like `get()` in rules) to the state the request sees.
 *
 * This file holds the interface and the interim policy (signed-in users only); the full policy
 * replaces `signedInPolicy` without touching the server.
 */
import type { DocData, QuerySpec } from '../src/backend/port';
import type { AuthInfo } from './types';

/** Read access for policies: the current document at a path, or null. */
export interface PolicyReader {
  get(path: string): DocData | null;
}

/**
 * What a write is judged with: `get` reads the state before the commit, `getAfter` the state with
 * all of its writes (rules' `getAfter()`), and `batchPaths` lists every document the commit writes
 * (the one path of a single write), so a policy can judge a batch as a whole where rules cannot
 * (the card cap counts the cards a batch creates). Optional: callers that omit it get the
 * per-document judgement.
 */
export interface BatchReader extends PolicyReader {
  getAfter(path: string): DocData | null;
  readonly batchPaths?: readonly string[];
}

export interface AccessPolicy {
  /** May `auth` read the document at `path`? `doc` is its data (null when missing). */
  canRead(auth: AuthInfo | null, path: string, doc: DocData | null, db: PolicyReader): boolean;
  /** May `auth` run this query (judged on the query as a whole, as Firestore rules do)? */
  canQuery(auth: AuthInfo | null, query: QuerySpec, db: PolicyReader): boolean;
  /**
   * May `auth` change the document at `path` from `before` to `after`? Null `before` is a create,
   * null `after` a delete; `after` has the transforms applied (like `request.resource`). Inside a
   * batch, `db` reads the state before the batch, `getAfter` the state after all its writes and
   * `batchPaths` names the documents the batch writes (see `BatchReader`).
   */
  canWrite(
    auth: AuthInfo | null,
    path: string,
    before: DocData | null,
    after: DocData | null,
    db: BatchReader,
  ): boolean;
  /** May `auth` get the download URL (`db` reads documents, as storage rules' firestore.get) of the file at `path`? (The download itself is public.) */
  canReadFile(auth: AuthInfo | null, path: string, db: PolicyReader): boolean;
  /** May `auth` upload (`file` given) or delete (`file` null) the file at `path`? */
  canWriteFile(
    auth: AuthInfo | null,
    path: string,
    file: { contentType: string; size: number } | null,
    db: PolicyReader,
  ): boolean;
}

/** The interim policy: any signed-in user may do anything; signed-out callers nothing. */
export function signedInPolicy(): AccessPolicy {
  const signedIn = (auth: AuthInfo | null): boolean => auth !== null;
  return {
    canRead: signedIn,
    canQuery: signedIn,
    canWrite: signedIn,
    canReadFile: (auth) => signedIn(auth),
    canWriteFile: (auth) => signedIn(auth),
  };
}
