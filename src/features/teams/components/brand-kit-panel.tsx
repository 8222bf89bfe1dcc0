/**
 * The team's brand kit (spec 3): cover background (own image, stock photo or abstract artwork, with
 * overlay and gradient), logo, avatar shape, signature logo, and the team template (look and
 * signature). Paid parts stay visible but locked, with the reason, when the plan's gates are closed.
 * Saving writes only when `brandKitChanged`; the workspace then applies the branding to coupled cards.
 */
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { listTemplates } from '../../../data/templates';
import { clearTeamTemplate, saveBranding, uploadTeamImage } from '../../../data/team-settings';
import type { TeamDoc, TeamImageSlot } from '../../../data/team-settings';
import { teamBrandingOf } from '../../../domain/team-sync-plan';
import type { TeamBranding } from '../../../domain/team-sync-plan';
import type { Gates } from '../../../domain/gates';
import { brandKitChanged } from '../../../domain/links';
import { AVATAR_SHAPES, BUTTON_STYLES } from '../../../domain/model';
import type { CardTemplate, SignatureBasic, Template } from '../../../domain/model';
import {
  TEAM_TEMPLATE_DELETED_MESSAGE,
  teamTemplateDeleteErrorMessage,
} from '../../../domain/teams';
import { Button } from '../../../ui/button';
import { ColorField } from '../../../ui/color-field';
import { TextField } from '../../../ui/text-field';
import { LockedFeature } from '../../../ui/locked-feature';
import { SelectField } from './select-field';

const SHAPE_LABELS: Record<string, string> = {
  square: 'Square',
  slightlyRounded: 'Slightly rounded',
  rounded: 'Rounded',
  circle: 'Circle',
};

export const GRADIENTS: readonly { label: string; value: string }[] = [
  { label: 'None', value: '' },
  { label: 'Indigo dusk', value: 'linear-gradient(135deg, #4f46e5, #0f172a)' },
  { label: 'Sunrise', value: 'linear-gradient(135deg, #f59e0b, #db2777)' },
  { label: 'Ocean', value: 'linear-gradient(135deg, #0ea5e9, #1e3a8a)' },
  { label: 'Forest', value: 'linear-gradient(135deg, #16a34a, #064e3b)' },
];

/** Drops unset values ('', false, undefined); an empty group is no group (null). */
function compact<T>(group: object): T | null {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(group)) {
    if (value !== undefined && value !== '' && value !== false) out[key] = value;
  }
  return Object.keys(out).length === 0 ? null : (out as T);
}

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const HEX = /^#[0-9a-f]{6}$/i;

function ImageSlot(props: {
  label: string;
  url: string;
  uploading: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  return (
    <div className="field">
      <span className="field__label">{props.label}</span>
      <div className="team-image">
        {props.url ? (
          <img className="team-image__preview" src={props.url} alt={`${props.label} preview`} />
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

export function BrandKitPanel(props: { team: TeamDoc; gates: Gates; coupled: number }) {
  const { team, gates } = props;
  const [draft, setDraft] = useState<TeamBranding>(() => teamBrandingOf(team));
  const [templates, setTemplates] = useState<Template[]>([]);
  const [uploading, setUploading] = useState<TeamImageSlot | null>(null);
  const [saving, setSaving] = useState(false);
  const [clearing, setClearing] = useState(false);
  const stored = teamBrandingOf(team);
  const changed = brandKitChanged(stored, draft);

  useEffect(() => {
    let live = true;
    listTemplates().then(
      (list) => {
        if (live) setTemplates(list);
      },
      (err: unknown) => console.warn('[teams] reading templates failed', err),
    );
    return () => {
      live = false;
    };
  }, []);

  const template: CardTemplate = draft.template ?? {};
  const signature: SignatureBasic = draft.signatureBasic ?? {};

  function set<K extends keyof TeamBranding>(key: K, value: TeamBranding[K]) {
    setDraft((d) => ({ ...d, [key]: value }));
  }

  function setTemplate(change: { [K in keyof CardTemplate]?: CardTemplate[K] | undefined }) {
    setDraft((d) => ({
      ...d,
      template: compact<CardTemplate>({ ...(d.template ?? {}), ...change }),
    }));
  }

  function setSignature(change: { [K in keyof SignatureBasic]?: SignatureBasic[K] | undefined }) {
    setDraft((d) => ({
      ...d,
      signatureBasic: compact<SignatureBasic>({ ...(d.signatureBasic ?? {}), ...change }),
    }));
  }

  async function upload(slot: TeamImageSlot, file: File) {
    if (!file.type.startsWith('image/')) {
      toast.error('Please choose an image (PNG, JPEG, WebP or GIF).');
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      toast.error('Please choose an image under 5 MB.');
      return;
    }
    setUploading(slot);
    try {
      const url = await uploadTeamImage({ accountId: team.accountId, teamId: team.id, slot, file });
      set(slot, url);
    } catch (err) {
      toast.error((err as { message?: string }).message ?? 'The upload failed.');
    } finally {
      setUploading(null);
    }
  }

  async function save() {
    const colours = [draft.photoBgOverlay, draft.template?.accentColor ?? ''];
    if (colours.some((c) => c !== '' && !HEX.test(c))) {
      toast.error('Please use colours like #4f46e5.');
      return;
    }
    for (const url of [draft.photoBgStock, draft.photoBgAbstract]) {
      if (url !== '' && !/^https:\/\/\S+$/i.test(url)) {
        toast.error('Background addresses must start with https://');
        return;
      }
    }
    setSaving(true);
    try {
      const saved = await saveBranding(team, draft);
      toast.success(saved ? 'Brand kit saved. Updating the team’s cards…' : 'Nothing changed.');
    } catch (err) {
      toast.error((err as { message?: string }).message ?? 'Saving the brand kit failed.');
    } finally {
      setSaving(false);
    }
  }

  async function clearTemplate() {
    setClearing(true);
    try {
      await clearTeamTemplate(team);
      setDraft((d) => ({ ...d, template: null, signatureBasic: null }));
      toast.success(TEAM_TEMPLATE_DELETED_MESSAGE);
    } catch (err) {
      toast.error(
        teamTemplateDeleteErrorMessage((err as { message?: string }).message ?? 'unknown error'),
      );
    } finally {
      setClearing(false);
    }
  }

  const hasTemplate = team.template !== null || team.signatureBasic !== null;

  return (
    <div className="team-grid">
      <section className="team-section" aria-labelledby="brand-cover-heading">
        <h2 id="brand-cover-heading">Cover and logo</h2>
        <p className="team-section__lead">
          Applied to {props.coupled} {props.coupled === 1 ? 'card' : 'cards'} that follow the team’s
          branding. Card owners see these styles marked as coming from the team.
        </p>
        <div className="team-grid">
          {gates.canUploadLogo ? (
            <ImageSlot
              label="Logo"
              url={draft.photoLogo}
              uploading={uploading === 'photoLogo'}
              onPick={(file) => void upload('photoLogo', file)}
              onRemove={() => set('photoLogo', '')}
            />
          ) : (
            <LockedFeature title="Team logo">
              Put your company logo on every card of the team.
            </LockedFeature>
          )}
          {gates.canUploadBgImage ? (
            <>
              <ImageSlot
                label="Cover image"
                url={draft.photoBg}
                uploading={uploading === 'photoBg'}
                onPick={(file) => void upload('photoBg', file)}
                onRemove={() => set('photoBg', '')}
              />
              <div className="team-row team-row--top">
                <TextField
                  label="Stock photo"
                  type="url"
                  value={draft.photoBgStock}
                  placeholder="https://images.example.com/photo.jpg"
                  hint="The link to a photo from a stock library, starting with https://."
                  onChange={(e) => set('photoBgStock', e.target.value.trim())}
                />
                <TextField
                  label="Abstract artwork"
                  type="url"
                  value={draft.photoBgAbstract}
                  placeholder="https://images.example.com/artwork.svg"
                  hint="The link to an artwork image, starting with https://."
                  onChange={(e) => set('photoBgAbstract', e.target.value.trim())}
                />
                <SelectField
                  label="Cover shown on cards"
                  value={draft.photoBgPriority}
                  hint="When more than one cover is set, cards show this one. “The first one set” tries the cover image, then the stock photo, then the artwork."
                  onChange={(e) => set('photoBgPriority', e.target.value)}
                >
                  <option value="">The first one set</option>
                  <option value="own">The cover image</option>
                  <option value="stock">The stock photo</option>
                  <option value="abstract">The abstract artwork</option>
                </SelectField>
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
              >
                {GRADIENTS.map((g) => (
                  <option key={g.label} value={g.value}>
                    {g.label}
                  </option>
                ))}
              </SelectField>
              <ColorField
                label="Cover overlay colour"
                value={draft.photoBgOverlay}
                inherited={null}
                inheritedFrom="no overlay on the cover"
                error={
                  draft.photoBgOverlay !== '' && !HEX.test(draft.photoBgOverlay)
                    ? 'Use a colour like #1f2937.'
                    : null
                }
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
                    name={`avatar-shape-${team.id}`}
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

      <section className="team-section" aria-labelledby="brand-template-heading">
        <h2 id="brand-template-heading">Team template</h2>
        <p className="team-section__lead">
          The look and e-mail signature every coupled card of the team uses.
          {team.dateTemplateUpdated
            ? ` Last changed ${team.dateTemplateUpdated.toLocaleString()}.`
            : ''}
        </p>
        <div className="team-grid">
          <div className="team-row">
            <SelectField
              label="Card template"
              value={template.templateId ?? ''}
              onChange={(e) => setTemplate({ templateId: e.target.value })}
            >
              <option value="">Each card decides</option>
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Button style"
              value={template.buttonStyle ?? ''}
              onChange={(e) =>
                setTemplate({
                  buttonStyle: (e.target.value || undefined) as CardTemplate['buttonStyle'],
                })
              }
            >
              <option value="">Each card decides</option>
              {BUTTON_STYLES.map((style) => (
                <option key={style} value={style}>
                  {style.charAt(0).toUpperCase() + style.slice(1)}
                </option>
              ))}
            </SelectField>
          </div>
          {gates.canPickColors ? (
            <div className="team-row">
              <ColorField
                label="Accent colour"
                value={template.accentColor ?? ''}
                inherited={null}
                inheritedFrom="each card keeps its own accent colour"
                error={
                  template.accentColor && !HEX.test(template.accentColor)
                    ? 'Use a colour like #4f46e5.'
                    : null
                }
                onChange={(value) => setTemplate({ accentColor: value })}
              />
            </div>
          ) : (
            <LockedFeature title="Team colours">
              Set the accent colour of every card in the team.
            </LockedFeature>
          )}
          {gates.canHideBranding ? (
            <label className="team-check">
              <input
                type="checkbox"
                checked={template.hideBranding === true}
                onChange={(e) => setTemplate({ hideBranding: e.target.checked })}
              />
              Hide “Made with Cardbuilder” on the team’s cards
            </label>
          ) : (
            <LockedFeature title="Hide our branding">
              Remove “Made with Cardbuilder” from the cards.
            </LockedFeature>
          )}
          <label className="team-check">
            <input
              type="checkbox"
              checked={signature.includeLogo === true}
              onChange={(e) => setSignature({ includeLogo: e.target.checked })}
            />
            Show the logo in e-mail signatures
          </label>
          {gates.canUploadLogo ? (
            <ImageSlot
              label="Signature logo"
              url={draft.photoSignatureLogo}
              uploading={uploading === 'photoSignatureLogo'}
              onPick={(file) => void upload('photoSignatureLogo', file)}
              onRemove={() => set('photoSignatureLogo', '')}
            />
          ) : (
            <LockedFeature title="Signature logo">
              Show your logo in every e-mail signature of the team.
            </LockedFeature>
          )}
          {gates.canAddDisclaimer ? (
            <TextField
              label="Signature disclaimer"
              value={signature.disclaimer ?? ''}
              maxLength={500}
              placeholder="This e-mail and any attachments are confidential…"
              onChange={(e) => setSignature({ disclaimer: e.target.value })}
            />
          ) : (
            <LockedFeature title="Signature disclaimer">
              Add a legal disclaimer under every signature.
            </LockedFeature>
          )}
        </div>
        <div className="team-actions">
          <Button
            variant="secondary"
            onClick={() => void clearTemplate()}
            busy={clearing}
            disabled={!hasTemplate}
          >
            Delete team template
          </Button>
        </div>
      </section>

      <div className="team-actions">
        <Button onClick={() => void save()} busy={saving} disabled={!changed || uploading !== null}>
          Save brand kit and apply
        </Button>
        {changed ? <span className="muted">Unsaved changes</span> : null}
      </div>
    </div>
  );
}
