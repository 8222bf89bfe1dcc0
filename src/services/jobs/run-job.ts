/**
 * Runs server jobs for both hosts whenever a job document becomes `queued` (src/domain/jobs.ts;
 * docs/decisions/011-server-jobs.md). A run claims the job in a transaction, so no two runs share
 * it, and commits each chunk's writes with the job's cursor, so whatever stops a run the next one
 * continues exactly there: no card twice, no row lost. A run stops after `budgetMs` and re-queues
 * the job, to stay inside a Cloud Function's time limit. Jobs write with server privileges, so
 * each kind enforces the business rules itself with the shared domain functions.
 */
import type { DocData, WriteOp } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';
import { MAX_WRITES_PER_COMMIT } from '@/backend/server-port';
import { increment, serverTimestamp } from 'firestore-engine/transforms';
import { DEACTIVATED_JOB_MESSAGE } from '@/domain/account-status';
import { cardUsagePath, storedCardCap } from '@/domain/card-count';
import { IMPORT_CREATOR_LEFT, jobWantsRun, managesImport } from '@/domain/jobs';
import { storedCardSchema } from '@/domain/schemas/card';
import { storedPick } from '@/domain/schemas/fields';
import { storedJobRunSchema } from '@/domain/schemas/job';
import { accountDeactivated } from '../active-account';
import { claimLease, LEASE_FIELD, leaseFrom, leaseHeld, sweepQueue } from '../lease-queue';
import { recountTeamUsage } from '../team-usage';
import { importJob } from './import-job';
import { JobError } from './job-kind';
import type { JobKindRunner } from './job-kind';
import { teamSyncJob } from './team-sync-job';

/** Whose a card a chunk creates is. */
const cardOwner = storedPick(storedCardSchema, { ownerId: true });

/** The job documents the trigger follows. */
export const JOB_DOCUMENT = 'accounts/{accountId}/jobs/{jobId}';

const JOB_PATH = /^accounts\/([^/]+)\/jobs\/([^/]+)$/;

/** `{ accountId, jobId }` of a job document path, or null for any other path. */
export function jobPathParams(path: string): { accountId: string; jobId: string } | null {
  const match = JOB_PATH.exec(path);
  return match?.[1] && match[2] ? { accountId: match[1], jobId: match[2] } : null;
}

/** How long one run works before it queues the job again (under the 9-minute function limit). */
export const RUN_BUDGET_MS = 7 * 60 * 1000;

const KINDS: Record<string, JobKindRunner<unknown>> = {
  import: importJob as JobKindRunner<unknown>,
  teamSync: teamSyncJob as JobKindRunner<unknown>,
};

/**
 * How long a run's claim on a job holds without news: the run stamps `leaseUntil` = now + this when
 * it claims the job and with every chunk's commit (a chunk takes seconds). A job still `running`
 * past its lease has lost its run (an instance killed, a deploy, a crash), and the sweep
 * (`requeueExpiredJobs`) queues it again.
 */
export const LEASE_MS = 3 * 60 * 1000;

export type RunOutcome =
  | 'done'
  | 'failed'
  | 'cancelled'
  | 'requeued'
  | 'not-queued'
  /** The job was taken over by a later run after this run's lease expired: this run stopped. */
  | 'superseded';

export interface RunJobOptions {
  budgetMs?: number;
  /** The clock the budget is measured with (tests pass a fake). */
  clock?: () => number;
}

/**
 * Takes a queued job for this run; null when it is not queued (another run has it, or it ended).
 * The job's `runs` after the claim is this run's number: a run stops when it sees another number.
 */
function claim(db: ServerDb, path: string, leaseUntil: Date): Promise<DocData | null> {
  return claimLease(db, path, leaseUntil, async (tx) => {
    const snap = await tx.get(path);
    if (!snap.exists || !snap.data) return null;
    const job = storedJobRunSchema.parse(snap.data);
    if (job.state !== 'queued') return null;
    return {
      taken: snap.data,
      data: {
        state: 'running',
        runs: increment(1),
        updatedAt: serverTimestamp(),
        ...(job.startedAt ? {} : { startedAt: serverTimestamp() }),
      },
    };
  });
}

function messageOf(err: unknown): string {
  return err instanceof JobError
    ? err.message
    : `The job stopped unexpectedly: ${(err as { message?: string }).message ?? String(err)}`;
}

/** Yields to the event loop between chunks, so a long job never holds the server's thread. */
function breathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs the job at `path` if it is queued, chunk by chunk, until it is done, fails, is cancelled or
 * its budget is spent (then it is queued again for the next run).
 */
export async function runJob(
  db: ServerDb,
  path: string,
  options: RunJobOptions = {},
): Promise<RunOutcome> {
  const params = jobPathParams(path);
  if (!params) return 'not-queued';
  const clock = options.clock ?? Date.now;
  const budget = options.budgetMs ?? RUN_BUDGET_MS;
  const lease = () => leaseFrom(clock(), LEASE_MS);
  const claimed = await claim(db, path, lease());
  if (!claimed) return 'not-queued';
  const taken = storedJobRunSchema.parse(claimed);
  const run = taken.runs + 1;
  const started = clock();
  const finish = (data: DocData) =>
    db.batch([{ kind: 'update', path, data: { ...data, updatedAt: serverTimestamp() } }]);
  try {
    // Own keys only: a stored kind of `constructor` would find Object's own.
    const kind = Object.hasOwn(KINDS, taken.kind) ? KINDS[taken.kind] : undefined;
    if (!kind) throw new JobError('This kind of job is not known.');
    // A deactivated account's job stops (docs/access.md, "Deactivated accounts"): failed with a
    // message that says why, its cursor kept, so a manager resumes it after the reactivation.
    const stopIfDeactivated = async () => {
      if (await accountDeactivated(db, params.accountId))
        throw new JobError(DEACTIVATED_JOB_MESSAGE);
    };
    await stopIfDeactivated();
    const state = await kind.start({ db, path, ...params, job: claimed });
    for (;;) {
      const current = await db.get(path);
      if (!current.data) return 'cancelled';
      const job = storedJobRunSchema.parse(current.data);
      // The sweep queued the job again after this run's lease expired, and a later run has it.
      if (job.state !== 'running' || job.runs !== run) return 'superseded';
      if (job.cancelRequested) {
        // The cards made before the cancel stay: the team's usage counts them.
        if (job.kind === 'import' && job.teamId !== '')
          await recountTeamUsage(db, params.accountId, job.teamId);
        await finish({ state: 'cancelled', error: 'Cancelled.', finishedAt: serverTimestamp() });
        return 'cancelled';
      }
      await stopIfDeactivated();
      const step = await kind.step({ db, path, ...params, job: current.data }, state);
      const update: DocData = {
        ...step.progress,
        leaseUntil: lease(),
        updatedAt: serverTimestamp(),
      };
      const ops: WriteOp[] = [...step.ops];
      // Cards created by a job are counted in the commit that creates them, by adding the chunk's
      // count (not recounting the account: that would cost a read of every card a chunk), and the
      // job's `countedAt` tells the card-count trigger to skip them (job-cards.ts). Atomic with
      // the cursor, so a resumed part is never counted twice.
      const newCards = step.newCards ?? 0;
      if (newCards > 0) update.countedAt = serverTimestamp();
      ops.push({ kind: 'update', path, data: update });
      // Two more: the account's count and the card-cap document.
      if (ops.length + 2 > MAX_WRITES_PER_COMMIT)
        throw new Error(`A chunk of ${ops.length} writes is over the commit limit.`);
      await commitChunk(db, params.accountId, ops, newCards);
      // The team's usage, recounted once at the end, before the job can be done: a job's cards skip
      // the per-card trigger (job-cards.ts), and a run that dies in between leaves the job running,
      // so the next run counts again. Until then the team page's count trails the job's progress.
      // The account's count needs no recount: each chunk's commit moved it exactly.
      if (step.recount && job.teamId !== '')
        await recountTeamUsage(db, params.accountId, job.teamId);
      if (step.finished) {
        await finish({ state: 'done', error: null, finishedAt: serverTimestamp() });
        return 'done';
      }
      if (clock() - started >= budget) {
        // The next run starts from the cursor just stored (the trigger sees `queued` again).
        await finish({ state: 'queued' });
        return 'requeued';
      }
      await breathe();
    }
  } catch (err) {
    console.error(`[jobs] ${path} failed`, err);
    try {
      await finish({ state: 'failed', error: messageOf(err) });
    } catch (again) {
      console.error(`[jobs] recording the failure of ${path} failed too`, again);
    }
    return 'failed';
  }
}

/** Why a chunk was not written: cards made elsewhere meanwhile took the slots it was to fill. */
export const CAP_REACHED_MEANWHILE =
  'Cards were created elsewhere while this import ran and the account reached its card cap. ' +
  'Resume the import to see which rows are left.';

/** Why a chunk was not written: a handle it was to claim was claimed elsewhere meanwhile. */
export const CLAIMED_MEANWHILE =
  'A handle this import was about to use was taken elsewhere while it ran. ' +
  'Resume the import to see which rows are left.';

/**
 * Commits a chunk's writes. A chunk that creates cards raises the account's counts by their number
 * in the same commit (plan.cardsInUse and the card-cap document's `inUse`, which the rules' cap
 * reads; atomic with the job's cursor, so a part is counted once however often a run dies), in a
 * transaction that first checks the count as stored at that moment, and that each handle claim
 * and card it creates is still free: a client may have created cards or claimed a handle since the
 * chunk was planned, and neither the cap nor a claim is overwritten. A chunk refused here is
 * written by no part; resumed, its rows are planned again against what is stored then.
 */
async function commitChunk(
  db: ServerDb,
  accountId: string,
  ops: readonly WriteOp[],
  newCards: number,
): Promise<void> {
  if (newCards === 0) {
    await db.batch(ops);
    return;
  }
  // The claims and cards the chunk creates: free when it was planned, read again here.
  const creates = ops.filter(
    (op) => op.kind === 'set' && (op.path.startsWith('handles/') || op.path.startsWith('cards/')),
  );
  await db.runTransaction(async (tx) => {
    const account = await tx.get(`accounts/${accountId}`);
    const usage = await tx.get(cardUsagePath(accountId));
    const taken = await Promise.all(creates.map(async (op) => (await tx.get(op.path)).exists));
    if (taken.some(Boolean)) throw new JobError(CLAIMED_MEANWHILE);
    const cap = storedCardCap(account.data, usage.data);
    if (cap.inUse + newCards > cap.limit) throw new JobError(CAP_REACHED_MEANWHILE);
    // Each new card's owner (the job's creator) still owns or collaborates on the account now: the
    // chunk was planned before, and a removal in between must not hand them one more chunk.
    for (const op of creates) {
      if (op.kind !== 'set' || !op.path.startsWith('cards/')) continue;
      if (!managesImport(account.data, cardOwner.parse(op.data).ownerId ?? ''))
        throw new JobError(IMPORT_CREATOR_LEFT);
    }
    for (const op of ops) {
      if (op.kind === 'set') tx.set(op.path, op.data, op.merge ? { merge: true } : undefined);
      else if (op.kind === 'update') tx.update(op.path, op.data);
      else tx.delete(op.path);
    }
    // Both counts move by exactly the chunk's cards, from what is stored now (the cap's count may
    // hold client batches whose triggers are still to move the exact one: it stays ahead by them).
    tx.update(`accounts/${accountId}`, { 'plan.cardsInUse': increment(newCards) });
    tx.set(cardUsagePath(accountId), { inUse: cap.inUse + newCards }, { merge: true });
  });
}

/** Runs the job if this write of its document asks for it (see `jobWantsRun`). */
export async function runJobOnWrite(
  db: ServerDb,
  change: { path: string; before: DocData | null; after: DocData | null },
  options: RunJobOptions = {},
): Promise<RunOutcome> {
  if (!jobPathParams(change.path) || !jobWantsRun(change.before, change.after)) return 'not-queued';
  return runJob(db, change.path, options);
}

/** The id of every account's jobs collection, queried across accounts as a collection group. */
export const JOBS_COLLECTION = 'jobs';

/**
 * The jobs a stopped server left unfinished: `running` ones (their run died with the process) are
 * queued again and `queued` ones returned as they are, so the host can run them. The local server
 * calls it at start; it is one process, so nothing else can be running them. One collection-group
 * query finds them, whatever the number of accounts.
 */
export async function unfinishedJobs(db: ServerDb): Promise<string[]> {
  const paths: string[] = [];
  const jobs = await db.query({
    collection: JOBS_COLLECTION,
    collectionGroup: true,
    where: [{ field: 'state', op: 'in', value: ['queued', 'running'] }],
  });
  for (const job of jobs) {
    if (!jobPathParams(job.path)) continue;
    if (storedJobRunSchema.parse(job.data).state === 'running') {
      await db.batch([{ kind: 'update', path: job.path, data: { state: 'queued' } }]);
    }
    paths.push(job.path);
  }
  return paths;
}

/** A job from before leases holds one until its last update + `LEASE_MS`. */
function unstampedLeaseEnd(job: DocData): number {
  const { updatedAt } = storedJobRunSchema.parse(job);
  return updatedAt ? updatedAt.getTime() + LEASE_MS : 0;
}

/** Expired leases queued again per page of the sweep. */
const SWEEP_PAGE = 100;

/**
 * The sweep that resumes jobs whose run was lost: every `running` job whose lease has expired is
 * queued again, in a transaction that checks the lease once more, so a run that renewed its lease
 * meanwhile keeps its job and two runs never share one. Returns the paths it queued; in production
 * the write itself starts the next run (`runJobs`), the local host also runs them (the claim makes
 * a second start a no-op). Both hosts call it on a timer, the local server also at start.
 *
 * It reads only the expired jobs, not every account (issue 26: every account every 5 minutes was
 * millions of reads a day): a collection-group query on `state` and `leaseUntil`, served by the
 * COLLECTION_GROUP index of firestore.indexes.json, in pages (each page's jobs leave the result
 * as they are queued). A job still `running` without a lease (written before leases existed) is not
 * found by it: the claim of every run since stamps one.
 */
export async function requeueExpiredJobs(
  db: ServerDb,
  options: { clock?: () => number } = {},
): Promise<string[]> {
  const now = (options.clock ?? Date.now)();
  const expired = {
    collection: JOBS_COLLECTION,
    collectionGroup: true,
    where: [
      { field: 'state', op: '==' as const, value: 'running' },
      { field: LEASE_FIELD, op: '<=' as const, value: new Date(now) },
    ],
    orderBy: [{ field: LEASE_FIELD, direction: 'asc' as const }],
    limit: SWEEP_PAGE,
  };
  const queued = await sweepQueue(db, expired, async (job) => {
    if (!jobPathParams(job.path)) return false;
    const requeued = await db.runTransaction(async (tx) => {
      const snap = await tx.get(job.path);
      const lost =
        snap.data !== null &&
        storedJobRunSchema.parse(snap.data).state === 'running' &&
        !leaseHeld(snap.data, now, unstampedLeaseEnd);
      if (!lost) return false;
      tx.update(job.path, { state: 'queued', leaseUntil: null, updatedAt: serverTimestamp() });
      return true;
    });
    if (requeued)
      console.info(`[jobs] ${job.path}: its run was lost (lease expired), queued again`);
    return requeued;
  });
  return queued.map((job) => job.path);
}
