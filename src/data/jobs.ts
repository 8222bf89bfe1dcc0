/**
 * The account's server jobs (`accounts/{accountId}/jobs/{jobId}`, `src/domain/jobs.ts`): the
 * client creates a job and follows its document; the server does the work and writes the
 * progress. A person may leave the page meanwhile: the job goes on, and the page shows it again
 * when they come back.
 */
import { backend } from '../backend/current';
import type { ListenError, Unsubscribe } from '../backend/port';
import { jobOf } from '../domain/jobs';
import type { Job } from '../domain/jobs';

export function jobsPath(accountId: string): string {
  return `accounts/${accountId}/jobs`;
}

export function jobPath(accountId: string, jobId: string): string {
  return `${jobsPath(accountId)}/${jobId}`;
}

/** Follows one job; `next(null)` while it does not exist. */
export function watchJob(
  accountId: string,
  jobId: string,
  next: (job: Job | null) => void,
  error: (err: ListenError) => void,
): Unsubscribe {
  return backend().onDoc(
    jobPath(accountId, jobId),
    (snap) => next(snap.exists && snap.data ? jobOf(snap.id, snap.data) : null),
    error,
  );
}

/** Asks the server to stop the job after its current chunk. */
export async function cancelJob(accountId: string, jobId: string): Promise<void> {
  await backend().update(jobPath(accountId, jobId), { cancelRequested: true });
}

/** Queues a failed job again: it continues from its cursor. */
export async function resumeJob(accountId: string, jobId: string): Promise<void> {
  await backend().update(jobPath(accountId, jobId), { state: 'queued' });
}
