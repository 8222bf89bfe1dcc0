import { describe, expect, expectTypeOf, it } from 'vitest';
import { EMPTY_BRAND_KIT, type Team } from '@/domain/model';
import { newTeamDocument, teamFromDoc, type StoredTeam } from '@/domain/schemas/team';
import { teamBrandingOf } from '@/domain/team-sync-plan';

describe('team schema', () => {
  it('names every field of the Team model', () => {
    expectTypeOf<Exclude<keyof Team, keyof StoredTeam | 'id'>>().toEqualTypeOf<never>();
  });

  it('reads a malformed team with defaults: empty brand kit, null groups, team links', () => {
    const team = teamFromDoc('t1', {
      name: 5,
      accountId: 'acc',
      photoBg: 3,
      photoLogo: 'logo.png',
      template: 'x',
      signatureBasic: { disclaimer: 'Hi', size: 3 },
      bulkSync: { syncTeamLinks: false, syncBranding: 'no' },
      links: [{ name: 'Website', value: 'https://a.example' }],
    });
    expect(team).toEqual({
      ...EMPTY_BRAND_KIT,
      id: 't1',
      name: '',
      isArchived: false,
      accountId: 'acc',
      photoLogo: 'logo.png',
      template: null,
      signatureBasic: { disclaimer: 'Hi' },
      bulkSync: { syncTeamLinks: false },
      links: [
        {
          id: 'team-link-0',
          name: 'Website',
          label: '',
          value: 'https://a.example',
          isTeamLink: true,
        },
      ],
    });
  });

  it('leaves the team sync’s bookkeeping out of a Team', () => {
    const fresh = newTeamDocument('acc', 'Sales');
    const synced = { syncVersion: 2, syncedVersion: 2, syncScope: { links: true, branding: true } };
    expect(teamFromDoc('t3', { ...fresh, ...synced })).toEqual({ ...fresh, id: 't3' });
  });

  it('a new team decodes to itself, and its branding is the empty kit', () => {
    const fresh = newTeamDocument('acc', 'Sales');
    expect(teamFromDoc('t2', fresh)).toEqual({ ...fresh, id: 't2' });
    expect(teamBrandingOf(fresh)).toEqual({
      ...EMPTY_BRAND_KIT,
      template: null,
      signatureBasic: null,
    });
  });
});
