/**
 * The public card view as the builder's preview and its template thumbnails draw it, with the
 * card's stylesheet. The builder loads it once the editor is on screen (`builder-route.tsx`): on a
 * phone the preview sits below the editor, and the card list and the editor need none of it.
 */
import { CARD_CSS } from '../card-view/components/card-styles';
import { CardView } from '../card-view/components/card-view';
import type { Card } from '../domain/model';
import type { PublicHosts } from '../domain/urls';

export function PreviewCardView(props: { card: Card; hosts: PublicHosts }) {
  return <CardView card={props.card} hosts={props.hosts} mode="preview" />;
}

export function CardStyles() {
  return <style>{CARD_CSS}</style>;
}
