/**
 * The server's job runner for component tests: follows the jobs of an account on the in-memory
 * backend and runs each queued one with the real `runJob` (`src/services/jobs/run-job.ts`), over a
 * server port made of the same memory backend, as the local server's trigger does. Screens that
 * start a job (import, team sync) then see its progress and result as they would in the app.
 */
import type { MemoryBackend } from '@/backend/memory/memory-backend';
import { runOptimisticTransaction } from 'firestore-engine/optimistic-transaction';
import type { ServerDb } from '@/backend/server-port';
import { runJob } from '@/services/jobs/run-job';

/** A server port over the memory backend (server privileges: no `refuse`d access is checked here). */
export function serverDbOver(db: MemoryBackend): ServerDb {
  return {
    get: (path) => db.get(path),
    query: (spec) => db.query(spec),
    batch: (ops) => db.batch(ops),
    // One run per job at a time (below), so what a transaction read still holds.
    runTransaction: (work) =>
      runOptimisticTransaction(
        {
          get: (path) => db.get(path),
          query: (spec) => db.query(spec),
          commitIf: async (_reads, ops) => {
            if (ops.length > 0) await db.batch(ops);
            return true;
          },
        },
        work,
      ),
  };
}

/** Runs the account's queued jobs as they appear; returns a stop function. */
export function runJobsOn(db: MemoryBackend, accountId = 'acme'): () => void {
  const serverDb = serverDbOver(db);
  // One run per job at a time (the real server's claim is a transaction; this one is not).
  const running = new Set<string>();
  return db.onQuery(
    { collection: `accounts/${accountId}/jobs` },
    (docs) => {
      for (const doc of docs) {
        if (doc.data.state !== 'queued' || running.has(doc.path)) continue;
        running.add(doc.path);
        void runJob(serverDb, doc.path).finally(() => running.delete(doc.path));
      }
    },
    (err) => console.error('[test jobs]', err),
  );
}
