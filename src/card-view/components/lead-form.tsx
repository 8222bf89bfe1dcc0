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
import { ENGLISH_CARD_WORDS, type CardWords } from '../card-words';
import type { CardViewMode } from './card-links';

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
  /** The form's words in the visitor's language; the owner's title and consent stay theirs. */
  readonly words?: CardWords['lead'];
}

export function LeadForm({
  cardId,
  ownerFirstName,
  title,
  appForm,
  action,
  mode,
  words = ENGLISH_CARD_WORDS.lead,
}: LeadFormProps) {
  const heading =
    title !== undefined && title.trim() !== ''
      ? title
      : ownerFirstName !== ''
        ? words.shareWith(ownerFirstName)
        : words.share;
  const headingId = `cb-lead-${cardId}`;
  const live = mode === 'page';
  const consent = leadConsentText(appForm);
  return (
    <form
      className="cb-lead"
      aria-labelledby={headingId}
      {...(live
        ? {
            action,
            method: 'post',
            'data-cb-lead': '',
            // The page's script says these (it is the same script in every language).
            'data-cb-sending': words.sending,
            'data-cb-sent': words.sent,
            'data-cb-too-many': words.tooMany,
            'data-cb-failed': words.failed,
            'data-cb-offline': words.offline,
          }
        : {})}
    >
      <h2 className="cb-lead-title" id={headingId}>
        {heading}
      </h2>
      {enabledLeadFields(appForm).map((field) => (
        <label key={field} className="cb-field">
          <span>{words[field]}</span>
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
        {words.send}
      </button>
      <p className="cb-lead-status" role="status" aria-live="polite" />
    </form>
  );
}
