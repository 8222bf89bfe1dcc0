/**
 * The account export as a zip: it opens (unzipped here), holds the JSON files, a formula-safe leads
 * CSV and one vCard per card that reads back into the same card, hidden and scheduled links too.
 */
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { accountExportZip, exportFileName } from '@/domain/account-export';
import type { Card } from '@/domain/model';
import { readVCards } from '@/domain/vcard-import';

function card(id: string, overrides: Partial<Card> = {}): Card {
  return {
    id,
    handle: `${id}-handle`,
    handleAllowIndex: true,
    name: 'Ada Lovelace',
    title: 'Head of Sales',
    company: 'Acme Co',
    email: 'ada@acme.example',
    accountId: 'acme',
    isArchived: false,
    contacts: [
      { id: 'p', name: 'Phone', label: 'Mobile', value: '+1 555 0100' },
      { id: 'w', name: 'Website', label: 'Old site', value: 'https://old.example', hidden: true },
      {
        id: 'c',
        name: 'Website',
        label: 'Campaign',
        value: 'https://promo.example',
        startsAt: '2099-01-01T00:00:00.000Z',
      },
    ],
    appForm: {},
    template: {},
    signatureBasic: {},
    appShare: {},
    ...overrides,
  };
}

const input = {
  account: { id: 'acme', name: 'Acme Co', createdAt: new Date('2025-01-01T00:00:00Z') },
  teams: [{ id: 'sales', name: 'Sales', links: [] }],
  cards: [card('ada'), card('grace', { name: 'Grace Hopper', handle: '', contacts: [] })],
  leads: [
    {
      cardId: 'ada',
      cardName: 'Ada Lovelace',
      name: '=HYPERLINK("http://evil.example","click")',
      email: 'bob@example.com',
      phone: '+1 555 0199',
      company: 'Bob, Inc.',
      note: 'Met at\nthe booth',
      createdAt: new Date('2026-11-20T10:00:00Z'),
    },
  ],
};

describe('account export zip', () => {
  it('opens and holds every file, the JSON as read', () => {
    const files = unzipSync(accountExportZip(input));
    expect(Object.keys(files).sort()).toEqual([
      'account.json',
      'cards.json',
      'leads.csv',
      'leads.json',
      'teams.json',
      'vcards/ada-handle.vcf',
      'vcards/grace.vcf',
    ]);
    const account = JSON.parse(strFromU8(files['account.json']!)) as Record<string, unknown>;
    expect(account).toEqual({ id: 'acme', name: 'Acme Co', createdAt: '2025-01-01T00:00:00.000Z' });
    const cards = JSON.parse(strFromU8(files['cards.json']!)) as Card[];
    expect(cards[0]?.contacts[1]).toMatchObject({ hidden: true });
    expect(JSON.parse(strFromU8(files['teams.json']!))).toEqual(input.teams);
    expect(JSON.parse(strFromU8(files['leads.json']!))).toHaveLength(1);
  });

  it('writes the leads CSV formula-safe and quoted', () => {
    const csv = strFromU8(unzipSync(accountExportZip(input))['leads.csv']!);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe('Card,Card id,Name,Email,Phone,Company,Note,Received,Consent');
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(row).toContain('"Bob, Inc."');
    expect(row).toContain('"\'+1 555 0199"');
    expect(csv).toContain('"Met at\nthe booth",2026-11-20T10:00:00.000Z');
  });

  it('writes vCards that re-import as the same cards, every link kept', () => {
    const files = unzipSync(accountExportZip(input));
    const result = readVCards(strFromU8(files['vcards/ada-handle.vcf']!));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.cards[0]).toMatchObject({
      name: 'Ada Lovelace',
      title: 'Head of Sales',
      company: 'Acme Co',
      email: 'ada@acme.example',
    });
    expect(result.cards[0]?.contacts.map((l) => l.value)).toEqual([
      'ada@acme.example',
      '+1 555 0100',
      'https://old.example',
      'https://promo.example',
    ]);
    const grace = readVCards(strFromU8(files['vcards/grace.vcf']!));
    expect(grace.ok && grace.cards[0]?.name).toBe('Grace Hopper');
  });

  it('names files safely from the handle, or the id', () => {
    expect(exportFileName({ id: 'x1', handle: '../../etc/passwd' })).toBe('etc-passwd');
    expect(exportFileName({ id: 'x1', handle: '' })).toBe('x1');
  });
});
