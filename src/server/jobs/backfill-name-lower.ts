/**
 * A one-off repair, safe to run any number of times: cards stored before `nameLower` existed (or
 * with a stale one) get `nameLower` = the name lower-cased, the field the builder's search queries
 * by prefix (`src/data/cards.ts`). Without it such cards never match a name search. It reads every
 * card in pages by id and writes only the cards that need it, at most 500 writes a commit; a
 * second run writes nothing. The local server runs it at start; see docs/decisions/011-server-jobs.md
 * for production.
 */
import type { WriteOp } from '../../backend/port';
import type { ServerDb } from '../../backend/server-port';
import { MAX_WRITES_PER_COMMIT } from '../../backend/server-port';

/** Cards read per page. */
const PAGE = 1000;

/** The search field a card's name asks for (the rules' `lower()`, firestore.rules). */
function nameLowerOf(name: unknown): string {
  return typeof name === 'string' ? name.toLowerCase() : '';
}

/** Fills in `nameLower` where it is missing or stale; returns how many cards it wrote. */
export async function backfillNameLower(db: ServerDb): Promise<number> {
  let written = 0;
  let after: string | null = null;
  for (;;) {
    const page = await db.query({
      collection: 'cards',
      ...(after !== null ? { where: [{ field: 'id', op: '>' as const, value: after }] } : {}),
      orderBy: [{ field: 'id', direction: 'asc' }],
      limit: PAGE,
    });
    const ops: WriteOp[] = [];
    for (const doc of page) {
      const wanted = nameLowerOf(doc.data.name);
      if (doc.data.nameLower !== wanted) {
        ops.push({ kind: 'update', path: doc.path, data: { nameLower: wanted } });
      }
    }
    for (let i = 0; i < ops.length; i += MAX_WRITES_PER_COMMIT) {
      await db.batch(ops.slice(i, i + MAX_WRITES_PER_COMMIT));
    }
    written += ops.length;
    const last = page.at(-1);
    if (page.length < PAGE || !last) return written;
    after = typeof last.data.id === 'string' ? last.data.id : last.id;
  }
}
