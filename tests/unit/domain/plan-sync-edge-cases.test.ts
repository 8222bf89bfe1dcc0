import { describe, expect, it } from 'vitest';
import type { Plan } from '@/domain/model';
import {
  billedAccountId,
  decidePlanSync,
  ledgerKey,
  newerSubscriptionState,
  planFromSubscriptions,
  planSyncUpdate,
  samePlanTerms,
  subscriptionRecordFromDoc,
  subscriptionStateTime,
} from '@/domain/plan-sync';
import type { PlanSyncLedger, SubscriptionRecord, SyncSubscription } from '@/domain/plan-sync';
import { dateFromField, productIdFromField } from '@/domain/schemas/subscription';

const now = new Date('2026-06-01T12:00:00Z');
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

const freePlan: Plan = {
  type: 'free',
  isPaidAccount: false,
  cardLimit: 1,
  compCards: 0,
  cardsInUse: 1,
  trialEndDate: null,
};

const growth = { stripe_metadata_cardLimit: '10', stripe_metadata_planType: 'growth' };

function sub(extra: Partial<SyncSubscription> = {}): SyncSubscription {
  return {
    id: 'sub_1',
    status: 'active',
    created: day('2026-05-01'),
    current_period_start: day('2026-05-01'),
    product: growth,
    ...extra,
  };
}

function record(extra: Partial<SubscriptionRecord> = {}): SubscriptionRecord {
  return {
    id: 'sub_1',
    uid: 'u1',
    status: 'active',
    productId: 'prod_growth',
    accountId: 'acc1',
    created: day('2026-05-01'),
    current_period_start: day('2026-05-01'),
    current_period_end: day('2026-06-01'),
    trial_start: null,
    trial_end: null,
    canceled_at: null,
    ended_at: null,
    cancel_at: null,
    metadata: { accountId: 'acc1' },
    ...extra,
  };
}

const products = {
  prod_growth: growth,
  prod_corporate: { stripe_metadata_cardLimit: '100', stripe_metadata_planType: 'corporate' },
};

function decide(
  subscriptions: SubscriptionRecord[],
  ledger: PlanSyncLedger = {},
  currentPlan = freePlan,
) {
  return decidePlanSync({ uid: 'u1', subscriptions, ledger, products, currentPlan, now });
}

describe('each subscription status', () => {
  it.each([
    ['active', true],
    ['trialing', true],
    ['past_due', false],
    ['canceled', false],
    ['incomplete', false],
    ['incomplete_expired', false],
    ['paused', false],
    ['unpaid', false],
  ])('a lone %s subscription makes the account paid: %s', (status, paid) => {
    const plan = planFromSubscriptions({
      subscriptions: [sub({ status })],
      currentPlan: freePlan,
      now,
    });
    expect(plan.isPaidAccount).toBe(paid);
    expect(plan.cardLimit).toBe(paid ? 10 : 1);
    expect(plan.type).toBe(paid ? 'growth' : 'free');
  });
});

describe('out-of-order delivery of one subscription', () => {
  const canceled = sub({
    status: 'canceled',
    canceled_at: day('2026-05-20'),
    ended_at: day('2026-05-20'),
  });
  const staleActive = sub({ status: 'active' });

  it('dates a state by the latest moment that happened, not by scheduled ones', () => {
    expect(subscriptionStateTime(canceled)).toBe(day('2026-05-20').getTime());
    expect(
      subscriptionStateTime({
        ...staleActive,
        current_period_end: day('2027-01-01'),
      } as SyncSubscription),
    ).toBe(day('2026-05-01').getTime());
  });

  it('an older active state arriving after a newer canceled one does not re-activate', () => {
    for (const order of [
      [canceled, staleActive],
      [staleActive, canceled],
    ]) {
      expect(
        planFromSubscriptions({ subscriptions: order, currentPlan: freePlan, now }),
      ).toMatchObject({
        type: 'free',
        isPaidAccount: false,
        cardLimit: 1,
      });
    }
  });

  it('a tie in time goes to the terminal state, whatever the order', () => {
    const sameTimeCanceled = sub({ status: 'canceled' });
    expect(
      planFromSubscriptions({
        subscriptions: [staleActive, sameTimeCanceled],
        currentPlan: freePlan,
        now,
      }).isPaidAccount,
    ).toBe(false);
    expect(
      planFromSubscriptions({
        subscriptions: [sameTimeCanceled, staleActive],
        currentPlan: freePlan,
        now,
      }).isPaidAccount,
    ).toBe(false);
    expect(newerSubscriptionState(sameTimeCanceled, staleActive)).toBe(sameTimeCanceled);
  });

  it('a later state wins: a renewal after a past-due period is active again', () => {
    const pastDue = sub({ status: 'past_due', current_period_start: day('2026-05-01') });
    const renewed = sub({ status: 'active', current_period_start: day('2026-05-25') });
    expect(newerSubscriptionState(pastDue, renewed)).toBe(renewed);
    expect(newerSubscriptionState(renewed, pastDue)).toBe(renewed);
    expect(
      planFromSubscriptions({ subscriptions: [renewed, pastDue], currentPlan: freePlan, now })
        .isPaidAccount,
    ).toBe(true);
  });

  it('a canceled subscription is never current again, even with a later period (Stripe)', () => {
    const later = sub({ status: 'active', current_period_start: day('2026-05-25') });
    expect(newerSubscriptionState(canceled, later)).toBe(canceled);
    expect(newerSubscriptionState(later, canceled)).toBe(canceled);
    expect(
      planFromSubscriptions({ subscriptions: [canceled, later], currentPlan: freePlan, now })
        .isPaidAccount,
    ).toBe(false);
  });

  it('resuming a cancellation at period end (canceled_at cleared) is believed', () => {
    const ending = sub({
      status: 'active',
      cancel_at_period_end: true,
      canceled_at: day('2026-05-20'),
      cancel_at: day('2026-06-10'),
    } as Partial<SyncSubscription>);
    const resumed = sub({ status: 'active', canceled_at: null, cancel_at: null });
    expect(subscriptionStateTime(ending)).toBe(subscriptionStateTime(resumed));
    expect(newerSubscriptionState(ending, resumed)).toBe(resumed);
    expect(newerSubscriptionState(resumed, ending)).toBe(ending);
  });

  it('with equal time and neither terminal, the state delivered last is believed', () => {
    const a = sub({ status: 'past_due' });
    const b = sub({ status: 'active' });
    expect(newerSubscriptionState(a, b)).toBe(b);
    expect(newerSubscriptionState(b, a)).toBe(a);
    expect(newerSubscriptionState(undefined, a)).toBe(a);
  });
});

describe("decidePlanSync: the hosts' ledger", () => {
  const trialing = record({
    status: 'trialing',
    trial_start: day('2026-05-01'),
    trial_end: day('2026-06-15'),
  });
  const active = record({ status: 'active', current_period_start: day('2026-05-15') });
  const canceled = record({
    status: 'canceled',
    current_period_start: day('2026-05-15'),
    canceled_at: day('2026-05-28'),
    ended_at: day('2026-05-28'),
  });

  function replay(events: SubscriptionRecord[]) {
    let ledger: PlanSyncLedger = {};
    let plan = freePlan;
    for (const event of events) {
      const decision = decide([event], ledger, plan);
      ledger = decision.ledger;
      plan = { ...plan, ...decision.plan };
    }
    return { ledger, plan };
  }

  function permutations<T>(items: T[]): T[][] {
    if (items.length <= 1) return [items];
    return items.flatMap((item, i) =>
      permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
    );
  }

  it('ends on the newest state whatever order the events arrive in', () => {
    for (const order of permutations([trialing, active, canceled])) {
      const { ledger, plan } = replay(order);
      expect(ledger[ledgerKey('u1', 'sub_1')]?.status).toBe('canceled');
      expect(plan).toMatchObject({ type: 'free', isPaidAccount: false, cardLimit: 1 });
    }
  });

  it('a stale active rewrite after the cancellation changes neither the plan nor the ledger', () => {
    const { ledger, plan } = replay([trialing, active, canceled]);
    const again = decide([trialing], ledger, plan);
    expect(again.planChanged).toBe(false);
    expect(again.ledgerChanged).toBe(false);
  });

  it('is idempotent: the same event twice writes nothing the second time', () => {
    const first = decide([active]);
    expect(first.planChanged).toBe(true);
    expect(first.plan).toMatchObject({ type: 'growth', isPaidAccount: true, cardLimit: 10 });
    const second = decide([active], first.ledger, { ...freePlan, ...first.plan });
    expect(second.planChanged).toBe(false);
    expect(second.ledgerChanged).toBe(false);
  });

  it('counts only the account’s first trial: a second trialing subscription is not paid', () => {
    const first = record({
      status: 'trialing',
      trial_start: day('2026-05-01'),
      trial_end: day('2026-06-15'),
    });
    const firstEnded = record({
      status: 'canceled',
      trial_start: day('2026-05-01'),
      trial_end: day('2026-06-15'),
      canceled_at: day('2026-05-10'),
      ended_at: day('2026-05-10'),
    });
    const second = record({
      id: 'sub_2',
      status: 'trialing',
      created: day('2026-05-11'),
      current_period_start: day('2026-05-11'),
      trial_start: day('2026-05-11'),
      trial_end: day('2026-06-25'),
    });
    const one = decide([first]);
    expect(one.trialUsedBy).toBe(ledgerKey('u1', 'sub_1'));
    expect(one.plan).toMatchObject({ isPaidAccount: true, trialEndDate: day('2026-06-15') });
    const ended = decide([firstEnded], one.ledger, { ...freePlan, ...one.plan });
    expect(ended.plan.isPaidAccount).toBe(false);
    const again = decidePlanSync({
      uid: 'u1',
      subscriptions: [firstEnded, second],
      ledger: ended.ledger,
      trialUsedBy: ended.trialUsedBy,
      products,
      currentPlan: freePlan,
      now,
    });
    expect(again.trialUsedBy).toBe(ledgerKey('u1', 'sub_1'));
    expect(again.plan).toMatchObject({ type: 'free', isPaidAccount: false, trialEndDate: null });
    // Its first payment (the trial over, status active) makes it paid.
    const paid = decidePlanSync({
      uid: 'u1',
      subscriptions: [
        firstEnded,
        { ...second, status: 'active', current_period_start: day('2026-05-31') },
      ],
      ledger: again.ledger,
      trialUsedBy: again.trialUsedBy,
      products,
      currentPlan: freePlan,
      now,
    });
    expect(paid.plan).toMatchObject({ type: 'growth', isPaidAccount: true });
  });

  it('remembers the trial after its subscription document is gone', () => {
    const second = record({
      id: 'sub_2',
      status: 'trialing',
      trial_start: day('2026-05-11'),
      trial_end: day('2026-06-25'),
    });
    const decision = decidePlanSync({
      uid: 'u1',
      subscriptions: [second],
      ledger: {},
      trialUsedBy: ledgerKey('u1', 'sub_1'),
      products,
      currentPlan: freePlan,
      now,
    });
    expect(decision.trialUsedBy).toBe(ledgerKey('u1', 'sub_1'));
    expect(decision.plan.isPaidAccount).toBe(false);
  });

  it('carries the trial end while trialing', () => {
    const decision = decide([trialing]);
    expect(decision.plan.trialEndDate).toEqual(day('2026-06-15'));
  });

  it("keeps other payers' subscriptions of the account and drops the payer's deleted ones", () => {
    const other = record({ id: 'sub_other', uid: 'u2', productId: 'prod_corporate' });
    const ledger: PlanSyncLedger = {
      [ledgerKey('u2', 'sub_other')]: other,
      [ledgerKey('u1', 'sub_gone')]: record({ id: 'sub_gone' }),
    };
    const decision = decide([], ledger);
    expect(Object.keys(decision.ledger)).toEqual([ledgerKey('u2', 'sub_other')]);
    expect(decision.plan).toMatchObject({ type: 'corporate', cardLimit: 100, isPaidAccount: true });
  });

  it('keeps compCards and cardsInUse and writes only the synced fields', () => {
    const decision = decide([active], {}, { ...freePlan, compCards: 2, cardsInUse: 4 });
    expect(decision.plan).toMatchObject({ compCards: 2, cardsInUse: 4 });
    expect(planSyncUpdate(decision.plan)).toEqual({
      'plan.type': 'growth',
      'plan.isPaidAccount': true,
      'plan.cardLimit': 10,
      'plan.trialEndDate': null,
    });
  });

  it('moves the account’s dateUpdated with the plan when given the time of the sync', () => {
    const decision = decide([active]);
    expect(planSyncUpdate(decision.plan, now)).toMatchObject({
      'plan.type': 'growth',
      dateUpdated: now,
    });
  });
});

describe('reading subscription documents', () => {
  it('reads the product as a path string, a bare id or a reference', () => {
    expect(productIdFromField('products/prod_growth')).toBe('prod_growth');
    expect(productIdFromField('prod_growth')).toBe('prod_growth');
    expect(productIdFromField({ id: 'prod_growth', path: 'products/prod_growth' })).toBe(
      'prod_growth',
    );
    expect(productIdFromField({ id: 'prod_x' })).toBe('prod_x');
    expect(productIdFromField('products/prod_growth/prices/p1')).toBeNull();
    expect(productIdFromField(null)).toBeNull();
    expect(productIdFromField('')).toBeNull();
  });

  it('reads Firestore timestamps and dates', () => {
    const at = day('2026-05-01');
    expect(dateFromField(at)).toEqual(at);
    expect(dateFromField({ toDate: () => at })).toEqual(at);
    expect(dateFromField({ seconds: at.getTime() / 1000, nanoseconds: 0 })).toEqual(at);
    expect(dateFromField(null)).toBeNull();
    expect(dateFromField('not a date')).toBeNull();
  });

  it('reads a document the extension wrote', () => {
    const rec = subscriptionRecordFromDoc('u1', 's1', {
      status: 'trialing',
      product: 'products/prod_growth',
      metadata: { accountId: 'acc1', accountName: 'Acme', junk: 3 },
      created: day('2026-05-01'),
      trial_end: day('2026-05-15'),
      canceled_at: null,
    });
    expect(rec).toMatchObject({
      id: 's1',
      uid: 'u1',
      status: 'trialing',
      productId: 'prod_growth',
      accountId: 'acc1',
      trial_end: day('2026-05-15'),
      canceled_at: null,
      metadata: { accountId: 'acc1', accountName: 'Acme' },
    });
  });

  it('pays for the named account only when the payer may bill it', () => {
    const billable = new Set(['mine', 'owned']);
    expect(billedAccountId({ accountId: 'owned' }, 'mine', billable)).toBe('owned');
    expect(billedAccountId({ accountId: 'someone-else' }, 'mine', billable)).toBe('mine');
    expect(billedAccountId({ accountId: null }, 'mine', billable)).toBe('mine');
    expect(billedAccountId({ accountId: null }, undefined, billable)).toBeNull();
  });

  it('compares plan terms with a missing trial end equal to none', () => {
    expect(samePlanTerms({ ...freePlan, trialEndDate: undefined }, freePlan)).toBe(true);
    expect(samePlanTerms(freePlan, { ...freePlan, cardLimit: 2 })).toBe(false);
    expect(
      samePlanTerms(
        { ...freePlan, trialEndDate: day('2026-01-01') },
        { ...freePlan, trialEndDate: day('2026-01-01') },
      ),
    ).toBe(true);
  });
});
