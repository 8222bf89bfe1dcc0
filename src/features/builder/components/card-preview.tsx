/**
 * The live canvas: the card exactly as the public page shows it (the route passes the public
 * page's own component as `renderPreview`), in a phone-sized frame by default or a desktop-wide
 * one. It renders from a deferred copy of the draft so typing never waits on the preview, and
 * re-renders only when the draft changes.
 */
import { memo, useDeferredValue, useMemo } from 'react';
import type { ReactNode } from 'react';
import type { CardDraft } from '@/domain/builder';
import { liveLinks } from '@/domain/link-schedule';
import type { Card } from '@/domain/model';
import { useBuilder, useBuilderStoreApi, type CanvasMode } from '../builder-store';

/** A complete card from a draft, for the preview (missing groups are empty). */
export function previewCard(draft: CardDraft): Card {
  const card: Card = {
    id: draft.id ?? 'preview',
    handle: draft.handle ?? '',
    handleAllowIndex: draft.handleAllowIndex === true,
    name: draft.name ?? '',
    title: draft.title ?? '',
    accountId: draft.accountId ?? '',
    isArchived: false,
    // As visitors see it now: hidden links and links outside their schedule are left out.
    contacts: liveLinks(draft.contacts ?? [], new Date()),
    appForm: draft.appForm ?? {},
    template: draft.template ?? {},
    signatureBasic: draft.signatureBasic ?? {},
    appShare: draft.appShare ?? {},
  };
  if (draft.company !== undefined) card.company = draft.company;
  if (draft.email !== undefined) card.email = draft.email;
  if (draft.teamId !== undefined) card.teamId = draft.teamId;
  return card;
}

const MODES: readonly { mode: CanvasMode; label: string }[] = [
  { mode: 'mobile', label: 'Mobile' },
  { mode: 'desktop', label: 'Desktop' },
];

const PreviewBody = memo(function PreviewBody(props: {
  draft: CardDraft;
  renderPreview: (card: Card) => ReactNode;
}) {
  const card = useMemo(() => previewCard(props.draft), [props.draft]);
  return <>{props.renderPreview(card)}</>;
});

export function CardPreview(props: { draft: CardDraft; renderPreview: (card: Card) => ReactNode }) {
  const store = useBuilderStoreApi();
  const mode = useBuilder((s) => s.canvasMode);
  const deferred = useDeferredValue(props.draft);
  return (
    <section className="builder-preview" aria-labelledby="builder-preview-title">
      <div className="builder-preview__bar">
        <h2 id="builder-preview-title" className="builder-preview__title">
          Live preview
        </h2>
        <div className="segmented" role="group" aria-label="Preview size">
          {MODES.map((item) => (
            <button
              key={item.mode}
              type="button"
              className="segmented__item"
              aria-pressed={mode === item.mode}
              onClick={() => store.getState().setCanvasMode(item.mode)}
            >
              {item.label}
            </button>
          ))}
        </div>
      </div>
      <div className={`builder-canvas builder-canvas--${mode}`} data-testid="builder-canvas">
        <div className="builder-canvas__device">
          <PreviewBody draft={deferred} renderPreview={props.renderPreview} />
        </div>
      </div>
    </section>
  );
}
