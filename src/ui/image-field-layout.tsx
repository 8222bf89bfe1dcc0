/**
 * The frame of an image field: the current image's thumbnail (or an empty "+") beside the field's
 * label and whatever the field offers under it (pick, remove, hints). The card's image slots and
 * the image library's field share it, so they look and read the same.
 */
import type { ReactNode } from 'react';
import './image-field.css';

export function ImageFieldLayout(props: {
  /** The image shown now, or '' for none. */
  src: string;
  alt: string;
  /** `round` for a photo, `wide` for a cover. */
  thumb?: 'round' | 'wide';
  labelId: string;
  label: string;
  /** Shown after the label, such as a "From team" badge. */
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="image-field">
      <div
        className={`image-field__thumb${props.thumb ? ` image-field__thumb--${props.thumb}` : ''}`}
      >
        {props.src !== '' ? (
          <img src={props.src} alt={props.alt} />
        ) : (
          <span className="image-field__empty" aria-hidden="true">
            +
          </span>
        )}
      </div>
      <div className="image-field__body">
        <span className="field__label" id={props.labelId}>
          {props.label}
          {props.badge ? <> {props.badge}</> : null}
        </span>
        {props.children}
      </div>
    </div>
  );
}
