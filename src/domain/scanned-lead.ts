/**
 * A scanned lead: a member checks the fields the scanner found (src/domain/card-scan.ts) and saves
 * them as a lead of one of the account's cards. The `addScannedLead` callable stores it, because a
 * lead is counted in the commit that stores it and only the server writes analytics
 * (docs/access.md, "Analytics"); this module decides what it accepts and who may call it. The
 * scan's id, made once by the client, makes a repeated save store nothing twice.
 */
import * as z from 'zod/mini';
import { accessRoleOf } from './people';
import { refuse, type Refusal } from './refusal';
import { LEAD_VALUE_MAX_LENGTH, leadEmailSchema } from './schemas/lead';

export const ADD_SCANNED_LEAD = 'addScannedLead';

/** The fields a scanned lead carries, in the order the form shows them. */
export const SCANNED_LEAD_FIELDS = [
  'name',
  'title',
  'company',
  'email',
  'phone',
  'website',
  'address',
  'note',
] as const;
export type ScannedLeadField = (typeof SCANNED_LEAD_FIELDS)[number];
export type ScannedLeadFields = Partial<Record<ScannedLeadField, string>>;

/** What the scanner sends. */
export interface AddScannedLeadInput {
  readonly cardId: string;
  /** Made by the client once per scan (20 to 40 letters, digits, `_` or `-`). */
  readonly scanId: string;
  readonly fields: ScannedLeadFields;
}

export const SCANNED_LEAD_MESSAGES = {
  signIn: 'Sign in to save a scanned card.',
  badRequest: 'Say which card the lead is for.',
  empty: 'Fill in at least a name, an e-mail or a phone number.',
  tooLong: `Each field takes at most ${LEAD_VALUE_MAX_LENGTH} characters.`,
  email: 'Please enter a valid e-mail address, or leave it empty.',
  missing: 'No such card.',
  notMember: 'Only the people of the card’s account can add its leads.',
  otherAccount: 'This card’s analytics belong to another account.',
} as const;

export type ScannedLeadRefusalCode =
  | 'unauthenticated'
  | 'invalid-argument'
  | 'not-found'
  | 'permission-denied'
  | 'failed-precondition';

export interface ScannedLeadRequest {
  readonly ok: true;
  readonly uid: string;
  readonly cardId: string;
  readonly scanId: string;
  /** The non-empty fields, trimmed; line breaks kept in the address and the note only. */
  readonly fields: ScannedLeadFields;
}

/** Card ids as the app makes them (Firestore's), and the demo data's handles-as-ids. */
const CARD_ID = /^[A-Za-z0-9_-]{1,128}$/;
const SCAN_ID = /^[A-Za-z0-9_-]{20,40}$/;

const fieldValue = z.optional(z.string());
const input = z.object({
  cardId: z.string().check(z.regex(CARD_ID)),
  scanId: z.string().check(z.regex(SCAN_ID)),
  fields: z.object(
    Object.fromEntries(SCANNED_LEAD_FIELDS.map((key) => [key, fieldValue])) as Record<
      ScannedLeadField,
      typeof fieldValue
    >,
  ),
});

/** Controls removed; line breaks only where a field may hold several lines. */
function clean(field: ScannedLeadField, value: string): string {
  const multiline = field === 'address' || field === 'note';
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x20 && code !== 0x7f) out += ch;
    else if (multiline && ch === '\n') out += ch;
    else out += ' ';
  }
  return out.replace(/[ \t]+/g, ' ').trim();
}

/** The callable's input from a signed-in caller, checked and cleaned. */
export function scannedLeadRequest(
  caller: { uid: string } | null,
  data: unknown,
): ScannedLeadRequest | Refusal<ScannedLeadRefusalCode> {
  if (!caller) return refuse('unauthenticated', SCANNED_LEAD_MESSAGES.signIn);
  const parsed = input.safeParse(data);
  if (!parsed.success) return refuse('invalid-argument', SCANNED_LEAD_MESSAGES.badRequest);
  const fields: ScannedLeadFields = {};
  for (const key of SCANNED_LEAD_FIELDS) {
    const value = clean(key, parsed.data.fields[key] ?? '');
    if (value.length > LEAD_VALUE_MAX_LENGTH) {
      return refuse('invalid-argument', SCANNED_LEAD_MESSAGES.tooLong);
    }
    if (value !== '') fields[key] = value;
  }
  if (!fields.name && !fields.email && !fields.phone) {
    return refuse('invalid-argument', SCANNED_LEAD_MESSAGES.empty);
  }
  if (fields.email !== undefined) {
    fields.email = fields.email.toLowerCase();
    if (!leadEmailSchema.safeParse(fields.email).success) {
      return refuse('invalid-argument', SCANNED_LEAD_MESSAGES.email);
    }
  }
  return {
    ok: true,
    uid: caller.uid,
    cardId: parsed.data.cardId,
    scanId: parsed.data.scanId,
    fields,
  };
}

/**
 * Whether `uid` may add a scanned lead to a card of `account`: the people who read its leads
 * (firestore.rules' `isMemberOf`: the owner, a collaborator, a card editor).
 */
export function mayAddScannedLead(
  account: Readonly<Record<string, unknown>>,
  uid: string,
): boolean {
  return accessRoleOf(account, uid) !== null;
}
