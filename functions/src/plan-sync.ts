/**
 * Production host of the plan sync: the Cloud Function body that runs on every write of
 * `users/{uid}/subscriptions/{subscriptionId}` (the Stripe payments extension rewrites the document
 * whole on each webhook) and keeps `accounts/{accountId}.plan` in step. The local data server hosts
 * the same decision in `server/stand-ins/plan-sync-trigger.ts`; the decision itself, including the
 * defence against stale out-of-order events, is `decidePlanSync` in `src/domain/plan-sync.ts`.
 *
 * Deliberately free of `firebase-functions`: the deployable wrapper is two lines, e.g.
 *
 *   export const planSync = onDocumentWritten(
 *     { document: 'users/{uid}/subscriptions/{subscriptionId}', region: 'us-central1' },
 *     (event) => syncPlanOnSubscriptionWrite(getFirestore(), {
 *       uid: event.params.uid,
 *       subscriptionId: event.params.subscriptionId,
 *       before: event.data?.before.data() ?? null,
 *     }),
 *   );
 *
 * and `getFirestore()` from firebase-admin satisfies `PlanSyncFirestore` below. Timestamps arrive
 * as Firestore Timestamps and `product` as a DocumentReference; the domain reads both.
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

type Data = Record<string, unknown>;

/** The part of a firebase-admin DocumentSnapshot the sync uses. */
export interface PlanSyncSnapshot {
  readonly id: string;
  readonly exists: boolean;
  data(): Data | undefined;
}

/** The part of firebase-admin's Firestore the sync uses (`getFirestore()` satisfies it). */
export interface PlanSyncFirestore {
  doc(path: string): {
    get(): Promise<PlanSyncSnapshot>;
    set(data: Data): Promise<unknown>;
    update(data: Data): Promise<unknown>;
  };
  collection(path: string): { get(): Promise<{ docs: PlanSyncSnapshot[] }> };
}

/** Server-only collection of the plan-sync ledgers (no client access in firestore.rules). */
export const PLAN_SYNC_COLLECTION = 'plan_sync';

async function read(db: PlanSyncFirestore, path: string): Promise<Data | null> {
  const snap = await db.doc(path).get();
  return snap.exists ? (snap.data() ?? null) : null;
}

function planOf(value: unknown): Plan {
  const plan = (typeof value === 'object' && value !== null ? value : {}) as Partial<Plan>;
  return {
    type: typeof plan.type === 'string' ? plan.type : 'free',
    isPaidAccount: plan.isPaidAccount === true,
    cardLimit: typeof plan.cardLimit === 'number' ? plan.cardLimit : 0,
    compCards: typeof plan.compCards === 'number' ? plan.compCards : 0,
    cardsInUse: typeof plan.cardsInUse === 'number' ? plan.cardsInUse : 0,
    trialEndDate: (plan.trialEndDate as Date | null | undefined) ?? null,
  };
}

/**
 * Recomputes the plan of the account the subscription pays for and writes it only when its terms
 * changed (at-least-once delivery: a repeated event writes nothing). Returns the account id synced.
 */
export async function syncPlanOnSubscriptionWrite(
  db: PlanSyncFirestore,
  change: { uid: string; subscriptionId: string; before: Data | null },
  now: Date = new Date(),
): Promise<string | null> {
  const { uid, subscriptionId, before } = change;
  const user = await read(db, `users/${uid}`);
  const userAccountId =
    typeof user?.['accountId'] === 'string' && user['accountId'] !== '' ? user['accountId'] : null;

  const subs = await db.collection(`users/${uid}/subscriptions`).get();
  const records: SubscriptionRecord[] = subs.docs.map((doc) =>
    subscriptionRecordFromDoc(uid, doc.id, doc.data() ?? {}),
  );
  const changed =
    records.find((record) => record.id === subscriptionId) ??
    (before ? subscriptionRecordFromDoc(uid, subscriptionId, before) : null);

  const billable = new Set<string>(userAccountId ? [userAccountId] : []);
  for (const record of changed ? [...records, changed] : records) {
    if (record.accountId === null || billable.has(record.accountId)) continue;
    const account = await read(db, `accounts/${record.accountId}`);
    const collaborators = account?.['collaborators'];
    if (
      account?.['ownerId'] === uid ||
      (Array.isArray(collaborators) && collaborators.includes(uid))
    ) {
      billable.add(record.accountId);
    }
  }

  const accountId = changed ? billedAccountId(changed, userAccountId, billable) : userAccountId;
  if (!accountId) return null;
  const account = await read(db, `accounts/${accountId}`);
  if (!account) return null;

  const paying = records.filter(
    (record) => billedAccountId(record, userAccountId, billable) === accountId,
  );
  const ledgerPath = `${PLAN_SYNC_COLLECTION}/${accountId}`;
  const ledger = ledgerFromDoc((await read(db, ledgerPath))?.['subscriptions']);
  const products: Record<string, SyncProduct> = {};
  for (const record of [...paying, ...Object.values(ledger)]) {
    if (record.productId === null || record.productId in products) continue;
    const product = await read(db, `products/${record.productId}`);
    if (product) products[record.productId] = product as SyncProduct;
  }

  const decision = decidePlanSync({
    uid,
    subscriptions: paying,
    ledger,
    products,
    currentPlan: planOf(account['plan']),
    now,
  });
  if (decision.ledgerChanged) {
    await db.doc(ledgerPath).set({ accountId, subscriptions: decision.ledger, dateUpdated: now });
  }
  if (decision.planChanged) {
    await db.doc(`accounts/${accountId}`).update(planSyncUpdate(decision.plan));
  }
  return accountId;
}
