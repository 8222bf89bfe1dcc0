/**
 * Which new cards an import job has counted already: a job counts its own cards in each chunk's
 * commit (`run-job.ts`), so the card-count trigger skips the creation of a card named `{jobId}-…`
 * made no later than the job's `countedAt` (else it counts twice, and a big import costs an
 * account write per card). The time test makes it safe: a card a client names like a job's is
 * created after the job's last count, so it is counted as usual.
 */
import type { DocData } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';

/** True when `card` is an import job's card that the job's own commit has counted. */
export async function isCountedByImportJob(db: ServerDb, card: DocData): Promise<boolean> {
  const id = typeof card.id === 'string' ? card.id : '';
  const accountId = typeof card.accountId === 'string' ? card.accountId : '';
  const dash = id.lastIndexOf('-');
  if (dash <= 0 || accountId === '' || !/^[A-Za-z0-9]{20}$/.test(id.slice(dash + 1))) return false;
  if (!(card.dateCreated instanceof Date)) return false;
  const job = await db.get(`accounts/${accountId}/jobs/${id.slice(0, dash)}`);
  const countedAt = job.data?.countedAt;
  return (
    job.data?.kind === 'import' &&
    countedAt instanceof Date &&
    card.dateCreated.getTime() <= countedAt.getTime()
  );
}
