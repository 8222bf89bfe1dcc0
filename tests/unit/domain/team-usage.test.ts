import { describe, expect, it } from 'vitest';
import { teamsToRecount, teamUsageOf } from '../../../src/domain/team-usage';

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
});

describe('teamsToRecount', () => {
  const sales = { accountId: 'acme', teamId: 'sales' };
  const support = { accountId: 'acme', teamId: 'support' };

  it('recounts the team of a created or deleted card', () => {
    expect(teamsToRecount(null, card())).toEqual([sales]);
    expect(teamsToRecount(card(), null)).toEqual([sales]);
  });

  it('recounts both teams when a card moves', () => {
    expect(teamsToRecount(card(), card({ teamId: 'support' }))).toEqual([sales, support]);
  });

  it('recounts the team when a card is archived or uncoupled', () => {
    expect(teamsToRecount(card(), card({ isArchived: true }))).toEqual([sales]);
    expect(
      teamsToRecount(card(), card({ bulkSync: { syncTeamLinks: false, syncBranding: true } })),
    ).toEqual([sales]);
  });

  it('recounts nothing for an edit of anything else', () => {
    expect(teamsToRecount(card(), card({ name: 'Ada' }))).toEqual([]);
    expect(teamsToRecount(card({ bulkSync: undefined }), card())).toEqual([]);
  });
});
