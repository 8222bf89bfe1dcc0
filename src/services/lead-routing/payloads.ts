/**
 * The JSON a webhook receives for one lead, in the two formats an owner picks between: `plain`
 * (the product's own shape: the lead's fields, the card, the consent) and `hubspot` (HubSpot's
 * contact properties, `{ properties: { email, firstname, lastname, ... } }`, so the body can go
 * straight to HubSpot's "create contact" endpoint or a workflow). docs/lead-webhooks.md shows both.
 */
import type { LeadWebhookFormat } from '@/domain/lead-webhooks';

/** A lead as the payload builders read it (the stored entry's fields, dates as Date). */
export interface LeadForWebhook {
  readonly id: string;
  readonly createdAt: Date;
  readonly name?: string;
  readonly email?: string;
  readonly phone?: string;
  readonly company?: string;
  readonly note?: string;
  readonly title?: string;
  readonly website?: string;
  readonly consent?: { readonly text: string; readonly given: boolean; readonly at: Date } | null;
}

export interface LeadWebhookContext {
  readonly accountId: string;
  readonly card: { readonly id: string; readonly name: string };
  /** True for "Send a test lead". */
  readonly test: boolean;
}

/** The lead's fields that may appear in a payload, dropping anything else stored on the entry. */
const TEXT_FIELDS = ['name', 'email', 'phone', 'company', 'note', 'title', 'website'] as const;

function consentJson(consent: LeadForWebhook['consent']) {
  return consent
    ? { text: consent.text, given: consent.given, at: consent.at.toISOString() }
    : null;
}

/** The product's own shape. */
export function plainLeadPayload(lead: LeadForWebhook, ctx: LeadWebhookContext) {
  const fields: Record<string, string> = {};
  for (const key of TEXT_FIELDS) {
    const value = lead[key];
    if (typeof value === 'string' && value !== '') fields[key] = value;
  }
  return {
    event: ctx.test ? 'lead.test' : 'lead.created',
    test: ctx.test,
    leadId: lead.id,
    createdAt: lead.createdAt.toISOString(),
    accountId: ctx.accountId,
    card: { id: ctx.card.id, name: ctx.card.name },
    lead: fields,
    consent: consentJson(lead.consent),
  };
}

/** First word as the first name, the rest as the last name (HubSpot keeps them apart). */
function splitName(name: string | undefined): { firstname?: string; lastname?: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return {};
  const [first, ...rest] = words;
  return rest.length > 0 ? { firstname: first!, lastname: rest.join(' ') } : { firstname: first! };
}

/**
 * HubSpot's contact properties (their internal names: email, firstname, lastname, phone, company,
 * jobtitle, website, message). Consent goes into three custom properties an owner creates in
 * HubSpot if they want it kept there (`cardbuilder_consent_text`, `_given`, `_at`); HubSpot's
 * property values are strings.
 */
export function hubspotLeadPayload(lead: LeadForWebhook, ctx: LeadWebhookContext) {
  const properties: Record<string, string> = {};
  const put = (key: string, value: string | undefined) => {
    if (typeof value === 'string' && value !== '') properties[key] = value;
  };
  put('email', lead.email);
  const { firstname, lastname } = splitName(lead.name);
  put('firstname', firstname);
  put('lastname', lastname);
  put('phone', lead.phone);
  put('company', lead.company);
  put('jobtitle', lead.title);
  put('website', lead.website);
  put('message', lead.note);
  put('lifecyclestage', 'lead');
  put('cardbuilder_card', ctx.card.name);
  if (lead.consent) {
    put('cardbuilder_consent_text', lead.consent.text);
    put('cardbuilder_consent_given', lead.consent.given ? 'true' : 'false');
    put('cardbuilder_consent_at', lead.consent.at.toISOString());
  }
  return { properties };
}

/** The body bytes (as text) a webhook of `format` receives for `lead`. */
export function leadWebhookBody(
  format: LeadWebhookFormat,
  lead: LeadForWebhook,
  ctx: LeadWebhookContext,
): string {
  return JSON.stringify(
    format === 'hubspot' ? hubspotLeadPayload(lead, ctx) : plainLeadPayload(lead, ctx),
  );
}
