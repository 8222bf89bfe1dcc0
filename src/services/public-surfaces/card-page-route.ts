/**
 * The card page (`{card}/{handle}` and the private `{card}/{id}/i`): renders the live card with
 * its team's live promotion and the wallet buttons this host can sign, its own words in the
 * visitor's language, and counts the view (and a QR scan when the address carries `via=1`).
 */
import type { DocData } from '@/backend/port';
import { increment } from 'firestore-engine/transforms';
import type { Card } from '@/domain/model';
import { cardPublicUrl, trackedCardUrl, walletPassUrl } from '@/domain/urls';
import { liveLinks } from '@/domain/link-schedule';
import { renderCardPage, type CardPageInput } from '@/card-view/render/render-card-page';
import type { WalletConfig } from '../wallet/wallet-config';
import { walletsEnabled } from '../wallet/wallet-surface';
import type { LivePromotion } from './live-promotion';
import type { PublicContext, PublicRequest, PublicResponse } from './public-surface-types';
import type { SurfaceDeps } from './surface-deps';
import { dayKey } from './surface-request';
import { htmlInVisitorLanguage, requestLocale } from './visitor-language';

/** Card pages kept rendered (the busiest cards). */
const RENDERS_KEPT = 128;

export type CardPageRoute = (
  req: PublicRequest,
  ctx: PublicContext,
  card: Card,
  byId: boolean,
) => Promise<PublicResponse>;

export function createCardPageRoute(
  { now, analytics }: SurfaceDeps,
  options: {
    readonly livePromotion: LivePromotion;
    readonly wallet: WalletConfig | undefined;
    /** Whether the answer waits for the view's count (a Cloud Function must; see the config). */
    readonly awaitViews: boolean;
  },
): CardPageRoute {
  const wallets = walletsEnabled(options.wallet);
  const rendered = new Map<string, string>();
  /**
   * The page, from the last renders when its input is one of them: a busy card is the same page
   * for every visitor, and rendering costs more than the rest of the answer. The input is taken
   * with the links live at `at` already chosen, so the page is a function of the input alone.
   */
  function render(input: CardPageInput, at: Date): string {
    const visible = {
      ...input,
      card: { ...input.card, contacts: liveLinks(input.card.contacts ?? [], at) },
      now: at,
    };
    const key = JSON.stringify({ ...visible, now: undefined });
    let body = rendered.get(key);
    if (body === undefined) {
      body = renderCardPage(visible);
      if (rendered.size >= RENDERS_KEPT) rendered.delete(rendered.keys().next().value as string);
    } else {
      rendered.delete(key);
    }
    rendered.set(key, body);
    return body;
  }
  return async function cardPage(req, ctx, card, byId) {
    const at = now();
    const promotion = await options.livePromotion(ctx.db, card, at);
    const body = render(
      {
        wallet: {
          ...(wallets.apple ? { apple: walletPassUrl(card, ctx.hosts, 'apple') } : {}),
          ...(wallets.google ? { google: walletPassUrl(card, ctx.hosts, 'google') } : {}),
        },
        card,
        promotion,
        hosts: ctx.hosts,
        canonicalUrl: cardPublicUrl(card, ctx.hosts),
        trackedUrl: trackedCardUrl(card, ctx.hosts),
        noindex: byId || !card.handleAllowIndex,
        thanks: req.url.searchParams.get('thanks') === '1',
        locale: requestLocale(req),
      },
      at,
    );
    const fields: DocData = {};
    const day = dayKey(at);
    if (analytics.countable(req, card, 'view', at)) {
      fields.views = increment(1);
      fields.viewsByDay = { [day]: increment(1) };
    }
    // A QR scan: the code (and the shared link) carries via=1.
    if (req.url.searchParams.get('via') === '1' && analytics.countable(req, card, 'scan', at)) {
      fields.scans = increment(1);
      fields.scansByDay = { [day]: increment(1) };
    }
    if (Object.keys(fields).length > 0) {
      // Counted before the answer: where the database keeps an outbox (the local server) the view
      // is on disk when the visitor gets the page, and its summary write waits its turn.
      const view = analytics.count(ctx.db, card, fields);
      if (options.awaitViews) await view;
    }
    return htmlInVisitorLanguage(200, body, true);
  };
}
