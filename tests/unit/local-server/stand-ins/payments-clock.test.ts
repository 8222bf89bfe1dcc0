/**
 * The stand-in's clock: what Stripe writes when a period runs out (a renewal, a trial's first
 * payment, the end of a subscription cancelled at period end), and what it leaves alone.
 */
import { describe, expect, it } from 'vitest';
import { day, storedSubscription as sub } from '../../../support/stored-subscription';
import { subscriptionAt } from '../../../../local-server/stand-ins/payments-clock';

describe('the stand-in clock', () => {
  it('changes nothing before the period ends', () => {
    expect(subscriptionAt(sub(), day('2026-01-31'))).toBeNull();
  });

  it('renews an active subscription, catching up every period missed', () => {
    expect(subscriptionAt(sub(), day('2026-04-15'))).toMatchObject({
      status: 'active',
      current_period_start: day('2026-04-01'),
      current_period_end: day('2026-05-01'),
    });
  });

  it('turns a trial into an active subscription at its end (its first payment)', () => {
    expect(subscriptionAt(sub({ status: 'trialing' }), day('2026-02-02'))).toMatchObject({
      status: 'active',
      current_period_start: day('2026-02-01'),
    });
  });

  it('ends a subscription cancelled at period end, at the end of the period', () => {
    const ending = sub({ cancel_at_period_end: true, cancel_at: day('2026-02-01') });
    expect(subscriptionAt(ending, day('2026-03-10'))).toMatchObject({
      status: 'canceled',
      ended_at: day('2026-02-01'),
    });
  });

  it('leaves ended and unpaid subscriptions alone', () => {
    expect(subscriptionAt(sub({ status: 'canceled' }), day('2027-01-01'))).toBeNull();
    expect(subscriptionAt(sub({ status: 'past_due' }), day('2027-01-01'))).toBeNull();
  });
});
