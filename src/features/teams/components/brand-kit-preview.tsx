/**
 * The brand kit's live preview: a card of the team (the first one that follows the team's
 * branding, else a made-up colleague) drawn by the same card view visitors see, with the brand kit
 * as it is being edited applied the way the team sync will apply it, before anything is saved.
 * Beside the form on a wide screen; above it, and foldable, on a phone.
 */
import { useMemo } from 'react';
import { CARD_CSS } from '@/card-view/components/card-styles';
import { CardView } from '@/card-view/components/card-view';
import type { TeamBranding } from '@/domain/team-sync-plan';
import type { Card } from '@/domain/model';
import { previewCard } from './brand-kit-draft';

// In preview mode the card view links straight to each target and posts nothing, so the public
// hosts only shape addresses nobody follows from here.
const PREVIEW_HOSTS = { card: '/c', signature: '/s', link: '/l' } as const;

export function BrandKitPreview(props: {
  sample: Card;
  /** True when `sample` is made up because the team has no card yet. */
  demo: boolean;
  draft: TeamBranding;
  changed: boolean;
}) {
  const card = useMemo(() => previewCard(props.sample, props.draft), [props.sample, props.draft]);
  const whose = props.demo ? 'a sample card' : `${props.sample.name || 'a card'}’s card`;
  return (
    <details className="brand-preview" open>
      <summary className="brand-preview__summary">
        <span className="brand-preview__title">Live preview</span>
        <span className="brand-preview__note">
          {props.changed ? `Unsaved changes on ${whose}` : `The brand kit on ${whose}`}
        </span>
      </summary>
      <style>{CARD_CSS}</style>
      <section className="brand-preview__frame cb-page" aria-label="Live preview of the brand kit">
        <CardView card={card} hosts={PREVIEW_HOSTS} mode="preview" />
      </section>
    </details>
  );
}
