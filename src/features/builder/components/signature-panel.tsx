import type { SignatureBasic } from '@/domain/model';
import { useBuilderStoreApi } from '../builder-store';
import { CheckboxField, Section, TeamStyleBadge } from './fields';
import { ImageField } from './image-field';

export function SignaturePanel(props: {
  signatureBasic: SignatureBasic | undefined;
  /** The signature preview address, or null while the card is not saved. */
  previewUrl: string | null;
  /** The card keys the team's brand kit sets (`signatureBasic.includeLogo`, ...). */
  teamStyles: readonly string[];
}) {
  const store = useBuilderStoreApi();
  const signature = props.signatureBasic ?? {};
  const patch = store.getState().patch;
  const fromTeam = (key: keyof SignatureBasic) =>
    props.teamStyles.includes(`signatureBasic.${key}`) ? <TeamStyleBadge /> : null;
  return (
    <>
      <Section
        title="E-mail signature"
        description="A simple signature with your name, title and a link to your card, to paste into your e-mail app."
      >
        <CheckboxField
          label="Offer an e-mail signature for this card"
          checked={signature.enabled === true}
          badge={fromTeam('enabled')}
          onChange={(checked) => patch({ signatureBasic: { enabled: checked } })}
        />
        <CheckboxField
          label="Include the profile photo"
          checked={signature.includePhoto === true}
          badge={fromTeam('includePhoto')}
          onChange={(checked) => patch({ signatureBasic: { includePhoto: checked } })}
        />
        <CheckboxField
          label="Include the logo"
          checked={signature.includeLogo === true}
          badge={fromTeam('includeLogo')}
          onChange={(checked) => patch({ signatureBasic: { includeLogo: checked } })}
        />
        <ImageField
          slot="photoSignatureLogo"
          label="Signature logo"
          value={signature.photoSignatureLogo}
          badge={fromTeam('photoSignatureLogo')}
          hint="Shown in the signature when the logo is included."
        />
      </Section>
      <Section title="Preview">
        {props.previewUrl ? (
          <p>
            <a href={props.previewUrl} target="_blank" rel="noopener noreferrer">
              Open the signature preview
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>{' '}
            <span className="field__hint">Save your changes first to see them there.</span>
          </p>
        ) : (
          <p className="field__hint">Save the card to preview its signature.</p>
        )}
      </Section>
    </>
  );
}
