/**
 * Transactions for the drivers that keep no locks (the local data server, in process or over HTTP):
 * the work reads through the store and records every answer; its writes are collected; the commit
 * goes through only if every read would still give the same answer, checked in the same step as the
 * commit (one synchronous turn on the local server). Otherwise the work runs again, up to
 * `maxAttempts` times, as Firestore retries a contended transaction. Reads after a write are refused,
 * as Firestore refuses them, so code that passes here passes there.
 */
import { BackendError } from './errors';
import type { DocData, DocSnapshot, QueryDoc, QuerySpec, WriteOp } from './document';
import type { ServerTransaction } from './server-db';
import { deepEqual } from './values';

/** What a transaction read: each document (null: missing) and each query's result. */
export interface TransactionReads {
  readonly docs: { readonly path: string; readonly data: DocData | null }[];
  readonly queries: { readonly spec: QuerySpec; readonly docs: readonly QueryDoc[] }[];
}

export interface OptimisticStore {
  get(path: string): Promise<DocSnapshot>;
  query(spec: QuerySpec): Promise<QueryDoc[]>;
  /** Commits `ops` only if `reads` all still hold; resolves false (nothing written) otherwise. */
  commitIf(reads: TransactionReads, ops: readonly WriteOp[]): Promise<boolean>;
}

/** True when reading again (with `get` and `query`) gives what `reads` recorded. */
export function readsStillHold(
  reads: TransactionReads,
  get: (path: string) => DocData | null,
  query: (spec: QuerySpec) => readonly QueryDoc[],
): boolean {
  for (const read of reads.docs) {
    if (!deepEqual(get(read.path), read.data)) return false;
  }
  for (const read of reads.queries) {
    const now = query(read.spec);
    if (now.length !== read.docs.length) return false;
    for (let i = 0; i < now.length; i++) {
      const a = now[i];
      const b = read.docs[i];
      if (a?.path !== b?.path || !deepEqual(a?.data, b?.data)) return false;
    }
  }
  return true;
}

export async function runOptimisticTransaction<T>(
  store: OptimisticStore,
  work: (tx: ServerTransaction) => Promise<T>,
  maxAttempts = 5,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const reads: TransactionReads = { docs: [], queries: [] };
    const ops: WriteOp[] = [];
    const readable = (): void => {
      if (ops.length > 0) {
        throw new BackendError(
          'invalid-argument',
          'A transaction must do all its reads before its writes.',
        );
      }
    };
    const tx: ServerTransaction = {
      async get(path) {
        readable();
        const snap = await store.get(path);
        reads.docs.push({ path, data: snap.data });
        return snap;
      },
      async query(spec) {
        readable();
        const docs = await store.query(spec);
        reads.queries.push({ spec, docs });
        return docs;
      },
      set(path, data, options) {
        ops.push({ kind: 'set', path, data, merge: options?.merge === true });
      },
      update(path, data) {
        ops.push({ kind: 'update', path, data });
      },
      delete(path) {
        ops.push({ kind: 'delete', path });
      },
    };
    const result = await work(tx);
    if (await store.commitIf(reads, ops)) return result;
    if (attempt >= maxAttempts) {
      throw new BackendError(
        'unavailable',
        `The transaction met concurrent writes ${maxAttempts} times; try again.`,
      );
    }
  }
}
