/**
 * The counts the public surfaces keep on `analytics/{cardId}` and its `clicks` and `entries`,
 * written only here, with server privileges (docs/decisions/005 has the layout). A summary is a
 * set-merge of increments, so no write needs a read, and its per-day maps stay far below the 1 MiB
 * document limit. Busy counts go through `counter-buffer.ts` so that no card's summary becomes a
 * hot document; who is counted, and how often, is decided in `visitor-counting.ts`.
 */
import type { DocData, WriteOp } from '@/backend/port';
import { serverTimestamp } from 'firestore-engine/transforms';
import type { Card } from '@/domain/model';
import { storedAnalyticsSummarySchema } from '@/domain/schemas/analytics';
import { createCounterBuffer, type CounterBuffer } from './counter-buffer';
import type { PublicDb, PublicRequest, PublicSurfacesConfig } from './public-surface-types';
import { header } from './surface-request';
import { createVisitorCounter, isAutomated } from './visitor-counting';

export interface SurfaceAnalytics {
  /** Whether this request is a visitor's first of `kind` for the card in the counting window. */
  countable(req: PublicRequest, card: Card, kind: string, at: Date): boolean;
  /** Adds to the card's summary (resolves when written, or at once when it waits its turn). */
  count(db: PublicDb, card: Card, fields: DocData): Promise<void>;
  /** Writes new analytics documents; a failure is logged, never passed to the visitor. */
  record(db: PublicDb, ops: WriteOp[]): Promise<void>;
  /** Writes every count still waiting. */
  flush(): Promise<void>;
  /** Writes the counts a crash left in the database's counter outbox (at start). */
  recover(db: PublicDb): Promise<void>;
}

/** The account a stored analytics summary belongs to ('' when it names none). */
function summaryAccount(data: DocData | null): string {
  return storedAnalyticsSummarySchema.parse(data).accountId;
}

/**
 * The summary's owner keys, to write in the same batch as a lead or click: the rules give read
 * access to the account stored on the summary, so no entry may exist without it. An existing
 * summary's owner never changes (issue 23, attack 1: a card written over another account's id must
 * not carry that account's leads along): the answer is no write when the summary is the card's
 * account's already, the keys when there is none yet, and null when it belongs to another account,
 * in which case nothing may be recorded under it.
 */
export async function ownerMark(db: PublicDb, card: Card): Promise<WriteOp[] | null> {
  const summary = (await db.get(`analytics/${card.id}`)).data;
  const owner = summaryAccount(summary);
  if (summary !== null && owner === card.accountId) return [];
  if (summary !== null && owner !== '') {
    console.error(
      `[public-surfaces] analytics/${card.id} belongs to another account: nothing recorded`,
    );
    return null;
  }
  return [
    {
      kind: 'set',
      path: `analytics/${card.id}`,
      data: { cardId: card.id, accountId: card.accountId },
      merge: true,
    },
  ];
}

/**
 * The write that adds `fields` to the card's summary, with its owner keys: a set-merge of
 * increments, which needs no read. The lead route puts it in the lead's own batch, so that a lead
 * answered 201 is counted in the same commit (issue 26); views and other busy counts go through the
 * buffer (`count`).
 */
export function summaryWrite(card: Card, fields: DocData): WriteOp {
  return {
    kind: 'set',
    path: `analytics/${card.id}`,
    data: summaryData(card, fields),
    merge: true,
  };
}

/** The summary's owner keys with `fields` and the time of the write. */
function summaryData(card: Card, fields: DocData): DocData {
  return {
    cardId: card.id,
    accountId: card.accountId,
    ...(card.teamId ? { teamId: card.teamId } : {}),
    ...fields,
    updatedAt: serverTimestamp(),
  };
}

export function createSurfaceAnalytics(
  config: Pick<PublicSurfacesConfig, 'counters' | 'visitors'>,
): SurfaceAnalytics {
  const visitors = createVisitorCounter(config.visitors);
  // One buffer per database (one per host process in practice).
  const buffers = new Map<PublicDb, CounterBuffer>();
  function countersOf(db: PublicDb): CounterBuffer {
    let buffer = buffers.get(db);
    if (buffer === undefined) {
      const outbox = db.counterOutbox;
      buffer = createCounterBuffer({
        ...config.counters,
        ...(outbox ? { journal: outbox } : {}),
        write: async (path, data, receipts) => {
          // The counts carry the card's owner keys: never onto another account's summary (see
          // `ownerMark`). One read per write, and the buffer writes a summary at most once a second.
          const owner = summaryAccount((await db.get(path)).data);
          const ops: WriteOp[] =
            owner !== '' && owner !== data.accountId
              ? []
              : [{ kind: 'set', path, data, merge: true }];
          if (ops.length === 0) {
            console.error(`[public-surfaces] ${path} belongs to another account: counts dropped`);
          }
          // The summary and the retiring of its journal entries commit together.
          if (outbox && receipts.length > 0) await outbox.commit(ops, receipts);
          else if (ops.length > 0) await db.batch(ops);
        },
      });
      buffers.set(db, buffer);
    }
    return buffer;
  }

  return {
    countable(req, card, kind, at) {
      const userAgent = header(req, 'user-agent');
      if (isAutomated({ method: req.method, userAgent, header: (name) => header(req, name) })) {
        return false;
      }
      return visitors.admit(kind, { ip: req.ip, userAgent, cardId: card.id }, at.getTime());
    },
    count(db, card, fields) {
      return countersOf(db)
        .add(`analytics/${card.id}`, summaryData(card, fields))
        .catch((err: unknown) => {
          // Analytics must never break the page a visitor came for.
          console.error('[public-surfaces] analytics write failed', err);
        });
    },
    async record(db, ops) {
      try {
        await db.batch(ops);
      } catch (err) {
        // Analytics must never break the page a visitor came for.
        console.error('[public-surfaces] analytics write failed', err);
      }
    },
    async flush() {
      for (const buffer of buffers.values()) await buffer.flush();
    },
    recover(db) {
      return countersOf(db).recover();
    },
  };
}
