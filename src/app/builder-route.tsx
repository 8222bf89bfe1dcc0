/**
 * /builder: the card builder with the public card view as its live preview. The two features
 * never import each other; this route composes them, so the preview is exactly what visitors see.
 * The card view loads after the builder's own code (the preview draws just after the editor).
 */
import { lazy, Suspense } from 'react';
import { useBuilderStore } from '../features/builder/builder-store';
import { CardBuilder } from '../features/builder/card-builder';
import { appConfig } from './config';

const PreviewCardView = lazy(() =>
  import('./builder-card-view').then((m) => ({ default: m.PreviewCardView })),
);
const CardStyles = lazy(() =>
  import('./builder-card-view').then((m) => ({ default: m.CardStyles })),
);

export function BuilderRoute() {
  const { hosts, walletPasses } = appConfig();
  // Only the preview and the template thumbnails draw cards, and only with a card open.
  const cardOpen = useBuilderStore((s) => s.draft.id !== undefined);
  return (
    <>
      {cardOpen ? (
        <Suspense fallback={null}>
          <CardStyles />
        </Suspense>
      ) : null}
      <CardBuilder
        hosts={hosts}
        wallets={walletPasses}
        renderPreview={(card) => (
          <Suspense fallback={null}>
            <PreviewCardView card={card} hosts={hosts} />
          </Suspense>
        )}
      />
    </>
  );
}
