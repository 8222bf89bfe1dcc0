/**
 * The card's lead form ("leave your details"). It is a plain POST form, so it works with no
 * JavaScript (the server stores the entry and redirects back with a thank-you); the page's small
 * script upgrades it to a JSON request that keeps the visitor on the card.
 */
import type { AppForm } from '@/domain/model';
import {
  CONSENT_FIELD,
  CONSENT_GIVEN,
  enabledLeadFields,
  leadConsentText,
  type LeadField,
} from '../lead-fields';
import type { CardViewMode } from './card-links';

const LABELS: Readonly<Record<LeadField, string>> = {
  name: 'Your name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  note: 'Message',
};

const INPUTS: Readonly<Record<Exclude<LeadField, 'note'>, { type: string; autoComplete: string }>> =
  {
    name: { type: 'text', autoComplete: 'name' },
    email: { type: 'email', autoComplete: 'email' },
    phone: { type: 'tel', autoComplete: 'tel' },
    company: { type: 'text', autoComplete: 'organization' },
  };

interface LeadFormProps {
  readonly cardId: string;
  readonly ownerFirstName: string;
  readonly title: string | undefined;
  readonly appForm: AppForm;
  readonly action: string;
  readonly mode: CardViewMode;
}

export function LeadForm({ cardId, ownerFirstName, title, appForm, action, mode }: LeadFormProps) {
  const heading =
    title !== undefined && title.trim() !== ''
      ? title
      : ownerFirstName !== ''
        ? `Share your details with ${ownerFirstName}`
        : 'Share your details';
  const headingId = `cb-lead-${cardId}`;
  const live = mode === 'page';
  const consent = leadConsentText(appForm);
  return (
    <form
      className="cb-lead"
      aria-labelledby={headingId}
      {...(live ? { action, method: 'post', 'data-cb-lead': '' } : {})}
    >
      <h2 className="cb-lead-title" id={headingId}>
        {heading}
      </h2>
      {enabledLeadFields(appForm).map((field) => (
        <label key={field} className="cb-field">
          <span>{LABELS[field]}</span>
          {field === 'note' ? (
            <textarea name="note" rows={3} maxLength={500} />
          ) : (
            <input
              name={field}
              type={INPUTS[field].type}
              autoComplete={INPUTS[field].autoComplete}
              maxLength={500}
              {...(field === 'name' || field === 'email' ? { required: true } : {})}
            />
          )}
        </label>
      ))}
      {consent !== null ? (
        // Optional: the lead is stored either way, with whether the box was ticked.
        <label className="cb-consent">
          <input type="checkbox" name={CONSENT_FIELD} value={CONSENT_GIVEN} />
          <span>{consent}</span>
        </label>
      ) : null}
      <button className="cb-btn cb-btn-primary" type={live ? 'submit' : 'button'}>
        Send
      </button>
      <p className="cb-lead-status" role="status" aria-live="polite" />
    </form>
  );
}
