/**
 * Reading a vCard file into what a new card needs: name, title, company, e-mail, contacts and
 * links. ical.js parses (RFC 6350 / vCard 3.0); this module only maps what iOS, Android, Outlook
 * and our own vCards write onto the card's link kinds. ical.js reads 3.0 and 4.0 only, while
 * Outlook and many Android phones still write 2.1, so a 2.1 file is first rewritten as 3.0
 * (`upgradeVCard21`).
 */
import ICAL from 'ical.js';
import type { Link } from './model';
import { VCARD_CARD_URL_LABEL } from './vcard';

/** A card read from a vCard, before it is saved. */
export interface ImportedCard {
  name: string;
  title: string;
  company: string;
  email: string;
  contacts: Link[];
}

export type VCardReadResult =
  | { readonly ok: true; readonly cards: ImportedCard[] }
  | { readonly ok: false; readonly message: string };

/** The largest file read (a vCard with an embedded photo is rarely over 1 MB). */
export const MAX_VCARD_BYTES = 2_000_000;
/** The most links a card may hold (the rules' limit on `contacts`). */
const MAX_LINKS = 100;

const NETWORKS: readonly { kind: string; hosts: RegExp }[] = [
  { kind: 'LinkedIn', hosts: /(^|\.)linkedin\.com$/ },
  { kind: 'Instagram', hosts: /(^|\.)instagram\.com$/ },
  { kind: 'X', hosts: /(^|\.)(x|twitter)\.com$/ },
  { kind: 'Facebook', hosts: /(^|\.)(facebook|fb)\.com$/ },
  { kind: 'TikTok', hosts: /(^|\.)tiktok\.com$/ },
  { kind: 'YouTube', hosts: /(^|\.)(youtube\.com|youtu\.be)$/ },
  { kind: 'WhatsApp', hosts: /(^|\.)(wa\.me|whatsapp\.com)$/ },
];

const PROPERTY_START = /^[A-Za-z0-9.-]+[;:]/;

/** Decodes a QUOTED-PRINTABLE value in its charset (UTF-8 unless the line says otherwise). */
function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i += 1) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(value.charCodeAt(i) & 0xff);
  }
  try {
    return new TextDecoder(charset).decode(new Uint8Array(bytes));
  } catch {
    return new TextDecoder('utf-8').decode(new Uint8Array(bytes));
  }
}

/**
 * Rewrites a vCard 2.1 as 3.0: bare parameters become TYPE=…, QUOTED-PRINTABLE values are decoded
 * (soft line breaks joined, line breaks escaped), CHARSET and ENCODING go, and base64 blocks
 * (photos, which 2.1 writes unfolded up to a blank line) are left out.
 */
export function upgradeVCard21(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    let line = lines[i] ?? '';
    // Ordinary folding (a line starting with a space continues the previous one).
    while (/^[ \t]/.test(lines[i + 1] ?? '') && !/ENCODING=BASE64/i.test(line)) {
      line += (lines[i + 1] ?? '').slice(1);
      i += 1;
    }
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const [name = '', ...params] = line.slice(0, colon).split(';');
    let value = line.slice(colon + 1);
    const upper = params.map((p) => p.toUpperCase());
    if (upper.some((p) => p === 'ENCODING=BASE64' || p === 'BASE64' || p === 'ENCODING=B')) {
      while (i + 1 < lines.length && !PROPERTY_START.test(lines[i + 1] ?? '')) i += 1;
      continue;
    }
    const qp = upper.includes('ENCODING=QUOTED-PRINTABLE') || upper.includes('QUOTED-PRINTABLE');
    if (qp) {
      while (value.endsWith('=') && i + 1 < lines.length) {
        value = value.slice(0, -1) + (lines[i + 1] ?? '');
        i += 1;
      }
      const charset = upper.find((p) => p.startsWith('CHARSET='))?.slice(8) ?? 'UTF-8';
      value = decodeQuotedPrintable(value, charset).replace(/\r?\n/g, '\\n');
    }
    const kept = params
      .filter((p) => !/^(ENCODING|CHARSET)=/i.test(p) && !/^QUOTED-PRINTABLE$/i.test(p))
      .map((p) => (p.includes('=') ? p : `TYPE=${p}`));
    const head = [name, ...kept].join(';');
    out.push(/^VERSION$/i.test(name) ? 'VERSION:3.0' : `${head}:${value}`);
  }
  return out.join('\r\n');
}

function networkByName(name: string): string | null {
  const key = name.trim().toLowerCase();
  const found = NETWORKS.find((n) => n.kind.toLowerCase() === key);
  if (found) return found.kind;
  return key === 'twitter' ? 'X' : null;
}

function networkByUrl(value: string): string | null {
  try {
    const host = new URL(/^[a-z]+:/i.test(value) ? value : `https://${value}`).hostname;
    return NETWORKS.find((n) => n.hosts.test(host.toLowerCase()))?.kind ?? null;
  } catch {
    return null;
  }
}

/** The text of a property value (structured values joined), trimmed. */
function textOf(value: unknown, join = ' '): string {
  if (Array.isArray(value)) {
    return value
      .flat()
      .map((part) => (typeof part === 'string' ? part.trim() : ''))
      .filter(Boolean)
      .join(join);
  }
  return typeof value === 'string' ? value.trim() : '';
}

function types(prop: ICAL.Property): string[] {
  const raw = prop.getParameter('type');
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  return list.flatMap((t) => String(t).split(',')).map((t) => t.trim().toLowerCase());
}

/** The user-visible label of an Apple `X-ABLabel` (its built-in `_$!<Name>!$_` labels read as empty). */
function appleLabel(raw: string): string {
  return /^_\$!<.*>!\$_$/.test(raw) ? '' : raw;
}

function phoneLabel(kinds: string[]): string {
  if (kinds.includes('cell')) return 'Mobile';
  if (kinds.includes('work')) return 'Work';
  if (kinds.includes('home')) return 'Home';
  return '';
}

function readCard(component: ICAL.Component): ImportedCard {
  const labels = new Map<string, string>();
  for (const prop of component.getAllProperties('x-ablabel')) {
    const group = prop.getParameter('group');
    if (typeof group === 'string') labels.set(group, appleLabel(textOf(prop.getFirstValue())));
  }
  const labelOf = (prop: ICAL.Property): string | undefined => {
    const group = prop.getParameter('group');
    return typeof group === 'string' ? labels.get(group) : undefined;
  };

  const nameParts = component.getFirstPropertyValue('n');
  const fromN = Array.isArray(nameParts)
    ? [nameParts[3], nameParts[1], nameParts[2], nameParts[0], nameParts[4]]
        .map((part) => textOf(part))
        .filter(Boolean)
        .join(' ')
    : '';
  const name = textOf(component.getFirstPropertyValue('fn')) || fromN;
  const org = component.getFirstPropertyValue('org');
  const company = Array.isArray(org) ? textOf(org[0]) : textOf(org);
  const title = textOf(component.getFirstPropertyValue('title'));

  const contacts: Link[] = [];
  let email = '';
  const add = (kind: string, label: string, value: string) => {
    const text = value.trim();
    if (text === '' || contacts.length >= MAX_LINKS) return;
    if (contacts.some((l) => l.name === kind && l.value === text)) return;
    contacts.push({ id: `link-${contacts.length + 1}`, name: kind, label, value: text });
  };

  for (const prop of component.getAllProperties()) {
    const kinds = types(prop);
    const value = textOf(prop.getFirstValue());
    const label = labelOf(prop);
    switch (prop.name) {
      case 'tel': {
        const number = value.replace(/^tel:/i, '');
        add('Phone', label ?? (kinds.includes('fax') ? 'Fax' : phoneLabel(kinds)), number);
        break;
      }
      case 'email': {
        const address = value.replace(/^mailto:/i, '');
        if (email === '') email = address;
        add('Email', label ?? '', address);
        break;
      }
      case 'url': {
        // The card address our own vCards write points at the old card: not a link to keep.
        if (label === VCARD_CARD_URL_LABEL) break;
        const kind = networkByName(label ?? '') ?? networkByUrl(value);
        add(kind ?? 'Website', kind !== null ? '' : (label ?? ''), value);
        break;
      }
      case 'x-socialprofile': {
        const kind = networkByName(kinds[0] ?? '') ?? networkByUrl(value);
        add(kind ?? 'Website', '', value);
        break;
      }
      case 'adr':
        add('Address', label ?? '', textOf(prop.getFirstValue(), ', '));
        break;
      default:
        break;
    }
  }
  return { name, title, company, email, contacts };
}

/**
 * Reads every card of a vCard file (3.0 or 4.0). A file that is not a vCard, or that ical.js
 * cannot parse, gives a message saying so and no card.
 */
export function readVCards(text: string): VCardReadResult {
  if (text.length > MAX_VCARD_BYTES) {
    return { ok: false, message: 'This file is too large for a vCard (over 2 MB).' };
  }
  if (!/^\s*BEGIN:VCARD/i.test(text.replace(/^\uFEFF/, ''))) {
    return { ok: false, message: 'This file is not a vCard: it does not start with BEGIN:VCARD.' };
  }
  let source = text.replace(/^\uFEFF/, '');
  if (/^VERSION:2\.1\s*$/im.test(source)) source = upgradeVCard21(source);
  let parsed: unknown;
  try {
    parsed = ICAL.parse(source);
  } catch {
    return { ok: false, message: 'This vCard could not be read: its lines are malformed.' };
  }
  // One card parses to a jCard array; several to an array of them.
  const list = (Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[];
  const cards = list
    .filter((item): item is unknown[] => Array.isArray(item) && item[0] === 'vcard')
    .map((jcard) => readCard(new ICAL.Component(jcard as [string, unknown[], unknown[]])));
  if (cards.length === 0) return { ok: false, message: 'This file holds no vCard.' };
  return { ok: true, cards };
}
