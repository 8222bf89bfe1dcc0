/**
 * The wallet passes as a public surface: a live card to its signed Apple pass or its Google save
 * link. The public surfaces handler finds the card (404 as for the page) and calls this; a wallet
 * without credentials answers null (503). Both passes are built at request time from the vCard's
 * contact fields (`domain/contact-fields.ts`), so a hidden or out-of-schedule link is on none of
 * them.
 */
import { cardColors } from '@/domain/colors';
import { cardContactFields } from '@/domain/contact-fields';
import type { Card } from '@/domain/model';
import { cardPublicUrl, trackedCardUrl, type PublicHosts } from '@/domain/urls';
import { buildApplePass, PKPASS_CONTENT_TYPE, type PassImage } from './apple-pass';
import { googleSaveUrl } from './google-pass';
import type { WalletConfig } from './wallet-config';

export type WalletKind = 'apple' | 'google';

/** The file names under `{card}/{key}/wallet/`. */
export const WALLET_FILES: Readonly<Record<string, WalletKind>> = {
  'apple.pkpass': 'apple',
  google: 'google',
};

export interface WalletAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string | Uint8Array;
}

export interface WalletRequest {
  readonly card: Card;
  readonly kind: WalletKind;
  readonly hosts: PublicHosts;
  readonly now: Date;
  /**
   * Reads one of the card's images (photo, logo) from the product's own store: PNG or JPEG bytes,
   * or null. Wallet passes show PNG only; a JPEG photo is left out of the Apple pass.
   */
  readonly loadImage: (
    src: string | undefined,
  ) => Promise<{ bytes: Uint8Array; type: 'PNG' | 'JPEG' } | null>;
  /** The Apple pass's web service and token (`apple-pass.ts`); absent: a pass that never updates. */
  readonly webService?: { readonly url: string; readonly authenticationToken: string } | null;
}

/** Which wallets are configured (the page shows a button for each). */
export function walletsEnabled(config: WalletConfig | undefined): Record<WalletKind, boolean> {
  return { apple: (config?.apple ?? null) !== null, google: (config?.google ?? null) !== null };
}

async function png(req: WalletRequest, src: string | undefined): Promise<PassImage | null> {
  const image = await req.loadImage(src).catch(() => null);
  return image !== null && image.type === 'PNG' ? { png: Buffer.from(image.bytes) } : null;
}

/** An https address Google may fetch for the pass's logo, or null. */
function publicImage(src: string | undefined, base: string): string | null {
  if (!src || src.startsWith('data:')) return null;
  try {
    const url = new URL(src, base);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The answer for a wallet pass of a live card, or null when that wallet is not configured. */
export async function walletAnswer(
  config: WalletConfig | undefined,
  req: WalletRequest,
): Promise<WalletAnswer | null> {
  const { card, hosts, now } = req;
  const url = cardPublicUrl(card, hosts);
  const contact = cardContactFields(card, { url, now });
  const trackedUrl = trackedCardUrl(card, hosts);
  const accent = cardColors(card.template).accent;
  const noStore = { 'Cache-Control': 'no-store' };

  if (req.kind === 'apple') {
    const apple = config?.apple ?? null;
    if (apple === null) return null;
    const [photo, logo] = await Promise.all([
      png(req, card.template.photoAvatar),
      png(req, card.template.photoLogo),
    ]);
    const body = buildApplePass(
      {
        cardId: card.id,
        contact,
        trackedUrl,
        accent,
        photo,
        logo,
        webService: req.webService ?? null,
      },
      apple,
    );
    return {
      status: 200,
      headers: {
        'Content-Type': PKPASS_CONTENT_TYPE,
        'Content-Disposition': 'attachment; filename="card.pkpass"',
        ...noStore,
      },
      body,
    };
  }

  const google = config?.google ?? null;
  if (google === null) return null;
  const location = await googleSaveUrl(
    {
      cardId: card.id,
      contact,
      trackedUrl,
      accent,
      imageUrl:
        publicImage(card.template.photoAvatar, url) ?? publicImage(card.template.photoLogo, url),
      origins: [new URL(url).origin],
    },
    google,
    now,
  );
  return { status: 302, headers: { Location: location, ...noStore }, body: '' };
}
