/**
 * What a kind of server job implements (`src/services/jobs/run-job.ts` runs them): `start` loads
 * what every chunk needs, `step` does the chunk after the job's cursor and says what to store.
 */
import type { DocData, WriteOp } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';

/** What a job kind is given: the database, where the job is, and the job as stored now. */
export interface JobContext {
  db: ServerDb;
  path: string;
  accountId: string;
  jobId: string;
  job: DocData;
}

/** One chunk's work: its writes, the job fields to store with them, and whether it was the last. */
export interface JobStep {
  ops: WriteOp[];
  progress: DocData;
  finished: boolean;
  /**
   * Cards in use the chunk creates: the runner adds them to the account's `plan.cardsInUse` in
   * the chunk's own commit (and stamps `countedAt` on the job, see `job-cards.ts`).
   */
  newCards?: number;
  /** True when the runner recounts the job's team after this chunk (an import's last one). */
  recount?: boolean;
}

export interface JobKindRunner<S> {
  start(ctx: JobContext): Promise<S>;
  step(ctx: JobContext, state: S): Promise<JobStep>;
}

/** A failure the person can act on: its message is stored on the job as it is. */
export class JobError extends Error {}
