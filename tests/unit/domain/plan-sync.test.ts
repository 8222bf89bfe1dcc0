import { describe, it, expect } from 'vitest';
import { FREE_PLAN_CARD_LIMIT } from '@/domain/plan';
import { ledgerFromDoc, planFromSubscriptions } from '@/domain/plan-sync';
import type { SyncSubscription } from '@/domain/plan-sync';
import type { Plan } from '@/domain/model';

const now = new Date('2025-05-01T00:00:00Z');
const currentPlan: Plan = {
  type: 'free',
  isPaidAccount: false,
  cardLimit: 1,
  compCards: 2,
  cardsInUse: 3,
  trialEndDate: null,
};

function sub(id: string, extra: Partial<SyncSubscription> = {}): SyncSubscription {
  return {
    id,
    status: 'active',
    created: new Date('2025-01-01T00:00:00Z'),
    current_period_start: new Date('2025-04-01T00:00:00Z'),
    product: {
      stripe_metadata_cardLimit: '10',
      stripe_metadata_planType: 'growth',
      name: 'Growth',
    },
    ...extra,
  };
}

describe('planFromSubscriptions', () => {
  it('is free with one card and no subscriptions', () => {
    expect(FREE_PLAN_CARD_LIMIT).toBe(1);
    expect(planFromSubscriptions({ subscriptions: [], currentPlan, now })).toEqual({
      type: 'free',
      isPaidAccount: false,
      cardLimit: 1,
      compCards: 2,
      cardsInUse: 3,
      trialEndDate: null,
    });
  });

  it('follows an active subscription: paid, its plan type and card limit', () => {
    expect(planFromSubscriptions({ subscriptions: [sub('s1')], currentPlan, now })).toEqual({
      type: 'growth',
      isPaidAccount: true,
      cardLimit: 10,
      compCards: 2,
      cardsInUse: 3,
      trialEndDate: null,
    });
  });

  it('takes the trial end from a trialing subscription', () => {
    const trialEnd = new Date('2025-05-14T00:00:00Z');
    const plan = planFromSubscriptions({
      subscriptions: [sub('s1', { status: 'trialing', trial_end: trialEnd })],
      currentPlan,
      now,
    });
    expect(plan.isPaidAccount).toBe(true);
    expect(plan.trialEndDate).toEqual(trialEnd);
    expect(plan.trialEndDate).not.toBe(trialEnd);
  });

  it('clears the trial end once the subscription is active', () => {
    const plan = planFromSubscriptions({
      subscriptions: [sub('s1', { trial_end: new Date('2025-04-14T00:00:00Z') })],
      currentPlan: { ...currentPlan, trialEndDate: new Date('2025-04-14T00:00:00Z') },
      now,
    });
    expect(plan.trialEndDate).toBeNull();
  });

  it.each(['canceled', 'past_due', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'])(
    'falls back to free when the only subscription is %s',
    (status) => {
      const plan = planFromSubscriptions({
        subscriptions: [sub('s1', { status })],
        currentPlan: { ...currentPlan, type: 'growth', isPaidAccount: true, cardLimit: 10 },
        now,
      });
      expect(plan).toMatchObject({ type: 'free', isPaidAccount: false, cardLimit: 1 });
    },
  );

  it('keeps complimentary cards and cards in use', () => {
    const plan = planFromSubscriptions({ subscriptions: [sub('s1')], currentPlan, now });
    expect(plan.compCards).toBe(2);
    expect(plan.cardsInUse).toBe(3);
  });

  it('picks the newest current subscription by creation time', () => {
    const older = sub('old', {
      created: new Date('2024-01-01T00:00:00Z'),
      product: { stripe_metadata_cardLimit: '5', stripe_metadata_planType: 'growth' },
    });
    const newer = sub('new', {
      created: new Date('2025-02-01T00:00:00Z'),
      product: { stripe_metadata_cardLimit: '50', stripe_metadata_planType: 'corporate' },
    });
    expect(
      planFromSubscriptions({ subscriptions: [older, newer], currentPlan, now }),
    ).toMatchObject({
      type: 'corporate',
      cardLimit: 50,
    });
  });

  it('breaks a creation-time tie by the later period start', () => {
    const a = sub('a', {
      current_period_start: new Date('2025-04-01T00:00:00Z'),
      product: { stripe_metadata_cardLimit: '5', stripe_metadata_planType: 'growth' },
    });
    const b = sub('b', {
      current_period_start: new Date('2025-04-20T00:00:00Z'),
      product: { stripe_metadata_cardLimit: '25', stripe_metadata_planType: 'corporate' },
    });
    expect(planFromSubscriptions({ subscriptions: [a, b], currentPlan, now }).cardLimit).toBe(25);
    expect(planFromSubscriptions({ subscriptions: [b, a], currentPlan, now }).cardLimit).toBe(25);
  });

  it('ignores a newer subscription that is not current', () => {
    const active = sub('a', { created: new Date('2024-01-01T00:00:00Z') });
    const canceled = sub('c', {
      status: 'canceled',
      created: new Date('2025-03-01T00:00:00Z'),
      product: { stripe_metadata_cardLimit: '99', stripe_metadata_planType: 'corporate' },
    });
    expect(
      planFromSubscriptions({ subscriptions: [active, canceled], currentPlan, now }),
    ).toMatchObject({
      type: 'growth',
      cardLimit: 10,
      isPaidAccount: true,
    });
  });

  it('treats a subscription that ended before now as not current', () => {
    const plan = planFromSubscriptions({
      subscriptions: [sub('s1', { ended_at: new Date('2025-04-30T00:00:00Z') })],
      currentPlan,
      now,
    });
    expect(plan.isPaidAccount).toBe(false);
  });

  it('treats a subscription cancelled exactly at now as not current', () => {
    const plan = planFromSubscriptions({
      subscriptions: [sub('s1', { cancel_at: new Date(now) })],
      currentPlan,
      now,
    });
    expect(plan.isPaidAccount).toBe(false);
  });

  it('keeps a subscription whose cancellation is still in the future', () => {
    const plan = planFromSubscriptions({
      subscriptions: [sub('s1', { cancel_at: new Date('2025-06-01T00:00:00Z') })],
      currentPlan,
      now,
    });
    expect(plan.isPaidAccount).toBe(true);
  });

  it('reads a numeric card limit and falls back to subscription metadata', () => {
    expect(
      planFromSubscriptions({
        subscriptions: [sub('s1', { product: { stripe_metadata_cardLimit: 7 } })],
        currentPlan: { ...currentPlan, type: 'growth' },
        now,
      }),
    ).toMatchObject({ cardLimit: 7, type: 'growth' });
    expect(
      planFromSubscriptions({
        subscriptions: [
          sub('s1', { product: {}, metadata: { cardLimit: '12', planType: 'corporate' } }),
        ],
        currentPlan,
        now,
      }),
    ).toMatchObject({ cardLimit: 12, type: 'corporate' });
  });

  it('keeps the current plan type and limit when the product is unknown', () => {
    const plan = planFromSubscriptions({
      subscriptions: [sub('s1', { product: null })],
      currentPlan: { ...currentPlan, type: 'corporate', cardLimit: 40 },
      now,
    });
    expect(plan).toMatchObject({ type: 'corporate', cardLimit: 40, isPaidAccount: true });
  });

  it('is idempotent: the same input gives an equal plan, and applying it again changes nothing', () => {
    const subscriptions = [
      sub('a', { status: 'trialing', trial_end: new Date('2025-05-10T00:00:00Z') }),
      sub('b', { status: 'canceled', created: new Date('2025-03-01T00:00:00Z') }),
    ];
    const first = planFromSubscriptions({ subscriptions, currentPlan, now });
    const second = planFromSubscriptions({ subscriptions, currentPlan, now });
    expect(second).toEqual(first);
    expect(planFromSubscriptions({ subscriptions, currentPlan: first, now })).toEqual(first);
  });

  it('does not depend on the order of the subscriptions', () => {
    const subscriptions = [
      sub('a', { created: new Date('2025-01-01T00:00:00Z') }),
      sub('b', {
        status: 'trialing',
        created: new Date('2025-02-01T00:00:00Z'),
        trial_end: new Date('2025-05-10T00:00:00Z'),
        product: { stripe_metadata_cardLimit: '3', stripe_metadata_planType: 'corporate' },
      }),
      sub('c', { status: 'canceled', created: new Date('2025-04-01T00:00:00Z') }),
      sub('d', { created: new Date('2025-02-01T00:00:00Z'), current_period_start: null }),
      sub('e', { created: new Date('2025-02-01T00:00:00Z'), current_period_start: null }),
    ];
    const expected = planFromSubscriptions({ subscriptions, currentPlan, now });
    const permutations = [
      [4, 3, 2, 1, 0],
      [2, 0, 4, 1, 3],
      [1, 4, 0, 3, 2],
      [3, 1, 2, 4, 0],
    ];
    for (const order of permutations) {
      const shuffled = order.map((i) => subscriptions[i]).filter((s) => s !== undefined);
      expect(planFromSubscriptions({ subscriptions: shuffled, currentPlan, now })).toEqual(
        expected,
      );
    }
    expect(expected).toMatchObject({ type: 'corporate', cardLimit: 3 });
  });

  it('breaks a full tie by id so equal timestamps still give one answer', () => {
    const x = sub('x', { product: { stripe_metadata_cardLimit: '4' } });
    const y = sub('y', { product: { stripe_metadata_cardLimit: '8' } });
    const one = planFromSubscriptions({ subscriptions: [x, y], currentPlan, now });
    const two = planFromSubscriptions({ subscriptions: [y, x], currentPlan, now });
    expect(one).toEqual(two);
  });

  it('does not mutate its inputs', () => {
    const subscriptions = [sub('b'), sub('a', { created: new Date('2026-01-01T00:00:00Z') })];
    const plan = { ...currentPlan };
    planFromSubscriptions({ subscriptions, currentPlan: plan, now });
    expect(subscriptions.map((s) => s.id)).toEqual(['b', 'a']);
    expect(plan).toEqual(currentPlan);
  });
});

describe('ledgerFromDoc', () => {
  const record = {
    id: 'sub_1',
    uid: 'u1',
    status: 'active',
    productId: 'prod_team',
    accountId: 'acme',
    created: new Date('2025-01-01T00:00:00Z'),
    current_period_start: new Date('2025-04-01T00:00:00Z'),
    current_period_end: new Date('2025-05-01T00:00:00Z'),
    trial_start: null,
    trial_end: null,
    canceled_at: null,
    ended_at: null,
    cancel_at: null,
    metadata: { accountId: 'acme' },
  };

  it('reads the entries the plan sync stored as they were', () => {
    expect(ledgerFromDoc({ 'u1:sub_1': record })).toEqual({ 'u1:sub_1': record });
  });

  it('drops an entry that names no subscription or payer, and reads bad fields as defaults', () => {
    expect(
      ledgerFromDoc({
        a: 'sub_1',
        b: { ...record, id: 7 },
        c: { ...record, uid: undefined },
        d: { id: 'sub_2', uid: 'u2', status: 3, created: 'yesterday', metadata: [] },
      }),
    ).toEqual({
      d: {
        ...record,
        id: 'sub_2',
        uid: 'u2',
        status: 'incomplete',
        productId: null,
        accountId: null,
        created: null,
        current_period_start: null,
        current_period_end: null,
        metadata: {},
      },
    });
  });
});
