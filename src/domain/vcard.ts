/**
 * The contact file a visitor saves from a public card: a vCard 3.0 (RFC 2426), hand-written
 * because ical.js upper-cases the names phones read
 * (docs/decisions/017-vcard-writer-stays-hand-written.md). Each URL sits in a property group with
 * an `X-ABLabel`, because iOS and Android show that as the field's label, where a bare `URL:`
 * shows every link as the same "homepage".
 */
import {
  CARD_URL_LABEL,
  cardContactFields,
  urlLabel,
  type ContactCard,
  type ContactField,
  type PhoneKind,
} from './contact-fields';

export interface VCardOptions {
  /** The profile photo, base64 without a `data:` prefix (one is removed if present). */
  photo?: { base64: string; type: 'JPEG' | 'PNG' };
  note?: string;
  /** The card's public address; written first among the URLs. */
  url?: string;
  /** The moment the contact is saved: links hidden or outside their schedule then are left out. */
  now?: Date;
}

export type VCardCard = ContactCard;

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

/** The label a saved web link carries: the network for a profile, else the card's label or kind. */
export const vCardUrlLabel = urlLabel;

/** What the card's own address is called in the saved contact. */
export const VCARD_CARD_URL_LABEL = CARD_URL_LABEL;

const TEL_TYPES: Readonly<Record<PhoneKind, string>> = {
  cell: 'CELL,VOICE',
  work: 'WORK,VOICE',
  fax: 'WORK,FAX',
};

/** The vCard lines of one contact field; a URL is labelled in its own property group. */
function fieldLines(field: ContactField, nextGroup: () => number): string[] {
  switch (field.kind) {
    case 'phone':
      return [`TEL;TYPE=${TEL_TYPES[field.phone]}:${escapeVCardText(field.value)}`];
    case 'email':
      return [`EMAIL;TYPE=INTERNET:${escapeVCardText(field.value)}`];
    case 'address':
      return [`ADR;TYPE=WORK:;;${escapeVCardText(field.value)};;;;`];
    case 'url': {
      const group = nextGroup();
      return [
        `item${group}.URL:${plain(field.value)}`,
        `item${group}.X-ABLabel:${escapeVCardText(field.label)}`,
      ];
    }
  }
}

/**
 * Builds the vCard 3.0 text of a card from its contact fields (`contact-fields.ts`, shared with
 * the wallet passes): N and FN from the name (last word is the family name), ORG from company,
 * TITLE, the card's e-mail when no e-mail link has it, then URL (options.url first), TEL/EMAIL/
 * ADR/URL from the contacts live at `options.now` (unsafe or unknown links, and links hidden or
 * outside their schedule, are left out), NOTE and PHOTO (base64, `ENCODING=b`). Every URL is
 * labelled (`itemN.X-ABLabel`): the card's address "Digital card", a profile by its network, any
 * other link by its label. Lines end with CRLF, the text ends with one CRLF.
 */
export function buildVCard(card: VCardCard, options: VCardOptions = {}): string {
  const contact = cardContactFields(card, { url: options.url, now: options.now ?? new Date() });
  const { given, family } = splitName(contact.name);
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:3.0'];
  lines.push(`N:${escapeVCardText(family)};${escapeVCardText(given)};;;`);
  lines.push(`FN:${escapeVCardText(contact.name)}`);
  if (contact.company) lines.push(`ORG:${escapeVCardText(contact.company)}`);
  if (contact.title) lines.push(`TITLE:${escapeVCardText(contact.title)}`);
  let group = 0;
  const nextGroup = () => (group += 1);
  lines.push(...contact.fields.flatMap((field) => fieldLines(field, nextGroup)));
  if (options.note?.trim()) lines.push(`NOTE:${escapeVCardText(options.note.trim())}`);
  if (options.photo) {
    const base64 = options.photo.base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
    if (base64 !== '') lines.push(`PHOTO;ENCODING=b;TYPE=${options.photo.type}:${plain(base64)}`);
  }
  lines.push('END:VCARD');
  return lines.map(foldVCardLine).join(CRLF) + CRLF;
}
