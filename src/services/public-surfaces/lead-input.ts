/**
 * Reading what a visitor sends through a card's lead form, JSON (the page's script) or
 * form-encoded (the same form with JavaScript off), and refusing anything but the fields the card's
 * form asks for, each a string of at most 500 characters (the lead schema's `leadValueSchema`).
 * Pure: the endpoint decides statuses.
 */
import { INVALID_EMAIL_MESSAGE } from '@/domain/auth-errors';
import {
  CONSENT_FIELD,
  CONSENT_GIVEN,
  LEAD_FIELD_MAX,
  type LeadField,
} from '@/card-view/lead-fields';
import { leadEmailSchema, leadValueSchema } from '@/domain/schemas/lead';

export type Lead = Partial<Record<LeadField, string>>;

export type LeadParseResult =
  | {
      readonly ok: true;
      readonly lead: Lead;
      readonly json: boolean;
      /** Whether the consent checkbox was ticked (false when the form has none). */
      readonly consentGiven: boolean;
    }
  | { readonly ok: false; readonly status: 400 | 415; readonly message: string };

function fail(status: 400 | 415, message: string): LeadParseResult {
  return { ok: false, status, message };
}

/**
 * Removes control characters and trims: in the message line breaks stay and other controls go; in
 * one-line fields every control (line breaks included) becomes a space.
 */
function clean(field: LeadField, value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    const control = code < 0x20 || code === 0x7f;
    if (!control) out += ch;
    else if (field === 'note' && (ch === '\n' || ch === '\r')) out += ch;
    else if (field !== 'note') out += ' ';
  }
  return out.trim();
}

function fromEntries(
  entries: Iterable<[string, unknown]>,
  allowed: readonly LeadField[],
  json: boolean,
  acceptsConsent: boolean,
): LeadParseResult {
  const lead: Lead = {};
  const seen = new Set<string>();
  let consentGiven = false;
  for (const [key, raw] of entries) {
    // The checkbox sends "yes" when ticked and nothing otherwise; it is not a field of the lead.
    if (acceptsConsent && key === CONSENT_FIELD) {
      if (raw !== CONSENT_GIVEN) return fail(400, 'The consent box sends "yes" or nothing.');
      consentGiven = true;
      continue;
    }
    if (!(allowed as readonly string[]).includes(key))
      return fail(400, `Unknown field "${key.slice(0, 40)}".`);
    if (seen.has(key)) return fail(400, `The field "${key}" is given twice.`);
    seen.add(key);
    const checked = leadValueSchema.safeParse(raw);
    if (!checked.success) {
      return fail(
        400,
        typeof raw === 'string'
          ? `The field "${key}" is over ${LEAD_FIELD_MAX} characters.`
          : `The field "${key}" must be text.`,
      );
    }
    const value = clean(key as LeadField, checked.data);
    if (value !== '') lead[key as LeadField] = value;
  }
  if (Object.keys(lead).length === 0) return fail(400, 'Please fill in at least one field.');
  if (lead.email !== undefined && !leadEmailSchema.safeParse(lead.email).success) {
    return fail(400, INVALID_EMAIL_MESSAGE);
  }
  return { ok: true, lead, json, consentGiven };
}

/**
 * Parses a lead submission. `contentType` picks the format: `application/json` (an object of
 * strings) or `application/x-www-form-urlencoded`; anything else is refused with 415.
 * `acceptsConsent`: the card's form has a consent checkbox, so `consent=yes` may come with it.
 */
export function parseLead(
  body: string,
  contentType: string,
  allowed: readonly LeadField[],
  acceptsConsent = false,
): LeadParseResult {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json') {
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      return fail(400, 'The body is not valid JSON.');
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      return fail(400, 'The body must be an object of fields.');
    }
    return fromEntries(Object.entries(data), allowed, true, acceptsConsent);
  }
  if (type === 'application/x-www-form-urlencoded') {
    return fromEntries(new URLSearchParams(body).entries(), allowed, false, acceptsConsent);
  }
  return fail(415, 'Send the form as JSON or form-encoded.');
}
