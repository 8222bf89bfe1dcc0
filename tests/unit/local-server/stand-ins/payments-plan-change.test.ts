/**
 * A plan change as the local stand-in writes it (Stripe's subscription update): the same
 * subscription on the new price, the trial ended when there was one, a new period only when the
 * interval changes, proration on the invoice; the mail it announces; and which subscriptions are
 * live (the ones a second checkout must not double).
 */
import { describe, expect, it } from 'vitest';
import type { DocData } from '@/backend/port';
import { DocumentRef } from 'firestore-engine/value-types';
import { isSubscriptionLive, liveSubscriptionOf } from '@/domain/subscriptions';
import { subscriptionMailEvents } from '@/services/billing-mail';
import { subscriptionAfterPlanChange } from '../../../../local-server/stand-ins/payments-plan-change';
import type { FoundPrice } from '../../../../local-server/stand-ins/payments-shared';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

function found(productId: string, priceId: string, amount: number, interval: string): FoundPrice {
  return {
    productId,
    priceId,
    product: { active: true, name: productId.replace('prod_', '') },
    price: {
      active: true,
      currency: 'usd',
      unit_amount: amount,
      type: 'recurring',
      recurring: { interval, interval_count: 1 },
    },
  };
}

function growth(extra: DocData = {}): DocData {
  return {
    status: 'active',
    product: new DocumentRef('products/prod_growth'),
    price: new DocumentRef('products/prod_growth/prices/price_growth_monthly'),
    prices: [new DocumentRef('products/prod_growth/prices/price_growth_monthly')],
    quantity: 1,
    items: [
      {
        id: 'si_1',
        price: { id: 'price_growth_monthly', unit_amount: 3000, recurring: { interval: 'month' } },
      },
    ],
    metadata: { accountId: 'acc-1' },
    created: day('2026-01-01'),
    current_period_start: day('2026-03-01'),
    current_period_end: day('2026-03-31'),
    trial_start: null,
    trial_end: null,
    cancel_at_period_end: false,
    ...extra,
  };
}

const corporateMonthly = found('prod_corporate', 'price_corporate_monthly', 9000, 'month');

describe('a plan change on the stand-in', () => {
  it('keeps the subscription, its item, metadata and period, and names the new price', () => {
    const { subscription } = subscriptionAfterPlanChange(
      growth(),
      corporateMonthly,
      day('2026-03-16'),
    );
    expect(subscription).toMatchObject({
      status: 'active',
      created: day('2026-01-01'),
      metadata: { accountId: 'acc-1' },
      product: new DocumentRef('products/prod_corporate'),
      price: new DocumentRef('products/prod_corporate/prices/price_corporate_monthly'),
      current_period_start: day('2026-03-01'),
      current_period_end: day('2026-03-31'),
    });
    expect((subscription.items as Array<{ id: string }>)[0]?.id).toBe('si_1');
  });

  it('prorates within the period: the unused old price back, the rest on the new one', () => {
    // Half of a 30-day period is left: -$15 of Growth, +$45 of Corporate.
    const { invoice } = subscriptionAfterPlanChange(growth(), corporateMonthly, day('2026-03-16'));
    const lines = (invoice.lines as { data: Array<{ amount: number; proration: boolean }> }).data;
    expect(lines.map((line) => [line.amount, line.proration])).toEqual([
      [-1500, true],
      [4500, true],
    ]);
    expect(invoice.amount_due).toBe(3000);
  });

  it('from a trial: the trial ends now and the new plan is paid for a whole new period', () => {
    const now = day('2026-03-05');
    const trial = growth({
      status: 'trialing',
      trial_start: day('2026-03-01'),
      trial_end: day('2026-03-15'),
      current_period_end: day('2026-03-15'),
    });
    const { subscription, invoice } = subscriptionAfterPlanChange(trial, corporateMonthly, now);
    expect(subscription).toMatchObject({
      status: 'active',
      trial_end: now,
      current_period_start: now,
      current_period_end: day('2026-04-05'),
    });
    // Nothing was paid during the trial, so nothing is credited.
    expect(invoice.amount_due).toBe(9000);
  });

  it('a change of interval starts a new period now', () => {
    const yearly = found('prod_growth', 'price_growth_yearly', 29000, 'year');
    const { subscription } = subscriptionAfterPlanChange(growth(), yearly, day('2026-03-16'));
    expect(subscription).toMatchObject({
      current_period_start: day('2026-03-16'),
      current_period_end: day('2027-03-16'),
    });
  });
});

describe('the mail of a plan change', () => {
  it('announces the change once, never a second "started" nor a renewal', () => {
    const before = growth({ status: 'trialing' });
    const { subscription } = subscriptionAfterPlanChange(
      before,
      corporateMonthly,
      day('2026-03-16'),
    );
    const events = subscriptionMailEvents(before, subscription).map((e) => e.event);
    expect(events).toEqual(['plan-changed']);
    expect(subscriptionMailEvents(subscription, subscription)).toEqual([]);
  });
});

describe('live subscriptions', () => {
  it('are the ones Stripe still bills, an ending one included; not ended or incomplete ones', () => {
    for (const status of ['trialing', 'active', 'past_due', 'unpaid', 'paused']) {
      expect(isSubscriptionLive(status)).toBe(true);
    }
    for (const status of ['canceled', 'incomplete', 'incomplete_expired', '', null]) {
      expect(isSubscriptionLive(status)).toBe(false);
    }
  });

  it('the newest live one of a list', () => {
    const list = [
      { id: 'a', status: 'canceled', created: day('2026-03-01') },
      { id: 'b', status: 'active', created: day('2026-02-01') },
      { id: 'c', status: 'past_due', created: day('2026-01-01') },
    ];
    expect(liveSubscriptionOf(list)?.id).toBe('b');
    expect(liveSubscriptionOf(list.slice(0, 1))).toBeNull();
  });
});
