import { describe, it, expect } from 'vitest';
import {
  brandKitChanged,
  isCountableLinkId,
  isCoupled,
  linkDisplayLabel,
  mergeTeamLinks,
  teamLinksChanged,
} from '@/domain/links';
import type { Link } from '@/domain/model';
import { EMPTY_BRAND_KIT } from '@/domain/model';

function link(id: string, extra: Partial<Link> = {}): Link {
  return { id, name: 'Website', label: '', value: `https://${id}.example`, ...extra };
}

describe('mergeTeamLinks', () => {
  it('removes team links from the personal list when the team has no links', () => {
    const personal = [link('p1'), link('t1', { isTeamLink: true }), link('p2')];
    expect(mergeTeamLinks(personal, [])).toEqual([link('p1'), link('p2')]);
  });

  it('treats a missing team list as no links', () => {
    expect(mergeTeamLinks([link('t1', { isTeamLink: true })], undefined)).toEqual([]);
  });

  it('uses the team list when the personal list is empty', () => {
    const team = [link('t1', { isTeamLink: true }), link('t2', { isTeamLink: true })];
    expect(mergeTeamLinks([], team)).toEqual(team);
  });

  it('returns a new list, not the team list itself', () => {
    const team = [link('t1', { isTeamLink: true })];
    expect(mergeTeamLinks([], team)).not.toBe(team);
  });

  it('keeps personal links and overwrites kept team links with the team version in place', () => {
    const personal = [link('p1'), link('t1', { isTeamLink: true, value: 'old' }), link('p2')];
    const team = [link('t1', { isTeamLink: true, value: 'new', label: 'HQ' })];
    expect(mergeTeamLinks(personal, team)).toEqual([
      link('p1'),
      link('t1', { isTeamLink: true, value: 'new', label: 'HQ' }),
      link('p2'),
    ]);
  });

  it('drops team links no longer in the team list', () => {
    const personal = [link('p1'), link('gone', { isTeamLink: true })];
    const team = [link('t1', { isTeamLink: true })];
    expect(mergeTeamLinks(personal, team).map((l) => l.id)).toEqual(['p1', 't1']);
  });

  it('appends new team links in team order', () => {
    const personal = [link('p1'), link('t2', { isTeamLink: true })];
    const team = [
      link('t1', { isTeamLink: true }),
      link('t2', { isTeamLink: true }),
      link('t3', { isTeamLink: true }),
    ];
    expect(mergeTeamLinks(personal, team).map((l) => l.id)).toEqual(['p1', 't2', 't1', 't3']);
  });

  it('never duplicates a team link whose personal copy lost its flag', () => {
    const personal = [link('t1', { value: 'stale' })];
    const team = [link('t1', { isTeamLink: true, value: 'fresh' })];
    expect(mergeTeamLinks(personal, team)).toEqual([
      link('t1', { isTeamLink: true, value: 'fresh' }),
    ]);
  });

  it('does not change its inputs', () => {
    const personal = [link('p1')];
    const team = [link('t1', { isTeamLink: true })];
    mergeTeamLinks(personal, team);
    expect(personal).toEqual([link('p1')]);
    expect(team).toEqual([link('t1', { isTeamLink: true })]);
  });
});

describe('teamLinksChanged', () => {
  it('is false for equal lists', () => {
    expect(teamLinksChanged([link('a')], [link('a')])).toBe(false);
  });

  it('ignores fields other than id, label, name and value', () => {
    expect(teamLinksChanged([link('a', { isTeamLink: true })], [link('a')])).toBe(false);
  });

  it.each([
    ['id', { id: 'b' }],
    ['label', { label: 'Main' }],
    ['name', { name: 'LinkedIn' }],
    ['value', { value: 'https://other.example' }],
  ] as const)('is true when %s differs', (_field, change) => {
    expect(teamLinksChanged([link('a')], [link('a', change)])).toBe(true);
  });

  it('is true when the lengths differ', () => {
    expect(teamLinksChanged([link('a')], [link('a'), link('b')])).toBe(true);
  });

  it('is true when the order differs', () => {
    expect(teamLinksChanged([link('a'), link('b')], [link('b'), link('a')])).toBe(true);
  });

  it('treats missing lists as empty', () => {
    expect(teamLinksChanged(undefined, [])).toBe(false);
    expect(teamLinksChanged(null, [link('a')])).toBe(true);
  });
});

describe('brandKitChanged', () => {
  it('is false for deeply equal kits', () => {
    expect(brandKitChanged({ ...EMPTY_BRAND_KIT }, { ...EMPTY_BRAND_KIT })).toBe(false);
  });

  it('is true when one field differs', () => {
    expect(brandKitChanged(EMPTY_BRAND_KIT, { ...EMPTY_BRAND_KIT, photoLogo: 'logo.png' })).toBe(
      true,
    );
  });

  it('compares nested objects deeply', () => {
    expect(
      brandKitChanged({ template: { accentColor: '#fff' } }, { template: { accentColor: '#fff' } }),
    ).toBe(false);
    expect(
      brandKitChanged({ template: { accentColor: '#fff' } }, { template: { accentColor: '#000' } }),
    ).toBe(true);
  });
});

describe('linkDisplayLabel', () => {
  it('labels a team link named Phone as Reception', () => {
    expect(linkDisplayLabel({ name: 'Phone', label: '', isTeamLink: true })).toBe('Reception');
  });

  it('labels a team phone link Reception whatever its label and name case', () => {
    expect(linkDisplayLabel({ name: 'phone', label: 'Office', isTeamLink: true })).toBe(
      'Reception',
    );
  });

  it('does not relabel a personal Phone link', () => {
    expect(linkDisplayLabel({ name: 'Phone', label: '', isTeamLink: false })).toBe('Phone');
  });

  it('does not relabel other team links', () => {
    expect(linkDisplayLabel({ name: 'Email', label: '', isTeamLink: true })).toBe('Email');
  });

  it('shows the label when there is one', () => {
    expect(linkDisplayLabel({ name: 'Website', label: 'Portfolio' })).toBe('Portfolio');
  });

  it('falls back to the name for a blank label', () => {
    expect(linkDisplayLabel({ name: 'Website', label: '  ' })).toBe('Website');
  });
});

describe('isCoupled', () => {
  it('is false only for an explicit false', () => {
    expect(isCoupled(false)).toBe(false);
  });

  it('is true for true, undefined, null and other values', () => {
    expect(isCoupled(true)).toBe(true);
    expect(isCoupled(undefined)).toBe(true);
    expect(isCoupled(null)).toBe(true);
    expect(isCoupled('false')).toBe(true);
    expect(isCoupled(0)).toBe(true);
  });
});

describe('isCountableLinkId', () => {
  it('keys per-link counts by ordinary ids, never by a reserved field name', () => {
    for (const id of ['site', 'a1b2c3d4', 'web-1', 'a.b', '_x_', '__x'])
      expect(isCountableLinkId(id), id).toBe(true);
    for (const id of [
      '',
      '__proto__',
      '__evil__',
      '____',
      'constructor',
      'prototype',
      'x'.repeat(101),
    ])
      expect(isCountableLinkId(id), id).toBe(false);
  });
});
