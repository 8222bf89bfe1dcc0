/**
 * The import job: one card per row of a bulk import, a part of rows per commit. The client writes
 * the checked rows into `{job}/rows/{part}` documents (`IMPORT_ROWS_PER_PART` rows each, far under
 * the 1 MiB document limit) before it creates the job; the cursor is the next part to do.
 *
 * The server checks each row again, because rules do not judge server writes: the row on its own
 * (`importRowProblem`), an e-mail that already has a card in the account (skipped, as in the
 * preview), a handle another card claims or an earlier row took (an error for that row only), and
 * the card cap (`cardLimit` of the plan against the cards in use, counted with `cardsInUse` from
 * the cards themselves, since `plan.cardsInUse` lags behind a running import). Each card is written
 * with its handle claim. Card ids are `{jobId}-{row}`, so even a part written twice could not
 * create a second card for a row; the parts are deleted with the last chunk.
 */
import type { DocData, WriteOp } from '@/backend/port';
import { serverTimestamp } from '@/backend/transforms';
import { cardsInUse } from '@/domain/card-count';
import { importedCardData } from '@/domain/imported-card';
import type { ImportedCardInput } from '@/domain/imported-card';
import {
  ALREADY_HAS_CARD,
  handleTakenMessage,
  importPartId,
  importRowProblem,
  MAX_JOB_PROBLEMS,
  overCapMessage,
} from '@/domain/jobs';
import type { ImportJobRow, JobProblem } from '@/domain/jobs';
import { cardLimit } from '@/domain/plan';
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
  /** Cards the plan still allows. */
  remaining: number;
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A stored row as the job reads it (anything malformed becomes empty, and fails its checks). */
function rowOf(value: unknown, fallback: number): ImportJobRow {
  const data = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const links = Array.isArray(data.links) ? data.links : [];
  return {
    row: typeof data.row === 'number' ? data.row : fallback,
    name: str(data.name),
    email: str(data.email),
    title: str(data.title),
    handle: str(data.handle),
    links: links.map((link) => {
      const l = (typeof link === 'object' && link !== null ? link : {}) as Record<string, unknown>;
      return { key: str(l.key), name: str(l.name), value: str(l.value) };
    }),
  };
}

export const importJob: JobKindRunner<ImportRun> = {
  async start(ctx) {
    const teamId = str(ctx.job.teamId);
    const [account, team] = await Promise.all([
      ctx.db.get(`accounts/${ctx.accountId}`),
      ctx.db.get(`accounts/${ctx.accountId}/teams/${teamId}`),
    ]);
    if (!account.data) throw new JobError('This account no longer exists.');
    if (!teamId || !team.data || team.data.isArchived === true)
      throw new JobError('This team no longer exists.');
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
        const email = str(doc.data.email).trim().toLowerCase();
        if (email !== '') emails.add(email);
      }
      const last = page.at(-1);
      if (page.length < CARD_SCAN_PAGE || !last) break;
      after = str(last.data.id) || last.id;
    }
    const plan = (account.data.plan ?? {}) as Record<string, unknown>;
    const remaining =
      cardLimit({
        cardLimit: num(plan.cardLimit),
        compCards: num(plan.compCards),
        cardsInUse: 0,
      }) - cardsInUse(cards);
    const bulkSync = (team.data.bulkSync ?? {}) as Record<string, unknown>;
    return {
      card: {
        accountId: ctx.accountId,
        ownerId: str(ctx.job.createdBy),
        teamId,
        team: syncTeamOf(team.data),
        teamVersion: teamSyncState(team.data).syncVersion,
        company: str(account.data.name),
        bulkSync: {
          syncTeamLinks: bulkSync.syncTeamLinks !== false,
          syncBranding: bulkSync.syncBranding !== false,
        },
      },
      emails,
      handles: new Set(),
      remaining,
    };
  },

  async step(ctx, run): Promise<JobStep> {
    const part = num(ctx.job.cursor);
    const parts = num(ctx.job.rowParts);
    // Every part is done and only the last count and the end are missing (the run stopped).
    if (part >= parts) return { ops: [], progress: {}, finished: true, recount: true };
    const partPath = `${ctx.path}/rows/${importPartId(part)}`;
    const snap = await ctx.db.get(partPath);
    if (!snap.data || !Array.isArray(snap.data.rows))
      throw new JobError(
        `Part ${part + 1} of the import's rows is missing: start the import again.`,
      );
    const rows = snap.data.rows.map((value, i) => rowOf(value, part * 1000 + i));
    const claims = await Promise.all(
      rows.map((row) =>
        row.handle === ''
          ? Promise.resolve(false)
          : ctx.db.get(`handles/${row.handle}`).then((h) => h.exists),
      ),
    );
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
      if (run.remaining <= 0) {
        problems.push({ row: row.row, state: 'error', message: overCapMessage(run.remaining) });
        return;
      }
      const cardId = `${ctx.jobId}-${row.row}`;
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
      run.remaining -= 1;
      written += 1;
    });
    const finished = part + 1 >= parts;
    if (finished) {
      for (let n = 0; n < parts; n += 1) {
        ops.push({ kind: 'delete', path: `${ctx.path}/rows/${importPartId(n)}` });
      }
    }
    const stored = Array.isArray(ctx.job.problems) ? (ctx.job.problems as unknown[]) : [];
    const failed = problems.filter((p) => p.state === 'error').length;
    return {
      ops,
      progress: {
        cursor: part + 1,
        total: num(ctx.job.rowCount),
        done: num(ctx.job.done) + rows.length,
        written: num(ctx.job.written) + written,
        skipped: num(ctx.job.skipped) + skipped,
        failed: num(ctx.job.failed) + failed,
        problems: [...stored, ...problems].slice(0, MAX_JOB_PROBLEMS),
      },
      finished,
      newCards: written,
      // One full count at the end reconciles whatever drifted (a count stale before the job).
      recount: finished,
    };
  },
};
