import { describe, it, expect } from 'vitest';
import { isSubscriptionCurrent, subscriptionEndsAt } from '@/domain/subscriptions';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('isSubscriptionCurrent', () => {
  it.each(['trialing', 'active'])('is current when %s', (status) => {
    expect(isSubscriptionCurrent(status)).toBe(true);
  });

  it.each([
    'past_due',
    'canceled',
    'incomplete',
    'incomplete_expired',
    'paused',
    'unpaid',
    'ACTIVE',
    '',
  ])('is not current when %s', (status) => {
    expect(isSubscriptionCurrent(status)).toBe(false);
  });

  it('is not current without a status', () => {
    expect(isSubscriptionCurrent(undefined)).toBe(false);
    expect(isSubscriptionCurrent(null)).toBe(false);
  });
});

describe('subscriptionEndsAt', () => {
  const now = day('2026-01-15');
  const base = {
    status: 'active',
    cancelAtPeriodEnd: true,
    cancelAt: day('2026-02-01'),
    currentPeriodEnd: day('2026-02-01'),
  };

  it('is the cancellation date while it is ahead, otherwise none', () => {
    expect(subscriptionEndsAt(base, now)).toEqual(day('2026-02-01'));
    expect(subscriptionEndsAt({ ...base, cancelAtPeriodEnd: false }, now)).toBeNull();
    expect(subscriptionEndsAt({ ...base, status: 'canceled' }, now)).toBeNull();
    expect(subscriptionEndsAt(base, day('2026-02-02'))).toBeNull();
  });
});
