/**
 * The lead schema: what a visitor leaves through a card's lead form, stored as
 * `analytics/{cardId}/entries/{id}` (docs/decisions/005-analytics-documents.md). One shape for the
 * endpoint's input check, the builder's lead list and the account export. To add a field, add it
 * to `storedLeadSchema` (and, when visitors type it, to the form's fields in src/card-view).
 */
import * as z from 'zod/mini';
import { dateOrNull, flag, optionalText, storedMap, text } from './fields';

/** The longest value a visitor may send in one field. */
export const LEAD_VALUE_MAX_LENGTH = 500;

/** One submitted field: text of at most `LEAD_VALUE_MAX_LENGTH` characters. */
export const leadValueSchema = z.string().check(z.maxLength(LEAD_VALUE_MAX_LENGTH));

/** A submitted e-mail address: something@host.tld, no spaces. */
export const leadEmailSchema = z.string().check(z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/));

/**
 * The consent checkbox as the visitor saw it (docs/lead-webhooks.md): the wording the card showed,
 * whether it was ticked, and when. Null when the form had no checkbox or the stored value is not one.
 */
const storedConsentSchema = z.catch(
  z.optional(z.nullable(z.object({ text: z.string(), given: flag, at: dateOrNull }))),
  null,
);

/**
 * Where a lead came from: `form`, a visitor through the card's lead form (every lead stored before
 * the scanner, which carries no `source`), or `scanned`, a paper card a member of the account
 * photographed and checked (src/services/scanned-lead.ts).
 */
export const LEAD_SOURCES = ['form', 'scanned'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** A stored lead entry, field by field (missing text is `''`, a missing date null). */
export const storedLeadSchema = storedMap({
  name: text,
  email: text,
  phone: text,
  company: text,
  note: text,
  /** Only scanned leads have these three: the lead form asks for none of them. */
  title: text,
  website: text,
  address: text,
  source: z.catch(z.enum(LEAD_SOURCES), 'form'),
  /** The account the card was of when the lead came in, whose webhooks it goes to. */
  accountId: optionalText,
  createdAt: dateOrNull,
  consent: storedConsentSchema,
});

/** What a visitor left, as the app reads it. */
export type LeadFields = z.infer<typeof storedLeadSchema>;

/** One stored lead entry with its id. */
export interface LeadEntry extends LeadFields {
  id: string;
}

/** A stored lead entry document as a LeadEntry. */
export function leadFromDoc(id: string, data: unknown): LeadEntry {
  return { id, ...storedLeadSchema.parse(data) };
}

/** The consent as one cell of a spreadsheet or list: `Given: “wording”`, `Not given: “…”` or empty. */
export function consentCell(consent: LeadFields['consent']): string {
  if (!consent) return '';
  return `${consent.given ? 'Given' : 'Not given'}: “${consent.text}”`;
}
