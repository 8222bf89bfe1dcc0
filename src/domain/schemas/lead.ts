/**
 * The lead schema: what a visitor leaves through a card's lead form, stored as
 * `analytics/{cardId}/entries/{id}` (docs/decisions/005-analytics-documents.md). One shape for the
 * endpoint's input check, the builder's lead list and the account export. To add a field, add it
 * to `storedLeadSchema` (and, when visitors type it, to the form's fields in src/card-view).
 */
import * as z from 'zod/mini';
import { dateOrNull, storedMap, text } from './fields';

/** The longest value a visitor may send in one field. */
export const LEAD_VALUE_MAX_LENGTH = 500;

/** One submitted field: text of at most `LEAD_VALUE_MAX_LENGTH` characters. */
export const leadValueSchema = z.string().check(z.maxLength(LEAD_VALUE_MAX_LENGTH));

/** A submitted e-mail address: something@host.tld, no spaces. */
export const leadEmailSchema = z.string().check(z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/));

/** A stored lead entry, field by field (missing text is `''`, a missing date null). */
export const storedLeadSchema = storedMap({
  name: text,
  email: text,
  phone: text,
  company: text,
  note: text,
  createdAt: dateOrNull,
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
