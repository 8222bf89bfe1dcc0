/**
 * What server code needs of a database with server privileges and no access rules: the document
 * shapes of `./document.ts` plus transactions and two query options only servers use. Every
 * transaction has Firestore's meaning: every read sees one state, the writes commit only if
 * nothing read has changed since, and the work is retried otherwise.
 */
import type { DocData, DocSnapshot, QueryDoc, QuerySpec, WriteOp } from './document';

/**
 * A query of server code: the client port's, plus two things only server code asks for, which the
 * access rules never judge. Both are Firestore's own, so every driver maps them one to one.
 */
export interface ServerQuerySpec extends QuerySpec {
  /**
   * True: `collection` is a collection id (`jobs`), and the query spans every collection of that
   * id at any depth (a collection-group query; Firestore answers it from a COLLECTION_GROUP index
   * in firestore.indexes.json).
   */
  readonly collectionGroup?: boolean;
  /**
   * The fields each result carries (dotted paths; a field mask): the others are neither read into
   * memory nor sent. A listed field a document lacks is left out.
   */
  readonly select?: readonly string[];
}

export interface ServerTransaction {
  get(path: string): Promise<DocSnapshot>;
  query(spec: QuerySpec): Promise<QueryDoc[]>;
  /** Writes are collected and committed together when the work resolves; reads come first. */
  set(path: string, data: DocData, options?: { merge?: boolean }): void;
  update(path: string, data: DocData): void;
  delete(path: string): void;
}

export interface ServerDb {
  get(path: string): Promise<DocSnapshot>;
  query(spec: ServerQuerySpec): Promise<QueryDoc[]>;
  /** All the writes commit together or none does (at most 500, Firestore's batch limit). */
  batch(ops: readonly WriteOp[]): Promise<void>;
  /** Runs `work` as one transaction (see the module comment) and returns what it returned. */
  runTransaction<T>(work: (tx: ServerTransaction) => Promise<T>): Promise<T>;
}

/** Firestore's limit on the writes of one batch or transaction. */
export const MAX_WRITES_PER_COMMIT = 500;

/** A document changed by a commit, as triggers see it (null: missing before or after). */
export interface DocumentChange {
  readonly path: string;
  readonly before: DocData | null;
  readonly after: DocData | null;
}
