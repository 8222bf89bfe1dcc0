import { beforeAll, describe, expect, it } from 'vitest';
import {
  EMPTY_LINK_MESSAGE,
  HANDLE_FORMAT_MESSAGE,
  UNSAFE_LINK_MESSAGE,
  draftProblems,
  handleProblem,
  hasProblems,
  linkProblem,
  loadLinkRules,
} from '@/features/builder/validation';
import { fitWithin, imageProblem } from '@/ui/image-file';
import {
  chartScales,
  countByDay,
  lastDays,
  leadEntriesCsv,
} from '@/features/builder/components/card-analytics';
import { cleanHandleInput } from '@/features/builder/components/handle-panel';
import { cardImagePath } from '@/data/files';

describe('builder validation', () => {
  it('checks a typed value for safety only until the link kind rules are given', () => {
    expect(linkProblem({ name: 'Phone', value: 'call me maybe' }, undefined, null)).toBe(
      UNSAFE_LINK_MESSAGE,
    );
    expect(linkProblem({ name: 'Phone', value: '555 0100' }, undefined, null)).toBeNull();
    expect(linkProblem({ name: 'Custom', value: 'javascript:x' }, undefined, null)).toBe(
      UNSAFE_LINK_MESSAGE,
    );
  });

  // The rules load on demand in the app (they carry the phone-number library); here, once.
  beforeAll(async () => {
    await loadLinkRules();
  });

  it('refuses script and data links with the product message', () => {
    for (const value of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
    ]) {
      expect(linkProblem({ name: 'Custom', value })).toBe(UNSAFE_LINK_MESSAGE);
    }
    expect(linkProblem({ name: 'Website', value: 'acme.example' })).toBeNull();
    expect(linkProblem({ name: 'Phone', value: '+1 201 555 0123' })).toBeNull();
    expect(linkProblem({ name: 'Email', value: 'a@b.co' })).toBeNull();
  });

  it('says what the field wants when a value does not fit its kind', () => {
    expect(linkProblem({ name: 'Website', value: 'not a url' })).toBe(
      'Website: “not a url” is not a web address. Use one like https://company.com.',
    );
    expect(linkProblem({ name: 'Phone', value: 'call me maybe' })).toBe(
      'Phone: “call me maybe” is not a phone number. Use digits with the country code, like +44 20 7946 0958.',
    );
    expect(linkProblem({ name: 'Phone', value: 'javascript:alert(1)' })).toBe(UNSAFE_LINK_MESSAGE);
  });

  it('checks a value the saved card already had for safety only', () => {
    // Made before these rules: no country code, yet editing another field must not be blocked.
    expect(linkProblem({ name: 'Phone', value: '555 0100' }, '555 0100')).toBeNull();
    expect(linkProblem({ name: 'Phone', value: '555 0101' }, '555 0100')).toMatch(/^Phone: /);
    expect(linkProblem({ name: 'Custom', value: 'javascript:x' }, 'javascript:x')).toBe(
      UNSAFE_LINK_MESSAGE,
    );
    const draft = {
      name: 'A',
      handle: 'ab',
      contacts: [
        { id: 'p', name: 'Phone', label: '', value: '555 0100' },
        { id: 'w', name: 'Website', label: '', value: 'not a url' },
      ],
    };
    const stored = { contacts: [{ id: 'p', name: 'Phone', label: '', value: '555 0100' }] };
    expect(Object.keys(draftProblems(draft, stored).links)).toEqual(['w']);
  });

  it('asks for a value on blank links, and never blocks on team links', () => {
    expect(linkProblem({ name: 'Phone', value: '  ' })).toBe(EMPTY_LINK_MESSAGE);
    expect(linkProblem({ name: 'Custom', value: 'javascript:x', isTeamLink: true })).toBeNull();
  });

  it('accepts handles of lowercase letters, digits, underscores and single hyphens', () => {
    expect(handleProblem('ada-lovelace-2')).toBeNull();
    expect(handleProblem('ada_lovelace')).toBeNull();
    expect(handleProblem('a'.repeat(61))).toBe(HANDLE_FORMAT_MESSAGE);
    expect(cleanHandleInput('Ada_L')).toBe('ada_l');
    expect(handleProblem('Ada')).toBe(HANDLE_FORMAT_MESSAGE);
    expect(handleProblem('ada--x')).toBe(HANDLE_FORMAT_MESSAGE);
    expect(handleProblem('-ada')).toBe(HANDLE_FORMAT_MESSAGE);
    expect(handleProblem('a')).toBe(HANDLE_FORMAT_MESSAGE);
    expect(cleanHandleInput('Ada  Lovelace!')).toBe('ada-lovelace');
  });

  it('collects every problem of a draft', () => {
    const problems = draftProblems({
      name: '',
      handle: 'ok-handle',
      contacts: [{ id: 'x', name: 'Custom', label: '', value: 'javascript:alert(1)' }],
    });
    expect(problems.name).not.toBeNull();
    expect(problems.links).toEqual({ x: UNSAFE_LINK_MESSAGE });
    expect(hasProblems(problems)).toBe(true);
    expect(hasProblems(draftProblems({ name: 'A', handle: 'ab', contacts: [] }))).toBe(false);
  });
});

describe('card images', () => {
  it('accepts png, jpeg, webp and gif up to 5 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBeNull();
    expect(imageProblem({ type: 'image/svg+xml', size: 10 })).toMatch(/PNG, JPEG, WebP or GIF/);
    expect(imageProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toMatch(/5 MB/);
  });

  it('fits images inside 1024 px keeping proportions, never enlarging', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1024, height: 768 });
    expect(fitWithin(500, 2048)).toEqual({ width: 250, height: 1024 });
    expect(fitWithin(300, 200)).toEqual({ width: 300, height: 200 });
  });

  it('stores images under the account and card with the slot and a timestamp', () => {
    expect(cardImagePath('acme', 'c1', 'photoAvatar', 'image/jpeg', new Date(1700000000000))).toBe(
      'accounts/acme/cards/c1/photoAvatar-1700000000000.jpg',
    );
  });
});

describe('card analytics helpers', () => {
  it('lists the last 30 UTC days oldest first', () => {
    const days = lastDays(new Date('2025-03-02T10:00:00Z'));
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe('2025-03-02');
    expect(days[0]).toBe('2025-02-01');
  });

  it('ticks every count axis in whole numbers from zero, whichever way the bars run', () => {
    // "Clicks per link" runs sideways: its count axis is x, and it counted in tenths.
    expect(chartScales(true).x).toMatchObject({ beginAtZero: true, ticks: { precision: 0 } });
    expect(chartScales(true).y.ticks).not.toHaveProperty('precision');
    expect(chartScales(false).y).toMatchObject({ beginAtZero: true, ticks: { precision: 0 } });
    expect(chartScales(false).x.ticks).not.toHaveProperty('precision');
  });

  it('counts events per day', () => {
    expect(
      countByDay([new Date('2025-03-01T01:00:00Z'), new Date('2025-03-01T23:00:00Z'), null]),
    ).toEqual({ '2025-03-01': 2 });
  });

  it('exports lead entries as formula-safe CSV', async () => {
    const csv = await leadEntriesCsv([
      {
        id: 'e1',
        name: '=HYPERLINK("http://evil")',
        email: 'a@b.co',
        phone: '+1 555',
        company: 'Acme, Inc',
        note: '',
        title: '',
        website: '',
        address: '',
        source: 'form',
        createdAt: new Date('2025-03-01T00:00:00Z'),
        consent: { text: 'You may e-mail me.', given: true, at: null },
      },
    ]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe('Name,E-mail,Phone,Company,Note,Date,Consent,Title,Website,Address,Source');
    expect(row).toBe(
      `"'=HYPERLINK(""http://evil"")",a@b.co,"'+1 555","Acme, Inc",,2025-03-01T00:00:00.000Z,Given: “You may e-mail me.”,,,,Lead form`,
    );
  });
});
