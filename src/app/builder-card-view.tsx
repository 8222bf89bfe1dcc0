/**
 * The public card view as the builder's preview and its template thumbnails draw it, with the
 * card's stylesheet. The builder loads it once the editor is on screen (the preview renders after
 * the editor, `card-preview.tsx`): on a phone the preview sits below the editor, and the card list
 * and the editor need none of it.
 */
import { CARD_CSS } from '../card-view/components/card-styles';
import { CardView } from '../card-view/components/card-view';
import type { Card } from '../domain/model';
import type { PublicHosts } from '../domain/urls';

export function PreviewCardView(props: { card: Card; hosts: PublicHosts }) {
  return (
    <>
      {/* React keeps one copy of it, however many previews and thumbnails show (href). */}
      <style href="cb-card" precedence="card">
        {CARD_CSS}
      </style>
      <CardView card={props.card} hosts={props.hosts} mode="preview" />
    </>
  );
}
