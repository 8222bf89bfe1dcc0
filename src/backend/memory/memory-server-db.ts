/**
 * The server port in memory, for tests of server code (triggers, callables, the public surfaces'
 * counters) and for the bench: the engine's Firestore semantics over a Map, synchronous inside, and
 * the port's transactions through `serverDbFromSync`. `onCommit` sees every committed write with the
 * clock's time, so a test or the bench can count writes per document.
 */
import { BackendError } from 'firestore-engine/errors';
import { assertDocPath } from 'firestore-engine/paths';
import { validateServerQuery } from 'firestore-engine/server-query';
import { applyWrite } from 'firestore-engine/writes';
import { dumpDocs, queryDocMap, seedDoc, snapshotDoc } from './doc-map';
import { serverDbFromSync, type SyncDocStore } from '../local/sync-server-db';
import type { DocData, WriteOp } from '../port';
import { MAX_WRITES_PER_COMMIT, type ServerDb } from '../server-port';

export interface MemoryServerDb extends ServerDb {
  /** The documents as they are now (copies), path → data. */
  dump(): Record<string, DocData>;
  /** Stores a document without a commit (seeding). */
  seed(path: string, data: DocData): void;
}

export interface MemoryServerDbOptions {
  readonly now?: () => Date;
  /** Called after each commit with its writes and the time it committed at. */
  readonly onCommit?: (ops: readonly WriteOp[], at: Date) => void;
}

export function createMemoryServerDb(options: MemoryServerDbOptions = {}): MemoryServerDb {
  const now = options.now ?? (() => new Date());
  const docs = new Map<string, DocData>();

  const store: SyncDocStore = {
    get(path) {
      assertDocPath(path);
      return snapshotDoc(docs, path);
    },
    query(spec) {
      validateServerQuery(spec);
      return queryDocMap(docs, spec);
    },
    batch(ops) {
      if (ops.length > MAX_WRITES_PER_COMMIT) {
        throw new BackendError(
          'invalid-argument',
          `A batch may hold at most ${MAX_WRITES_PER_COMMIT} writes.`,
        );
      }
      const at = now();
      const working = new Map<string, DocData | null>();
      for (const op of ops) {
        const before = working.has(op.path)
          ? (working.get(op.path) ?? null)
          : (docs.get(op.path) ?? null);
        working.set(op.path, applyWrite(before, op, at));
      }
      for (const [path, after] of working) {
        if (after === null) docs.delete(path);
        else docs.set(path, after);
      }
      options.onCommit?.(ops, at);
    },
  };

  return {
    ...serverDbFromSync(store),
    dump: () => dumpDocs(docs),
    seed: (path, data) => seedDoc(docs, path, data, now()),
  };
}
