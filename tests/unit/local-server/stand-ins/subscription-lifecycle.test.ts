/**
 * The pure parts of the subscription lifecycle: the stand-in's clock (what Stripe writes when a
 * period runs out), the events each subscription write announces by e-mail, the e-mail layout's
 * escaping, and when a subscription cancelled at period end stops.
 */
import { describe, expect, it } from 'vitest';
import type { DocData } from '@/backend/port';
import { subscriptionAt } from '../../../../local-server/stand-ins/payments-clock';
import { subscriptionMailEvents } from '@/services/billing-mail';
import { renderMail } from '@/services/mail-layout';
import { subscriptionEndsAt } from '@/domain/subscriptions';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

function sub(extra: DocData = {}): DocData {
  return {
    status: 'active',
    items: [{ price: { recurring: { interval: 'month', interval_count: 1 } } }],
    created: day('2026-01-01'),
    current_period_start: day('2026-01-01'),
    current_period_end: day('2026-02-01'),
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    ...extra,
  };
}

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

describe('the e-mail layout', () => {
  it('escapes every value in the HTML part and keeps the text part plain', () => {
    const mail = renderMail({
      subject: 'Hi <x>\r\nBcc: a@b.c',
      heading: '<script>alert(1)</script>',
      paragraphs: [['Plan ', { strong: '"Pro" & <b>' }, ' ready.']],
      action: { label: 'Open', url: 'javascript:alert(1)' },
    });
    expect(mail.subject).toBe('Hi <x> Bcc: a@b.c');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('<strong>&quot;Pro&quot; &amp; &lt;b&gt;</strong>');
    expect(mail.html).not.toContain('javascript:');
    expect(mail.text).toContain('Plan "Pro" & <b> ready.');
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
