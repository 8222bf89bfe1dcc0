/**
 * The local host of server jobs (`src/server/jobs/run-job.ts`, also the production `runJobs` Cloud
 * Function): a commit trigger that starts a job whenever its document becomes `queued`, and, at
 * start, the jobs a stopped server left unfinished. A job runs beside the trigger chain, not in
 * it, so the card counts and e-mails its commits cause are not held up for the whole job. A timer
 * also queues again the jobs whose run was lost (`requeueExpiredJobs`, like the production
 * `sweepJobs` function), for a run that hung without the process stopping.
 */
import { serverDbFromSync } from '@/backend/local/sync-server-db';
import {
  jobPathParams,
  requeueExpiredJobs,
  runJob,
  runJobOnWrite,
  unfinishedJobs,
} from '@/server/jobs/run-job';
import type { AdminDb, CommitTrigger } from '../types';

const running = new Set<Promise<unknown>>();

function track(work: Promise<unknown>): void {
  running.add(work);
  // A run records its own failure on the job; anything else is logged, never left unhandled.
  work
    .catch((err: unknown) => console.error('[jobs] a job run failed', err))
    .finally(() => running.delete(work));
}

export const runJobs: CommitTrigger = (change, ctx) => {
  if (!jobPathParams(change.path)) return;
  track(runJobOnWrite(serverDbFromSync(ctx.db), change));
};

/** Queues and runs the jobs left unfinished by the last run of the server. */
export async function resumeUnfinishedJobs(db: AdminDb): Promise<number> {
  const serverDb = serverDbFromSync(db);
  const paths = await unfinishedJobs(serverDb);
  for (const path of paths) track(runJob(serverDb, path));
  return paths.length;
}

/** Resolves when no job is running in this process (for tests and a clean stop). */
export async function jobsIdle(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

/**
 * Every `intervalMs`, queues and runs again the jobs whose lease expired (their run was lost).
 * Returns the function that stops the timer.
 */
export function startJobSweep(db: AdminDb, intervalMs = 60_000): () => void {
  const serverDb = serverDbFromSync(db);
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    requeueExpiredJobs(serverDb)
      .then((paths) => {
        for (const path of paths) track(runJob(serverDb, path));
      })
      .catch((err: unknown) => console.error('[jobs] the lease sweep failed', err))
      .finally(() => {
        sweeping = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
