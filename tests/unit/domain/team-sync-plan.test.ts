import { describe, expect, it } from 'vitest';
import {
  applyBranding,
  brandingValues,
  chunk,
  needsResume,
  nextSyncFields,
  planCardSync,
  planTeamSync,
  syncCardOf,
  teamBrandingOf,
  teamSyncState,
} from '@/domain/team-sync-plan';
import type { SyncCard, SyncTeam } from '@/domain/team-sync-plan';
import { EMPTY_BRAND_KIT } from '@/domain/model';
import type { Link } from '@/domain/model';

const web: Link = { id: 't-web', name: 'Website', label: 'Website', value: 'https://acme.example' };
const phone: Link = { id: 't-phone', name: 'Phone', label: '', value: '+1 555 0000' };

function team(overrides: Partial<SyncTeam> = {}): SyncTeam {
  return { ...EMPTY_BRAND_KIT, template: null, signatureBasic: null, links: [web], ...overrides };
}

function card(id: string, overrides: Partial<SyncCard> = {}): SyncCard {
  return {
    id,
    contacts: [
      {
        id: `${id}-mail`,
        name: 'Email',
        label: 'Email',
        value: `${id}@x.example`,
        isTeamLink: false,
      },
    ],
    template: { accentColor: '#111111' },
    signatureBasic: {},
    ...overrides,
  };
}

const BOTH = { links: true, branding: true };

describe('planCardSync', () => {
  it('appends the team links, marked as team links, after the personal ones', () => {
    const patch = planCardSync(card('a'), team(), { links: true, branding: false }, 1);
    expect(patch?.contacts).toEqual([
      { id: 'a-mail', name: 'Email', label: 'Email', value: 'a@x.example', isTeamLink: false },
      { ...web, isTeamLink: true },
    ]);
    expect(patch?.teamSyncVersion).toBe(1);
    expect(patch).not.toHaveProperty('template');
  });

  it('carries a team link’s visibility and schedule to the card, and a later change too', () => {
    const scheduled = { ...web, hidden: true, endsAt: '2026-12-05T17:00:00.000Z' };
    const patch = planCardSync(card('a'), team({ links: [scheduled] }), BOTH, 1);
    const contacts = (patch?.contacts ?? []) as Link[];
    expect(contacts[1]).toEqual({ ...scheduled, isTeamLink: true });
    const synced = card('a', { contacts });
    const shown = planCardSync(synced, team({ links: [{ ...scheduled, hidden: false }] }), BOTH, 2);
    expect((shown?.contacts as Link[] | undefined)?.[1]).toEqual({
      ...web,
      isTeamLink: true,
      endsAt: '2026-12-05T17:00:00.000Z',
    });
  });

  it('leaves a card alone when syncTeamLinks is explicitly false', () => {
    const uncoupled = card('a', { bulkSync: { syncTeamLinks: false, syncBranding: true } });
    expect(planCardSync(uncoupled, team(), { links: true, branding: false }, 1)).toBeNull();
  });

  it('treats a missing or null bulkSync as coupled', () => {
    expect(planCardSync(card('a', { bulkSync: null }), team(), BOTH, 1)).not.toBeNull();
    expect(planCardSync(card('b', { bulkSync: {} }), team(), BOTH, 1)).not.toBeNull();
  });

  it('still applies branding to a card that opted out of links only', () => {
    const c = card('a', { bulkSync: { syncTeamLinks: false } });
    const patch = planCardSync(c, team({ photoLogo: 'https://cdn.example/logo.png' }), BOTH, 2);
    expect(patch).not.toHaveProperty('contacts');
    expect(patch?.template).toEqual({
      accentColor: '#111111',
      photoLogo: 'https://cdn.example/logo.png',
    });
  });

  it('skips a card already written by this version (resuming writes nothing twice)', () => {
    expect(planCardSync(card('a', { teamSyncVersion: 3 }), team(), BOTH, 3)).toBeNull();
  });

  it('writes nothing when the card already shows what the team wants', () => {
    const done = card('a', { contacts: [{ ...web, isTeamLink: true }] });
    expect(planCardSync(done, team(), { links: true, branding: false }, 2)).toBeNull();
  });

  it('overwrites a changed team link in place and drops a removed one', () => {
    const c = card('a', {
      contacts: [
        { ...phone, isTeamLink: true },
        { id: 'own', name: 'Email', label: 'Email', value: 'me@x.example', isTeamLink: false },
        { ...web, value: 'https://old.example', isTeamLink: true },
      ],
    });
    const patch = planCardSync(c, team(), { links: true, branding: false }, 4);
    expect(patch?.contacts).toEqual([
      { id: 'own', name: 'Email', label: 'Email', value: 'me@x.example', isTeamLink: false },
      { ...web, isTeamLink: true },
    ]);
  });

  it('removes every team link when the team has none left', () => {
    const c = card('a', { contacts: [{ ...web, isTeamLink: true }] });
    expect(
      planCardSync(c, team({ links: [] }), { links: true, branding: false }, 2)?.contacts,
    ).toEqual([]);
  });
});

describe('branding', () => {
  it('maps the brand kit onto the card template and signature', () => {
    const values = brandingValues({
      ...teamBrandingOf({}),
      photoBgStock: 'https://stock.example/a.jpg',
      photoLogo: 'https://cdn.example/logo.png',
      photoAvatarShape: 'rounded',
      photoSignatureLogo: 'https://cdn.example/sig.png',
      photoBgOverlay: '#000000',
      template: { accentColor: '#ff0000', photoAvatar: 'https://someone.example/me.jpg' },
      signatureBasic: { disclaimer: 'Confidential' },
    });
    expect(values).toEqual({
      'template.accentColor': '#ff0000',
      'template.photoBg': 'https://stock.example/a.jpg',
      'template.backgroundSource': 'stock',
      'template.photoBgOverlay': '#000000',
      'template.photoLogo': 'https://cdn.example/logo.png',
      'template.avatarShape': 'rounded',
      'signatureBasic.disclaimer': 'Confidential',
      'signatureBasic.photoSignatureLogo': 'https://cdn.example/sig.png',
    });
  });

  it('uses the background source photoBgPriority names first', () => {
    const kit = {
      ...teamBrandingOf({}),
      photoBg: 'https://own.example/a.jpg',
      photoBgAbstract: 'https://art.example/b.png',
    };
    expect(brandingValues(kit)['template.backgroundSource']).toBe('own');
    expect(brandingValues({ ...kit, photoBgPriority: 'abstract' })['template.photoBg']).toBe(
      'https://art.example/b.png',
    );
  });

  it('removes a style the team set before and no longer sets, and keeps the card’s own ones', () => {
    const result = applyBranding(
      {
        template: { photoLogo: 'https://old.example/logo.png', accentColor: '#123456' },
        signatureBasic: {},
        teamStyles: ['template.photoLogo'],
      },
      teamBrandingOf({}),
    );
    expect(result.template).toEqual({ accentColor: '#123456' });
    expect(result.teamStyles).toEqual([]);
  });
});

describe('planTeamSync and chunking', () => {
  it('plans only the coupled cards that change', () => {
    const cards = [
      card('a'),
      card('b', { bulkSync: { syncTeamLinks: false, syncBranding: false } }),
      card('c', { teamSyncVersion: 7 }),
      card('d'),
    ];
    expect(planTeamSync(cards, team(), BOTH, 7).map((p) => p.cardId)).toEqual(['a', 'd']);
  });

  it('splits 500 updates into chunks of at most 400', () => {
    const cards = Array.from({ length: 500 }, (_, i) => card(`c${i}`));
    const parts = chunk(planTeamSync(cards, team(), BOTH, 1), 400);
    expect(parts.map((p) => p.length)).toEqual([400, 100]);
  });
});

describe('sync versions', () => {
  it('reads missing bookkeeping as version 0, finished', () => {
    const state = teamSyncState({});
    expect(state).toEqual({
      syncVersion: 0,
      syncedVersion: 0,
      syncScope: { links: false, branding: false },
    });
    expect(needsResume(state)).toBe(false);
  });

  it('reads stored bookkeeping as stored, and a malformed field as missing', () => {
    const stored = {
      syncVersion: 4,
      syncedVersion: 3,
      syncScope: { links: true, branding: false },
    };
    expect(teamSyncState({ name: 'Sales', ...stored })).toEqual(stored);
    expect(
      teamSyncState({ syncVersion: '4', syncedVersion: Number.NaN, syncScope: ['links'] }),
    ).toEqual({ syncVersion: 0, syncedVersion: 0, syncScope: { links: false, branding: false } });
    expect(teamSyncState({ syncScope: { links: 'yes', branding: true } }).syncScope).toEqual({
      links: false,
      branding: true,
    });
  });

  it('reads a card’s sync version when it is a number, and none otherwise', () => {
    expect(syncCardOf('c1', { teamSyncVersion: 2 }).teamSyncVersion).toBe(2);
    expect(syncCardOf('c1', { teamSyncVersion: '2' })).not.toHaveProperty('teamSyncVersion');
    expect(syncCardOf('c1', { teamSyncVersion: Infinity })).not.toHaveProperty('teamSyncVersion');
  });

  it('widens the scope of an unfinished version instead of forgetting it', () => {
    const unfinished = {
      syncVersion: 3,
      syncedVersion: 2,
      syncScope: { links: true, branding: false },
    };
    expect(nextSyncFields(unfinished, { links: false, branding: true })).toEqual({
      syncVersion: 4,
      syncScope: { links: true, branding: true },
    });
    const finished = { ...unfinished, syncedVersion: 3 };
    expect(nextSyncFields(finished, { links: false, branding: true })).toEqual({
      syncVersion: 4,
      syncScope: { links: false, branding: true },
    });
  });
});
