import { describe, expect, it } from 'vitest';
import { teamUsageChanges, teamUsageOf } from '@/domain/team-usage';

const card = (extra: Record<string, unknown> = {}) => ({
  accountId: 'acme',
  teamId: 'sales',
  isArchived: false,
  bulkSync: { syncTeamLinks: true, syncBranding: true },
  ...extra,
});

describe('teamUsageOf', () => {
  it('counts listed cards and the ones coupled to links and branding; a missing flag is coupled', () => {
    expect(
      teamUsageOf([
        card(),
        card({ bulkSync: { syncTeamLinks: false, syncBranding: true } }),
        card({ bulkSync: { syncBranding: false } }),
        card({ bulkSync: undefined }),
        card({ isArchived: true }),
      ]),
    ).toEqual({ cards: 4, linksCoupled: 3, brandingCoupled: 3 });
  });

  it('reads a malformed card with the card schema’s defaults: listed, and coupled to both', () => {
    expect(
      teamUsageOf([
        card({ isArchived: 'yes', bulkSync: { syncTeamLinks: 'no', syncBranding: 0 } }),
        card({ bulkSync: ['x'] }),
        { isArchived: null },
      ]),
    ).toEqual({ cards: 3, linksCoupled: 3, brandingCoupled: 3 });
  });
});

describe('teamUsageChanges', () => {
  const sales = { accountId: 'acme', teamId: 'sales' };
  const support = { accountId: 'acme', teamId: 'support' };
  const one = { cards: 1, linksCoupled: 1, brandingCoupled: 1 };
  const minusOne = { cards: -1, linksCoupled: -1, brandingCoupled: -1 };

  it('counts a created card in, and a deleted one out', () => {
    expect(teamUsageChanges(null, card())).toEqual([{ team: sales, delta: one }]);
    expect(teamUsageChanges(card(), null)).toEqual([{ team: sales, delta: minusOne }]);
  });

  it('moves a card out of one team and into the other', () => {
    expect(teamUsageChanges(card(), card({ teamId: 'support' }))).toEqual([
      { team: sales, delta: minusOne },
      { team: support, delta: one },
    ]);
  });

  it('counts an archived card out, and an uncoupled one out of the coupled counts only', () => {
    expect(teamUsageChanges(card(), card({ isArchived: true }))).toEqual([
      { team: sales, delta: minusOne },
    ]);
    expect(
      teamUsageChanges(card(), card({ bulkSync: { syncTeamLinks: false, syncBranding: true } })),
    ).toEqual([{ team: sales, delta: { cards: 0, linksCoupled: -1, brandingCoupled: 0 } }]);
  });

  it('counts no team for a card whose account or team is not a name', () => {
    expect(teamUsageChanges(null, card({ teamId: 7 }))).toEqual([]);
    expect(teamUsageChanges(null, card({ teamId: '' }))).toEqual([]);
    expect(teamUsageChanges(null, card({ accountId: ['acme'] }))).toEqual([]);
    expect(teamUsageChanges(card({ teamId: 7 }), card())).toEqual([{ team: sales, delta: one }]);
  });

  it('changes nothing for an edit of anything else', () => {
    expect(teamUsageChanges(card(), card({ name: 'Ada' }))).toEqual([]);
    expect(teamUsageChanges(card({ bulkSync: undefined }), card())).toEqual([]);
    expect(
      teamUsageChanges(card({ isArchived: true }), card({ isArchived: true, teamId: 'x' })),
    ).toEqual([]);
  });
});
