/**
 * The plan sync, run by both hosts after any write of a subscription document: it recomputes the
 * plan of the account the subscription pays for (`decidePlanSync`, src/domain/plan-sync.ts) and
 * writes it only when it changed. The server-only ledger `plan_sync/{accountId}` keeps the newest
 * state of each subscription and the account's one trial, so a stale rewrite cannot re-activate a
 * plan nor a second trial go unpaid. It is all one transaction, because concurrent events of one
 * account would otherwise lose each other's state.
 */
import type { ServerDb, ServerTransaction } from '../backend/server-port';
import type { DocData } from '../backend/port';
import {
  billedAccountId,
  decidePlanSync,
  ledgerFromDoc,
  ledgerKey,
  planSyncUpdate,
  subscriptionRecordFromDoc,
} from '../domain/plan-sync';
import type { SubscriptionRecord, SyncProduct } from '../domain/plan-sync';
import { storedAccountSchema } from '../domain/schemas/account';
import { storedPick } from '../domain/schemas/fields';
import { storedPlanSchema } from '../domain/schemas/plan';
import { storedPlanSyncLedgerSchema } from '../domain/schemas/subscription';
import { storedUserSchema } from '../domain/schemas/user';

/** Server-only collection of the plan-sync ledgers, one document per account. */
export const PLAN_SYNC_COLLECTION = 'plan_sync';

/** The document path the trigger listens to; `{uid}` and `{subscriptionId}` are its parameters. */
export const SUBSCRIPTION_DOCUMENT = 'users/{uid}/subscriptions/{subscriptionId}';

const SUBSCRIPTION_PATH = /^users\/([^/]+)\/subscriptions\/([^/]+)$/;

/** The uid and subscription id of a subscription document path, or null for any other path. */
export function subscriptionPathParams(
  path: string,
): { uid: string; subscriptionId: string } | null {
  const match = SUBSCRIPTION_PATH.exec(path);
  return match?.[1] && match[2] ? { uid: match[1], subscriptionId: match[2] } : null;
}

async function read(tx: ServerTransaction, path: string): Promise<DocData | null> {
  const snap = await tx.get(path);
  return snap.exists ? snap.data : null;
}

/** Whether the account's ledger holds the subscription (`key`): it paid for the account. */
async function paidFor(tx: ServerTransaction, accountId: string, key: string): Promise<boolean> {
  const ledger = await read(tx, `${PLAN_SYNC_COLLECTION}/${accountId}`);
  const { subscriptions } = storedPlanSyncLedgerSchema.parse(ledger);
  return Object.hasOwn(subscriptions, key);
}

/** Who may bill an account: its owner and collaborators. */
const billers = storedPick(storedAccountSchema, { ownerId: true, collaborators: true });

function mayBill(uid: string, account: DocData | null): boolean {
  if (account === null) return false;
  const { ownerId, collaborators } = billers.parse(account);
  return ownerId === uid || (collaborators ?? []).includes(uid);
}

export interface SubscriptionWrite {
  readonly uid: string;
  readonly subscriptionId: string;
  /** The document before the write: a deleted subscription still names the account it paid for. */
  readonly before: DocData | null;
}

/**
 * Syncs the plan of the account that `users/{uid}/subscriptions/{subscriptionId}` pays for. Returns
 * the account id it synced, or null when there was none to sync.
 */
export async function syncPlanOnSubscriptionWrite(
  db: ServerDb,
  change: SubscriptionWrite,
  now: Date = new Date(),
): Promise<string | null> {
  const { uid, subscriptionId, before } = change;
  const outcome = await db.runTransaction(async (tx) => {
    const userAccountId = storedUserSchema.parse(await read(tx, `users/${uid}`)).accountId || null;

    const records: SubscriptionRecord[] = (
      await tx.query({ collection: `users/${uid}/subscriptions` })
    ).map((doc) => subscriptionRecordFromDoc(uid, doc.id, doc.data));
    const changed =
      records.find((record) => record.id === subscriptionId) ??
      (before ? subscriptionRecordFromDoc(uid, subscriptionId, before) : null);

    // The accounts this payer may bill: their own, ones named by their subscriptions that they
    // own or collaborate on, and ones whose ledger already holds the subscription. The last: a
    // subscription stays with the account it paid for, so an owner who handed the account on and
    // left it still ends its plan when they cancel (else it would stay paid for nobody's money).
    // Every account read here is kept for the decision below.
    const accounts = new Map<string, DocData | null>();
    const billable = new Set<string>(userAccountId ? [userAccountId] : []);
    for (const record of changed ? [...records, changed] : records) {
      if (record.accountId === null || billable.has(record.accountId)) continue;
      if (!accounts.has(record.accountId)) {
        accounts.set(record.accountId, await read(tx, `accounts/${record.accountId}`));
      }
      if (
        mayBill(uid, accounts.get(record.accountId) ?? null) ||
        (await paidFor(tx, record.accountId, ledgerKey(uid, record.id)))
      )
        billable.add(record.accountId);
    }

    const accountId = changed ? billedAccountId(changed, userAccountId, billable) : userAccountId;
    if (!accountId) return { accountId: null, missing: false };
    if (!accounts.has(accountId)) accounts.set(accountId, await read(tx, `accounts/${accountId}`));
    const account = accounts.get(accountId) ?? null;
    if (account === null) return { accountId, missing: true };

    const paying = records.filter(
      (record) => billedAccountId(record, userAccountId, billable) === accountId,
    );
    const ledgerPath = `${PLAN_SYNC_COLLECTION}/${accountId}`;
    const ledgerDoc = storedPlanSyncLedgerSchema.parse(await read(tx, ledgerPath));
    const ledger = ledgerFromDoc(ledgerDoc.subscriptions);
    const products: Record<string, SyncProduct> = {};
    for (const record of [...paying, ...Object.values(ledger)]) {
      if (record.productId === null || record.productId in products) continue;
      const product = await read(tx, `products/${record.productId}`);
      if (product) products[record.productId] = product as SyncProduct;
    }

    const decision = decidePlanSync({
      uid,
      subscriptions: paying,
      ledger,
      trialUsedBy: ledgerDoc.trialUsedBy,
      products,
      currentPlan: storedPlanSchema.parse(account['plan']),
      now,
    });
    if (decision.ledgerChanged) {
      tx.set(ledgerPath, {
        accountId,
        subscriptions: decision.ledger,
        trialUsedBy: decision.trialUsedBy,
        dateUpdated: now,
      });
    }
    if (decision.planChanged)
      tx.update(`accounts/${accountId}`, planSyncUpdate(decision.plan, now));
    return { accountId, missing: false };
  });
  if (outcome.missing) {
    console.warn(
      `[plan-sync] no account ${outcome.accountId} for ${uid}'s subscription ${subscriptionId}`,
    );
    return null;
  }
  return outcome.accountId;
}
