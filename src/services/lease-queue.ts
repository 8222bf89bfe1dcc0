/**
 * The lease queue server jobs and lead-webhook deliveries share. Work waits in documents; a worker
 * takes an item by stamping `leaseUntil` in a transaction (so two workers, on two instances, never
 * share one), renews it while it works, and releases it when done. A worker that dies leaves a
 * lease that runs out, after which the item may be taken again: nothing waits on a lost worker.
 */
import type { DocData, QueryDoc } from '@/backend/port';
import type { ServerDb, ServerQuerySpec, ServerTransaction } from '@/backend/server-port';
import { dateOrNull } from '@/domain/schemas/fields';

/** The field a queue item's lease is stamped in. */
export const LEASE_FIELD = 'leaseUntil';

/** The end of a lease taken (or renewed) at `now` for `ms`. */
export function leaseFrom(now: number, ms: number): Date {
  return new Date(now + ms);
}

/**
 * When an item's lease ends, in milliseconds; 0 when it holds none. `unstamped` answers for an
 * item written before it carried a lease (or with anything but a date in its place). The field is
 * decoded alone, as every queue's documents (jobs, deliveries) have their own schema.
 */
export function leaseEnd(item: DocData | null | undefined, unstamped?: (item: DocData) => number) {
  const lease = dateOrNull.parse(item?.[LEASE_FIELD]);
  if (lease !== null) return lease.getTime();
  return item && unstamped ? unstamped(item) : 0;
}

/** Whether a worker holds the item at `now` (its lease has not run out). */
export function leaseHeld(
  item: DocData | null | undefined,
  now: number,
  unstamped?: (item: DocData) => number,
): boolean {
  return leaseEnd(item, unstamped) > now;
}

/**
 * Takes an item in one transaction: `decide` reads what the claim depends on and answers what the
 * worker takes away (and any fields to write beside the lease), or null to leave the item as it is.
 * The lease is stamped on `leasePath`, the queue's document for the item.
 */
export function claimLease<T>(
  db: ServerDb,
  leasePath: string,
  until: Date,
  decide: (tx: ServerTransaction) => Promise<{ taken: T; data?: DocData } | null>,
): Promise<T | null> {
  return db.runTransaction(async (tx) => {
    const decided = await decide(tx);
    if (decided === null) return null;
    tx.update(leasePath, { ...decided.data, [LEASE_FIELD]: until });
    return decided.taken;
  });
}

/**
 * Visits the queue's items that `due` finds, oldest first, each once, and answers those `visit`
 * took. Page after page up to `maxPages`: an item visited leaves the query's result as it is taken
 * or put back, and a page of items seen already (held by another worker) ends the sweep.
 */
export async function sweepQueue(
  db: ServerDb,
  due: ServerQuerySpec & { limit: number },
  visit: (item: QueryDoc) => Promise<boolean>,
  maxPages = Infinity,
): Promise<QueryDoc[]> {
  const taken: QueryDoc[] = [];
  const seen = new Set<string>();
  for (let page = 0; page < maxPages; page++) {
    const items = await db.query(due);
    const fresh = items.filter((item) => !seen.has(item.path));
    for (const item of fresh) {
      seen.add(item.path);
      if (await visit(item)) taken.push(item);
    }
    if (items.length < due.limit || fresh.length === 0) break;
  }
  return taken;
}
