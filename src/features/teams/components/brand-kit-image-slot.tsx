/**
 * One image of the brand kit (logo, cover image, signature logo): what is set now, and buttons to
 * upload, replace or remove it. The upload itself is the panel's (it checks the file first).
 */
import { Button } from '@/ui/button';

export function ImageSlot(props: {
  label: string;
  url: string;
  /** `contain` for a logo (shown whole), `cover` (default) for a cover image (shown cropped). */
  fit?: 'cover' | 'contain';
  uploading: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  return (
    <div className="field">
      <span className="field__label">{props.label}</span>
      <div className="team-image">
        {props.url ? (
          <img
            className={`team-image__preview${props.fit === 'contain' ? ' team-image__preview--contain' : ''}`}
            src={props.url}
            alt={`${props.label} preview`}
          />
        ) : (
          <span className="team-image__empty">None</span>
        )}
        <span className="file-button">
          <span className="button button--secondary button--small" aria-hidden="true">
            {props.uploading ? 'Uploading…' : props.url ? 'Replace' : 'Upload'}
          </span>
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-label={`Upload ${props.label.toLowerCase()}`}
            disabled={props.uploading}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) props.onPick(file);
            }}
          />
        </span>
        {props.url ? (
          <Button
            size="small"
            variant="ghost"
            aria-label={`Remove ${props.label.toLowerCase()}`}
            onClick={props.onRemove}
          >
            Remove
          </Button>
        ) : null}
      </div>
    </div>
  );
}
