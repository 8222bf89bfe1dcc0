/**
 * The card's look: template gallery (global templates, plus the team's own), accent colour, button
 * style, avatar shape, logo size, background; and the paid features, always visible, locked with an
 * upgrade link when the plan lacks them. A thumbnail is the card view itself as picking would leave
 * the card, so it shows what the card becomes; colour fields show the colour the card shows.
 */
import { memo, useId, useMemo, useState, type ReactNode } from 'react';
import {
  ACCENT_COLORS,
  DEFAULT_ACCENT,
  DEFAULT_BACKGROUND,
  cardColors,
  safeHexColor,
} from '@/domain/colors';
import { SAMPLE_LINKS } from '@/domain/card-templates';
import type { Gates } from '@/domain/gates';
import {
  AVATAR_SHAPES,
  BACKGROUND_SOURCES,
  BUTTON_STYLES,
  LOGO_SIZES,
  type AvatarShape,
  type BackgroundSource,
  type ButtonStyle,
  type CardTemplate,
  type LogoSize,
  type Template,
  type Card,
} from '@/domain/model';
import { ColorField } from '@/ui/color-field';
import { useBuilderStoreApi } from '../builder-store';
import { TEAM_TEMPLATE_ID, templatePatch } from '../template-patch';
import {
  CheckboxField,
  ChoiceGroup,
  Section,
  SelectField,
  TeamStyleBadge,
  TextAreaField,
} from './fields';
import { ImageField } from './image-field';
import { LockedFeature } from '@/ui/locked-feature';
import { LibraryImageField } from '@/ui/image-library-picker';
import './design-panel.css';

const SHAPE_LABELS: Record<AvatarShape, string> = {
  square: 'Square',
  slightlyRounded: 'Slightly rounded',
  rounded: 'Rounded',
  circle: 'Circle',
};

const BUTTON_LABELS: Record<ButtonStyle, string> = {
  fill: 'Filled',
  outline: 'Outline',
  ghost: 'Ghost',
};

const LOGO_LABELS: Record<LogoSize, string> = {
  small: 'Small (150 px)',
  medium: 'Medium (300 px)',
  large: 'Large (450 px)',
  default: 'Full width',
};

const SOURCE_LABELS: Record<BackgroundSource, string> = {
  abstract: 'Abstract',
  stock: 'Stock photo',
  own: 'Your own image',
};

const COLOR_NAMES = ['Yellow', 'Pink', 'Green'];

/** What picking a template did to the accent colour: the template's replaced the card's own. */
interface ReplacedAccent {
  templateName: string;
  previous: string;
  applied: string;
}

const NO_TEMPLATE: CardTemplate = {};

interface GalleryItem {
  id: string;
  name: string;
  template: CardTemplate;
  team: boolean;
}

/** The card a thumbnail shows: the person's own name and look with made-up links. */
const SAMPLE: Pick<Card, 'contacts' | 'appForm' | 'signatureBasic' | 'appShare'> = {
  contacts: [...SAMPLE_LINKS],
  appForm: {},
  signatureBasic: {},
  appShare: {},
};

/** The card as picking `picked` would leave it, with sample links, for its thumbnail. */
export function thumbnailCard(
  id: string,
  picked: CardTemplate,
  current: CardTemplate,
  person: { name?: string | undefined; title?: string | undefined; company?: string | undefined },
): Card {
  return {
    ...SAMPLE,
    id: `template-${id}`,
    handle: '',
    handleAllowIndex: false,
    accountId: '',
    isArchived: false,
    name: person.name?.trim() || 'Alex Morgan',
    title: person.title?.trim() || 'Product Designer',
    company: person.company?.trim() || 'Northwind',
    template: { ...current, ...templatePatch(id, picked) },
  };
}

/** One template's thumbnail: the card view at a phone's width, scaled down and inert. */
const TemplateThumbnail = memo(function TemplateThumbnail(props: {
  card: Card;
  renderPreview: (card: Card) => ReactNode;
}) {
  return (
    <span className="template-thumb" aria-hidden="true" data-testid="template-thumbnail">
      <span className="template-thumb__page cb-page" inert>
        {props.renderPreview(props.card)}
      </span>
    </span>
  );
});

export function DesignPanel(props: {
  template: CardTemplate | undefined;
  templates: readonly Template[];
  teamTemplate: CardTemplate | null;
  teamName: string | null;
  /** The card keys the team's brand kit sets (`template.accentColor`, ...). */
  teamStyles: readonly string[];
  gates: Gates;
  /** The card view, as the live preview draws it; the thumbnails use it too. */
  renderPreview: (card: Card) => ReactNode;
  /** Whose card it is, for the thumbnails. */
  person: { name?: string | undefined; title?: string | undefined; company?: string | undefined };
}) {
  const store = useBuilderStoreApi();
  const template = props.template ?? NO_TEMPLATE;
  const { gates } = props;
  const galleryId = useId();
  const [replaced, setReplaced] = useState<ReplacedAccent | null>(null);
  const patch = (change: Partial<CardTemplate>) => store.getState().patch({ template: change });
  const fromTeam = (key: keyof CardTemplate) =>
    props.teamStyles.includes(`template.${key}`) ? <TeamStyleBadge /> : null;
  const colors = cardColors(template);
  const textInherited = cardColors({ backgroundColor: template.backgroundColor }).text;

  function pickTemplate(id: string, name: string, picked: CardTemplate) {
    const previous = safeHexColor(template.accentColor, '');
    const applied = picked.accentColor ?? '';
    patch(templatePatch(id, picked));
    setReplaced(
      previous !== '' && applied !== '' && applied.toLowerCase() !== previous.toLowerCase()
        ? { templateName: name, previous, applied }
        : null,
    );
  }
  const { teamTemplate, teamName, templates } = props;
  const gallery = useMemo<GalleryItem[]>(
    () => [
      ...(teamTemplate
        ? [
            {
              id: TEAM_TEMPLATE_ID,
              name: teamName ? `${teamName} team` : 'Team template',
              template: teamTemplate,
              team: true,
            },
          ]
        : []),
      ...templates.map((t) => ({ id: t.id, name: t.name, template: t.template, team: false })),
    ],
    [teamTemplate, teamName, templates],
  );
  const source = template.backgroundSource ?? 'abstract';
  const { name, title, company } = props.person;
  // Built once per change of what they show, so typing elsewhere never redraws them.
  const thumbnails = useMemo(
    () =>
      new Map(
        gallery.map((item) => [
          item.id,
          thumbnailCard(item.id, item.template, template, { name, title, company }),
        ]),
      ),
    [gallery, template, name, title, company],
  );

  return (
    <>
      {props.teamStyles.some((key) => key.startsWith('template.')) ? (
        <p className="builder-team-note">
          Styles marked <TeamStyleBadge /> come from the brand kit of the{' '}
          {props.teamName ? `${props.teamName} team` : 'team'}: a change to the brand kit replaces
          them.
        </p>
      ) : null}
      <Section title="Template" description="A starting look; everything below fine-tunes it.">
        {gallery.length === 0 ? (
          <p className="builder-empty">No templates are available yet.</p>
        ) : (
          <fieldset className="template-gallery">
            <legend className="visually-hidden">Template</legend>
            {gallery.map((item) => (
              <label key={item.id} className="template-tile">
                <input
                  type="radio"
                  name="card-template"
                  aria-labelledby={`${galleryId}-${item.id}`}
                  className="visually-hidden"
                  checked={template.templateId === item.id}
                  onChange={() => pickTemplate(item.id, item.name, item.template)}
                  // The picked template again: its look is applied afresh over any change made
                  // since, as its thumbnail shows (a checked radio fires no change event).
                  onClick={() => {
                    if (template.templateId === item.id) {
                      pickTemplate(item.id, item.name, item.template);
                    }
                  }}
                />
                <TemplateThumbnail
                  card={thumbnails.get(item.id) ?? thumbnailCard(item.id, item.template, {}, {})}
                  renderPreview={props.renderPreview}
                />
                <span className="template-tile__name" id={`${galleryId}-${item.id}`}>
                  {item.name}
                </span>
                {item.team ? <span className="badge badge--team">Team</span> : null}
              </label>
            ))}
          </fieldset>
        )}
        <p className="builder-template-note" role="status">
          {replaced ? (
            <>
              {replaced.templateName} applied with its accent colour {replaced.applied}.{' '}
              <button
                type="button"
                className="button button--link"
                onClick={() => {
                  patch({ accentColor: replaced.previous });
                  setReplaced(null);
                }}
              >
                Keep my colour {replaced.previous}
              </button>
            </>
          ) : null}
        </p>
        {fromTeam('templateId')}
      </Section>

      <Section title="Colour">
        <fieldset className="swatches">
          <legend className="field__label">Accent colour {fromTeam('accentColor')}</legend>
          {ACCENT_COLORS.map((color, index) => (
            <label key={color} className="swatch" style={{ ['--swatch' as string]: color }}>
              <input
                type="radio"
                name="accent-color"
                className="visually-hidden"
                checked={(template.accentColor ?? '').toLowerCase() === color.toLowerCase()}
                onChange={() => patch({ accentColor: color })}
              />
              <span className="swatch__dot" aria-hidden="true" />
              <span className="visually-hidden">{COLOR_NAMES[index] ?? color}</span>
            </label>
          ))}
        </fieldset>
        {gates.canPickColors ? (
          <div className="color-grid">
            <ColorField
              label="Custom accent colour"
              value={template.accentColor ?? ''}
              inherited={DEFAULT_ACCENT}
              inheritedFrom="the default accent"
              badge={fromTeam('accentColor')}
              onChange={(accentColor) => patch({ accentColor })}
            />
            <ColorField
              label="Background colour"
              value={template.backgroundColor ?? ''}
              inherited={DEFAULT_BACKGROUND}
              inheritedFrom="the default background"
              badge={fromTeam('backgroundColor')}
              onChange={(backgroundColor) => patch({ backgroundColor })}
            />
            <ColorField
              label="Text colour"
              value={template.textColor ?? ''}
              inherited={textInherited}
              inheritedFrom={`readable on the ${colors.background} background`}
              badge={fromTeam('textColor')}
              onChange={(textColor) => patch({ textColor })}
            />
          </div>
        ) : (
          <LockedFeature title="Custom colours">
            Pick any accent, background and text colour to match your brand exactly.
          </LockedFeature>
        )}
      </Section>

      <Section title="Shapes and sizes">
        <ChoiceGroup
          legend="Button style"
          badge={fromTeam('buttonStyle')}
          name="button-style"
          value={template.buttonStyle ?? 'fill'}
          options={BUTTON_STYLES.map((value) => ({ value, label: BUTTON_LABELS[value] }))}
          onChange={(buttonStyle) => patch({ buttonStyle })}
        />
        <ChoiceGroup
          legend="Photo shape"
          badge={fromTeam('avatarShape')}
          name="avatar-shape"
          value={template.avatarShape ?? 'circle'}
          options={AVATAR_SHAPES.map((value) => ({ value, label: SHAPE_LABELS[value] }))}
          onChange={(avatarShape) => patch({ avatarShape })}
        />
        <SelectField
          label="Logo size"
          value={template.logoSize ?? 'default'}
          onChange={(e) => patch({ logoSize: e.target.value as LogoSize })}
        >
          {(Object.keys(LOGO_SIZES) as LogoSize[]).map((size) => (
            <option key={size} value={size}>
              {LOGO_LABELS[size]}
            </option>
          ))}
        </SelectField>
      </Section>

      <Section title="Logo" badge={fromTeam('photoLogo')}>
        {gates.canUploadLogo ? (
          <ImageField
            slot="photoLogo"
            label="Company logo"
            value={template.photoLogo}
            hint="A transparent PNG looks best."
          />
        ) : (
          <LockedFeature title="Logo upload">Show your company logo on the card.</LockedFeature>
        )}
      </Section>

      <Section title="Background">
        <ChoiceGroup
          legend="Background source"
          badge={fromTeam('backgroundSource') ?? fromTeam('photoBg')}
          name="background-source"
          value={source}
          options={BACKGROUND_SOURCES.map((value) => ({ value, label: SOURCE_LABELS[value] }))}
          onChange={(backgroundSource) => patch({ backgroundSource })}
        />
        {source !== 'own' ? (
          // The library is no upload, so every plan may use it; only an own image is a paid one.
          <LibraryImageField
            key={source}
            kind={source}
            label={source === 'stock' ? 'Stock photo' : 'Abstract artwork'}
            value={template.photoBg ?? ''}
            linkHint="An image from elsewhere, starting with https://."
            onChange={(photoBg) => {
              // A chosen image replaces an own image waiting to be uploaded.
              store.getState().setFile('photoBg', null);
              patch({ photoBg, backgroundSource: source });
            }}
          />
        ) : gates.canUploadBgImage ? (
          <ImageField
            slot="photoBg"
            label="Background image"
            value={template.photoBg}
            hint="A wide image (at least 1024 px across) works best."
          />
        ) : null}
        {gates.canUploadBgImage ? null : (
          <LockedFeature title="Background image upload">
            Use your own photo as the card&apos;s background.
          </LockedFeature>
        )}
      </Section>

      <Section
        title="Fine print and branding"
        badge={fromTeam('disclaimer') ?? fromTeam('hideBranding')}
      >
        {gates.canAddDisclaimer ? (
          <TextAreaField
            label="Disclaimer"
            value={template.disclaimer ?? ''}
            onChange={(e) => patch({ disclaimer: e.target.value })}
            rows={3}
            maxLength={600}
            hint="Shown in small print at the bottom of the card."
          />
        ) : (
          <LockedFeature title="Disclaimer">
            Add legal or compliance text at the bottom of the card.
          </LockedFeature>
        )}
        {gates.canHideBranding ? (
          <CheckboxField
            label="Hide “Made with Cardbuilder”"
            checked={template.hideBranding === true}
            onChange={(hideBranding) => patch({ hideBranding })}
          />
        ) : (
          <LockedFeature title="Hide branding" plan="Growth and Corporate">
            Remove the “Made with Cardbuilder” line from your card.
          </LockedFeature>
        )}
      </Section>
    </>
  );
}
