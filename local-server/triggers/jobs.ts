/**
 * The local host of server jobs (`src/services/jobs/run-job.ts`): the table's `runJobs` trigger
 * (`src/services/hosted.ts`, also the production Cloud Function) starts a job whenever its document
 * becomes `queued`, beside the commit pipeline, not in it, so the card counts and e-mails its
 * commits cause are not held up for the whole job. At start, the jobs a stopped server left
 * unfinished run again. The table's `sweepJobs` schedule (run by the local host's timers, like
 * the production function) queues again the jobs whose run was lost.
 */
import { serverDbFromSync } from '@/backend/local/sync-server-db';
import { runJob, unfinishedJobs } from '@/services/jobs/run-job';
import { besideWork, localTrigger } from '../local-host';
import type { AdminDb, CommitTrigger } from 'firestore-local/types';

export const runJobs: CommitTrigger = localTrigger('runJobs');

function logFailure(work: Promise<unknown>): void {
  // A run records its own failure on the job; anything else is logged, never left unhandled.
  besideWork.track(work).catch((err: unknown) => console.error('[jobs] a job run failed', err));
}

/** Queues and runs the jobs left unfinished by the last run of the server. */
export async function resumeUnfinishedJobs(db: AdminDb): Promise<number> {
  const serverDb = serverDbFromSync(db);
  const paths = await unfinishedJobs(serverDb);
  for (const path of paths) logFailure(runJob(serverDb, path));
  return paths.length;
}

/** Resolves when no job (nor other work beside the commit pipeline) is running in this process. */
export async function jobsIdle(): Promise<void> {
  await besideWork.idle();
}
