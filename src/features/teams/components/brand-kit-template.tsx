/**
 * The brand kit's "Team template" section: the card template, button style, accent colour, our
 * branding line, and the e-mail signature's logo and disclaimer, which every coupled card of the
 * team uses. Edits go to the panel's draft; "Delete team template" clears the stored template at
 * once, through the panel.
 */
import type { TeamDoc } from '@/data/team-settings';
import { BUTTON_STYLES } from '@/domain/model';
import type { CardTemplate, SignatureBasic, Template } from '@/domain/model';
import { Button } from '@/ui/button';
import { ColorField } from '@/ui/color-field';
import { TextField } from '@/ui/text-field';
import { BrandKitImage, type BrandKitEditing } from './brand-kit-cover';
import { LockedFeature } from '@/ui/locked-feature';
import { SelectField } from './select-field';

type Change<T> = { [K in keyof T]?: T[K] | undefined };

const BUTTON_STYLE_OPTIONS = BUTTON_STYLES.map((style) => ({
  value: style,
  label: style.charAt(0).toUpperCase() + style.slice(1),
}));

export function BrandKitTemplate(props: {
  editing: BrandKitEditing;
  team: TeamDoc;
  templates: readonly Template[];
  setTemplate: (change: Change<CardTemplate>) => void;
  /** Picks a card template ('' for none): its look is copied into the team template. */
  onPickTemplate: (id: string) => void;
  setSignature: (change: Change<SignatureBasic>) => void;
  onClear: () => void;
  clearing: boolean;
}) {
  const { editing, team, setTemplate, setSignature } = props;
  const { gates } = editing;
  const template: CardTemplate = editing.draft.template ?? {};
  const signature: SignatureBasic = editing.draft.signatureBasic ?? {};
  const hasTemplate = team.template !== null || team.signatureBasic !== null;
  return (
    <section className="team-section" aria-labelledby="brand-template-heading">
      <h2 id="brand-template-heading">Team template</h2>
      <p className="team-section__lead">
        The look and e-mail signature every coupled card of the team uses.
        {team.dateTemplateUpdated
          ? ` Last changed ${team.dateTemplateUpdated.toLocaleString()}.`
          : ''}
      </p>
      <div className="team-grid">
        <div className="team-row team-row--top">
          <SelectField
            label="Card template"
            value={template.templateId ?? ''}
            hint="Picking one copies its layout, font, button style, photo shape and accent colour (unless the team has its own)."
            onChange={(e) => props.onPickTemplate(e.target.value)}
            options={props.templates.map((t) => ({ value: t.id, label: t.name }))}
          >
            <option value="">Each card decides</option>
          </SelectField>
          <SelectField
            label="Button style"
            value={template.buttonStyle ?? ''}
            onChange={(e) =>
              setTemplate({
                buttonStyle: (e.target.value || undefined) as CardTemplate['buttonStyle'],
              })
            }
            options={BUTTON_STYLE_OPTIONS}
          >
            <option value="">Each card decides</option>
          </SelectField>
        </div>
        {gates.canPickColors ? (
          <div className="team-row">
            <ColorField
              label="Accent colour"
              value={template.accentColor ?? ''}
              inherited={null}
              inheritedFrom="each card keeps its own accent colour"
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
          <BrandKitImage editing={editing} slot="photoSignatureLogo" label="Signature logo" />
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
          onClick={props.onClear}
          busy={props.clearing}
          disabled={!hasTemplate}
        >
          Delete team template
        </Button>
      </div>
    </section>
  );
}
