/**
 * The contact file a visitor saves from a public card: a vCard 3.0 (RFC 2426) with CRLF line
 * endings, text values escaped (backslash, comma, semicolon, newline) and lines folded at 75 octets
 * of UTF-8, as the RFC asks. Hand-written because it is small and no vCard library is installed.
 */
import type { Card, Link } from './model';
import { safeLinkHref } from './safe-url';

export interface VCardOptions {
  /** The profile photo, base64 without a `data:` prefix (one is removed if present). */
  photo?: { base64: string; type: 'JPEG' | 'PNG' };
  note?: string;
  /** The card's public address; written first among the URLs. */
  url?: string;
}

export type VCardCard = Pick<Card, 'name' | 'title' | 'contacts'> &
  Partial<Pick<Card, 'company' | 'email' | 'id'>>;

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** Escapes a text value (RFC 2426 5): `\` → `\\`, `,` → `\,`, `;` → `\;`, newline → `\n`. */
export function escapeVCardText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

function octets(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * Folds one content line (RFC 2426 2.6): no physical line is longer than 75 octets; continuation
 * lines start with one space. Never splits a UTF-8 character.
 */
export function foldVCardLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = octets(ch.codePointAt(0) ?? 0);
    if (size + n > MAX_OCTETS) {
      parts.push(current);
      current = ' ';
      size = 1;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** Removes line breaks and other control characters from a value written as-is (URIs, base64). */
function plain(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return value.replace(/[\u0000-\u001F\u007F]/g, '');
}

function splitName(fullName: string): { given: string; family: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { given: words[0] ?? '', family: '' };
  return { given: words.slice(0, -1).join(' '), family: words[words.length - 1] ?? '' };
}

const PHONE_KINDS = ['phone', 'mobile', 'telephone', 'tel', 'cell', 'fax', 'reception', 'work'];
const EMAIL_KINDS = ['email', 'e-mail', 'mail'];
const ADDRESS_KINDS = ['address', 'location'];

function linkLines(link: Link): string[] {
  const kind = link.name.trim().toLowerCase();
  const value = link.value.trim();
  if (value === '') return [];
  if (PHONE_KINDS.includes(kind)) {
    const type = link.isTeamLink === true || kind === 'work' ? 'WORK,VOICE' : 'CELL,VOICE';
    return [`TEL;TYPE=${kind === 'fax' ? 'WORK,FAX' : type}:${escapeVCardText(value)}`];
  }
  if (EMAIL_KINDS.includes(kind)) return [`EMAIL;TYPE=INTERNET:${escapeVCardText(value)}`];
  if (ADDRESS_KINDS.includes(kind)) return [`ADR;TYPE=WORK:;;${escapeVCardText(value)};;;;`];
  const href = safeLinkHref(link);
  if (href !== null && /^https?:/i.test(href)) return [`URL:${plain(href)}`];
  return [];
}

/**
 * Builds the vCard 3.0 text of a card: N and FN from the name (last word is the family name), ORG
 * from company, TITLE, TEL/EMAIL/ADR/URL from the contacts (unsafe or unknown links are left out),
 * the card's e-mail when no e-mail link has it, then URL (options.url first), NOTE and PHOTO
 * (base64, `ENCODING=b`). Lines end with CRLF, the text ends with one CRLF.
 */
export function buildVCard(card: VCardCard, options: VCardOptions = {}): string {
  const name = card.name.trim();
  const { given, family } = splitName(name);
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:3.0'];
  lines.push(`N:${escapeVCardText(family)};${escapeVCardText(given)};;;`);
  lines.push(`FN:${escapeVCardText(name)}`);
  if (card.company?.trim()) lines.push(`ORG:${escapeVCardText(card.company.trim())}`);
  if (card.title.trim()) lines.push(`TITLE:${escapeVCardText(card.title.trim())}`);

  const contactLines = card.contacts.flatMap(linkLines);
  const cardEmail = card.email?.trim();
  const hasCardEmail = card.contacts.some(
    (link) =>
      EMAIL_KINDS.includes(link.name.trim().toLowerCase()) &&
      link.value.trim().toLowerCase() === cardEmail?.toLowerCase(),
  );
  if (cardEmail && !hasCardEmail) lines.push(`EMAIL;TYPE=INTERNET:${escapeVCardText(cardEmail)}`);
  if (options.url?.trim()) lines.push(`URL:${plain(options.url.trim())}`);
  lines.push(...contactLines);
  if (options.note?.trim()) lines.push(`NOTE:${escapeVCardText(options.note.trim())}`);
  if (options.photo) {
    const base64 = options.photo.base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
    if (base64 !== '') lines.push(`PHOTO;ENCODING=b;TYPE=${options.photo.type}:${plain(base64)}`);
  }
  lines.push('END:VCARD');
  return lines.map(foldVCardLine).join(CRLF) + CRLF;
}
