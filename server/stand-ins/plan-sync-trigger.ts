/**
 * The local host of the plan sync (what `functions/src/plan-sync.ts` is in production): after any
 * change under `users/{uid}/subscriptions/{id}` it recomputes the plan of the account the
 * subscription pays for and writes the synced plan fields on `accounts/{accountId}` only when they
 * changed, so a repeated event writes nothing. The account store follows the account document live,
 * so limits and gates follow within a second.
 *
 * The decision is `decidePlanSync` (src/domain/plan-sync.ts). Out-of-order delivery is handled with
 * a server-only ledger, `plan_sync/{accountId}` ({ accountId, subscriptions: { "uid:subId": state },
 * dateUpdated }): the newest state seen of each subscription, so a stale rewrite of a subscription
 * document (an old `active` after `canceled`) cannot re-activate the plan. No client reads or writes
 * that collection (the access policy and firestore.rules deny it by default).
 *
 * The `product` field of a subscription is a document reference in production and the path string
 * `products/{id}` in the local stand-in (server/stand-ins/payments.ts); both are read.
 */
import {
  billedAccountId,
  decidePlanSync,
  ledgerFromDoc,
  planSyncUpdate,
  subscriptionRecordFromDoc,
} from '../../src/domain/plan-sync';
import type { SubscriptionRecord, SyncProduct } from '../../src/domain/plan-sync';
import type { Plan } from '../../src/domain/model';
import type { AdminDb, CommitTrigger } from '../types';

/** Server-only collection of the plan-sync ledgers, one document per account. */
export const PLAN_SYNC_COLLECTION = 'plan_sync';

const SUBSCRIPTION_PATH = /^users\/([^/]+)\/subscriptions\/([^/]+)$/;

function planOf(value: unknown): Plan {
  const plan = (typeof value === 'object' && value !== null ? value : {}) as Partial<Plan>;
  return {
    type: typeof plan.type === 'string' ? plan.type : 'free',
    isPaidAccount: plan.isPaidAccount === true,
    cardLimit: typeof plan.cardLimit === 'number' ? plan.cardLimit : 0,
    compCards: typeof plan.compCards === 'number' ? plan.compCards : 0,
    cardsInUse: typeof plan.cardsInUse === 'number' ? plan.cardsInUse : 0,
    trialEndDate: plan.trialEndDate instanceof Date ? plan.trialEndDate : null,
  };
}

function mayBill(
  uid: string,
  userAccountId: string | null,
  accountId: string,
  account: unknown,
): boolean {
  if (accountId === userAccountId) return true;
  if (typeof account !== 'object' || account === null) return false;
  const data = account as { ownerId?: unknown; collaborators?: unknown };
  return (
    data.ownerId === uid || (Array.isArray(data.collaborators) && data.collaborators.includes(uid))
  );
}

/**
 * Syncs the plan of the account that `users/{uid}/subscriptions/{subscriptionId}` pays for. Returns
 * the account id it synced, or null when there was none to sync. Exported for tests and scripts.
 */
export function syncPlanForSubscription(
  db: AdminDb,
  uid: string,
  subscriptionId: string,
  now: Date = new Date(),
  previous: Readonly<Record<string, unknown>> | null = null,
): string | null {
  const user = db.get(`users/${uid}`).data;
  const userAccountId =
    typeof user?.['accountId'] === 'string' && user['accountId'] !== '' ? user['accountId'] : null;

  const records: SubscriptionRecord[] = db
    .query({ collection: `users/${uid}/subscriptions` })
    .map((doc) => subscriptionRecordFromDoc(uid, doc.id, doc.data));
  // A deleted subscription still names the account it paid for in its last state.
  const changed =
    records.find((record) => record.id === subscriptionId) ??
    (previous ? subscriptionRecordFromDoc(uid, subscriptionId, previous) : null);

  // The accounts this payer may bill: their own, and ones named by their subscriptions that they own.
  const billable = new Set<string>(userAccountId ? [userAccountId] : []);
  for (const record of changed ? [...records, changed] : records) {
    if (record.accountId === null || billable.has(record.accountId)) continue;
    if (
      mayBill(uid, userAccountId, record.accountId, db.get(`accounts/${record.accountId}`).data)
    ) {
      billable.add(record.accountId);
    }
  }

  const accountId = changed ? billedAccountId(changed, userAccountId, billable) : userAccountId;
  if (!accountId) return null;
  const account = db.get(`accounts/${accountId}`);
  if (!account.exists || !account.data) {
    console.warn(`[plan-sync] no account ${accountId} for ${uid}'s subscription ${subscriptionId}`);
    return null;
  }

  const paying = records.filter(
    (record) => billedAccountId(record, userAccountId, billable) === accountId,
  );
  const ledgerPath = `${PLAN_SYNC_COLLECTION}/${accountId}`;
  const ledger = ledgerFromDoc(db.get(ledgerPath).data?.['subscriptions']);

  const products: Record<string, SyncProduct> = {};
  for (const record of [...paying, ...Object.values(ledger)]) {
    if (record.productId === null || record.productId in products) continue;
    const product = db.get(`products/${record.productId}`).data;
    if (product) products[record.productId] = product as SyncProduct;
  }

  const decision = decidePlanSync({
    uid,
    subscriptions: paying,
    ledger,
    products,
    currentPlan: planOf(account.data['plan']),
    now,
  });
  if (decision.ledgerChanged) {
    db.set(ledgerPath, { accountId, subscriptions: decision.ledger, dateUpdated: now });
  }
  if (decision.planChanged) {
    db.update(`accounts/${accountId}`, planSyncUpdate(decision.plan, now));
  }
  return accountId;
}

/** The commit trigger: runs on every create, rewrite and delete of a subscription document. */
export const syncPlanFromSubscriptions: CommitTrigger = (change, ctx) => {
  const match = SUBSCRIPTION_PATH.exec(change.path);
  if (!match?.[1] || !match[2]) return;
  syncPlanForSubscription(ctx.db, match[1], match[2], new Date(), change.before);
};
