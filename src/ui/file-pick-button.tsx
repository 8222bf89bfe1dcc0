/**
 * A styled, accessible file picker: the app's button look around a visually hidden file input, so
 * it takes focus, shows the focus ring (on the button, through `:focus-within`) and is named for
 * assistive technology, instead of the browser's plain "Choose file" control. Used by the card's
 * image slots and the profile photo.
 */
import type { ReactNode } from 'react';
import './image-field.css';

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

export function FilePickButton(props: {
  /** The input's accessible name, such as "Upload profile photo". */
  label: string;
  /** What the button shows. */
  children: ReactNode;
  onPick: (file: File) => void;
  busy?: boolean;
  describedBy?: string | undefined;
  accept?: string;
}) {
  return (
    <label className="button button--secondary button--small image-field__pick">
      <input
        type="file"
        accept={props.accept ?? IMAGE_ACCEPT}
        className="visually-hidden"
        aria-describedby={props.describedBy || undefined}
        aria-label={props.label}
        disabled={props.busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so picking the same file again still reports it.
          event.target.value = '';
          if (file) props.onPick(file);
        }}
      />
      {props.children}
    </label>
  );
}
