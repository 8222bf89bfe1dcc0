/**
 * A repair, safe to run any number of times: cards without a current `nameLower`, the field the
 * builder's name search queries by prefix, never match a search. Firestore cannot query a missing
 * field, so every card is read in pages and only those that need it are written. The local server
 * runs a whole pass at start; production runs bounded steps from a cursor in `server_state`, to
 * fit a function's time limit, and rests a day after a pass (docs/decisions/011-server-jobs.md).
 */
import type { WriteOp } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';
import { MAX_WRITES_PER_COMMIT } from '@/backend/server-port';
import { serverTimestamp } from 'firestore-engine/transforms';
import { storedCardSchema } from '@/domain/schemas/card';
import { scanCursorOf } from '@/domain/schemas/scan-cursor';
import { storedNameLowerBackfillSchema } from '@/domain/schemas/server-state';

/** Cards read per page. */
const PAGE = 1000;

/** Where a step keeps its pass's cursor (no client rule matches `server_state`: server only). */
export const BACKFILL_NAME_LOWER_STATE = 'server_state/backfill-name-lower';

/** How long a finished pass rests before the next one starts. */
export const BACKFILL_REST_MS = 24 * 60 * 60 * 1000;

/** The search field a card's name asks for (the rules' `lower()`, firestore.rules). */
function nameLowerOf(card: unknown): string {
  return storedCardSchema.parse(card).name.toLowerCase();
}

/** One page of cards after `after` (by id): writes the ones that need it. */
async function backfillPage(
  db: ServerDb,
  after: string | null,
  pageSize: number,
): Promise<{ written: number; next: string | null }> {
  const page = await db.query({
    collection: 'cards',
    ...(after !== null ? { where: [{ field: 'id', op: '>' as const, value: after }] } : {}),
    orderBy: [{ field: 'id', direction: 'asc' }],
    limit: pageSize,
  });
  const ops: WriteOp[] = [];
  for (const doc of page) {
    const wanted = nameLowerOf(doc.data);
    if (doc.data.nameLower !== wanted) {
      ops.push({ kind: 'update', path: doc.path, data: { nameLower: wanted } });
    }
  }
  for (let i = 0; i < ops.length; i += MAX_WRITES_PER_COMMIT) {
    await db.batch(ops.slice(i, i + MAX_WRITES_PER_COMMIT));
  }
  const last = page.at(-1);
  const next = page.length < pageSize || !last ? null : scanCursorOf(last);
  return { written: ops.length, next };
}

/** Fills in `nameLower` where it is missing or stale, a whole pass; returns how many it wrote. */
export async function backfillNameLower(db: ServerDb, pageSize = PAGE): Promise<number> {
  let written = 0;
  let after: string | null = null;
  do {
    const page = await backfillPage(db, after, pageSize);
    written += page.written;
    after = page.next;
  } while (after !== null);
  return written;
}

export interface BackfillStepOptions {
  /** Pages one step reads at most (default 5: 5,000 cards). */
  pages?: number;
  pageSize?: number;
  /** The clock the rest between passes is measured with (tests pass a fake). */
  clock?: () => number;
}

export type BackfillStepOutcome = 'resting' | 'continues' | 'finished';

/**
 * A bounded part of a pass, from the stored cursor: at most `pages` pages, then the cursor is
 * stored (or the pass marked finished). A pass that finished less than `BACKFILL_REST_MS` ago is
 * left to rest. Two steps at once only repeat a page's idempotent writes.
 */
export async function backfillNameLowerStep(
  db: ServerDb,
  options: BackfillStepOptions = {},
): Promise<{ outcome: BackfillStepOutcome; written: number }> {
  const pages = options.pages ?? 5;
  const pageSize = options.pageSize ?? PAGE;
  const now = (options.clock ?? Date.now)();
  const state = storedNameLowerBackfillSchema.parse((await db.get(BACKFILL_NAME_LOWER_STATE)).data);
  let { after } = state;
  if (after === null && state.finishedAt && now - state.finishedAt.getTime() < BACKFILL_REST_MS) {
    return { outcome: 'resting', written: 0 };
  }
  let written = 0;
  for (let n = 0; n < pages; n += 1) {
    const page = await backfillPage(db, after, pageSize);
    written += page.written;
    after = page.next;
    if (after === null) break;
  }
  const total = state.written + written;
  await db.batch([
    {
      kind: 'set',
      path: BACKFILL_NAME_LOWER_STATE,
      data:
        after === null
          ? { after: null, finishedAt: new Date(now), written: total, updatedAt: serverTimestamp() }
          : {
              after,
              finishedAt: state.finishedAt,
              written: total,
              updatedAt: serverTimestamp(),
            },
    },
  ]);
  return { outcome: after === null ? 'finished' : 'continues', written };
}
