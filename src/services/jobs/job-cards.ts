/**
 * Which new cards an import job has counted already: a job counts its own cards in each chunk's
 * commit (`run-job.ts`), so the card-count trigger skips the creation of a card named `{jobId}-…`
 * made no later than the job's `countedAt` (else it counts twice, and a big import costs an
 * account write per card). The time test makes it safe: a card a client names like a job's is
 * created after the job's last count, so it is counted as usual.
 */
import type { DocData } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';
import { storedCardSchema } from '@/domain/schemas/card';
import { storedJobRunSchema } from '@/domain/schemas/job';
import { storedSelfIdSchema } from '@/domain/schemas/scan-cursor';

/** True when `card` is an import job's card that the job's own commit has counted. */
export async function isCountedByImportJob(db: ServerDb, card: DocData): Promise<boolean> {
  const { id } = storedSelfIdSchema.parse(card);
  const { accountId, dateCreated } = storedCardSchema.parse(card);
  const dash = id.lastIndexOf('-');
  if (dash <= 0 || accountId === '' || !/^[A-Za-z0-9]{20}$/.test(id.slice(dash + 1))) return false;
  if (!dateCreated) return false;
  const snap = await db.get(`accounts/${accountId}/jobs/${id.slice(0, dash)}`);
  if (!snap.data) return false;
  const job = storedJobRunSchema.parse(snap.data);
  return (
    job.kind === 'import' &&
    job.countedAt !== null &&
    dateCreated.getTime() <= job.countedAt.getTime()
  );
}
