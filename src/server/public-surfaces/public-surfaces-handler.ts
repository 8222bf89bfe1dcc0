/**
 * The public surfaces as one host-agnostic request handler: the card page (`{card}/{handle}`,
 * `{card}/{id}/i`), the vCard download, the wallet passes (`{card}/{id}/wallet/...`, built by
 * `src/server/wallet/`), the lead endpoint, the signature preview (`{signature}/
 * {handle}`) and the click-tracking redirect (`{link}/...`). It takes a plain request (method, URL,
 * headers, a capped body reader, the visitor's IP) and a database with the port's shapes, and answers
 * a plain response; the local server (`server/public-surfaces.ts`) and the Cloud Functions
 * (`functions/src/index.ts`) adapt their own request objects to it, so the logic exists once.
 *
 * This module only assembles the pieces: the shapes (`public-surface-types.ts`), one route module
 * per surface (`card-page-route.ts`, `vcard-route.ts`, `wallet-route.ts`, `lead-route.ts`,
 * `signature-route.ts`, `click-route.ts`), the dispatch (`surface-router.ts`), the card lookup and
 * the analytics writes (`surface-analytics.ts`, which describes the documents it keeps).
 *
 * Reads: one per page view (the card query or get; the team's branding is already merged into the
 * card by the team sync); the team's promotions are queried at most once a minute per team.
 */
import { createCardLookup } from './card-lookup';
import { createCardPageRoute } from './card-page-route';
import { createClickRoute } from './click-route';
import { createLeadRoute } from './lead-route';
import { createLivePromotion } from './live-promotion';
import { createPassKitRoute } from './passkit-route';
import type { PublicDb, PublicSurfacesConfig, PublicSurfacesHandler } from './public-surface-types';
import { createSignatureRoute } from './signature-route';
import { createSurfaceAnalytics } from './surface-analytics';
import type { SurfaceDeps } from './surface-deps';
import { prefix } from './surface-request';
import { createSurfaceRouter } from './surface-router';
import { createVCardRoute } from './vcard-route';
import { createWalletRoute } from './wallet-route';

// The hosts, the directory, the sitemap and the bench import the shapes from this entry.
export type {
  PublicContext,
  PublicDb,
  PublicRequest,
  PublicResponse,
  PublicSurfacesConfig,
  PublicSurfacesHandler,
} from './public-surface-types';

export function createPublicSurfacesHandler(config: PublicSurfacesConfig): PublicSurfacesHandler {
  const cards = createCardLookup(config.cardsCollection ?? 'cards');
  const analytics = createSurfaceAnalytics(config);
  const deps: SurfaceDeps = { now: config.now ?? (() => new Date()), cards, analytics };
  const handle = createSurfaceRouter({
    paths: {
      card: prefix(config.paths.card),
      signature: prefix(config.paths.signature),
      link: prefix(config.paths.link),
    },
    cards,
    cardPage: createCardPageRoute(deps, {
      livePromotion: createLivePromotion(config.promotionsQuery),
      wallet: config.wallet,
      awaitViews: config.counters?.awaitViews === true,
    }),
    vCard: createVCardRoute(deps),
    wallet: createWalletRoute(deps, config.wallet),
    passKit: createPassKitRoute(deps, config.wallet),
    lead: createLeadRoute(deps, config),
    click: createClickRoute(deps),
    signature: createSignatureRoute(deps),
  });
  return Object.assign(handle, {
    flushCounters: () => analytics.flush(),
    recoverCounters: (db: PublicDb) => analytics.recover(db),
  });
}
