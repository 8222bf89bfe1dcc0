/**
 * The account's plan derived from its payment-provider subscriptions (docs/product.md §3, §4, §9).
 * Webhooks arrive at least once and in any order, so the plan is computed from the whole set of
 * subscriptions, never the event at hand, and the hosts feed the newest state of each from a
 * server-only ledger, so a stale rewrite never re-activates a plan (docs/decisions/004). Only the
 * account's first trial counts as paid (docs/decisions/018-subscription-lifecycle.md).
 */
import type { Plan } from './model';
import { FREE_PLAN_CARD_LIMIT, FREE_PLAN_TYPE } from './plan';
import {
  dateFromField,
  storedSubscriptionSchema,
  type StoredSubscription,
} from './schemas/subscription';
import { isSubscriptionCurrent } from './subscriptions';

export interface SyncProduct {
  stripe_metadata_cardLimit?: string | number | null;
  stripe_metadata_planType?: string | null;
  name?: string | null;
}

export interface SyncSubscription {
  id: string;
  status: string;
  created: Date;
  current_period_start?: Date | null;
  current_period_end?: Date | null;
  trial_start?: Date | null;
  trial_end?: Date | null;
  ended_at?: Date | null;
  cancel_at?: Date | null;
  canceled_at?: Date | null;
  metadata?: Record<string, string | undefined> | null;
  product: SyncProduct | null;
}

function ms(value: Date | null | undefined): number {
  if (!(value instanceof Date)) return Number.NEGATIVE_INFINITY;
  const t = value.getTime();
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/** Newer first: later created, then later period start, then the larger id (a total order). */
function compareNewestFirst(a: SyncSubscription, b: SyncSubscription): number {
  const byCreated = ms(b.created) - ms(a.created);
  if (byCreated !== 0 && !Number.isNaN(byCreated)) return byCreated;
  const byPeriod = ms(b.current_period_start) - ms(a.current_period_start);
  if (byPeriod !== 0 && !Number.isNaN(byPeriod)) return byPeriod;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * Current by status, not already ended or cancelled as of now, and, when trialing, the account's
 * one trial (`trialId` undefined: every trial counts, as for a caller that tracks none).
 */
function isLive(sub: SyncSubscription, now: Date, trialId?: string | null): boolean {
  if (!isSubscriptionCurrent(sub.status)) return false;
  if (sub.status === 'trialing' && trialId !== undefined && sub.id !== trialId) return false;
  const at = now.getTime();
  const ended = ms(sub.ended_at);
  const cancelled = ms(sub.cancel_at);
  return (
    !(ended > Number.NEGATIVE_INFINITY && ended <= at) &&
    !(cancelled > Number.NEGATIVE_INFINITY && cancelled <= at)
  );
}

function finiteNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Statuses a subscription never leaves (Stripe): a later state of it cannot be current again. */
export const TERMINAL_SUBSCRIPTION_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

export function isTerminalSubscriptionStatus(status: string | null | undefined): boolean {
  return typeof status === 'string' && TERMINAL_SUBSCRIPTION_STATUSES.includes(status);
}

/** The timestamps of a subscription state that record something that happened. */
export interface SubscriptionMoments {
  /** With a terminal status, canceled_at dates the state; otherwise it may be cleared by resuming. */
  status?: string;
  created?: Date | null;
  current_period_start?: Date | null;
  trial_start?: Date | null;
  canceled_at?: Date | null;
  ended_at?: Date | null;
}

/**
 * When a state of a subscription was produced, as far as its fields tell: the latest of created,
 * current_period_start, trial_start and ended_at, and canceled_at when the state is terminal (ms;
 * -Infinity with none). A renewal moves current_period_start and a trial's end starts a new period.
 * A cancellation at period end sets canceled_at but resuming clears it, so for a state that is not
 * terminal canceled_at dates nothing (see `newerSubscriptionState`).
 */
export function subscriptionStateTime(sub: SubscriptionMoments): number {
  return Math.max(
    ms(sub.created),
    ms(sub.current_period_start),
    ms(sub.trial_start),
    isTerminalSubscriptionStatus(sub.status) ? ms(sub.canceled_at) : Number.NEGATIVE_INFINITY,
    ms(sub.ended_at),
  );
}

/**
 * Of two states of the same subscription, the one to believe (security notes, Payments): a terminal
 * one over one that is not (Stripe never leaves it), else the later by `subscriptionStateTime`, on a
 * tie `incoming` (the one delivered last). Used by the hosts' ledgers: a stale event never replaces
 * a newer state.
 */
export function newerSubscriptionState<T extends SubscriptionMoments & { status: string }>(
  stored: T | null | undefined,
  incoming: T,
): T {
  if (stored === null || stored === undefined) return incoming;
  const storedEnded = isTerminalSubscriptionStatus(stored.status);
  const incomingEnded = isTerminalSubscriptionStatus(incoming.status);
  if (storedEnded !== incomingEnded) return storedEnded ? stored : incoming;
  const a = subscriptionStateTime(stored);
  const b = subscriptionStateTime(incoming);
  return a > b ? stored : incoming;
}

/** A total order of states of one subscription, newest first, so that the choice is order-free. */
function compareStatesNewestFirst(a: SyncSubscription, b: SyncSubscription): number {
  const byTerminal =
    Number(isTerminalSubscriptionStatus(b.status)) - Number(isTerminalSubscriptionStatus(a.status));
  if (byTerminal !== 0) return byTerminal;
  const byTime = subscriptionStateTime(b) - subscriptionStateTime(a);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  // Same time, both terminal or both not: not current before current, so a tie never activates.
  const byCurrent =
    Number(isSubscriptionCurrent(a.status)) - Number(isSubscriptionCurrent(b.status));
  if (byCurrent !== 0) return byCurrent;
  return a.status < b.status ? -1 : a.status > b.status ? 1 : 0;
}

/**
 * One state per subscription id: when several states of one subscription are given (a ledger's and
 * a document's, or a replay of events), the newest wins (`compareStatesNewestFirst`).
 */
function newestStates(subscriptions: readonly SyncSubscription[]): SyncSubscription[] {
  const byId = new Map<string, SyncSubscription>();
  for (const sub of subscriptions) {
    const seen = byId.get(sub.id);
    if (seen === undefined || compareStatesNewestFirst(sub, seen) < 0) byId.set(sub.id, sub);
  }
  return [...byId.values()];
}

/**
 * The plan an account should have now, given its subscriptions (docs/product.md §3, §9):
 * - several states of one subscription id (a stale event and a newer one) count once: the newest
 *   state by `subscriptionStateTime`, a terminal one on a tie (see `newerSubscriptionState`);
 * - the subscription that decides is the newest current one (status trialing or active, docs/product.md §4, and
 *   no ended_at/cancel_at at or before now; trialing only as the account's one trial when
 *   `trialSubscriptionId` is given), newest by created, then current_period_start, then id;
 * - it gives isPaidAccount true, type from the product's planType (else the subscription's metadata
 *   planType, else the current plan's type), cardLimit from the product's cardLimit (else the
 *   subscription's metadata cardLimit, else the current plan's), and trialEndDate = trial_end while
 *   trialing, otherwise null;
 * - with no current subscription the account is free: type 'free', isPaidAccount false, cardLimit
 *   FREE_PLAN_CARD_LIMIT (1), trialEndDate null. This is a choice: the spec names no free plan.
 * compCards and cardsInUse are always kept from the current plan. The result is a new object, equal
 * for equal inputs whatever the order of the subscriptions.
 */
export function planFromSubscriptions(input: {
  subscriptions: readonly SyncSubscription[];
  currentPlan: Plan;
  now: Date;
  /**
   * The id of the account's one trial: a trialing subscription with another id is not paid. Null:
   * no trial recorded, so none counts; undefined: not tracked, every trial counts.
   */
  trialSubscriptionId?: string | null;
}): Plan {
  const { subscriptions, currentPlan, now, trialSubscriptionId } = input;
  const kept = {
    compCards: finiteNumber(currentPlan.compCards) ?? 0,
    cardsInUse: finiteNumber(currentPlan.cardsInUse) ?? 0,
  };
  const newest = newestStates(subscriptions)
    .filter((sub) => isLive(sub, now, trialSubscriptionId))
    .sort(compareNewestFirst)[0];
  if (newest === undefined) {
    return {
      type: FREE_PLAN_TYPE,
      isPaidAccount: false,
      cardLimit: FREE_PLAN_CARD_LIMIT,
      ...kept,
      trialEndDate: null,
    };
  }
  const product = newest.product;
  const type =
    nonEmpty(product?.stripe_metadata_planType) ??
    nonEmpty(newest.metadata?.['planType']) ??
    currentPlan.type;
  const limit =
    finiteNumber(product?.stripe_metadata_cardLimit) ??
    finiteNumber(newest.metadata?.['cardLimit']) ??
    finiteNumber(currentPlan.cardLimit) ??
    FREE_PLAN_CARD_LIMIT;
  const trialEnd =
    newest.status === 'trialing' && ms(newest.trial_end) > Number.NEGATIVE_INFINITY
      ? new Date(ms(newest.trial_end))
      : null;
  return { type, isPaidAccount: true, cardLimit: limit, ...kept, trialEndDate: trialEnd };
}

// ---- The sync decision the hosts share (local trigger, Cloud Function) ----------------------------

/**
 * A subscription document as the plan sync reads it: plain data, storable as it is in the ledger.
 * `productId` comes from the document's `product` field, which the extension writes as a document
 * reference and the local stand-in as the path string `products/{id}`; a bare id is read too.
 */
export interface SubscriptionRecord {
  id: string;
  uid: string;
  status: string;
  productId: string | null;
  /** `metadata.accountId`, copied by the extension from the checkout session. */
  accountId: string | null;
  created: Date | null;
  current_period_start: Date | null;
  current_period_end: Date | null;
  trial_start: Date | null;
  trial_end: Date | null;
  canceled_at: Date | null;
  ended_at: Date | null;
  cancel_at: Date | null;
  metadata: Record<string, string>;
}

/** What the hosts keep per account: the newest state seen of each subscription, by ledger key. */
export type PlanSyncLedger = Record<string, SubscriptionRecord>;

/** The ledger key of a subscription: its owner and id (ids are unique, the owner scopes removal). */
export function ledgerKey(uid: string, subscriptionId: string): string {
  return `${uid}:${subscriptionId}`;
}

/** Reads a subscription document (or a ledger entry) into a record; unknown fields are dropped. */
export function subscriptionRecordFromDoc(
  uid: string,
  id: string,
  data: Readonly<Record<string, unknown>>,
): SubscriptionRecord {
  return recordOf(uid, id, storedSubscriptionSchema.parse(data));
}

function recordOf(uid: string, id: string, stored: StoredSubscription): SubscriptionRecord {
  return {
    id,
    uid,
    status: stored.status,
    productId: stored.productId !== undefined ? stored.productId : stored.product,
    accountId: nonEmpty(stored.metadata['accountId']),
    created: stored.created,
    current_period_start: stored.current_period_start,
    current_period_end: stored.current_period_end,
    trial_start: stored.trial_start,
    trial_end: stored.trial_end,
    canceled_at: stored.canceled_at,
    ended_at: stored.ended_at,
    cancel_at: stored.cancel_at,
    metadata: stored.metadata,
  };
}

/**
 * Reads a stored ledger (the `subscriptions` map of the ledger document, as its schema decodes it):
 * each entry through the subscription schema; one that names no subscription or payer is dropped.
 */
export function ledgerFromDoc(entries: Readonly<Record<string, unknown>>): PlanSyncLedger {
  const ledger: PlanSyncLedger = {};
  for (const [key, entry] of Object.entries(entries)) {
    const stored = storedSubscriptionSchema.parse(entry);
    if (stored.id === undefined || stored.uid === undefined) continue;
    ledger[key] = recordOf(stored.uid, stored.id, stored);
  }
  return ledger;
}

function toSync(record: SubscriptionRecord, product: SyncProduct | null): SyncSubscription {
  return {
    id: record.id,
    status: record.status,
    created: record.created ?? new Date(Number.NaN),
    current_period_start: record.current_period_start,
    current_period_end: record.current_period_end,
    trial_start: record.trial_start,
    trial_end: record.trial_end,
    canceled_at: record.canceled_at,
    ended_at: record.ended_at,
    cancel_at: record.cancel_at,
    metadata: record.metadata,
    product,
  };
}

/**
 * The account a subscription pays for: its `metadata.accountId` when the payer may bill that account
 * (`billable`: their own account and accounts they own), else the payer's own account. A checkout
 * session is written by the client, so its metadata is not trusted on its own.
 */
export function billedAccountId(
  record: Pick<SubscriptionRecord, 'accountId'>,
  userAccountId: string | null | undefined,
  billable: ReadonlySet<string>,
): string | null {
  if (record.accountId !== null && billable.has(record.accountId)) return record.accountId;
  return nonEmpty(userAccountId);
}

/** The plan fields the sync owns; compCards and cardsInUse belong to card counting. */
export type SyncedPlanFields = Pick<Plan, 'type' | 'isPaidAccount' | 'cardLimit' | 'trialEndDate'>;

/** The synced fields as stored (possibly missing, the trial end possibly a Timestamp). */
export interface PlanTerms {
  type?: string | undefined;
  isPaidAccount?: boolean | undefined;
  cardLimit?: number | undefined;
  /** A Date, a Firestore Timestamp or nothing. */
  trialEndDate?: unknown;
}

/** Whether two plans agree on the fields the sync owns (dates by time, missing = null). */
export function samePlanTerms(a: PlanTerms, b: PlanTerms): boolean {
  const end = (plan: PlanTerms) => dateFromField(plan.trialEndDate)?.getTime() ?? null;
  return (
    a.type === b.type &&
    a.isPaidAccount === b.isPaidAccount &&
    a.cardLimit === b.cardLimit &&
    end(a) === end(b)
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (key) =>
      Object.prototype.hasOwnProperty.call(b, key) &&
      sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

export interface PlanSyncDecision {
  /** The plan the account should have (compCards and cardsInUse kept from the current plan). */
  plan: Plan;
  /** False when the account already has these terms: nothing to write (repeated events). */
  planChanged: boolean;
  ledger: PlanSyncLedger;
  /** The ledger key of the account's one trial, once it has had one. */
  trialUsedBy: string | null;
  /** True when the ledger or the trial record changed: the ledger document is to be written. */
  ledgerChanged: boolean;
}

/**
 * The account's one trial: the recorded one, else the subscription of the ledger whose trial began
 * first (by trial_start, then key), else none. Once recorded it is never replaced.
 */
export function accountTrial(
  recorded: string | null | undefined,
  ledger: PlanSyncLedger,
): string | null {
  if (typeof recorded === 'string' && recorded !== '') return recorded;
  let first: { key: string; at: number } | null = null;
  for (const [key, entry] of Object.entries(ledger)) {
    const at = ms(entry.trial_start);
    if (at === Number.NEGATIVE_INFINITY) continue;
    if (first === null || at < first.at || (at === first.at && key < first.key)) {
      first = { key, at };
    }
  }
  return first?.key ?? null;
}

/**
 * Decides a plan sync for one payer and one account (docs/product.md §3, §4, §9; security notes, Payments):
 * - `subscriptions` are the payer's subscription documents that pay for this account, as they are
 *   now; `ledger` the newest state seen so far of every subscription of the account (any payer);
 * - each document's state replaces its ledger entry only when it is not older
 *   (`newerSubscriptionState`), so a stale rewrite (old `active` after `canceled`) is ignored;
 * - the payer's entries whose documents are gone are dropped; other payers' entries are kept;
 * - the account's one trial is `trialUsedBy` as recorded, else the first trial of the new ledger
 *   (`accountTrial`); a trialing subscription other than that one is not paid;
 * - the plan is `planFromSubscriptions` over the ledger's states with their products.
 * Applying the same inputs again, or the decision's own output, gives no change.
 */
export function decidePlanSync(input: {
  uid: string;
  subscriptions: readonly SubscriptionRecord[];
  ledger: PlanSyncLedger;
  /** The ledger key of the account's one trial as recorded so far (null: none yet). */
  trialUsedBy?: string | null;
  products: Readonly<Record<string, SyncProduct>>;
  currentPlan: Plan;
  now: Date;
}): PlanSyncDecision {
  const { uid, subscriptions, ledger, products, currentPlan, now } = input;
  const recordedTrial = input.trialUsedBy ?? null;
  const next: PlanSyncLedger = {};
  for (const [key, entry] of Object.entries(ledger)) {
    if (entry.uid !== uid) next[key] = entry;
  }
  for (const record of subscriptions) {
    const key = ledgerKey(uid, record.id);
    next[key] = newerSubscriptionState(ledger[key], record);
  }
  const trialUsedBy = accountTrial(recordedTrial, next);
  const trialEntry = trialUsedBy !== null ? next[trialUsedBy] : undefined;
  const plan = planFromSubscriptions({
    subscriptions: Object.values(next).map((record) =>
      toSync(record, record.productId !== null ? (products[record.productId] ?? null) : null),
    ),
    currentPlan,
    now,
    // A recorded trial whose entry is gone (its document deleted) still uses up the account's
    // trial: no subscription id can match it.
    trialSubscriptionId: trialUsedBy === null ? null : (trialEntry?.id ?? trialUsedBy),
  });
  return {
    plan,
    planChanged: !samePlanTerms(plan, currentPlan),
    ledger: next,
    trialUsedBy,
    ledgerChanged: !sameValue(next, ledger) || trialUsedBy !== recordedTrial,
  };
}

/**
 * The dotted-path update that writes the synced plan fields and, given the time of the sync, the
 * account's `dateUpdated`: a plan change is a change of the account, and the super admin's list is
 * ordered by it (docs/product.md §4). Nothing else is written.
 */
export function planSyncUpdate(plan: SyncedPlanFields, now?: Date): Record<string, unknown> {
  return {
    'plan.type': plan.type,
    'plan.isPaidAccount': plan.isPaidAccount,
    'plan.cardLimit': plan.cardLimit,
    'plan.trialEndDate': plan.trialEndDate ?? null,
    ...(now ? { dateUpdated: now } : {}),
  };
}
