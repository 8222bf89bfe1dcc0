/**
 * The wallet passes of a live card (`{card}/{id-or-handle}/wallet/{file}`, built by
 * `src/services/wallet/`): 404 as the page for an unknown file or an unknown or archived card, 503
 * when that wallet's credentials are not configured on this host or cannot sign.
 */
import type { Card } from '@/domain/model';
import { passKitServiceUrl } from '@/domain/passkit';
import { cardPublicUrl } from '@/domain/urls';
import { renderMessagePage, renderNotFoundPage } from '@/card-view/render/render-card-page';
import { baseHeaders } from '@/card-view/render/security-headers';
import type { WalletConfig } from '../wallet/wallet-config';
import { passRecordFor } from '../wallet/passkit-store';
import {
  WALLET_FILES,
  walletAnswer,
  type WalletAnswer,
  type WalletKind,
  type WalletRequest,
} from '../wallet/wallet-surface';
import { cardImage } from './card-image';
import type { PublicContext, PublicResponse } from './public-surface-types';
import { html } from './surface-answers';
import type { SurfaceDeps } from './surface-deps';

export type WalletRoute = (
  ctx: PublicContext,
  key: string,
  file: string,
) => Promise<PublicResponse>;

/** The wallet answer for a live card, its images read as the card page reads them. */
export function walletAnswerFor(
  ctx: PublicContext,
  card: Card,
  kind: WalletKind,
  config: WalletConfig | undefined,
  now: Date,
  webService: WalletRequest['webService'] = null,
): Promise<WalletAnswer | null> {
  const base = cardPublicUrl(card, ctx.hosts);
  return walletAnswer(config, {
    card,
    kind,
    hosts: ctx.hosts,
    now,
    webService,
    loadImage: async (value) => {
      const image = cardImage(value, base);
      const found =
        image.embed ??
        (image.uri !== undefined && ctx.loadPhoto
          ? await ctx.loadPhoto(image.uri).catch(() => null)
          : null);
      if (!found) return null;
      return { bytes: Buffer.from(found.base64, 'base64'), type: found.type };
    },
  });
}

export function createWalletRoute(
  { now, cards }: SurfaceDeps,
  config: WalletConfig | undefined,
): WalletRoute {
  return async function wallet(ctx, key, file) {
    const kind = WALLET_FILES[file];
    if (kind === undefined) return html(404, renderNotFoundPage());
    const card = await cards.cardByIdOrHandle(ctx.db, key);
    if (card === null) return html(404, renderNotFoundPage());
    const unavailable = (text: string) =>
      html(503, renderMessagePage('Wallet passes aren’t available here', text));
    let answer: WalletAnswer | null;
    try {
      const at = now();
      // An Apple pass carries its web service and token, so that Wallet keeps it up to date
      // (docs/wallet-updates.md); the token is made with the card's first pass.
      const webService =
        kind === 'apple' && config?.apple
          ? {
              url: passKitServiceUrl(ctx.hosts.card),
              authenticationToken: (await passRecordFor(ctx.db, card, at)).authenticationToken,
            }
          : null;
      answer = await walletAnswerFor(ctx, card, kind, config, at, webService);
    } catch (err) {
      // Credentials that cannot sign (an unreadable key or certificate, a wrong passphrase): the
      // operator reads why in the log; the visitor is told plainly, as when none are set.
      console.error(`[wallet] the ${kind} pass of card ${card.id} could not be signed`, err);
      return unavailable('The pass could not be made just now. Save the contact instead.');
    }
    if (answer === null) {
      return unavailable(
        kind === 'apple'
          ? 'This site is not set up to sign Apple Wallet passes yet. Save the contact instead.'
          : 'This site is not set up for Google Wallet yet. Save the contact instead.',
      );
    }
    const headers = { ...baseHeaders(), ...answer.headers };
    return typeof answer.body === 'string'
      ? { status: answer.status, headers, body: answer.body }
      : { status: answer.status, headers, body: '', bytes: answer.body };
  };
}
