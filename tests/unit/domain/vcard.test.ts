import { describe, it, expect } from 'vitest';
import { buildVCard, escapeVCardText, foldVCardLine } from '@/domain/vcard';
import type { VCardCard } from '@/domain/vcard';

function card(extra: Partial<VCardCard> = {}): VCardCard {
  return {
    name: 'Jane Q Doe',
    title: 'Chief Executive',
    company: 'Acme',
    contacts: [
      { id: 'l1', name: 'Phone', label: '', value: '+1 555 0100' },
      { id: 'l2', name: 'Phone', label: '', value: '+1 555 0199', isTeamLink: true },
      { id: 'l3', name: 'Email', label: '', value: 'jane@acme.io' },
      { id: 'l4', name: 'Website', label: '', value: 'acme.io' },
      { id: 'l5', name: 'Address', label: '', value: '1 Main St; Springfield' },
      { id: 'l6', name: 'Website', label: '', value: 'javascript:alert(1)' },
    ],
    ...extra,
  };
}

/** Unfolds per RFC 2426: a CRLF followed by one space joins lines. */
function unfold(text: string): string[] {
  return text.replace(/\r\n /g, '').split('\r\n');
}

describe('escapeVCardText', () => {
  it('escapes backslash, comma, semicolon and newlines', () => {
    expect(escapeVCardText('a\\b,c;d\ne\r\nf\rg')).toBe('a\\\\b\\,c\\;d\\ne\\nf\\ng');
  });
});

describe('foldVCardLine', () => {
  it('leaves a line of 75 octets whole', () => {
    const line = 'X'.repeat(75);
    expect(foldVCardLine(line)).toBe(line);
  });

  it('folds a longer line with CRLF and a space, no physical line over 75 octets', () => {
    const folded = foldVCardLine('Y'.repeat(200));
    const lines = folded.split('\r\n');
    expect(lines[0]).toHaveLength(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe('Y'.repeat(200));
  });

  it('counts octets of UTF-8, not characters, and never splits a character', () => {
    const text = 'NOTE:' + 'é'.repeat(60) + '😀'.repeat(20);
    const folded = foldVCardLine(text);
    for (const line of folded.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    }
    expect(folded.replace(/\r\n /g, '')).toBe(text);
  });
});

describe('buildVCard', () => {
  it('is a vCard 3.0 with CRLF line endings and a final CRLF', () => {
    const text = buildVCard(card());
    expect(text.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes N with the last word as family name and FN with the full name', () => {
    const lines = unfold(buildVCard(card()));
    expect(lines).toContain('N:Doe;Jane Q;;;');
    expect(lines).toContain('FN:Jane Q Doe');
  });

  it('writes a one-word name as the given name', () => {
    expect(unfold(buildVCard(card({ name: 'Cher' })))).toContain('N:;Cher;;;');
  });

  it('writes ORG and TITLE', () => {
    const lines = unfold(buildVCard(card()));
    expect(lines).toContain('ORG:Acme');
    expect(lines).toContain('TITLE:Chief Executive');
  });

  it('leaves out empty ORG and TITLE', () => {
    const text = buildVCard(card({ company: '', title: '' }));
    expect(text).not.toContain('ORG:');
    expect(text).not.toContain('TITLE:');
  });

  it('writes phones as TEL, a team phone as work', () => {
    const lines = unfold(buildVCard(card()));
    expect(lines).toContain('TEL;TYPE=CELL,VOICE:+1 555 0100');
    expect(lines).toContain('TEL;TYPE=WORK,VOICE:+1 555 0199');
  });

  it('writes EMAIL, URL and ADR from the contacts', () => {
    const lines = unfold(buildVCard(card()));
    expect(lines).toContain('EMAIL;TYPE=INTERNET:jane@acme.io');
    expect(lines).toContain('item1.URL:https://acme.io');
    expect(lines).toContain('item1.X-ABLabel:Website');
    expect(lines).toContain('ADR;TYPE=WORK:;;1 Main St\\; Springfield;;;;');
  });

  it('leaves out links that are not safe to follow', () => {
    expect(buildVCard(card())).not.toMatch(/javascript/i);
  });

  it('adds the card e-mail once', () => {
    const lines = unfold(buildVCard(card({ email: 'jane@acme.io' })));
    expect(lines.filter((l) => l.startsWith('EMAIL')).length).toBe(1);
    const other = unfold(buildVCard(card({ email: 'ceo@acme.io' })));
    expect(other).toContain('EMAIL;TYPE=INTERNET:ceo@acme.io');
  });

  it('writes the given URL first among URLs, labelled as the digital card', () => {
    const lines = unfold(buildVCard(card(), { url: 'https://cards.example/jane' }));
    const urls = lines.filter((l) => /^item\d+\.URL:/.test(l));
    expect(urls).toEqual(['item1.URL:https://cards.example/jane', 'item2.URL:https://acme.io']);
    expect(lines).toContain('item1.X-ABLabel:Digital card');
    expect(lines).toContain('item2.X-ABLabel:Website');
  });

  it('labels LinkedIn and other profiles by their network, as iOS and Android read labels', () => {
    const lines = unfold(
      buildVCard(
        card({
          contacts: [
            {
              id: 'a',
              name: 'LinkedIn',
              label: 'My CV',
              value: 'https://www.linkedin.com/in/jane',
            },
            { id: 'b', name: 'Instagram', label: '', value: '@jane.doe' },
            { id: 'c', name: 'WhatsApp', label: '', value: '+34 600 11 22 33' },
            { id: 'd', name: 'Custom', label: 'Blog; notes', value: 'https://blog.acme.io' },
          ],
        }),
      ),
    );
    expect(lines.filter((l) => l.includes('URL:') || l.includes('X-ABLabel'))).toEqual([
      'item1.URL:https://www.linkedin.com/in/jane',
      'item1.X-ABLabel:LinkedIn',
      'item2.URL:https://www.instagram.com/jane.doe',
      'item2.X-ABLabel:Instagram',
      'item3.URL:https://wa.me/34600112233',
      'item3.X-ABLabel:WhatsApp',
      'item4.URL:https://blog.acme.io',
      'item4.X-ABLabel:Blog\\; notes',
    ]);
    // No bare URL is left for a phone to show as a generic "homepage".
    expect(lines.some((l) => l.startsWith('URL:'))).toBe(false);
  });

  it('escapes the note, commas, semicolons, backslashes and newlines included', () => {
    const lines = unfold(buildVCard(card(), { note: 'Met at expo, booth 4;\nsay hi \\o/' }));
    expect(lines).toContain('NOTE:Met at expo\\, booth 4\\;\\nsay hi \\\\o/');
  });

  it('escapes the name so it cannot inject properties', () => {
    const text = buildVCard(card({ name: 'Eve\r\nEND:VCARD\r\nBEGIN:VCARD' }));
    expect(
      text.match(/^BEGIN:VCARD$/gm)?.length ??
        text.split('\r\n').filter((l) => l === 'BEGIN:VCARD').length,
    ).toBe(1);
    expect(unfold(text).filter((l) => l === 'END:VCARD')).toHaveLength(1);
  });

  it('embeds the photo as base64 with its type, folded', () => {
    const base64 = 'A'.repeat(300);
    const text = buildVCard(card(), {
      photo: { base64: `data:image/png;base64,${base64}`, type: 'PNG' },
    });
    const lines = unfold(text);
    expect(lines).toContain(`PHOTO;ENCODING=b;TYPE=PNG:${base64}`);
    for (const line of text.split('\r\n')) expect(line.length).toBeLessThanOrEqual(75);
  });

  it('folds every physical line at 75 octets', () => {
    const text = buildVCard(card({ title: 'Très long titre '.repeat(20) }));
    for (const line of text.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
  });
});

describe('buildVCard link visibility', () => {
  it('leaves out links hidden or outside their schedule at the moment given', () => {
    const scheduled = card({
      contacts: [
        { id: 'a', name: 'Phone', label: '', value: '+1 555 0100' },
        { id: 'b', name: 'Phone', label: '', value: '+1 555 0111', hidden: true },
        {
          id: 'c',
          name: 'Website',
          label: 'Campaign',
          value: 'https://promo.example',
          startsAt: '2026-12-01T09:00:00.000Z',
          endsAt: '2026-12-05T17:00:00.000Z',
        },
      ],
    });
    const before = buildVCard(scheduled, { now: new Date('2026-11-30T00:00:00Z') });
    expect(before).toContain('+1 555 0100');
    expect(before).not.toContain('0111');
    expect(before).not.toContain('promo.example');
    const during = buildVCard(scheduled, { now: new Date('2026-12-02T00:00:00Z') });
    expect(during).toContain('promo.example');
    expect(during).not.toContain('0111');
    const after = buildVCard(scheduled, { now: new Date('2026-12-05T17:00:00Z') });
    expect(after).not.toContain('promo.example');
  });
});
