/** The e-mails each subscription write announces, once per change of state. */
import { describe, expect, it } from 'vitest';
import type { DocData } from '@/backend/port';
import { day, storedSubscription as sub } from '../../support/stored-subscription';
import { subscriptionMailEvents } from '@/services/billing-mail';

describe('the e-mail events of a subscription write', () => {
  const events = (before: DocData | null, after: DocData | null) =>
    subscriptionMailEvents(before, after).map((e) => e.event);

  it('started on creation; nothing for the same state again', () => {
    expect(events(null, sub())).toEqual(['started']);
    expect(events(sub(), sub())).toEqual([]);
  });

  it('renewed when a new period starts; payment failed on past_due, once', () => {
    const next = sub({ current_period_start: day('2026-02-01') });
    expect(events(sub(), next)).toEqual(['renewed']);
    expect(events(next, { ...next, status: 'past_due' })).toEqual(['payment-failed']);
    expect(events({ ...next, status: 'past_due' }, { ...next, status: 'unpaid' })).toEqual([]);
  });

  it('ending on a cancellation at period end, ended on the canceled state', () => {
    const ending = sub({ cancel_at_period_end: true, canceled_at: day('2026-01-10') });
    expect(events(sub(), ending)).toEqual(['ending']);
    expect(events(ending, { ...ending, status: 'canceled' })).toEqual(['ended']);
  });

  it('a stale active state after the end announces nothing', () => {
    expect(events(sub({ status: 'canceled' }), sub())).toEqual([]);
  });
});
