import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { ImageSlot } from '@/data/files';
import { useBuilderStoreApi } from '../builder-store';
import { prepareImage } from '@/ui/image-file';
import { slotPatch } from '../save-draft';
import { FieldHint, hintId } from './fields';
import { FilePickButton } from '@/ui/file-pick-button';
import { ImageFieldLayout } from '@/ui/image-field-layout';

/**
 * One image slot of the card: pick (checked, resized), preview, remove. The image is uploaded when
 * the card is saved; until then the preview uses the resized bytes.
 */
export function ImageField(props: {
  slot: ImageSlot;
  label: string;
  /** Shown after the label, such as a "From team" badge. */
  badge?: ReactNode;
  value: string | undefined;
  hint?: string;
  round?: boolean;
}) {
  const store = useBuilderStoreApi();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const value = props.value ?? '';

  async function onPick(file: File) {
    setError(null);
    setBusy(true);
    try {
      const image = await prepareImage(file);
      store.getState().setFile(props.slot, image);
      store.getState().patch(slotPatch(props.slot, image.previewUrl));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  function onRemove() {
    store.getState().setFile(props.slot, null);
    store.getState().patch(slotPatch(props.slot, ''));
    setError(null);
  }

  const describedBy = [error ? `${id}-error` : '', hintId(id, props.hint) ?? '']
    .filter(Boolean)
    .join(' ');

  return (
    <ImageFieldLayout
      src={value}
      alt={`Current ${props.label.toLowerCase()}`}
      {...(props.round ? { thumb: 'round' as const } : {})}
      labelId={`${id}-label`}
      label={props.label}
      badge={props.badge}
    >
      <div className="image-field__actions">
        <FilePickButton
          label={`${value !== '' ? 'Replace' : 'Upload'} ${props.label.toLowerCase()}`}
          describedBy={describedBy}
          busy={busy}
          onPick={(file) => void onPick(file)}
        >
          {busy ? 'Preparing…' : value !== '' ? 'Replace' : 'Upload'}
        </FilePickButton>
        {value !== '' ? (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={onRemove}
            aria-label={`Remove ${props.label.toLowerCase()}`}
          >
            Remove
          </button>
        ) : null}
      </div>
      <FieldHint id={id} hint={props.hint} />
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </ImageFieldLayout>
  );
}
