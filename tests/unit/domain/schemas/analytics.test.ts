import { describe, expect, it } from 'vitest';
import {
  storedAnalyticsSummarySchema,
  storedLinkClickSchema,
  storedPendingCountSchema,
} from '@/domain/schemas/analytics';

describe('analytics summary schema', () => {
  it('reads a summary as the public surfaces stored it', () => {
    const updatedAt = new Date('2026-11-27T12:00:00Z');
    const stored = {
      cardId: 'card-1',
      accountId: 'acct-1',
      teamId: 'team-1',
      views: 12,
      scans: 3,
      saves: 2,
      viewsByDay: { '2026-11-26': 5, '2026-11-27': 7 },
      clicks: 4,
      clicksByDay: { '2026-11-27': 4 },
      clicksByLink: { 'card-1-l0': 3, 'card-1-l1': 1 },
      leads: 1,
      updatedAt,
    };
    expect(storedAnalyticsSummarySchema.parse(stored)).toEqual(stored);
  });

  it('reads a summary that names no account as no one’s, and bad counters as 0', () => {
    expect(
      storedAnalyticsSummarySchema.parse({
        accountId: 7,
        views: '12',
        viewsByDay: { '2026-11-27': 'x', '2026-11-28': 2 },
        clicksByLink: 'none',
      }),
    ).toEqual({
      cardId: '',
      accountId: '',
      views: 0,
      scans: 0,
      saves: 0,
      viewsByDay: { '2026-11-27': 0, '2026-11-28': 2 },
      clicks: 0,
      clicksByDay: {},
      clicksByLink: {},
      leads: 0,
      updatedAt: null,
    });
    expect(storedAnalyticsSummarySchema.parse(null).accountId).toBe('');
  });
});

describe('link click schema', () => {
  it('reads a click as the click route stored it', () => {
    const stored = { linkId: 'card-1-l0', name: 'Website', at: new Date('2026-11-27T12:00:00Z') };
    expect(storedLinkClickSchema.parse(stored)).toEqual(stored);
  });

  it('reads a malformed click’s fields as empty', () => {
    expect(storedLinkClickSchema.parse({ linkId: 3, at: 'today' })).toEqual({
      linkId: '',
      name: '',
      at: null,
    });
  });
});

describe('pending count schema', () => {
  it('reads the wire-encoded fields a pending count adds', () => {
    const at = new Date('2026-11-27T12:00:00Z');
    const fields = { views: { integerValue: '1' } };
    expect(storedPendingCountSchema.parse({ fields: JSON.stringify(fields), at })).toEqual({
      fields,
      at,
    });
  });

  it('reads fields that are not JSON text as none', () => {
    expect(storedPendingCountSchema.parse({ fields: '{"v', at: 'now' })).toEqual({
      fields: null,
      at: null,
    });
    expect(storedPendingCountSchema.parse({}).fields).toBeNull();
  });
});
