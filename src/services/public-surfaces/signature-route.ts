/**
 * The e-mail signature preview (`{signature}/{handle}` and the private `{signature}/{id}/i`): the
 * card's signature page, unless its owner turned the signature off.
 */
import { renderNotFoundPage } from '@/card-view/render/render-card-page';
import { renderSignaturePage } from '@/card-view/render/render-signature-page';
import type { PublicContext, PublicResponse } from './public-surface-types';
import { html } from './surface-answers';
import type { SurfaceDeps } from './surface-deps';

export type SignatureRoute = (ctx: PublicContext, parts: string[]) => Promise<PublicResponse>;

export function createSignatureRoute({ cards }: SurfaceDeps): SignatureRoute {
  return async function signature(ctx, parts) {
    // By handle only when the handle is public; an unlisted card's signature is at its private
    // `{id}/i`, so that guessing a handle never reveals a card its owner shares by hand.
    const card =
      parts.length === 1
        ? await cards.cardByHandle(ctx.db, parts[0] ?? '', true)
        : parts.length === 2 && parts[1] === 'i'
          ? await cards.cardById(ctx.db, parts[0] ?? '')
          : null;
    // An owner who turned the signature off does not publish it.
    if (card === null || card.signatureBasic.enabled === false) {
      return html(404, renderNotFoundPage());
    }
    return html(200, renderSignaturePage({ card, hosts: ctx.hosts }), true);
  };
}
