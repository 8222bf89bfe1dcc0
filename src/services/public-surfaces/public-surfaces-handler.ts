/**
 * The public surfaces (card page, vCard, wallet passes, lead endpoint, signature preview, click
 * redirect) as one host-agnostic handler: a plain request in, a plain response out, which the
 * local server and the Cloud Functions only adapt, so the logic exists once. This module only
 * assembles the route modules, the dispatch (`surface-router.ts`) and the analytics
 * (`surface-analytics.ts`). A page view costs one read: the team's branding is already on the
 * card, and promotions are read at most once a minute per team.
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
