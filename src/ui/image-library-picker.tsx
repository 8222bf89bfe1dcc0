/**
 * Choosing a cover from the bundled image library, for the builder's background and the brand
 * kit's stock photo and artwork: `ImageLibraryPicker`, a dialog with a keyboard-navigable grid of
 * labelled thumbnails, and `LibraryImageField`, the field around it (current image, Remove, "or
 * paste a link"). The field reports the address; the caller puts it in its draft, so the preview
 * shows it at once and it is saved with the rest.
 */
import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Dialog } from './dialog';
import {
  libraryImageOf,
  libraryImageUrl,
  libraryImages,
  type LibraryImage,
  type LibraryKind,
} from './image-library';
import { TextField } from './text-field';
import { ImageFieldLayout } from './image-field-layout';
import './image-library.css';

const TITLES: Record<LibraryKind, string> = {
  stock: 'Choose a stock photo',
  abstract: 'Choose abstract artwork',
};

/** The grid's column count as laid out: the thumbnails sharing the first one's row. */
function columnsOf(buttons: readonly HTMLElement[]): number {
  const top = buttons[0]?.offsetTop;
  const count = buttons.filter((b) => b.offsetTop === top).length;
  return Math.max(1, count);
}

export function ImageLibraryPicker(props: {
  kind: LibraryKind;
  open: boolean;
  /** The address stored now, to mark the item it is. */
  current: string | undefined;
  onChoose: (url: string, image: LibraryImage) => void;
  onClose: () => void;
}) {
  const images = libraryImages(props.kind);
  const current = libraryImageOf(props.current);
  const grid = useRef<HTMLUListElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const buttons = [...(grid.current?.querySelectorAll<HTMLElement>('button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    const step: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: columnsOf(buttons),
      ArrowUp: -columnsOf(buttons),
    };
    let next: number | null = null;
    if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = buttons.length - 1;
    else if (step[event.key] !== undefined) {
      next = Math.min(buttons.length - 1, Math.max(0, index + (step[event.key] ?? 0)));
    }
    if (next === null) return;
    event.preventDefault();
    buttons[next]?.focus();
  }

  return (
    <Dialog
      open={props.open}
      title={TITLES[props.kind]}
      description="Made for Cardbuilder and free to use on your cards. Use the arrow keys to move between images."
      onClose={props.onClose}
      wide
    >
      <ul
        ref={grid}
        className="library-grid"
        aria-label={props.kind === 'stock' ? 'Stock photos' : 'Abstract artwork'}
      >
        {images.map((image) => {
          const selected = current?.id === image.id;
          return (
            <li key={image.id}>
              <button
                type="button"
                className="library-item"
                onKeyDown={onKeyDown}
                aria-current={selected ? 'true' : undefined}
                // The item in use takes focus on opening, so Enter keeps it and the arrows start there.
                data-autofocus={selected ? '' : undefined}
                onClick={() =>
                  props.onChoose(libraryImageUrl(image, window.location.origin), image)
                }
              >
                <img src={image.path} alt="" loading="lazy" width={240} height={160} />
                <span className="library-item__label">
                  {image.label}
                  {selected ? <span className="visually-hidden"> (in use)</span> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}

/** The field a cover image is chosen in: the library's picker, or a pasted link. */
export function LibraryImageField(props: {
  kind: LibraryKind;
  label: string;
  /** Shown after the label, such as a "From team" badge. */
  badge?: ReactNode;
  value: string;
  onChange: (url: string) => void;
  /** The link box's hint and error, and its placeholder. */
  linkHint?: ReactNode;
  linkError?: string | null;
  placeholder?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const value = props.value;
  const item = libraryImageOf(value);
  // The box holds a link from elsewhere only: a library item is named above it, and an image
  // held in the card itself (a data address, before its upload) is no link to edit.
  const link = value.startsWith('data:') || item !== null ? '' : value;
  const noun = props.kind === 'stock' ? 'stock photo' : 'artwork';

  return (
    <div className="library-field" role="group" aria-labelledby={`${id}-label`}>
      <ImageFieldLayout
        src={value}
        alt={item ? item.label : `Current ${noun}`}
        thumb="wide"
        labelId={`${id}-label`}
        label={props.label}
        badge={props.badge}
      >
        {item ? <span className="library-field__name">{item.label}</span> : null}
        <div className="image-field__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
          >
            {value !== '' ? `Change ${noun}` : `Choose ${noun === 'artwork' ? '' : 'a '}${noun}`}
          </button>
          {value !== '' ? (
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label={`Remove ${props.label.toLowerCase()}`}
              onClick={() => props.onChange('')}
            >
              Remove
            </button>
          ) : null}
        </div>
      </ImageFieldLayout>
      <TextField
        label={`Or paste a link to ${props.kind === 'stock' ? 'a photo' : 'artwork'}`}
        type="url"
        className="library-field__link"
        value={link}
        placeholder={props.placeholder ?? 'https://images.example.com/cover.jpg'}
        hint={props.linkHint}
        error={props.linkError}
        onChange={(e) => props.onChange(e.target.value.trim())}
      />
      <ImageLibraryPicker
        kind={props.kind}
        open={open}
        current={value}
        onClose={() => setOpen(false)}
        onChoose={(url) => {
          props.onChange(url);
          setOpen(false);
        }}
      />
    </div>
  );
}
