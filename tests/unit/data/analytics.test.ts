/**
 * The owner's analytics screens read a card's stored summary and its link clicks as the public
 * surfaces wrote them, and a malformed field as nothing counted rather than a broken chart.
 */
import { describe, expect, it } from 'vitest';
import { setBackend } from '@/backend/current';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import { listLinkClicks, toCounters } from '@/data/analytics';

const NONE = {
  views: 0,
  scans: 0,
  saves: 0,
  viewsByDay: {},
  clicks: 0,
  clicksByDay: {},
  clicksByLink: {},
  leads: 0,
};

describe('a card’s counters', () => {
  it('read as the summary stores them', () => {
    const counters = {
      views: 12,
      scans: 3,
      saves: 2,
      viewsByDay: { '2026-11-27': 12 },
      clicks: 4,
      clicksByDay: { '2026-11-27': 4 },
      clicksByLink: { l0: 4 },
      leads: 1,
    };
    expect(toCounters({ cardId: 'c1', accountId: 'a1', ...counters })).toEqual(counters);
  });

  it('read as zeros without a summary, and a malformed counter as 0', () => {
    expect(toCounters(null)).toEqual(NONE);
    expect(
      toCounters({ views: '12', leads: Number.NaN, viewsByDay: { d: 'x', e: 2 }, clicksByLink: 5 }),
    ).toEqual({ ...NONE, viewsByDay: { d: 0, e: 2 } });
  });
});

describe('a card’s link clicks', () => {
  it('read as stored, and a malformed field as empty', async () => {
    const db = createMemoryBackend();
    setBackend(db);
    const at = new Date('2026-11-27T12:00:00Z');
    db.seed('analytics/c1/clicks/k1', { linkId: 'l0', name: 'Website', at });
    db.seed('analytics/c1/clicks/k2', {
      linkId: 7,
      name: null,
      at: new Date('2026-11-26T12:00:00Z').getTime(),
    });
    expect(await listLinkClicks('c1')).toEqual([
      { id: 'k1', linkId: 'l0', name: 'Website', at },
      { id: 'k2', linkId: '', name: '', at: null },
    ]);
  });
});
