import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DocData, DocSnapshot, QueryDoc, WriteOp } from 'firestore-engine/document';
import type { ServerQuerySpec } from 'firestore-engine/server-db';
/** A write kept in the counter outbox, not yet carried by a commit; `receipt` retires it. */
export interface OutboxEntry {
  readonly receipt: number;
  readonly path: string;
  readonly fields: DocData;
}

/**
 * Writes kept on disk between their acknowledgement and the commit that carries them, which
 * retires them in its own transaction: after a crash the entries left are exactly those not yet
 * written. The host's buffered counters keep their counts here.
 */
export interface CounterOutbox {
  append(path: string, fields: DocData): number;
  unwritten(): OutboxEntry[];
  commit(ops: readonly WriteOp[], receipts: readonly (number | string)[]): void;
}

/** Server-privileged, synchronous database access: no access policy; writes notify listeners and triggers. */
export interface AdminDb {
  get(path: string): DocSnapshot;
  query(spec: ServerQuerySpec): QueryDoc[];
  set(path: string, data: DocData, options?: { merge?: boolean }): void;
  update(path: string, data: DocData): void;
  delete(path: string): void;
  add(collectionPath: string, data: DocData): string;
  batch(ops: readonly WriteOp[]): void;
  /** The store's counter outbox: buffered public counts kept on disk until written. */
  readonly counterOutbox?: CounterOutbox;
  /**
   * Reads for code that never changes what it reads (the public surfaces): each stored version of
   * a document is copied and frozen once, so that every read of that version is the same object.
   */
  readonly frozen?: FrozenReads;
}
export interface FrozenReads {
  get(path: string): DocSnapshot;
  query(spec: ServerQuerySpec): QueryDoc[];
}
export interface AuthInfo {
  uid: string;
  email?: string;
  claims: Record<string, unknown>;
}
export interface ServerContext {
  db: AdminDb;
  projectId: string;
  dataDir: string;
  /** The origin the server is reached at, e.g. http://localhost:5173 */
  publicOrigin: string;
  verifyIdToken(token: string): Promise<AuthInfo>;
}
/** Handles a request it recognises and returns true, or returns false to let the next handler try. */
export type RouteHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: ServerContext,
) => Promise<boolean>;
export interface DocChange {
  path: string;
  before: DocData | null;
  after: DocData | null;
}
/** Runs after each commit, once per changed document, in commit order (like a Cloud Function trigger). */
export type CommitTrigger = (change: DocChange, ctx: ServerContext) => void | Promise<void>;
