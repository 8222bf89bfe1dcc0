/**
 * The import job: one card per row of a bulk import, a part of rows per commit, read from the
 * `{job}/rows/{part}` documents the client wrote before creating the job. Rules do not judge
 * server writes, so every row is checked again here, and nothing an attacker controls (the job id,
 * the rows) decides where a card lands (docs/access.md, "Attacks and where each is stopped"). The
 * card cap holds through one import per account at a time (`takeImportLock`) and a recount per
 * chunk.
 */
import { newDocId } from 'firestore-engine/paths';
import type { DocData, WriteOp } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';
import { serverTimestamp } from 'firestore-engine/transforms';
import { cardUsagePath, cardsInUse, storedCardCap } from '@/domain/card-count';
import { importedCardData } from '@/domain/imported-card';
import type { ImportedCardInput } from '@/domain/imported-card';
import {
  ALREADY_HAS_CARD,
  ANOTHER_IMPORT_RUNNING,
  CARD_ID_IN_USE,
  handleTakenMessage,
  IMPORT_CREATOR_LEFT,
  importPartId,
  managesImport,
  importRowProblem,
  isJobActive,
  jobOf,
  MAX_JOB_PROBLEMS,
  overCapMessage,
} from '@/domain/jobs';
import type { JobProblem } from '@/domain/jobs';
import { storedAccountSchema } from '@/domain/schemas/account';
import { storedCardSchema } from '@/domain/schemas/card';
import {
  importRowFromDoc,
  storedImportJobSchema,
  storedImportLockSchema,
  storedImportPartSchema,
} from '@/domain/schemas/job';
import { scanCursorOf } from '@/domain/schemas/scan-cursor';
import { storedTeamSchema } from '@/domain/schemas/team';
import { syncTeamOf, teamSyncState } from '@/domain/team-sync-plan';
import { JobError } from './job-kind';
import type { JobKindRunner, JobStep } from './job-kind';

/** Account cards read per page while loading the e-mails and the count. */
const CARD_SCAN_PAGE = 1000;

interface ImportRun {
  card: ImportedCardInput;
  /** Lowercased e-mails with a card in the account, this job's new cards included. */
  emails: Set<string>;
  /** Handles this run has given out. */
  handles: Set<string>;
  /** The account's cards in use when this run started, counted from the cards themselves. */
  counted: number;
  /** Cards this run has written so far. */
  written: number;
}

/** The lock document that lets one import of an account run at a time (server-only: no rule). */
export function importLockPath(accountId: string): string {
  return `accounts/${accountId}/jobLocks/import`;
}

/**
 * Takes the account's import lock for this job, in a transaction so that of two imports starting
 * at once only one gets it. The lock is held while the job that took it is queued or running (a
 * run that stops and resumes keeps it); a finished, failed, cancelled or deleted job's lock is
 * free, so no lock outlives its job and none needs releasing.
 */
async function takeImportLock(db: ServerDb, accountId: string, jobId: string): Promise<boolean> {
  return db.runTransaction(async (tx) => {
    const lock = await tx.get(importLockPath(accountId));
    const holder = storedImportLockSchema.parse(lock.data).jobId;
    if (holder === jobId) return true;
    if (holder !== '') {
      const job = await tx.get(`accounts/${accountId}/jobs/${holder}`);
      if (job.data && isJobActive(jobOf(holder, job.data))) return false;
    }
    tx.set(importLockPath(accountId), { jobId, takenAt: serverTimestamp() });
    return true;
  });
}

/**
 * The job's creator must still own or collaborate on the account, at the start of each run and
 * before each chunk: an import acts with their authority and makes them its cards' owner, so a
 * person removed (or gone) after queuing one does not go on adding cards in their name.
 */
function requireCreatorManages(account: DocData, createdBy: string): void {
  if (!managesImport(account, createdBy)) throw new JobError(IMPORT_CREATOR_LEFT);
}

export const importJob: JobKindRunner<ImportRun> = {
  async start(ctx) {
    const job = storedImportJobSchema.parse(ctx.job);
    const { teamId } = job;
    const [account, team] = await Promise.all([
      ctx.db.get(`accounts/${ctx.accountId}`),
      ctx.db.get(`accounts/${ctx.accountId}/teams/${teamId}`),
    ]);
    if (!account.data) throw new JobError('This account no longer exists.');
    requireCreatorManages(account.data, job.createdBy);
    const storedTeam = team.data ? storedTeamSchema.parse(team.data) : null;
    if (!teamId || !team.data || !storedTeam || storedTeam.isArchived)
      throw new JobError('This team no longer exists.');
    if (!(await takeImportLock(ctx.db, ctx.accountId, ctx.jobId)))
      throw new JobError(ANOTHER_IMPORT_RUNNING);
    const emails = new Set<string>();
    const cards: DocData[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await ctx.db.query({
        collection: 'cards',
        where: [
          { field: 'accountId', op: '==', value: ctx.accountId },
          ...(after !== null ? [{ field: 'id', op: '>' as const, value: after }] : []),
        ],
        orderBy: [{ field: 'id', direction: 'asc' }],
        limit: CARD_SCAN_PAGE,
      });
      for (const doc of page) {
        cards.push(doc.data);
        const email = (storedCardSchema.parse(doc.data).email ?? '').trim().toLowerCase();
        if (email !== '') emails.add(email);
      }
      const last = page.at(-1);
      if (page.length < CARD_SCAN_PAGE || !last) break;
      after = scanCursorOf(last);
    }
    const { bulkSync } = storedTeam;
    return {
      card: {
        accountId: ctx.accountId,
        ownerId: job.createdBy,
        teamId,
        team: syncTeamOf(team.data),
        teamVersion: teamSyncState(team.data).syncVersion,
        company: storedAccountSchema.parse(account.data).name,
        bulkSync: {
          syncTeamLinks: bulkSync.syncTeamLinks !== false,
          syncBranding: bulkSync.syncBranding !== false,
        },
      },
      emails,
      handles: new Set(),
      counted: cardsInUse(cards),
      written: 0,
    };
  },

  async step(ctx, run): Promise<JobStep> {
    const job = storedImportJobSchema.parse(ctx.job);
    const part = job.cursor;
    const parts = job.rowParts;
    // Every part is done and only the last count and the end are missing (the run stopped).
    if (part >= parts) return { ops: [], progress: {}, finished: true, recount: true };
    const partPath = `${ctx.path}/rows/${importPartId(part)}`;
    const snap = await ctx.db.get(partPath);
    const storedRows = snap.data ? storedImportPartSchema.parse(snap.data).rows : undefined;
    if (!storedRows)
      throw new JobError(
        `Part ${part + 1} of the import's rows is missing: start the import again.`,
      );
    const rows = storedRows.map((value, i) => importRowFromDoc(value, part * 1000 + i));
    // Ids chosen here from a crypto source, never from the request: a row cannot aim at another
    // account's card, and a public card's id does not give away its unlisted siblings. A row whose
    // card or analytics summary exists anyway is refused, never written over.
    const ids = rows.map(() => `${ctx.jobId}-${newDocId()}`);
    const exists = (path: string) => ctx.db.get(path).then((doc) => doc.exists);
    const [account, usage, claims, taken] = await Promise.all([
      ctx.db.get(`accounts/${ctx.accountId}`),
      ctx.db.get(cardUsagePath(ctx.accountId)),
      Promise.all(
        rows.map((row) =>
          row.handle === '' ? Promise.resolve(false) : exists(`handles/${row.handle}`),
        ),
      ),
      Promise.all(
        ids.map(async (id) => (await exists(`cards/${id}`)) || exists(`analytics/${id}`)),
      ),
    ]);
    if (!account.data) throw new JobError('This account no longer exists.');
    requireCreatorManages(account.data, job.createdBy);
    // The cap, checked again for every chunk: the stored count (raised by each chunk's commit and by
    // every client batch that creates cards, set exact by the card-count trigger) or this run's
    // own, whichever is higher.
    const cap = storedCardCap(account.data, usage.data);
    let remaining = cap.limit - Math.max(cap.inUse, run.counted + run.written);
    const ops: WriteOp[] = [];
    const problems: JobProblem[] = [];
    let written = 0;
    let skipped = 0;
    rows.forEach((row, i) => {
      const email = row.email.trim().toLowerCase();
      const own = importRowProblem(row);
      if (own !== null) {
        problems.push({ row: row.row, state: 'error', message: own });
        return;
      }
      if (run.emails.has(email)) {
        problems.push({ row: row.row, state: 'skip', message: ALREADY_HAS_CARD });
        skipped += 1;
        return;
      }
      if (claims[i] === true || run.handles.has(row.handle)) {
        problems.push({ row: row.row, state: 'error', message: handleTakenMessage(row.handle) });
        return;
      }
      if (remaining <= 0) {
        problems.push({ row: row.row, state: 'error', message: overCapMessage(remaining) });
        return;
      }
      if (taken[i] === true) {
        problems.push({ row: row.row, state: 'error', message: CARD_ID_IN_USE });
        return;
      }
      const cardId = ids[i] as string;
      ops.push(
        {
          kind: 'set',
          path: `cards/${cardId}`,
          data: {
            ...importedCardData(row, run.card, cardId),
            dateCreated: serverTimestamp(),
            dateUpdated: serverTimestamp(),
          },
        },
        {
          kind: 'set',
          path: `handles/${row.handle}`,
          data: { cardId, accountId: ctx.accountId },
        },
      );
      run.emails.add(email);
      run.handles.add(row.handle);
      remaining -= 1;
      written += 1;
    });
    run.written += written;
    const finished = part + 1 >= parts;
    if (finished) {
      for (let n = 0; n < parts; n += 1) {
        ops.push({ kind: 'delete', path: `${ctx.path}/rows/${importPartId(n)}` });
      }
    }
    const failed = problems.filter((p) => p.state === 'error').length;
    return {
      ops,
      progress: {
        cursor: part + 1,
        total: job.rowCount,
        done: job.done + rows.length,
        written: job.written + written,
        skipped: job.skipped + skipped,
        failed: job.failed + failed,
        problems: [...job.problems, ...problems].slice(0, MAX_JOB_PROBLEMS),
      },
      finished,
      newCards: written,
      // The team's usage is recounted once at the end (the job's cards skip the card trigger).
      recount: finished,
    };
  },
};
