/**
 * The bulk member import's pure rules (docs/product.md §1, §3 and §4): CSV rows → members, column
 * mapping (`guessMapping`, `rowsToMembers`), deterministic handles (`plannedHandles`), per-row
 * validation (`validateMembers`) and each member's card links (`memberLinks`). What the backend
 * says (existing e-mails, claimed handles) comes in as `ValidationContext`; src/data/importer.ts
 * asks it and writes the cards.
 */
import { generateHandle, HANDLE_RULE_MESSAGE, isValidHandle } from './handles';
import { isEmail, normaliseEmail } from './members';
import type { Link } from './model';
import { MAX_IMPORT_JOB_ROWS } from './jobs';

/** One member row of an import. `index` is its identity; it never changes once given. */
export interface ImportMember {
  index: number;
  name?: string;
  email?: string;
  title?: string;
  /** Link kind → value for this member (e.g. `{ phone: '+1 555', linkedin: '...' }`). */
  links: Record<string, string>;
}

/** The fields a CSV column can map to. Link fields become card links of that kind. */
export const IMPORT_FIELDS = [
  { key: 'name', label: 'Full name', link: null },
  { key: 'firstName', label: 'First name', link: null },
  { key: 'lastName', label: 'Last name', link: null },
  { key: 'title', label: 'Job title', link: null },
  { key: 'email', label: 'E-mail', link: 'Email' },
  { key: 'phone', label: 'Phone', link: 'Phone' },
  { key: 'website', label: 'Website', link: 'Website' },
  { key: 'linkedin', label: 'LinkedIn', link: 'LinkedIn' },
  { key: 'instagram', label: 'Instagram', link: 'Instagram' },
  { key: 'x', label: 'X (Twitter)', link: 'X' },
  { key: 'whatsapp', label: 'WhatsApp', link: 'WhatsApp' },
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number]['key'];

/** The link kinds a member's `links` map may hold (its keys), with their link name. */
export const LINK_FIELDS = IMPORT_FIELDS.filter(
  (f) => f.link !== null && f.key !== 'email',
) as readonly { key: ImportField; label: string; link: string }[];

/** Column index for each mapped field (a field maps to at most one column). */
export type ColumnMapping = Partial<Record<ImportField, number>>;

/** The most rows one import takes. */
export const MAX_IMPORT_ROWS = MAX_IMPORT_JOB_ROWS;
const SYNONYMS: Record<ImportField, readonly string[]> = {
  name: ['name', 'full name', 'fullname', 'member', 'person', 'display name'],
  firstName: ['first name', 'firstname', 'given name', 'first'],
  lastName: ['last name', 'lastname', 'surname', 'family name', 'last'],
  title: ['title', 'job title', 'position', 'role', 'job'],
  email: ['email', 'e-mail', 'email address', 'e-mail address', 'mail', 'work email'],
  phone: ['phone', 'phone number', 'mobile', 'cell', 'telephone', 'tel', 'work phone'],
  website: ['website', 'web', 'url', 'site', 'homepage'],
  linkedin: ['linkedin', 'linkedin url', 'linkedin profile'],
  instagram: ['instagram', 'ig'],
  x: ['x', 'twitter', 'x (twitter)', 'twitter handle'],
  whatsapp: ['whatsapp', 'whatsapp number'],
};

function norm(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');
}

/** Whether the first row looks like headers (no cell in it looks like an e-mail or a number). */
export function looksLikeHeader(row: readonly string[] | undefined): boolean {
  if (!row || row.length === 0) return false;
  return row.every((cell) => !cell.includes('@') && !/^\+?[\d\s().-]{6,}$/.test(cell.trim()));
}

/**
 * Guesses the mapping from header cells by common names ("E-mail", "Job title", "Mobile"...).
 * Without headers, guesses from the first data row: an e-mail-looking column is the e-mail, the
 * first other text column the name.
 */
export function guessMapping(firstRow: readonly string[], hasHeader: boolean): ColumnMapping {
  const mapping: ColumnMapping = {};
  const used = new Set<number>();
  if (hasHeader) {
    firstRow.forEach((header, column) => {
      const h = norm(header);
      const field = (Object.keys(SYNONYMS) as ImportField[]).find(
        (key) => mapping[key] === undefined && SYNONYMS[key].includes(h),
      );
      if (field !== undefined && !used.has(column)) {
        mapping[field] = column;
        used.add(column);
      }
    });
    return mapping;
  }
  firstRow.forEach((cell, column) => {
    if (mapping.email === undefined && isEmail(cell)) {
      mapping.email = column;
      used.add(column);
    }
  });
  firstRow.forEach((cell, column) => {
    if (used.has(column)) return;
    if (mapping.phone === undefined && /^\+?[\d\s().-]{6,}$/.test(cell.trim())) {
      mapping.phone = column;
    } else if (mapping.name === undefined && cell.trim() !== '') {
      mapping.name = column;
    } else if (mapping.title === undefined && cell.trim() !== '') {
      mapping.title = column;
    }
  });
  return mapping;
}

function cell(row: readonly string[], column: number | undefined): string {
  return column === undefined ? '' : (row[column] ?? '').trim();
}

/** Turns data rows into importer members (without indexes: the reducer gives them). */
export function rowsToMembers(
  rows: readonly (readonly string[])[],
  mapping: ColumnMapping,
): Omit<ImportMember, 'index'>[] {
  return rows.map((row) => {
    const full = cell(row, mapping.name);
    const name =
      full !== ''
        ? full
        : [cell(row, mapping.firstName), cell(row, mapping.lastName)].filter(Boolean).join(' ');
    const links: Record<string, string> = {};
    for (const field of LINK_FIELDS) {
      const value = cell(row, mapping[field.key]);
      if (value !== '') links[field.key] = value;
    }
    return { name, email: cell(row, mapping.email), title: cell(row, mapping.title), links };
  });
}

/** Drops rows where every cell is blank. */
export function nonEmptyRows(rows: readonly (readonly string[])[]): string[][] {
  return rows.filter((row) => row.some((c) => c.trim() !== '')).map((row) => row.map(String));
}

/**
 * Each member's handle, deterministic: `firstname-lastname` of the name, with `-2`, `-3`... for a
 * repeat within the file (in row order), unless the member has its own handle in `overrides`.
 */
export function plannedHandles(
  members: readonly Pick<ImportMember, 'index' | 'name'>[],
  overrides: Readonly<Record<number, string>> = {},
): Map<number, string> {
  const out = new Map<number, string>();
  const seen = new Map<string, number>();
  for (const member of members) {
    const own = overrides[member.index];
    const base =
      own !== undefined && own.trim() !== ''
        ? own.trim().toLowerCase()
        : generateHandle(member.name ?? '', 'firstname-lastname');
    if (base === '') {
      out.set(member.index, '');
      continue;
    }
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    out.set(member.index, count === 1 ? base : `${base}-${count}`);
  }
  return out;
}

/** `imported`: this import created the row's card (see `ValidationContext.imported`). */
export type RowState = 'imported' | 'ready' | 'skip' | 'error';

export interface RowCheck {
  state: RowState;
  /** What is wrong (errors) or why the row is skipped. */
  messages: string[];
  handle: string;
}

export interface ValidationContext {
  /** Lowercased e-mails that already have a card in the account. */
  existingEmails: ReadonlySet<string>;
  /** Handles known to be claimed by a card (true) or known to be free (false); unknown: absent. */
  claimedHandles: ReadonlyMap<string, boolean>;
  /** How many more cards the plan allows (docs/product.md §9: remaining cards). */
  remaining: number;
  handleOverrides?: Readonly<Record<number, string>>;
  /**
   * Rows this import already created a card for (member index → the handle it got). They are
   * `imported`, whatever the backend now says about their e-mail and handle, and take nothing from
   * `remaining` (the plan's count already includes them); a later row with the same e-mail is still
   * "Same e-mail as row N".
   */
  imported?: ReadonlyMap<number, string>;
}

/** Every row's check; `imported + ready + skipped + errors` is the number of rows. */
export interface ValidationResult {
  rows: Map<number, RowCheck>;
  imported: number;
  ready: number;
  skipped: number;
  errors: number;
}

/**
 * Checks every member (spec: bad e-mail, duplicate e-mail, handle taken, over the card cap):
 * a row is an error when its name or e-mail is missing or bad, when an earlier row has the same
 * e-mail, when its handle is claimed, or when the valid rows before it already use up the plan's
 * remaining cards; it is skipped when its e-mail already has a card in the account; it is imported
 * when this import created its card (`context.imported`).
 */
export function validateMembers(
  members: readonly ImportMember[],
  context: ValidationContext,
): ValidationResult {
  const handles = plannedHandles(members, context.handleOverrides);
  const rows = new Map<number, RowCheck>();
  const firstRowOfEmail = new Map<string, number>();
  let imported = 0;
  let ready = 0;
  let skipped = 0;
  let errors = 0;
  members.forEach((member, position) => {
    const messages: string[] = [];
    const name = (member.name ?? '').trim();
    const email = normaliseEmail(member.email ?? '');
    const importedHandle = context.imported?.get(member.index);
    if (importedHandle !== undefined) {
      if (email !== '' && !firstRowOfEmail.has(email)) firstRowOfEmail.set(email, position);
      rows.set(member.index, { state: 'imported', messages: [], handle: importedHandle });
      imported += 1;
      return;
    }
    const handle = handles.get(member.index) ?? '';
    if (name === '') messages.push('Add a name.');
    if (email === '') messages.push('Add an e-mail address.');
    else if (!isEmail(email))
      messages.push(`“${member.email ?? ''}” is not a valid e-mail address.`);
    else {
      const first = firstRowOfEmail.get(email);
      if (first !== undefined) messages.push(`Same e-mail as row ${first + 1}.`);
      else firstRowOfEmail.set(email, position);
    }
    if (messages.length === 0 && context.existingEmails.has(email)) {
      rows.set(member.index, {
        state: 'skip',
        messages: ['Already has a card in this account: skipped.'],
        handle,
      });
      skipped += 1;
      return;
    }
    if (name !== '' && handle !== '' && !isValidHandle(handle)) {
      messages.push(HANDLE_RULE_MESSAGE);
    } else if (handle !== '' && context.claimedHandles.get(handle) === true) {
      messages.push(`The handle “${handle}” is taken: edit the handle.`);
    }
    if (messages.length === 0 && ready >= context.remaining) {
      messages.push(
        context.remaining <= 0
          ? 'Over your card limit: your plan has no cards left.'
          : `Over your card limit: only ${context.remaining} more ${context.remaining === 1 ? 'card fits' : 'cards fit'} your plan.`,
      );
    }
    if (messages.length > 0) {
      rows.set(member.index, { state: 'error', messages, handle });
      errors += 1;
    } else {
      rows.set(member.index, { state: 'ready', messages: [], handle });
      ready += 1;
    }
  });
  return { rows, imported, ready, skipped, errors };
}

/** The personal links of an imported member, in the order of IMPORT_FIELDS. */
export function memberLinks(
  member: Pick<ImportMember, 'index' | 'email' | 'links'>,
  cardId: string,
): Link[] {
  const links: Link[] = [];
  for (const field of IMPORT_FIELDS) {
    if (field.link === null) continue;
    const value =
      field.key === 'email' ? (member.email ?? '').trim() : (member.links[field.key] ?? '').trim();
    if (value === '') continue;
    links.push({
      id: `${cardId}-${field.key}`,
      name: field.link,
      label: field.link,
      value,
      isTeamLink: false,
    });
  }
  return links;
}
