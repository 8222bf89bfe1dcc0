/**
 * The fields a card's lead form asks visitors for ("leave your details"), shared by the form on the
 * public page and by the endpoint that stores what visitors send, so both agree on the same list.
 */
import { MAX_CONSENT_TEXT } from '../domain/lead-webhooks';
import type { AppForm } from '../domain/model';
import { LEAD_VALUE_MAX_LENGTH } from '../domain/schemas/lead';

export type LeadField = 'name' | 'email' | 'phone' | 'company' | 'note';

export const LEAD_FIELDS: readonly LeadField[] = ['name', 'email', 'phone', 'company', 'note'];

/** Longest accepted value of one field, and of a whole submission in bytes. */
export const LEAD_FIELD_MAX = LEAD_VALUE_MAX_LENGTH;
export const LEAD_BODY_MAX_BYTES = 4096;

/**
 * The fields the form shows, in display order: those switched on in `appForm.fields`; name and
 * e-mail when the owner switched the form on but picked none.
 */
export function enabledLeadFields(appForm: AppForm | null | undefined): LeadField[] {
  const chosen = appForm?.fields ?? {};
  const fields = LEAD_FIELDS.filter((field) => chosen[field] === true);
  return fields.length > 0 ? fields : ['name', 'email'];
}

/** Whether the card asks visitors for their details. */
export function leadFormEnabled(appForm: AppForm | null | undefined): boolean {
  return appForm?.enabled === true;
}

/**
 * The consent wording the form shows beside its checkbox (trimmed, at most `MAX_CONSENT_TEXT`
 * characters), or null when the owner set none and the form has no checkbox. The lead endpoint
 * stores this text, read from the card at submission, never what a visitor's request says.
 */
export function leadConsentText(appForm: AppForm | null | undefined): string | null {
  const text = typeof appForm?.consentText === 'string' ? appForm.consentText.trim() : '';
  return text === '' ? null : text.slice(0, MAX_CONSENT_TEXT);
}

/** The form field of the consent checkbox, and the value a ticked box sends. */
export const CONSENT_FIELD = 'consent';
export const CONSENT_GIVEN = 'yes';
