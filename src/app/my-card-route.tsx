/**
 * /my-card: an employee's own card, previewed with the public card view (the route composes the
 * two features, as /builder does).
 */
import { MyCardPage } from '../features/seats/my-card-page';
import { CARD_CSS } from '../card-view/components/card-styles';
import { CardView } from '../card-view/components/card-view';
import { cardPublicUrl } from '../domain/urls';
import { appConfig } from './config';

export function MyCardRoute() {
  const { hosts } = appConfig();
  return (
    <>
      <style>{CARD_CSS}</style>
      <MyCardPage
        renderPreview={(card) => <CardView card={card} hosts={hosts} mode="preview" />}
        publicUrl={(card) => cardPublicUrl(card, hosts)}
      />
    </>
  );
}
