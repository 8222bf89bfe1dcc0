/**
 * The brand kit's "Cover and logo" section: the logo, the cover (own image, stock photo or abstract
 * artwork, which one wins, a gradient and an overlay colour) and the profile photo shape. Paid
 * parts stay visible but locked, with the reason, when the plan's gates are closed. It edits the
 * panel's draft through `set` and `upload`; nothing is saved here.
 */
import type { TeamBranding } from '@/domain/team-sync-plan';
import type { TeamImageSlot } from '@/data/team-settings';
import type { Gates } from '@/domain/gates';
import { AVATAR_SHAPES } from '@/domain/model';
import { ColorField } from '@/ui/color-field';
import { LibraryImageField } from '@/ui/image-library-picker';
import { GRADIENTS } from './brand-kit-draft';
import { ImageSlot } from './brand-kit-image-slot';
import { LockedFeature } from '@/ui/locked-feature';
import { SelectField } from './select-field';

const SHAPE_LABELS: Record<string, string> = {
  square: 'Square',
  slightlyRounded: 'Slightly rounded',
  rounded: 'Rounded',
  circle: 'Circle',
};

export interface BrandKitEditing {
  readonly draft: TeamBranding;
  readonly gates: Gates;
  readonly uploading: TeamImageSlot | null;
  readonly set: <K extends keyof TeamBranding>(key: K, value: TeamBranding[K]) => void;
  readonly upload: (slot: TeamImageSlot, file: File) => void;
}

/** An image slot of the draft, wired to the panel's upload and removal. */
export function BrandKitImage(props: {
  editing: BrandKitEditing;
  slot: TeamImageSlot;
  label: string;
}) {
  const { editing, slot } = props;
  return (
    <ImageSlot
      label={props.label}
      fit={slot === 'photoBg' ? 'cover' : 'contain'}
      url={editing.draft[slot]}
      uploading={editing.uploading === slot}
      onPick={(file) => editing.upload(slot, file)}
      onRemove={() => editing.set(slot, '')}
    />
  );
}

export function BrandKitCover(props: {
  editing: BrandKitEditing;
  teamId: string;
  coupled: number;
}) {
  const { editing } = props;
  const { draft, gates, set } = editing;
  return (
    <section className="team-section" aria-labelledby="brand-cover-heading">
      <h2 id="brand-cover-heading">Cover and logo</h2>
      <p className="team-section__lead">
        Applied to {props.coupled} {props.coupled === 1 ? 'card' : 'cards'} that follow the team’s
        branding. Card owners see these styles marked as coming from the team.
      </p>
      <div className="team-grid">
        {gates.canUploadLogo ? (
          <BrandKitImage editing={editing} slot="photoLogo" label="Logo" />
        ) : (
          <LockedFeature title="Team logo">
            Put your company logo on every card of the team.
          </LockedFeature>
        )}
        {gates.canUploadBgImage ? (
          <>
            <BrandKitImage editing={editing} slot="photoBg" label="Cover image" />
            <div className="team-row team-row--top">
              <LibraryImageField
                kind="stock"
                label="Stock photo"
                value={draft.photoBgStock}
                placeholder="https://images.example.com/photo.jpg"
                linkHint="A photo from elsewhere, starting with https://."
                onChange={(url) => set('photoBgStock', url)}
              />
              <LibraryImageField
                kind="abstract"
                label="Abstract artwork"
                value={draft.photoBgAbstract}
                placeholder="https://images.example.com/artwork.svg"
                linkHint="Artwork from elsewhere, starting with https://."
                onChange={(url) => set('photoBgAbstract', url)}
              />
              <SelectField
                label="Cover shown on cards"
                value={draft.photoBgPriority}
                hint="When more than one cover is set, cards show this one. “The first one set” tries the cover image, then the stock photo, then the artwork."
                onChange={(e) => set('photoBgPriority', e.target.value)}
                options={[
                  { value: '', label: 'The first one set' },
                  { value: 'own', label: 'The cover image' },
                  { value: 'stock', label: 'The stock photo' },
                  { value: 'abstract', label: 'The abstract artwork' },
                ]}
              />
            </div>
          </>
        ) : (
          <LockedFeature title="Cover images">
            Use your own cover image, a stock photo or abstract artwork on the team’s cards.
          </LockedFeature>
        )}
        {gates.canPickColors ? (
          <div className="team-row team-row--top">
            <SelectField
              label="Cover gradient"
              value={draft.photoBgGradient}
              onChange={(e) => set('photoBgGradient', e.target.value)}
              options={GRADIENTS}
            />
            <ColorField
              label="Cover overlay colour"
              value={draft.photoBgOverlay}
              inherited={null}
              inheritedFrom="no overlay on the cover"
              onChange={(value) => set('photoBgOverlay', value)}
            />
          </div>
        ) : (
          <LockedFeature title="Cover colours">
            Add a gradient or an overlay colour to the cover.
          </LockedFeature>
        )}
        <fieldset className="team-fieldset">
          <legend>Profile photo shape</legend>
          <div className="team-choices">
            {['', ...AVATAR_SHAPES].map((shape) => (
              <label key={shape || 'none'} className="team-choice">
                <input
                  type="radio"
                  name={`avatar-shape-${props.teamId}`}
                  value={shape}
                  checked={draft.photoAvatarShape === shape}
                  onChange={() => set('photoAvatarShape', shape)}
                />
                {shape === '' ? 'Each card decides' : SHAPE_LABELS[shape]}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </section>
  );
}
