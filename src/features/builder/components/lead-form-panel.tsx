import { MAX_CONSENT_TEXT } from '@/domain/lead-webhooks';
import type { AppForm } from '@/domain/model';
import { TextField } from '@/ui/text-field';
import { useBuilderStoreApi } from '../builder-store';
import { CheckboxField, Section } from './fields';

type LeadField = keyof NonNullable<AppForm['fields']>;

const LEAD_FIELDS: readonly { key: LeadField; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'E-mail' },
  { key: 'phone', label: 'Phone' },
  { key: 'company', label: 'Company' },
  { key: 'note', label: 'Note' },
];

export function LeadFormPanel(props: { appForm: AppForm | undefined }) {
  const store = useBuilderStoreApi();
  const appForm = props.appForm ?? {};
  const fields = appForm.fields ?? {};
  const patch = store.getState().patch;
  const enabled = appForm.enabled === true;
  return (
    <>
      <Section
        title="Lead form"
        description="Let visitors leave their details on your card. Entries appear under Analytics."
      >
        <CheckboxField
          label="Show the lead form on the card"
          checked={enabled}
          onChange={(checked) => patch({ appForm: { enabled: checked } })}
        />
        <TextField
          label="Form title"
          value={appForm.title ?? ''}
          placeholder="Let's stay in touch"
          onChange={(e) => patch({ appForm: { title: e.target.value } })}
          disabled={!enabled}
        />
        <CheckboxField
          label="E-mail me each new lead"
          checked={appForm.notifyOwner !== false}
          disabled={!enabled}
          onChange={(checked) => patch({ appForm: { notifyOwner: checked } })}
        />
        <TextField
          label="Consent checkbox wording"
          value={appForm.consentText ?? ''}
          placeholder="I agree that Acme may contact me about its products."
          maxLength={MAX_CONSENT_TEXT}
          hint="When set, the form shows a checkbox with this text. Each lead keeps the wording it was shown, whether the box was ticked, and when."
          onChange={(e) => patch({ appForm: { consentText: e.target.value } })}
          disabled={!enabled}
        />
      </Section>
      <Section title="Fields visitors are asked for">
        <div className="check-grid">
          {LEAD_FIELDS.map((field) => (
            <CheckboxField
              key={field.key}
              label={field.label}
              checked={fields[field.key] === true}
              disabled={!enabled}
              onChange={(checked) =>
                patch({ appForm: { fields: { ...fields, [field.key]: checked } } })
              }
            />
          ))}
        </div>
      </Section>
    </>
  );
}
