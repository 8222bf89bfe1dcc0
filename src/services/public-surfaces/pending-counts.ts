/**
 * Production's counter outbox: each busy count is kept as a new document of its own (never a hot
 * one) before the visitor is answered, and deleted by the transaction of the summary write that
 * adds it. What a dead instance leaves behind, the `foldLostCounts` schedule adds later, so an
 * acknowledged count is never lost nor counted twice. The local server keeps the same promise with
 * its SQLite outbox (docs/decisions/005).
 */
import { newDocId } from 'firestore-engine/paths';
import { decodeDoc, encodeValue } from 'firestore-engine/wire';
import type { DocData } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';
import { storedAnalyticsSummarySchema, storedPendingCountSchema } from '@/domain/schemas/analytics';
import { addCounts } from './counter-buffer';
import type { CounterOutbox, PublicDb } from './public-surface-types';

export const PENDING_COUNTS = 'pendingCounts';

/**
 * Pending counts one transaction folds: each is read and deleted there, and a transaction holds at
 * most 500 writes (the summary is the one more).
 */
const FOLD_CHUNK = 400;

/** A pending count older than this is taken as lost: a live instance writes its own within seconds. */
export const LOST_AFTER_MS = 2 * 60_000;

/** Lost counts read per page of the schedule. */
const SWEEP_PAGE = 1000;

/** The summary a pending count belongs to (`analytics/{cardId}`), or null for another path. */
function summaryOf(pendingPath: string): string | null {
  const parts = pendingPath.split('/');
  return parts.length === 4 && parts[0] === 'analytics' && parts[2] === PENDING_COUNTS
    ? `${parts[0]}/${parts[1]}`
    : null;
}

/** The summary fields a pending count adds; null when they do not decode (nothing to add). */
function pendingFields(data: DocData | null): DocData | null {
  const { fields } = storedPendingCountSchema.parse(data);
  if (fields === null) return null;
  try {
    return decodeDoc(fields);
  } catch {
    return null;
  }
}

/**
 * One transaction: the pending counts of `receipts` that still exist are added to the summary at
 * `summaryPath` and deleted. A summary that belongs to another account takes none of them (the
 * owner check of `surface-analytics.ts`), and `drop` deletes them unwritten. Answers how many it
 * folded.
 */
async function fold(
  db: ServerDb,
  summaryPath: string,
  receipts: readonly string[],
  drop = false,
): Promise<number> {
  return db.runTransaction(async (tx) => {
    const summary = await tx.get(summaryPath);
    const pending = (await Promise.all(receipts.map((path) => tx.get(path)))).filter(
      (snap) => snap.data !== null,
    );
    let sum: DocData | null = null;
    for (const snap of pending) {
      const fields = pendingFields(snap.data);
      if (fields === null) {
        console.error(`[public-surfaces] ${snap.path} is not a count: deleted unadded`);
        continue;
      }
      sum = sum === null ? fields : addCounts(sum, fields);
    }
    const owner = storedAnalyticsSummarySchema.parse(summary.data).accountId;
    if (sum !== null && !drop) {
      if (owner === '' || owner === sum.accountId) tx.set(summaryPath, sum, { merge: true });
      else
        console.error(
          `[public-surfaces] ${summaryPath} belongs to another account: counts dropped`,
        );
    }
    for (const snap of pending) tx.delete(snap.path);
    return pending.length;
  });
}

async function foldInChunks(
  db: ServerDb,
  summaryPath: string,
  receipts: readonly string[],
  drop = false,
): Promise<number> {
  let folded = 0;
  for (let at = 0; at < receipts.length; at += FOLD_CHUNK) {
    folded += await fold(db, summaryPath, receipts.slice(at, at + FOLD_CHUNK), drop);
  }
  return folded;
}

/**
 * The outbox the public surfaces' counter buffer keeps its counts in on Firestore. `unwritten` is
 * empty: instances start all the time and a live one's counts are not lost, so the schedule, not
 * an instance's start, folds what a dead one left.
 */
export function pendingCountsOutbox(
  db: ServerDb,
  clock: () => number = () => Date.now(),
): CounterOutbox {
  return {
    async append(path, fields) {
      const receipt = `${path}/${PENDING_COUNTS}/${newDocId()}`;
      if (summaryOf(receipt) === null) throw new Error(`Not an analytics summary: ${path}`);
      await db.batch([
        {
          kind: 'set',
          path: receipt,
          data: { fields: JSON.stringify(encodeValue(fields)), at: new Date(clock()) },
        },
      ]);
      return receipt;
    },
    unwritten: () => [],
    async commit(ops, receipts) {
      // The counts are read back from the pending documents the transaction deletes, not taken from
      // `ops`: the schedule may have folded some of them already.
      const byPath = new Map<string, string[]>();
      for (const receipt of receipts.map(String)) {
        const summary = summaryOf(receipt);
        if (summary !== null) byPath.set(summary, [...(byPath.get(summary) ?? []), receipt]);
      }
      for (const [summary, kept] of byPath) await foldInChunks(db, summary, kept, ops.length === 0);
    },
  };
}

/**
 * The schedule: adds to their summaries the pending counts older than `LOST_AFTER_MS`, those a
 * dead instance left. One collection-group query on `at` (its COLLECTION_GROUP index is in
 * firestore.indexes.json), in pages; each page's counts leave the result as they are folded.
 */
export async function foldLostCounts(
  db: ServerDb,
  options: { clock?: () => number } = {},
): Promise<{ folded: number }> {
  const before = new Date((options.clock ?? Date.now)() - LOST_AFTER_MS);
  let folded = 0;
  for (;;) {
    const page = await db.query({
      collection: PENDING_COUNTS,
      collectionGroup: true,
      where: [{ field: 'at', op: '<', value: before }],
      orderBy: [{ field: 'at', direction: 'asc' }],
      limit: SWEEP_PAGE,
      select: ['at'],
    });
    const bySummary = new Map<string, string[]>();
    for (const doc of page) {
      const summary = summaryOf(doc.path);
      if (summary !== null) bySummary.set(summary, [...(bySummary.get(summary) ?? []), doc.path]);
    }
    let progress = 0;
    for (const [summary, receipts] of bySummary) {
      progress += await foldInChunks(db, summary, receipts);
    }
    folded += progress;
    // A short page is the last; a page that folded nothing was folded by a live instance meanwhile.
    if (page.length < SWEEP_PAGE || progress === 0) return { folded };
  }
}

const outboxed = new WeakMap<ServerDb, PublicDb>();

/** `db` as the public surfaces use it on Firestore: with the pending counts as its outbox. */
export function withPendingCounts(db: ServerDb): PublicDb {
  let kept = outboxed.get(db);
  if (kept === undefined) {
    kept = {
      get: (path) => db.get(path),
      query: (spec) => db.query(spec),
      batch: (ops) => db.batch(ops),
      counterOutbox: pendingCountsOutbox(db),
    };
    // One per database, so that the surfaces keep one counter buffer per instance.
    outboxed.set(db, kept);
  }
  return kept;
}
