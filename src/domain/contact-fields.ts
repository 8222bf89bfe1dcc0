/**
 * What a card gives away when a visitor keeps it: the one list of contact fields behind the vCard
 * (`vcard.ts`), the Apple Wallet pass and the Google Wallet pass (`src/services/wallet/`). Each of
 * them only formats this list, so the three always offer the same fields: name, title, company,
 * the card's own address, its e-mail, and the contacts live at the moment asked (hidden, unsafe or
 * out-of-schedule links left out; see link-schedule.ts).
 */
import { liveLinks } from './link-schedule';
import type { Card, Link } from './model';
import { safeLinkHref } from './safe-url';

export type PhoneKind = 'cell' | 'work' | 'fax';

export type ContactField =
  | {
      readonly kind: 'phone';
      readonly label: string;
      readonly value: string;
      readonly phone: PhoneKind;
    }
  | { readonly kind: 'email'; readonly label: string; readonly value: string }
  | { readonly kind: 'address'; readonly label: string; readonly value: string }
  | { readonly kind: 'url'; readonly label: string; readonly value: string };

export interface ContactFields {
  readonly name: string;
  readonly title: string;
  readonly company: string;
  /** In the order they are shown: the card's e-mail (when no link has it), its address, contacts. */
  readonly fields: readonly ContactField[];
}

export type ContactCard = Pick<Card, 'name' | 'title' | 'contacts'> &
  Partial<Pick<Card, 'company' | 'email' | 'id'>>;

export const PHONE_KINDS = [
  'phone',
  'mobile',
  'telephone',
  'tel',
  'cell',
  'fax',
  'reception',
  'work',
];
export const EMAIL_KINDS = ['email', 'e-mail', 'mail'];
export const ADDRESS_KINDS = ['address', 'location'];

/** What the card's own address is called in the saved contact and on the passes. */
export const CARD_URL_LABEL = 'Digital card';

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

/** The label a web link carries: the network for a profile, else the card's label or kind. */
export function urlLabel(link: Pick<Link, 'name' | 'label'>): string {
  const kind = link.name.trim().toLowerCase();
  return PROFILE_LABELS[kind] ?? (link.label.trim() || link.name.trim() || 'Website');
}

function ownLabel(link: Link, fallback: string): string {
  return link.label.trim() || link.name.trim() || fallback;
}

function linkField(link: Link): ContactField | null {
  const kind = link.name.trim().toLowerCase();
  const value = link.value.trim();
  if (value === '') return null;
  if (PHONE_KINDS.includes(kind)) {
    const phone: PhoneKind =
      kind === 'fax' ? 'fax' : link.isTeamLink === true || kind === 'work' ? 'work' : 'cell';
    return { kind: 'phone', label: ownLabel(link, 'Phone'), value, phone };
  }
  if (EMAIL_KINDS.includes(kind)) return { kind: 'email', label: ownLabel(link, 'E-mail'), value };
  if (ADDRESS_KINDS.includes(kind)) {
    return { kind: 'address', label: ownLabel(link, 'Address'), value };
  }
  const href = safeLinkHref(link);
  if (href !== null && /^https?:/i.test(href)) {
    return { kind: 'url', label: urlLabel(link), value: href };
  }
  return null;
}

/**
 * The contact fields of a card at `now`: trimmed name, title and company; then the card's e-mail
 * unless an e-mail link already has it, the card's address (`url`, labelled "Digital card"), and
 * each contact live at `now` that a phone can use (phones, e-mails, addresses, http(s) links).
 */
export function cardContactFields(
  card: ContactCard,
  options: { url?: string | undefined; now: Date },
): ContactFields {
  const contacts = liveLinks(card.contacts, options.now);
  const contactFields = contacts.flatMap((link) => {
    const field = linkField(link);
    return field === null ? [] : [field];
  });
  const fields: ContactField[] = [];
  const cardEmail = card.email?.trim() ?? '';
  const linked = contactFields.some(
    (f) => f.kind === 'email' && f.value.toLowerCase() === cardEmail.toLowerCase(),
  );
  if (cardEmail !== '' && !linked)
    fields.push({ kind: 'email', label: 'E-mail', value: cardEmail });
  const url = options.url?.trim() ?? '';
  if (url !== '') fields.push({ kind: 'url', label: CARD_URL_LABEL, value: url });
  fields.push(...contactFields);
  return {
    name: card.name.trim(),
    title: card.title.trim(),
    company: card.company?.trim() ?? '',
    fields,
  };
}
