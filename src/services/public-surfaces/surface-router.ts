/**
 * Which public route answers a request: the link host's click redirect, the signature host's
 * page, then the card host's page, vCard, wallet passes (and Apple's PassKit web service) and
 * lead POST. A path under none of the
 * configured prefixes answers null (the host serves something else there); a known surface with the
 * wrong method answers 405, and an unknown address under a surface the not-found page.
 */
import type { CardLookup } from './card-lookup';
import type { CardPageRoute } from './card-page-route';
import type { ClickRoute } from './click-route';
import { PASSKIT_SEGMENT } from '@/domain/passkit';
import type { LeadRoute } from './lead-route';
import type { PassKitRoute } from './passkit-route';
import type { PublicContext, PublicRequest, PublicResponse } from './public-surface-types';
import type { SignatureRoute } from './signature-route';
import { methodNotAllowed } from './surface-answers';
import { segmentsUnder } from './surface-request';
import type { VCardRoute } from './vcard-route';
import type { WalletRoute } from './wallet-route';
import { cardNotFound } from './visitor-language';

export interface SurfaceRoutes {
  /** The path prefixes, in their one form (`prefix()`); null is a surface this host does not serve. */
  readonly paths: {
    readonly card: string | null;
    readonly signature: string | null;
    readonly link: string | null;
  };
  readonly cards: CardLookup;
  readonly cardPage: CardPageRoute;
  readonly vCard: VCardRoute;
  readonly wallet: WalletRoute;
  /** Apple's PassKit web service (`{card}/passkit/v1/...`), which takes POST and DELETE too. */
  readonly passKit: PassKitRoute;
  readonly lead: LeadRoute;
  readonly click: ClickRoute;
  readonly signature: SignatureRoute;
}

export function createSurfaceRouter(routes: SurfaceRoutes) {
  const { paths, cards } = routes;
  return async function handlePublicRequest(
    req: PublicRequest,
    ctx: PublicContext,
  ): Promise<PublicResponse | null> {
    const pathname = req.url.pathname;
    const isRead = req.method === 'GET' || req.method === 'HEAD';

    const link = paths.link !== null ? segmentsUnder(pathname, paths.link) : null;
    if (link !== null) {
      if (!isRead) return methodNotAllowed('GET, HEAD');
      if (link.length === 6 && link[4] === 'nodcard' && link[5] === 'click')
        return routes.click(req, ctx, link);
      return cardNotFound(req);
    }

    const signature = paths.signature !== null ? segmentsUnder(pathname, paths.signature) : null;
    if (signature !== null) {
      if (!isRead) return methodNotAllowed('GET, HEAD');
      return routes.signature(ctx, signature);
    }

    const parts = paths.card !== null ? segmentsUnder(pathname, paths.card) : null;
    if (parts === null || parts.length === 0) return null;
    const [first = '', second] = parts;
    if (first === PASSKIT_SEGMENT && second === 'v1')
      return routes.passKit(req, ctx, parts.slice(1));
    if (parts.length === 2 && second === 'lead') {
      if (req.method !== 'POST') return methodNotAllowed('POST');
      return routes.lead(req, ctx, first);
    }
    if (!isRead) return methodNotAllowed('GET, HEAD');
    if (parts.length === 1) {
      const card = await cards.cardByHandle(ctx.db, first, true);
      return card === null ? cardNotFound(req) : routes.cardPage(req, ctx, card, false);
    }
    if (parts.length === 2 && second === 'i') {
      const card = await cards.cardById(ctx.db, first);
      return card === null ? cardNotFound(req) : routes.cardPage(req, ctx, card, true);
    }
    if (parts.length === 2 && (second === 'vcard' || second === 'vcard.vcf')) {
      return routes.vCard(req, ctx, first);
    }
    if (parts.length === 3 && second === 'wallet') return routes.wallet(ctx, first, parts[2] ?? '');
    return cardNotFound(req);
  };
}
