/**
 * /builder: the card builder with the public card view as its live preview. The two features
 * never import each other; this route composes them, so the preview is exactly what visitors see.
 */
import { CardBuilder } from '../features/builder/card-builder';
import { CARD_CSS } from '../card-view/components/card-styles';
import { CardView } from '../card-view/components/card-view';
import { appConfig } from './config';

export function BuilderRoute() {
  const { hosts, walletPasses } = appConfig();
  return (
    <>
      <style>{CARD_CSS}</style>
      <CardBuilder
        hosts={hosts}
        wallets={walletPasses}
        renderPreview={(card) => <CardView card={card} hosts={hosts} mode="preview" />}
      />
    </>
  );
}
