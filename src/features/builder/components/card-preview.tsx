/**
 * The live canvas: the card exactly as the public page shows it (the route passes the public
 * page's own component as `renderPreview`), in a phone's frame by default, or as a desktop visitor
 * sees it: the page at a desktop window's width (its grey page, the card's wide layout), scaled to
 * fit the canvas. It renders from a deferred copy of the draft so typing never waits on the
 * preview, and re-renders only when the draft changes; when the editor opens, the card is drawn
 * just after it.
 */
import { memo, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
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

/**
 * The window width the desktop preview lays the public page out at: a small laptop's. Every
 * layout is at its widest from there on, so it is what a desktop visitor sees, with the least
 * shrinking.
 */
export const DESKTOP_PREVIEW_WIDTH = 1024;

/** The scale at which a `DESKTOP_PREVIEW_WIDTH` page fits the element's width (at most 1). */
function useFitScale(mode: CanvasMode) {
  const ref = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.4);
  useLayoutEffect(() => {
    const el = ref.current;
    if (mode !== 'desktop' || el === null || typeof ResizeObserver === 'undefined') return;
    const scaleToWidth = () => {
      const width = el.clientWidth;
      if (width > 0) setScale(Math.min(1, width / DESKTOP_PREVIEW_WIDTH));
    };
    scaleToWidth();
    const observer = new ResizeObserver(scaleToWidth);
    observer.observe(el);
    return () => observer.disconnect();
  }, [mode]);
  return { ref, scale };
}

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
  // Null at first: the editor shows at once and the card is drawn just after, in a render that
  // yields to the browser, instead of both in one long task on a slow phone.
  const deferred = useDeferredValue<CardDraft | null>(props.draft, null);
  const { ref, scale } = useFitScale(mode);
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
        {mode === 'desktop' ? (
          <div className="builder-canvas__window" ref={ref}>
            <div className="builder-canvas__window-bar" aria-hidden="true">
              <span />
              <span />
              <span />
            </div>
            <div
              className="builder-canvas__page cb-page"
              data-testid="preview-page"
              style={{ width: DESKTOP_PREVIEW_WIDTH, zoom: scale }}
            >
              {deferred ? (
                <PreviewBody draft={deferred} renderPreview={props.renderPreview} />
              ) : null}
            </div>
          </div>
        ) : (
          <div className="builder-canvas__device cb-page" data-testid="preview-page">
            {deferred ? <PreviewBody draft={deferred} renderPreview={props.renderPreview} /> : null}
          </div>
        )}
      </div>
    </section>
  );
}
