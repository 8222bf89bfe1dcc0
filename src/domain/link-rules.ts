/**
 * What a card link's value must look like for its kind, in words that name the field and the rule
 * (phone numbers checked with libphonenumber-js). `safeLinkHref` (safe-url.ts) decides what may be
 * followed at all; these rules decide whether what was typed is what the field asks for, so "call
 * me maybe" is refused as a phone number, not as a link.
 */
import {
  parsePhoneNumberWithError,
  ParseError,
  validatePhoneNumberLength,
} from 'libphonenumber-js';
import { EMAIL_EXAMPLE, PHONE_EXAMPLE, WEB_EXAMPLE } from './link-kinds';
import type { Link } from './model';

/** The rule a kind of link follows. */
export type LinkRule =
  'phone' | 'sms' | 'email' | 'web' | 'social' | 'whatsapp' | 'address' | 'any';

const RULES: Readonly<Record<string, LinkRule>> = {
  phone: 'phone',
  mobile: 'phone',
  telephone: 'phone',
  tel: 'phone',
  cell: 'phone',
  fax: 'phone',
  reception: 'phone',
  work: 'phone',
  sms: 'sms',
  text: 'sms',
  email: 'email',
  'e-mail': 'email',
  mail: 'email',
  website: 'web',
  web: 'web',
  url: 'web',
  linkedin: 'social',
  instagram: 'social',
  x: 'social',
  twitter: 'social',
  facebook: 'social',
  tiktok: 'social',
  youtube: 'social',
  whatsapp: 'whatsapp',
  address: 'address',
  location: 'address',
  map: 'address',
};

/** The rule for a link kind (its `name`); kinds the product does not know take any safe link. */
export function linkRuleOf(name: string): LinkRule {
  return RULES[name.trim().toLowerCase()] ?? 'any';
}

/** The field's name as the builder labels it: the kind, or "Link" for a custom link. */
export function linkFieldName(name: string): string {
  const trimmed = name.trim();
  return trimmed === '' || trimmed.toLowerCase() === 'custom' ? 'Link' : trimmed;
}

export { EMAIL_EXAMPLE, PHONE_EXAMPLE, WEB_EXAMPLE };

/** Quotes what the person typed, shortened so a pasted paragraph does not fill the message. */
function quoted(value: string): string {
  const text = value.trim();
  return `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”`;
}

function phoneProblem(field: string, value: string, rule: 'phone' | 'sms'): string | null {
  const text = value.replace(/^(?:tel|sms):/i, '').trim();
  if (/[a-z]/i.test(text.replace(/\b(?:ext\.?|extension|x)\s*\d+\s*$/i, ''))) {
    return `${field}: ${quoted(value)} is not a phone number. Use digits with the country code, like ${PHONE_EXAMPLE}.`;
  }
  if (!text.startsWith('+') && !text.startsWith('00')) {
    return `${field}: start the number with + and its country code, like ${PHONE_EXAMPLE}, so it works from any country.`;
  }
  const international = text.startsWith('00') ? `+${text.slice(2)}` : text;
  let parsed;
  try {
    parsed = parsePhoneNumberWithError(international);
  } catch (err) {
    if (err instanceof ParseError && err.message === 'INVALID_COUNTRY') {
      return `${field}: ${quoted(value)} does not start with a country code. Use + and the country code, like ${PHONE_EXAMPLE}.`;
    }
    if (err instanceof ParseError && err.message === 'TOO_SHORT') {
      return `${field}: ${quoted(value)} has too few digits for a phone number. Check it, like ${PHONE_EXAMPLE}.`;
    }
    if (err instanceof ParseError && err.message === 'TOO_LONG') {
      return `${field}: ${quoted(value)} has too many digits for a phone number. Check it, like ${PHONE_EXAMPLE}.`;
    }
    return `${field}: ${quoted(value)} is not a phone number. Use digits with the country code, like ${PHONE_EXAMPLE}.`;
  }
  const length = validatePhoneNumberLength(parsed.number);
  if (length === 'TOO_SHORT' || length === 'NOT_A_NUMBER') {
    return `${field}: ${quoted(value)} has too few digits for a +${parsed.countryCallingCode} number. Check it, like ${PHONE_EXAMPLE}.`;
  }
  if (length === 'TOO_LONG') {
    return `${field}: ${quoted(value)} has too many digits for a +${parsed.countryCallingCode} number. Check it, like ${PHONE_EXAMPLE}.`;
  }
  if (length !== undefined || !parsed.isPossible()) {
    return `${field}: ${quoted(value)} does not have the right number of digits for a +${parsed.countryCallingCode} number. Check it, like ${PHONE_EXAMPLE}.`;
  }
  if (rule === 'sms' && parsed.ext) {
    return `${field}: a text message cannot reach an extension. Remove the extension from ${quoted(value)}.`;
  }
  return null;
}

const EMAIL = /^[^\s@:/\\<>"'`,;?&]+@[^\s@:/\\<>"'`,;?&]+\.[^\s@:/\\<>"'`,;?&.]{2,}$/;

function emailProblem(field: string, value: string): string | null {
  const address = value.replace(/^mailto:/i, '').trim();
  return EMAIL.test(address)
    ? null
    : `${field}: ${quoted(value)} is not an e-mail address. It needs a name, an @ and a domain, like ${EMAIL_EXAMPLE}.`;
}

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/**
 * Whether a value reads as a web address: an optional http(s) scheme, then a host of dotted labels
 * ending in a top-level domain of letters, then anything after `/`, `?` or `#`.
 * Spaces in the host ("not a url") never make an address.
 */
export function isWebAddress(value: string): boolean {
  const text = value.trim();
  const withScheme = /^https?:\/\//i.test(text)
    ? text
    : /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:/]+\.[^:/]+:\d/.test(text)
      ? null
      : `https://${text.replace(/^\/\//, '')}`;
  if (withScheme === null) return false;
  const rest = withScheme.replace(/^https?:\/\//i, '');
  const authority = rest.split(/[/?#]/, 1)[0] ?? '';
  if (authority === '' || /\s/.test(authority) || authority.includes('@')) return false;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return false;
  }
  const labels = url.hostname.split('.');
  const tld = labels.at(-1) ?? '';
  return (
    labels.length >= 2 &&
    labels.every((label) => HOST_LABEL.test(label)) &&
    (/^[a-z]{2,63}$/i.test(tld) || /^xn--[a-z0-9-]+$/i.test(tld))
  );
}

function webProblem(field: string, value: string): string | null {
  return isWebAddress(value)
    ? null
    : `${field}: ${quoted(value)} is not a web address. Use one like ${WEB_EXAMPLE}.`;
}

function socialProblem(field: string, value: string): string | null {
  const text = value.trim();
  if (/^@?[\w.-]+$/.test(text) && (text.startsWith('@') || !text.includes('.'))) return null;
  return isWebAddress(text)
    ? null
    : `${field}: ${quoted(value)} is neither a @handle nor a web address. Use @yourname or the profile’s address, like https://….`;
}

/**
 * Why a link's value does not fit its kind, or null when it does. Blank values and links that cannot
 * be followed at all are the caller's first checks (see the builder's `linkProblem`); this decides
 * the kind's own rule: phone and SMS numbers (libphonenumber-js: a country code and a possible
 * length for that country), e-mail addresses, web addresses, social handles or addresses, WhatsApp
 * numbers or wa.me links. Addresses and unknown kinds accept any text.
 */
export function linkValueProblem(link: Pick<Link, 'name' | 'value'>): string | null {
  const value = String(link.value ?? '').trim();
  if (value === '') return null;
  const field = linkFieldName(String(link.name ?? ''));
  const rule = linkRuleOf(String(link.name ?? ''));
  switch (rule) {
    case 'phone':
    case 'sms':
      return phoneProblem(field, value, rule);
    case 'email':
      return emailProblem(field, value);
    case 'web':
      return webProblem(field, value);
    case 'social':
      return socialProblem(field, value);
    case 'whatsapp':
      return /^(?:https?:\/\/)?(?:wa\.me|(?:api|www)\.whatsapp\.com)\b/i.test(value)
        ? webProblem(field, value)
        : phoneProblem(field, value, 'sms');
    case 'address':
      return null;
    case 'any': {
      if (/^(?:mailto):/i.test(value)) return emailProblem(field, value);
      if (/^(?:tel):/i.test(value)) return phoneProblem(field, value, 'phone');
      if (/^(?:sms):/i.test(value)) return phoneProblem(field, value, 'sms');
      return webProblem(field, value);
    }
  }
}
