/**
 * /builder: the card builder with the public card view as its live preview. The two features
 * never import each other; this route composes them, so the preview is exactly what visitors see.
 * The card view, with its stylesheet, loads only when the preview first draws, just after the
 * editor.
 */
import { lazy, Suspense } from 'react';
import { CardBuilder } from '../features/builder/card-builder';
import { appConfig } from './config';

const PreviewCardView = lazy(() =>
  import('./builder-card-view').then((m) => ({ default: m.PreviewCardView })),
);

export function BuilderRoute() {
  const { hosts, walletPasses } = appConfig();
  return (
    <CardBuilder
      hosts={hosts}
      wallets={walletPasses}
      renderPreview={(card) => (
        <Suspense fallback={null}>
          <PreviewCardView card={card} hosts={hosts} />
        </Suspense>
      )}
    />
  );
}
