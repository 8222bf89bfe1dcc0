/**
 * The contact file a visitor saves from a public card: a vCard 3.0 (RFC 2426) with CRLF line
 * endings, text values escaped (backslash, comma, semicolon, newline) and lines folded at 75 octets
 * of UTF-8, as the RFC asks. Hand-written because it is small and no vCard library is installed.
 *
 * Web links are labelled the way phones read labels: each URL sits in a property group with an
 * `X-ABLabel` (`item1.URL:…` + `item1.X-ABLabel:LinkedIn`), which iOS Contacts and Google Contacts
 * on Android both show as the field's label. A bare `URL:` shows as a generic "homepage", so a card
 * with LinkedIn, Instagram and a website saved three indistinguishable homepages. Groups and X-
 * properties are part of vCard 3.0 (RFC 2425 5.8.2, RFC 2426 3.8), so the file stays valid.
 */
import { liveLinks } from './link-schedule';
import type { Card, Link } from './model';
import { safeLinkHref } from './safe-url';

export interface VCardOptions {
  /** The profile photo, base64 without a `data:` prefix (one is removed if present). */
  photo?: { base64: string; type: 'JPEG' | 'PNG' };
  note?: string;
  /** The card's public address; written first among the URLs. */
  url?: string;
  /** The moment the contact is saved: links hidden or outside their schedule then are left out. */
  now?: Date;
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

/** Profiles a phone should show under the network's own name, whatever the card calls the link. */
const PROFILE_LABELS: Readonly<Record<string, string>> = {
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  x: 'X',
  twitter: 'X',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  whatsapp: 'WhatsApp',
};

/** The label a saved web link carries: the network for a profile, else the card's label or kind. */
export function vCardUrlLabel(link: Pick<Link, 'name' | 'label'>): string {
  const kind = link.name.trim().toLowerCase();
  return PROFILE_LABELS[kind] ?? (link.label.trim() || link.name.trim() || 'Website');
}

/** A labelled URL: `itemN.URL` and `itemN.X-ABLabel` in one property group. */
function labelledUrl(group: number, href: string, label: string): string[] {
  return [`item${group}.URL:${plain(href)}`, `item${group}.X-ABLabel:${escapeVCardText(label)}`];
}

function linkLines(link: Link, nextGroup: () => number): string[] {
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
  if (href !== null && /^https?:/i.test(href)) {
    return labelledUrl(nextGroup(), href, vCardUrlLabel(link));
  }
  return [];
}

/** What the card's own address is called in the saved contact. */
export const VCARD_CARD_URL_LABEL = 'Digital card';

/**
 * Builds the vCard 3.0 text of a card: N and FN from the name (last word is the family name), ORG
 * from company, TITLE, TEL/EMAIL/ADR/URL from the contacts live at `options.now` (unsafe or
 * unknown links, and links hidden or outside their schedule, are left out),
 * the card's e-mail when no e-mail link has it, then URL (options.url first), NOTE and PHOTO
 * (base64, `ENCODING=b`). Every URL is labelled (`itemN.X-ABLabel`): the card's address "Digital
 * card", a profile by its network, any other link by its label. Lines end with CRLF, the text
 * ends with one CRLF.
 */
export function buildVCard(card: VCardCard, options: VCardOptions = {}): string {
  const name = card.name.trim();
  const { given, family } = splitName(name);
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:3.0'];
  lines.push(`N:${escapeVCardText(family)};${escapeVCardText(given)};;;`);
  lines.push(`FN:${escapeVCardText(name)}`);
  if (card.company?.trim()) lines.push(`ORG:${escapeVCardText(card.company.trim())}`);
  if (card.title.trim()) lines.push(`TITLE:${escapeVCardText(card.title.trim())}`);

  let group = 0;
  const nextGroup = () => (group += 1);
  const cardUrl = options.url?.trim() ?? '';
  // The card's own address is the first URL (group 1), then the contacts' links in order.
  const cardUrlLines = cardUrl ? labelledUrl(nextGroup(), cardUrl, VCARD_CARD_URL_LABEL) : [];
  const contacts = liveLinks(card.contacts, options.now ?? new Date());
  const contactLines = contacts.flatMap((link) => linkLines(link, nextGroup));
  const cardEmail = card.email?.trim();
  const hasCardEmail = contacts.some(
    (link) =>
      EMAIL_KINDS.includes(link.name.trim().toLowerCase()) &&
      link.value.trim().toLowerCase() === cardEmail?.toLowerCase(),
  );
  if (cardEmail && !hasCardEmail) lines.push(`EMAIL;TYPE=INTERNET:${escapeVCardText(cardEmail)}`);
  lines.push(...cardUrlLines, ...contactLines);
  if (options.note?.trim()) lines.push(`NOTE:${escapeVCardText(options.note.trim())}`);
  if (options.photo) {
    const base64 = options.photo.base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
    if (base64 !== '') lines.push(`PHOTO;ENCODING=b;TYPE=${options.photo.type}:${plain(base64)}`);
  }
  lines.push('END:VCARD');
  return lines.map(foldVCardLine).join(CRLF) + CRLF;
}
