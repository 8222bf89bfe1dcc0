/**
 * Finding a person's details in the OCR text of a photographed business card. The text is noisy,
 * so the e-mail, web address and phone are found by their shapes (libphonenumber's finder) and the
 * rest by simple rules; everything is a suggestion the person checks before the lead is saved, so
 * a wrong guess costs a keystroke, never a wrong record. Pure: the scanner screen gives it the
 * text.
 */
import { findPhoneNumbersInText, isSupportedCountry, type CountryCode } from 'libphonenumber-js';

/** The fields the scanner's form shows, each `''` when nothing was found. */
export interface ScannedCardFields {
  name: string;
  title: string;
  company: string;
  email: string;
  phone: string;
  website: string;
  address: string;
  /** Lines left over that look like words (a slogan, a second phone, a department). */
  note: string;
}

export interface FindCardFieldsOptions {
  /** The country a number written without its country code is read in (e.g. the phone's). */
  readonly defaultCountry?: CountryCode;
}

/** Words that make a line a job title (lower case; matched as whole words). */
const TITLE_WORDS = new Set([
  'ceo',
  'cto',
  'cfo',
  'coo',
  'cmo',
  'cio',
  'vp',
  'svp',
  'evp',
  'founder',
  'co-founder',
  'cofounder',
  'owner',
  'president',
  'vice',
  'chief',
  'head',
  'director',
  'manager',
  'lead',
  'engineer',
  'developer',
  'designer',
  'architect',
  'consultant',
  'analyst',
  'specialist',
  'coordinator',
  'assistant',
  'associate',
  'executive',
  'officer',
  'partner',
  'principal',
  'advisor',
  'adviser',
  'attorney',
  'lawyer',
  'accountant',
  'representative',
  'agent',
  'administrator',
  'scientist',
  'researcher',
  'professor',
  'doctor',
  'nurse',
  'editor',
  'writer',
  'producer',
  'photographer',
  'recruiter',
  'strategist',
  'sales',
  'marketing',
  'senior',
  'junior',
  'intern',
  'chair',
  'chairman',
  'chairwoman',
  'secretary',
  'treasurer',
  'geschäftsführer',
  'geschaftsfuhrer',
  'leiter',
  'directeur',
  'directrice',
  'gérant',
  'ingénieur',
]);

/** Legal forms of companies (lower case, without a final dot; matched as whole words). */
const LEGAL_SUFFIXES = new Set([
  'inc',
  'incorporated',
  'ltd',
  'limited',
  'llc',
  'llp',
  'lp',
  'plc',
  'corp',
  'corporation',
  'co',
  'company',
  'gmbh',
  'ag',
  'kg',
  'ug',
  'sa',
  's.a',
  'sas',
  'sarl',
  'srl',
  's.r.l',
  'spa',
  's.p.a',
  'bv',
  'b.v',
  'nv',
  'n.v',
  'oy',
  'ab',
  'as',
  'a/s',
  'aps',
  'pty',
  'kk',
]);

/** Words common in company names but also in job titles ("Chief Technology Officer"). */
const COMPANY_WORDS = new Set([
  'group',
  'holdings',
  'industries',
  'technologies',
  'technology',
  'solutions',
  'systems',
  'labs',
  'laboratories',
  'consulting',
  'partners',
  'associates',
  'studio',
  'studios',
  'agency',
  'ventures',
  'capital',
  'bank',
  'foundation',
  'institute',
  'university',
]);

/** Mail providers whose domain says nothing about the person's company. */
const FREE_MAIL = new Set([
  'gmail',
  'googlemail',
  'yahoo',
  'hotmail',
  'outlook',
  'live',
  'msn',
  'icloud',
  'me',
  'mac',
  'aol',
  'proton',
  'protonmail',
  'gmx',
  'web',
  'mail',
  'yandex',
  'zoho',
  'fastmail',
  'orange',
  'free',
  'laposte',
  't-online',
]);

/** Words of a street address (lower case, without a final dot). */
const STREET_WORDS = new Set([
  'street',
  'st',
  'avenue',
  'ave',
  'road',
  'rd',
  'boulevard',
  'blvd',
  'lane',
  'ln',
  'drive',
  'dr',
  'way',
  'place',
  'pl',
  'square',
  'sq',
  'court',
  'ct',
  'parkway',
  'pkwy',
  'highway',
  'hwy',
  'suite',
  'ste',
  'floor',
  'fl',
  'building',
  'bldg',
  'unit',
  'po',
  'box',
  'strasse',
  'straße',
  'str',
  'weg',
  'platz',
  'allee',
  'gasse',
  'rue',
  'avenida',
  'calle',
  'via',
  'piazza',
  'plaza',
]);

/** Top-level domains a bare web address (no www., no http) may end in. */
const BARE_TLDS = new Set([
  'com',
  'net',
  'org',
  'io',
  'co',
  'ai',
  'app',
  'dev',
  'biz',
  'info',
  'us',
  'uk',
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'be',
  'ch',
  'at',
  'se',
  'no',
  'dk',
  'fi',
  'ie',
  'pt',
  'pl',
  'eu',
  'ca',
  'au',
  'nz',
  'jp',
  'in',
  'br',
  'mx',
  'tech',
  'design',
  'studio',
  'agency',
]);

const EMAIL_PATTERN = /[a-z0-9][a-z0-9._%+-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
const URL_PATTERN =
  /\b(?:https?:\/\/)?(?:www\.)?[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:\/[^\s,;]*)?/gi;
/** A label before a value: "Tel:", "E-mail", "M.", "w", "Web:"... */
const LABEL_PATTERN =
  /^(?:e-?mail|mail|email|tel|telephone|phone|ph|mobile|mob|cell|fax|office|direct|web|website|www|url|m|t|p|e|w|f|o|d)\s*[:.|-]?\s+/i;

/** The words of a line, lower case, without the dots and commas around them. */
function wordsOf(line: string): string[] {
  return line
    .toLowerCase()
    .split(/[\s,]+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[.)]+$/gu, ''))
    .filter((w) => w !== '');
}

/** An OCR line tidied: stray marks at the ends gone, runs of spaces made one. */
function tidy(line: string): string {
  return line
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/^[^\p{L}\p{N}+(@]+/u, '')
    .replace(/[^\p{L}\p{N}).]+$/u, '')
    .trim();
}

/** Letters read as digits inside a run of digits (O → 0, l/I/| → 1), for the phone finder. */
function digitFixes(text: string): string {
  return text.replace(
    /(?<=[\d\s().+-])[OoQD](?=[\d\s().-])|(?<=[\d\s().+-])[lI|](?=[\d\s().-])/g,
    (ch) => (/[OoQD]/.test(ch) ? '0' : '1'),
  );
}

/** "ADA LOVELACE" → "Ada Lovelace"; mixed-case text is left as written. */
function nameCase(text: string): string {
  if (text !== text.toUpperCase()) return text;
  return text
    .toLowerCase()
    .replace(
      /(^|[\s'-])(\p{L})/gu,
      (_m, before: string, letter: string) => before + letter.toUpperCase(),
    );
}

/** The letters of a text, lower case (for comparing a line with an e-mail's parts). */
function letters(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}]/gu, '');
}

function isTitleLine(words: readonly string[]): boolean {
  return words.some(
    (w) => TITLE_WORDS.has(w) || w.split('-').some((part) => TITLE_WORDS.has(part)),
  );
}

function hasLegalSuffix(words: readonly string[]): boolean {
  return words.some((w) => LEGAL_SUFFIXES.has(w.replace(/\.$/, '')));
}

/** A company's line: a legal form, or a company word on a line that is not a job title. */
function isCompanyLine(words: readonly string[]): boolean {
  if (hasLegalSuffix(words)) return true;
  return words.some((w) => COMPANY_WORDS.has(w.replace(/\.$/, ''))) && !isTitleLine(words);
}

function isAddressLine(line: string, words: readonly string[]): boolean {
  const hasNumber = /\d/.test(line);
  const street = words.some((w) => STREET_WORDS.has(w.replace(/\.$/, '')));
  if (street && hasNumber) return true;
  // A German-style street ("Hauptstraße 5") or a postcode with a town: "10115 Berlin",
  // "SW1A 1AA", "San Francisco, CA 94107".
  if (/\p{L}(?:straße|strasse|strabe|str\.|weg|platz|allee|gasse)\s*\d/iu.test(line)) return true;
  if (/\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b/.test(line)) return true;
  if (/,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/.test(line)) return true;
  if (/^\d{4,5}\s+\p{Lu}\p{L}+/u.test(line) && !/^\d{4,5}\s+\d/.test(line)) return true;
  return street && words.length >= 2 && /\d/.test(line);
}

/** A line that could be a person's name: two to four words, letters only, each capitalised. */
function nameShape(line: string): boolean {
  if (/[\d@/]/.test(line)) return false;
  const words = line.split(' ').filter(Boolean);
  if (words.length < 2 || words.length > 4) return false;
  return words.every((w) =>
    /^(?:\p{Lu}[\p{L}'’-]*\.?|(?:de|da|di|van|von|der|den|la|le|du|del|bin|al)|\p{Lu}\.)$/u.test(w),
  );
}

/** How much a line looks like words rather than OCR noise (share of letters, 0–1). */
function wordiness(line: string): number {
  const chars = line.replace(/\s/g, '');
  if (chars.length === 0) return 0;
  return (chars.match(/\p{L}/gu)?.length ?? 0) / chars.length;
}

interface Line {
  readonly text: string;
  readonly index: number;
  readonly words: string[];
  used: boolean;
}

/** The e-mail found on the card, lower case, or ''. */
function findEmail(text: string): string {
  // OCR often splits "name @ host.com" or reads "(at)".
  const joined = text.replace(/\s*@\s*/g, '@').replace(/\s*\((?:at|@)\)\s*/gi, '@');
  const match = EMAIL_PATTERN.exec(joined);
  EMAIL_PATTERN.lastIndex = 0;
  if (!match) return '';
  let email = match[0].toLowerCase().replace(/\.+$/, '');
  // A small dot is often read as a space: "alan turing@host" was "alan.turing@host" (a word in
  // lower case just before, not a label such as "mail").
  const before = /(?:^|\s)([a-z][a-z0-9]*) $/.exec(joined.slice(0, match.index))?.[1];
  if (before && !EMAIL_LABELS.has(before)) email = `${before}.${email}`;
  return email;
}

/** Words that may stand before an e-mail address on a card without being part of it. */
const EMAIL_LABELS = new Set(['e', 'email', 'e-mail', 'mail', 'at', 'to', 'or', 'and', 'me']);

function isWebAddress(candidate: string): boolean {
  if (/^(?:https?:\/\/|www\.)/i.test(candidate)) return true;
  const host = candidate.split('/')[0] ?? '';
  const tld = host.split('.').pop()?.toLowerCase() ?? '';
  return BARE_TLDS.has(tld) && /[a-z]{2,}\./i.test(host);
}

/** The web address found on the card (as written, without a final dot), or ''. */
function findWebsite(lines: readonly Line[]): { value: string; line: Line | null } {
  for (const line of lines) {
    const withoutEmails = line.text.replace(EMAIL_PATTERN, ' ').replace(/\S+@\S+/g, ' ');
    for (const match of withoutEmails.matchAll(URL_PATTERN)) {
      const candidate = match[0].replace(/[.)]+$/, '');
      if (isWebAddress(candidate)) return { value: candidate.toLowerCase(), line };
    }
  }
  return { value: '', line: null };
}

/** Digits a real phone number has at least (without its country code): fewer is a postcode. */
const MIN_NATIONAL_DIGITS = 7;

/** The phone numbers in one line of text, with where each stands in it. */
function phoneHits(text: string, defaultCountry: CountryCode) {
  const fixed = digitFixes(text);
  return findPhoneNumbersInText(fixed, { defaultCountry }).filter(
    (hit) => hit.number.nationalNumber.length >= MIN_NATIONAL_DIGITS,
  );
}

/** A label just before a value, at the end of the text before it ("Grace Hopper M:"). */
const TRAILING_LABEL =
  /(?:^|\s)(?:e-?mail|mail|tel|telephone|phone|ph|mobile|mob|cell|fax|office|direct|web|website|m|t|p|e|w|f|o|d)\s*[:.]?\s*$/i;

/**
 * One OCR line cut into pieces where an e-mail, a web address or a phone number stands among other
 * words: OCR reads a card with two columns across ("Grace Hopper M: 415.555.2671"), and a company
 * name may run into the address after it ("Compiler Works LLC San Francisco, CA 94107"). Each
 * contact keeps the label before it.
 */
function splitLine(line: string, defaultCountry: CountryCode): string[] {
  const joined = line.replace(/\s*@\s*/g, '@');
  const ranges: [number, number][] = [];
  for (const match of joined.matchAll(EMAIL_PATTERN)) {
    ranges.push([match.index, match.index + match[0].length]);
  }
  for (const match of joined.matchAll(URL_PATTERN)) {
    const start = match.index;
    const overlaps = ranges.some(([a, b]) => start < b && start + match[0].length > a);
    if (!overlaps && isWebAddress(match[0].replace(/[.)]+$/, ''))) {
      ranges.push([start, start + match[0].length]);
    }
  }
  for (const hit of phoneHits(joined, defaultCountry)) {
    if (!ranges.some(([a, b]) => hit.startsAt < b && hit.endsAt > a)) {
      ranges.push([hit.startsAt, hit.endsAt]);
    }
  }
  ranges.sort((x, y) => x[0] - y[0]);
  const pieces: string[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    let before = joined.slice(at, start);
    const label = TRAILING_LABEL.exec(before);
    const labelText = label ? label[0] : '';
    if (label) before = before.slice(0, label.index);
    pieces.push(before, `${labelText.trim()} ${joined.slice(start, end)}`.trim());
    at = end;
  }
  pieces.push(joined.slice(at));
  // A company's legal form ends its name: what follows is another piece.
  return pieces.flatMap((piece) => {
    const suffix =
      /^(.*?\b(?:Inc|Ltd|LLC|LLP|GmbH|PLC|Corp|S\.?A\.?S?|B\.?V|AG)\b\.?)\s+(\S.*)$/.exec(piece);
    return suffix && /\p{L}{2}/u.test(suffix[2] ?? '')
      ? [suffix[1] ?? '', suffix[2] ?? '']
      : [piece];
  });
}

/**
 * The phone number found on the card in international format ("+44 20 7946 0958"), or ''. A
 * mobile number comes first, then one labelled as a phone, then any other; a fax only when there
 * is no other number.
 */
function findPhone(
  lines: readonly Line[],
  defaultCountry: CountryCode,
): { value: string; lines: Line[] } {
  let best: { value: string; score: number } | null = null;
  const used: Line[] = [];
  for (const line of lines) {
    const text = line.text.replace(EMAIL_PATTERN, ' ');
    for (const hit of phoneHits(text, defaultCountry)) {
      used.push(line);
      const before = text.slice(0, hit.startsAt).toLowerCase();
      const label = before.split(/\d/).pop() ?? before;
      let score = 0;
      if (/\b(?:m|mob|mobile|cell|handy|portable)\b/.test(label)) score = 3;
      else if (/\b(?:t|p|tel|telephone|phone|ph|office|direct|o|d)\b/.test(label)) score = 2;
      else if (/\bfax\b|\bf\s*[:.]?\s*$/.test(label)) score = -5;
      if (!best || score > best.score) best = { value: hit.number.formatInternational(), score };
    }
  }
  return { value: best?.value ?? '', lines: used };
}

/**
 * The fields of a business card in its OCR text: name, title and company from job-title words,
 * company suffixes, the e-mail's domain and local part, capitalisation and the line's place on the
 * card. `defaultCountry` (US unless given) reads numbers written without a country code.
 */
export function findCardFields(
  text: string,
  options: FindCardFieldsOptions = {},
): ScannedCardFields {
  const defaultCountry = options.defaultCountry ?? 'US';
  const lines: Line[] = text
    .split(/\r?\n/)
    .flatMap((line) => splitLine(line, defaultCountry))
    .map(tidy)
    .filter((line) => line.length >= 2 && /[\p{L}\p{N}]/u.test(line))
    .map((line, index) => ({ text: line, index, words: wordsOf(line), used: false }));

  const email = findEmail(text);
  for (const line of lines) {
    if (email !== '' && findEmail(line.text) === email) line.used = true;
    else if (/\S@\S/.test(line.text)) line.used = true;
  }
  const website = findWebsite(lines);
  if (website.line) website.line.used = true;
  const phone = findPhone(lines, defaultCountry);
  for (const line of phone.lines) line.used = true;
  // Lines that are only a label and digits (a second number the finder could not read).
  for (const line of lines) {
    if (/^[\d\s()+./-]{7,}$/.test(line.text.replace(LABEL_PATTERN, ''))) line.used = true;
  }

  const addressLines = lines.filter((l) => !l.used && isAddressLine(l.text, l.words));
  for (const line of addressLines) line.used = true;

  const titleLine = lines.find((l) => !l.used && isTitleLine(l.words) && !hasLegalSuffix(l.words));
  if (titleLine) titleLine.used = true;

  const [emailUser = '', emailHost = ''] = email.split('@');
  const domainLabel = emailHost.split('.').slice(-2, -1)[0] ?? '';
  const companyDomain = FREE_MAIL.has(domainLabel) ? '' : domainLabel;
  const websiteLabel =
    website.value
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '')
      .split(/[./]/)[0] ?? '';

  // The company: a line with a company suffix, else the line that spells the e-mail's or the web
  // address's domain, else the domain itself.
  const domainLetters = [letters(companyDomain), letters(websiteLabel)].filter(
    (d) => d.length >= 3,
  );
  const spellsDomain = (line: Line) =>
    domainLetters.some((d) => {
      const l = letters(line.text);
      return l.length >= 3 && (l.includes(d) || d.includes(l));
    });
  const companyLine =
    lines.find((l) => !l.used && isCompanyLine(l.words) && !nameShapeOfEmail(l.text, emailUser)) ??
    lines.find((l) => !l.used && spellsDomain(l) && !nameShapeOfEmail(l.text, emailUser));
  if (companyLine) companyLine.used = true;
  const company = companyLine
    ? companyLine.text
    : companyDomain !== ''
      ? companyDomain.charAt(0).toUpperCase() + companyDomain.slice(1)
      : '';

  // The name: the best candidate by shape, by the e-mail's local part, by the line above the
  // title, and by position (names come early on a card).
  const userParts = emailUser
    .toLowerCase()
    .split(/[._-]+/)
    .filter((p) => p.length >= 2);
  let best: { line: Line; score: number } | null = null;
  for (const line of lines) {
    if (line.used || wordiness(line.text) < 0.8) continue;
    let score = nameShape(line.text)
      ? 4
      : line.words.length <= 4 && /^\p{Lu}/u.test(line.text)
        ? 1
        : -10;
    const lineLetters = letters(line.text);
    if (userParts.some((p) => lineLetters.includes(p))) score += 3;
    if (
      userParts.length === 1 &&
      emailUser.length >= 4 &&
      lineLetters.startsWith(emailUser.charAt(0))
    ) {
      const last = line.words.at(-1) ?? '';
      if (emailUser.endsWith(letters(last)) && last.length >= 3) score += 3;
    }
    if (titleLine && (titleLine.index === line.index + 1 || titleLine.index === line.index - 1))
      score += 2;
    score -= line.index * 0.3;
    if (!best || score > best.score) best = { line, score };
  }
  let name = '';
  if (best && best.score > 0) {
    best.line.used = true;
    name = nameCase(best.line.text);
  }

  const note = lines
    .filter(
      (l) => !l.used && wordiness(l.text) >= 0.7 && (l.text.match(/\p{L}/gu)?.length ?? 0) >= 4,
    )
    .map((l) => l.text)
    .slice(0, 3)
    .join('\n');

  return {
    name,
    title: titleLine?.text ?? '',
    company,
    email,
    phone: phone.value,
    website: website.value,
    address: addressLines.map((l) => l.text).join(', '),
    note,
  };
}

/** Whether a line is the person's name as their e-mail spells it (so not the company). */
function nameShapeOfEmail(line: string, emailUser: string): boolean {
  if (emailUser === '' || !nameShape(line)) return false;
  const parts = emailUser
    .toLowerCase()
    .split(/[._-]+/)
    .filter((p) => p.length >= 2);
  const l = letters(line);
  return parts.length >= 2 && parts.every((p) => l.includes(p));
}

/**
 * The country a phone's language setting names ("en-GB" → GB), for numbers written without their
 * country code; `fallback` when it names none libphonenumber knows.
 */
export function countryFromLocale(locale: string, fallback: CountryCode = 'US'): CountryCode {
  const region = /[-_]([A-Za-z]{2})(?:$|[-_])/.exec(locale)?.[1]?.toUpperCase() ?? '';
  return region !== '' && isSupportedCountry(region) ? region : fallback;
}
