/**
 * The card's handle: generated from the name in a chosen format, editable, checked unique with a
 * free suggestion when taken; and whether the public link uses it (`{card host}/{handle}`) or the
 * card's id (`{card host}/{id}/i`), shown live.
 */
import {
  HANDLE_FORMATS,
  HANDLE_MAX_LENGTH,
  generateHandle,
  type HandleFormat,
} from '@/domain/handles';
import type { CardDraft } from '@/domain/builder';
import { cardPublicUrl, type PublicHosts } from '@/domain/urls';
import { slugify } from '@/domain/slug';
import { ActionStatus, useCopyLink } from '@/ui/action-status';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/text-field';
import { useBuilder, useBuilderStoreApi } from '../builder-store';
import type { HandleCheck } from '../use-handle-check';
import { HANDLE_TAKEN_MESSAGE } from '../validation';
import { CheckboxField, Section, SelectField } from './fields';

const FORMAT_LABELS: Record<HandleFormat, string> = {
  'firstname-lastname': 'firstname-lastname',
  'f-lastname': 'f-lastname',
  firstnamelastname: 'firstnamelastname',
  flastname: 'flastname',
  firstname: 'firstname',
};

/** Keeps what a handle may hold while typing (lowercase letters, digits, underscores, hyphens). */
export function cleanHandleInput(value: string): string {
  return value
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9_-]/g, '')
    .replace(/-{2,}/g, '-')
    .slice(0, HANDLE_MAX_LENGTH);
}

export function HandlePanel(props: {
  draft: CardDraft;
  hosts: PublicHosts;
  check: HandleCheck;
  formatError: string | null;
  /** The saved card's address; null while the card is not saved yet. */
  savedUrl: string | null;
}) {
  const { status: copyStatus, copy } = useCopyLink();
  const store = useBuilderStoreApi();
  const format = useBuilder((s) => s.handleFormat);
  const { draft, check } = props;
  const name = draft.name ?? '';
  const handle = draft.handle ?? '';
  const url = cardPublicUrl(
    { id: draft.id ?? '', handle, handleAllowIndex: draft.handleAllowIndex === true },
    props.hosts,
  );
  const host = props.hosts.card.replace(/\/+$/, '');

  function generate(next: HandleFormat) {
    store.getState().setHandleFormat(next);
    const generated = generateHandle(name, next);
    if (generated !== '') store.getState().setHandle(generated);
  }

  let status: string | null = null;
  let error: string | null = props.formatError;
  if (error === null) {
    if (check.state === 'checking') status = 'Checking…';
    else if (check.state === 'free') status = 'This handle is available.';
    else if (check.state === 'error') status = "We couldn't check this handle right now.";
    else if (check.state === 'taken') error = HANDLE_TAKEN_MESSAGE;
  }

  return (
    <>
      <Section
        title="Handle"
        description="The handle is the readable part of your card's address. It must be unique."
      >
        <SelectField
          label="Handle format"
          value={format}
          onChange={(e) => generate(e.target.value as HandleFormat)}
          hint={
            name.trim() === '' ? 'Enter a name on the Profile tab to generate a handle.' : undefined
          }
        >
          {HANDLE_FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABELS[f]}
              {name.trim() !== '' ? ` — ${generateHandle(name, f)}` : ''}
            </option>
          ))}
        </SelectField>
        <button
          type="button"
          className="button button--secondary button--small builder-inline-button"
          onClick={() => generate(format)}
          disabled={name.trim() === ''}
        >
          Generate from the name
        </button>
        <TextField
          label="Your handle"
          prefix={`${host}/`}
          value={handle}
          onChange={(e) => store.getState().setHandle(cleanHandleInput(e.target.value))}
          onBlur={() => {
            const tidy = slugify(handle);
            if (tidy !== handle) store.getState().setHandle(tidy);
          }}
          error={error}
          hint={status ?? 'Lowercase letters, digits and hyphens.'}
          autoComplete="off"
          spellCheck={false}
        />
        {check.state === 'taken' && check.suggestion ? (
          <p className="handle-suggestion">
            <span>Suggestion: </span>
            <button
              type="button"
              className="button button--link"
              onClick={() => check.suggestion && store.getState().setHandle(check.suggestion)}
            >
              Use {check.suggestion}
            </button>
          </p>
        ) : null}
      </Section>
      <Section title="Public link">
        <CheckboxField
          label="Use the handle in the public link"
          checked={draft.handleAllowIndex === true}
          onChange={(handleAllowIndex) => store.getState().patch({ handleAllowIndex })}
          hint={
            <>
              On: a readable address with the handle ({host}/{handle || 'your-handle'}), which
              search engines may list. Off: a private address with the card&apos;s id ({host}/…/i)
              that is only reached by people you share it with.
            </>
          }
        />
        <p className="public-url">
          <span className="public-url__label">Your card&apos;s address</span>
          <code className="public-url__value" data-testid="public-url">
            {url}
          </code>
        </p>
        {props.savedUrl !== null && props.savedUrl === url ? (
          <div className="action-row">
            <Button variant="secondary" size="small" onClick={() => void copy(url)}>
              Copy address
            </Button>
            <ActionStatus status={copyStatus} />
          </div>
        ) : (
          <p className="field__hint">
            Save the card to use this address. Its QR code and sharing are on the Share tab.
          </p>
        )}
      </Section>
    </>
  );
}
