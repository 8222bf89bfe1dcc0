import { describe, it, expect } from 'vitest';
import { isSubscriptionCurrent } from '@/domain/subscriptions';

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
