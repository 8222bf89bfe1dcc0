/** A Stripe subscription as the payments extension stores it, for the tests of what reads one. */
import type { DocData } from '@/backend/port';

/** Midnight UTC of an ISO day. */
export const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** A monthly subscription, active since 1 January 2026, with `extra` over it. */
export function storedSubscription(extra: DocData = {}): DocData {
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
