import { describe, expect, it } from 'vitest';
import { FREE_PLAN_TYPE } from '@/domain/plan';
import { storedPlanSchema } from '@/domain/schemas/plan';
import {
  storedPlanSyncLedgerSchema,
  storedSubscriptionSchema,
} from '@/domain/schemas/subscription';

const created = new Date('2026-02-01T00:00:00Z');
const periodEnd = new Date('2026-03-01T00:00:00Z');

describe('subscription schema', () => {
  it('reads a subscription as the Stripe extension writes it (timestamps, a product reference)', () => {
    const stored = storedSubscriptionSchema.parse({
      status: 'active',
      product: { id: 'prod_growth', path: 'products/prod_growth' },
      price: { id: 'price_month', path: 'products/prod_growth/prices/price_month' },
      metadata: { accountId: 'acc1', accountName: 'Acme', seats: 3 },
      created: { seconds: created.getTime() / 1000, nanoseconds: 0 },
      current_period_start: { toDate: () => created },
      current_period_end: periodEnd,
      trial_start: null,
      trial_end: null,
      canceled_at: null,
      ended_at: null,
      cancel_at: null,
      cancel_at_period_end: false,
      items: [{ id: 'si_1', price: {} }],
      quantity: 2,
      role: 'growth',
    });
    expect(stored).toEqual({
      status: 'active',
      product: 'prod_growth',
      price: 'price_month',
      metadata: { accountId: 'acc1', accountName: 'Acme' },
      created,
      current_period_start: created,
      current_period_end: periodEnd,
      trial_start: null,
      trial_end: null,
      canceled_at: null,
      ended_at: null,
      cancel_at: null,
      cancel_at_period_end: false,
      items: 'si_1',
      quantity: 2,
    });
  });

  it('reads the local stand-in’s path strings, and the ledger’s own product id', () => {
    const stored = storedSubscriptionSchema.parse({
      product: 'products/prod_pro',
      price: 'products/prod_pro/prices/p1',
      productId: null,
    });
    expect([stored.product, stored.price, stored.productId]).toEqual(['prod_pro', 'p1', null]);
  });

  it('gives a malformed subscription its defaults: incomplete, one seat, no dates', () => {
    expect(
      storedSubscriptionSchema.parse({
        status: 3,
        product: 'products/p/prices/x',
        metadata: ['accountId'],
        created: 'not a date',
        cancel_at_period_end: 'yes',
        items: [{ id: '' }],
        quantity: 0,
      }),
    ).toEqual({
      status: 'incomplete',
      product: null,
      productId: undefined,
      price: null,
      metadata: {},
      created: null,
      current_period_start: null,
      current_period_end: null,
      trial_start: null,
      trial_end: null,
      canceled_at: null,
      ended_at: null,
      cancel_at: null,
      cancel_at_period_end: false,
      items: null,
      quantity: 1,
    });
  });
});

describe('plan schema', () => {
  it('reads a stored plan, and a missing one as the free plan with nothing counted', () => {
    const trialEndDate = new Date('2026-02-15T00:00:00Z');
    const plan = {
      type: 'growth',
      isPaidAccount: true,
      cardLimit: 10,
      compCards: 1,
      cardsInUse: 4,
      trialEndDate,
    };
    expect(storedPlanSchema.parse(plan)).toEqual(plan);
    expect(storedPlanSchema.parse(undefined)).toEqual({
      type: FREE_PLAN_TYPE,
      isPaidAccount: false,
      cardLimit: 0,
      compCards: 0,
      cardsInUse: 0,
      trialEndDate: null,
    });
  });
});

describe('plan sync ledger schema', () => {
  it('reads who had the trial, and a missing ledger as no trial and no subscriptions', () => {
    expect(
      storedPlanSyncLedgerSchema.parse({ subscriptions: { 'u1:s1': {} }, trialUsedBy: 'u1:s1' }),
    ).toEqual({ subscriptions: { 'u1:s1': {} }, trialUsedBy: 'u1:s1' });
    expect(storedPlanSyncLedgerSchema.parse(null)).toEqual({
      subscriptions: {},
      trialUsedBy: null,
    });
  });
});
