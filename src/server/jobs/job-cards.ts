/**
 * Which new cards an import job has counted already. An import job names its cards
 * `{jobId}-{random id}` (the random part its own, see import-job.ts) and counts them itself: each
 * chunk's commit creates the cards, adds their number to the account's `plan.cardsInUse` and the
 * card-cap document's `inUse`, and writes `countedAt` on the job (`run-job.ts`). So the card-count
 * trigger (`src/server/card-count.ts`) skips the creation of a card that job made no later than
 * `countedAt`: counted twice otherwise, and 10,000 imported cards cost no account write per card.
 * The time test is what makes it safe: a card a client names like a job's card is created after
 * the job's last count (its `dateCreated` is the commit time), so it is counted as usual.
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
