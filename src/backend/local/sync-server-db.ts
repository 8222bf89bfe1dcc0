/**
 * The server port over a synchronous document store in the same process: the local data server's
 * privileged `AdminDb` (or any store with its `get`/`query`/`batch`). A transaction's check and its
 * commit run in one synchronous step, so nothing can slip between them; the retries of
 * `runOptimisticTransaction` only matter when the work awaits something else between its reads.
 */
import {
  readsStillHold,
  runOptimisticTransaction,
  type OptimisticStore,
} from 'firestore-engine/optimistic-transaction';
import type { DocSnapshot, QueryDoc, WriteOp } from '../port';
import type { ServerDb, ServerQuerySpec } from '../server-port';

/** A synchronous store with server privileges (the local server's AdminDb satisfies it). */
export interface SyncDocStore {
  get(path: string): DocSnapshot;
  query(spec: ServerQuerySpec): QueryDoc[];
  batch(ops: readonly WriteOp[]): void;
}

export function serverDbFromSync(store: SyncDocStore): ServerDb {
  const optimistic: OptimisticStore = {
    get: async (path) => store.get(path),
    query: async (spec) => store.query(spec),
    async commitIf(reads, ops) {
      if (
        !readsStillHold(
          reads,
          (p) => store.get(p).data,
          (s) => store.query(s),
        )
      )
        return false;
      if (ops.length > 0) store.batch(ops);
      return true;
    },
  };
  return {
    get: async (path) => store.get(path),
    query: async (spec) => store.query(spec),
    batch: async (ops) => {
      if (ops.length > 0) store.batch(ops);
    },
    runTransaction: (work) => runOptimisticTransaction(optimistic, work),
  };
}
