/**
 * Safe link targets for user-entered card links (security notes: React escapes text but not URLs).
 * Every link a visitor can follow goes through `safeLinkHref`, which turns a card link into an href
 * with one of the schemes http, https, mailto, tel or sms, or refuses it. The checks mirror how
 * browsers read a URL: tabs and newlines anywhere are dropped and leading control characters and
 * spaces are ignored, so `java\tscript:` and ` JaVaScRiPt:` are caught as the script scheme.
 */
import type { Link } from './model';

/** The only schemes a followable link may have. */
export const ALLOWED_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel', 'sms'];

/** C0 and C1 control characters other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const OTHER_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Invisible formatting characters that can hide what a link really is. */
const INVISIBLES = /[\u00AD\u200B-\u200F\u2028-\u202E\u2060-\u2064\uFEFF]/;

/**
 * Normalises a URL the way a browser would before reading its scheme, or returns null when it holds
 * characters no honest link needs (controls, invisible formatting characters).
 */
function normalise(raw: string): string | null {
  // Browsers remove ASCII tab and newlines anywhere, then strip leading/trailing C0 and space.
  const value = raw
    .replace(/[\t\n\r]/g, '')
    // eslint-disable-next-line no-control-regex -- as browsers do, strip leading/trailing C0
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
    .trim();
  if (OTHER_CONTROLS.test(value) || INVISIBLES.test(value)) return null;
  return value;
}

function schemeOf(value: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  return match?.[1] ? match[1].toLowerCase() : null;
}

/**
 * Whether a URL may be used as a link target: after browser-like normalisation its scheme is http,
 * https, mailto, tel or sms (http and https also need `//` and a host). Relative URLs, other schemes
 * (javascript:, data:, vbscript:, file:, blob:...) and URLs with control characters are refused.
 */
export function isAllowedTarget(url: string): boolean {
  const value = normalise(url);
  if (value === null) return false;
  const scheme = schemeOf(value);
  if (scheme === null || !ALLOWED_SCHEMES.includes(scheme)) return false;
  const rest = value.slice(scheme.length + 1);
  if (scheme === 'http' || scheme === 'https') return /^[/\\]{2}[^/\\\s?#]/.test(rest);
  return rest.trim() !== '';
}

const PHONE_KINDS = ['phone', 'mobile', 'telephone', 'tel', 'cell', 'fax', 'reception', 'work'];
const SMS_KINDS = ['sms', 'text'];
const EMAIL_KINDS = ['email', 'e-mail', 'mail'];
const ADDRESS_KINDS = ['address', 'location', 'map'];

const SOCIAL_PROFILE: Readonly<Record<string, (handle: string) => string>> = {
  instagram: (h) => `https://www.instagram.com/${h}`,
  x: (h) => `https://x.com/${h}`,
  twitter: (h) => `https://x.com/${h}`,
  tiktok: (h) => `https://www.tiktok.com/@${h}`,
  linkedin: (h) => `https://www.linkedin.com/in/${h}`,
  facebook: (h) => `https://www.facebook.com/${h}`,
  youtube: (h) => `https://www.youtube.com/@${h}`,
};

/** Digits of a phone number with an optional leading `+`, or null when it is not a number. */
function phoneDigits(value: string): { number: string; ext: string | null } | null {
  const match = /^(.*?)(?:\s*(?:ext\.?|extension|x|#)\s*(\d+))?$/i.exec(value);
  const main = (match?.[1] ?? '').trim();
  if (!/^\+?[\d\s().\-/]+$/.test(main)) return null;
  const digits = main.replace(/\D/g, '');
  if (digits === '') return null;
  return { number: (main.startsWith('+') ? '+' : '') + digits, ext: match?.[2] ?? null };
}

function telHref(value: string): string | null {
  const phone = phoneDigits(value.replace(/^tel:/i, ''));
  if (phone === null) return null;
  return `tel:${phone.number}${phone.ext ? `;ext=${phone.ext}` : ''}`;
}

function smsHref(value: string): string | null {
  const phone = phoneDigits(value.replace(/^sms:/i, ''));
  if (phone === null || phone.ext !== null) return null;
  return `sms:${phone.number}`;
}

function mailtoHref(value: string): string | null {
  const address = value.replace(/^mailto:/i, '').trim();
  if (!/^[^\s@:/\\<>"'`,;?&]+@[^\s@:/\\<>"'`,;?&]+\.[^\s@:/\\<>"'`,;?&.]+$/.test(address)) {
    return null;
  }
  return `mailto:${address}`;
}

/** A website-like value: an allowed absolute URL, or a scheme-less address given `https://`. */
function webHref(value: string): string | null {
  let href = value;
  if (href.startsWith('//')) {
    href = `https:${href}`;
  } else {
    const scheme = schemeOf(href);
    // `example.com:8080/x` reads like scheme `example.com`; a dot means it is a host with a port.
    if (scheme === null || scheme.includes('.')) href = `https://${href}`;
  }
  // A space in the host ("not a url") never makes an address; in the path it is escaped.
  const authority = href.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/, 1)[0] ?? '';
  if (/\s/.test(authority)) return null;
  href = href.replace(/ /g, '%20');
  return isAllowedTarget(href) ? href : null;
}

/**
 * Turns a card link into a followable href, or `null` when it cannot be followed safely: phone kinds
 * → `tel:` (digits, `+`, extension), sms → `sms:`, e-mail → `mailto:`, WhatsApp numbers →
 * `https://wa.me/{digits}`, an address → a Google Maps search, a social `@handle` → the profile URL,
 * anything else (website, social, custom) → the URL itself, with `https://` added when it has no
 * scheme. Only http, https, mailto, tel and sms come out; javascript:, data:, vbscript:, file: and
 * the like give `null` however they are disguised (case, whitespace, control characters).
 */
export function safeLinkHref(link: Pick<Link, 'name' | 'value'>): string | null {
  const value = normalise(String(link.value ?? ''));
  if (value === null || value === '') return null;
  const kind = String(link.name ?? '')
    .trim()
    .toLowerCase();

  if (PHONE_KINDS.includes(kind)) return telHref(value);
  if (SMS_KINDS.includes(kind)) return smsHref(value);
  if (EMAIL_KINDS.includes(kind)) return mailtoHref(value);

  if (kind === 'whatsapp') {
    const scheme = schemeOf(value);
    if (scheme !== null && !scheme.includes('.')) return webHref(value);
    if (/^(wa\.me|(api|www)\.whatsapp\.com)\b/i.test(value)) return webHref(value);
    const phone = phoneDigits(value);
    return phone === null || phone.ext !== null
      ? null
      : `https://wa.me/${phone.number.replace('+', '')}`;
  }

  if (ADDRESS_KINDS.includes(kind)) {
    const scheme = schemeOf(value);
    if (scheme === 'http' || scheme === 'https') return webHref(value);
    if (scheme !== null && !scheme.includes('.')) return null;
    return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(value)}`;
  }

  const profile = SOCIAL_PROFILE[kind];
  if (profile !== undefined) {
    const handle = /^@?([\w.-]+)$/.exec(value);
    if (handle?.[1] && (value.startsWith('@') || !handle[1].includes('.'))) {
      return profile(encodeURIComponent(handle[1]));
    }
  }

  return webHref(value);
}
