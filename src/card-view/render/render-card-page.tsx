/**
 * Server rendering of the public card page: a whole HTML document (share tags for link-preview
 * crawlers, inlined CSS, the card, a QR code, a few KB of enhancement script) that reads as a
 * finished card with JavaScript off. Also the friendly not-found page and a plain message page for
 * refused requests. Called by the public surfaces handler (`src/services/public-surfaces/`), which the
 * local server and, in production, the `cardPages` Cloud Function host.
 */
import { liveLinks } from '@/domain/link-schedule';
import type { Card, Promotion } from '@/domain/model';
import { FALLBACK_SHARE_DESCRIPTION, shareDescription } from '@/domain/share';
import type { PublicHosts } from '@/domain/urls';
import { CARD_WORDS, ENGLISH_CARD_WORDS, type CardLocale, type CardWords } from '../card-words';
import { CARD_CSS } from '../components/card-styles';
import { absoluteImageSrc, resolveTheme } from '../components/card-theme';
import { CardView } from '../components/card-view';
import { LinkIcon } from '../components/link-icon';
import { PAGE_CSS, renderDocument, type ShareMeta } from './html-document';
import { CARD_PAGE_SCRIPT } from './page-scripts';
import { qrSvg } from './qr-svg';

/** The share description when the card has no share text, title or company (docs/product.md §1). */
export const FALLBACK_DESCRIPTION = FALLBACK_SHARE_DESCRIPTION;

export interface CardPageInput {
  readonly card: Card;
  readonly promotion?: Promotion | null;
  readonly hosts: PublicHosts;
  /** The card's public address (`cardPublicUrl`): canonical link and og:url. */
  readonly canonicalUrl: string;
  /** The address shared and encoded in the QR code (`trackedCardUrl`, with via=1). */
  readonly trackedUrl: string;
  /** True for the `/{id}/i` shape: asks search engines not to index the page. */
  readonly noindex: boolean;
  /** Shows the thank-you line after a lead was sent without JavaScript. */
  readonly thanks?: boolean;
  /** The language of the page's own words (the visitor's); default English. */
  readonly locale?: CardLocale;
  /** The moment of the visit (tests pass a fixed one): links not live then are left out. */
  readonly now?: Date;
  /**
   * The card's wallet pass addresses (`walletPassUrl`), each only when that wallet is configured
   * on the host: a button is shown for each one given.
   */
  readonly wallet?: { readonly apple?: string; readonly google?: string };
}

const SHARE_CSS = `
.cb-share{margin:24px 20px 0}
.cb-share-row{display:grid;grid-template-columns:1fr 1fr;gap:10px;margin-bottom:10px}
.cb-share-row[hidden],.cb-share-row [hidden]{display:none}
.cb-share-row:has(>[hidden]){grid-template-columns:1fr}
.cb-qr{border-radius:14px;background:rgba(127,127,127,.08)}
.cb-qr summary{display:flex;align-items:center;justify-content:center;gap:8px;min-height:46px;padding:10px;font-weight:650;cursor:pointer;list-style:none}
.cb-qr summary::-webkit-details-marker{display:none}
.cb-qr-code{width:min(220px,70%);margin:4px auto 12px;padding:8px;background:#fff;border-radius:12px}
.cb-qr-code svg{display:block;width:100%;height:auto}
.cb-share-link{display:block;padding:0 14px 14px;font-size:14px;font-weight:600}
.cb-share-link span{display:block;margin-bottom:4px}
.cb-share-msg{margin:0 0 10px;font-size:14px;font-weight:600;text-align:center}
.cb-share-msg:empty{margin:0}
`;

/** Only on a page that shows a wallet button. */
const WALLET_CSS = `
.cb-wallet{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:10px;margin-bottom:10px}
.cb-wallet a{display:flex;align-items:center;justify-content:center;gap:8px;min-height:50px;padding:7px 10px;border-radius:12px;background:#000;color:#fff;text-decoration:none;line-height:1.15;box-shadow:inset 0 0 0 1px rgba(255,255,255,.28)}
.cb-wallet a:focus-visible{outline:3px solid currentColor;outline-offset:2px}
.cb-wallet svg{flex:none}
.cb-wallet small{display:block;font-size:11px;font-weight:500}
.cb-wallet b{display:block;font-size:14px;font-weight:600;white-space:nowrap}
`;

/** Title, description, address and image that link previews show for the card. */
export function cardShareMeta(
  card: Card,
  canonicalUrl: string,
  fallback = ENGLISH_CARD_WORDS.fallbackTitle,
): ShareMeta {
  const share = card.appShare ?? {};
  const name = card.name?.trim() ?? '';
  const title = card.title?.trim() ?? '';
  const fallbackTitle = [name, title].filter(Boolean).join(' — ') || fallback;
  return {
    title: share.title?.trim() || fallbackTitle,
    description: shareDescription(card),
    url: canonicalUrl,
    image:
      absoluteImageSrc(share.ogImage, canonicalUrl) ??
      absoluteImageSrc(card.template?.photoAvatar, canonicalUrl),
  };
}

/** A wallet glyph drawn here (no external image): a stack of cards in the wallet's colours. */
function WalletGlyph({ colors }: { colors: readonly string[] }) {
  return (
    <svg width="26" height="22" viewBox="0 0 26 22" aria-hidden="true">
      <rect width="26" height="22" rx="5" fill="#fff" />
      {colors.map((color, i) => (
        <rect key={color} x="3" y={3 + i * 4} width="20" height="6" rx="2" fill={color} />
      ))}
    </svg>
  );
}

/** "Add to Apple Wallet" and "Add to Google Wallet": plain links, no script. */
function WalletLinks({
  wallet,
  addTo,
}: {
  wallet: NonNullable<CardPageInput['wallet']>;
  addTo: string;
}) {
  if (!wallet.apple && !wallet.google) return null;
  return (
    <div className="cb-wallet">
      {wallet.apple ? (
        <a href={wallet.apple} type="application/vnd.apple.pkpass">
          <WalletGlyph colors={['#39a9e0', '#f6b42c', '#4cb963', '#ee5a4f']} />
          <span>
            <small>{addTo}</small> <b>Apple Wallet</b>
          </span>
        </a>
      ) : null}
      {wallet.google ? (
        <a href={wallet.google}>
          <WalletGlyph colors={['#4285f4', '#ea4335', '#fbbc04', '#34a853']} />
          <span>
            <small>{addTo}</small> <b>Google Wallet</b>
          </span>
        </a>
      ) : null}
    </div>
  );
}

function SharePanel({
  url,
  title,
  wallet,
  words,
}: {
  url: string;
  title: string;
  wallet: CardPageInput['wallet'];
  words: CardWords['sharePanel'];
}) {
  return (
    <section
      className="cb-share"
      aria-label={words.label}
      data-cb-share-box=""
      data-cb-url={url}
      data-cb-title={title}
      data-cb-copied={words.copied}
      data-cb-hold={words.holdToCopy}
    >
      <div className="cb-share-row" data-cb-js="" hidden>
        <button type="button" className="cb-btn cb-btn-soft" data-cb-share="">
          <LinkIcon name="share" size={18} />
          {words.share}
        </button>
        <button type="button" className="cb-btn cb-btn-soft" data-cb-copy="">
          <LinkIcon name="copy" size={18} />
          {words.copyLink}
        </button>
      </div>
      {/* Right under Share and Copy link, where the visitor is looking, not below the QR code. */}
      <p className="cb-share-msg" data-cb-msg="" role="status" aria-live="polite" />
      {wallet ? <WalletLinks wallet={wallet} addTo={words.addTo} /> : null}
      <details className="cb-qr">
        <summary>
          <LinkIcon name="qr" size={18} />
          {words.showQr}
        </summary>
        <div className="cb-qr-code" dangerouslySetInnerHTML={{ __html: qrSvg(url, words.qrOf) }} />
        <label className="cb-share-link">
          <span>{words.cardLink}</span>
          <input readOnly value={url} />
        </label>
      </details>
    </section>
  );
}

/** The public card page as a complete HTML document. */
export function renderCardPage(input: CardPageInput): string {
  const { hosts, canonicalUrl, trackedUrl, noindex } = input;
  // Visitors only see the links live right now (hidden or scheduled ones are left out).
  const card = {
    ...input.card,
    contacts: liveLinks(input.card.contacts ?? [], input.now ?? new Date()),
  };
  const words = CARD_WORDS[input.locale ?? 'en'];
  const meta = cardShareMeta(card, canonicalUrl, words.fallbackTitle);
  const theme = resolveTheme(card.template);
  const firstName = card.name?.trim().split(/\s+/)[0] ?? '';
  return renderDocument({
    title: meta.title,
    description: meta.description,
    canonicalUrl,
    noindex,
    share: meta,
    css:
      PAGE_CSS +
      CARD_CSS +
      SHARE_CSS +
      (input.wallet?.apple || input.wallet?.google ? WALLET_CSS : ''),
    script: CARD_PAGE_SCRIPT,
    lang: words.lang,
    dir: words.dir,
    themeColor: theme.accent,
    pageBackground: theme.background,
    children: (
      <main className="cb-page">
        {input.thanks === true && (
          <p className="cb-notice" role="status">
            {firstName !== '' ? words.lead.sentTo(firstName) : words.lead.sent}
          </p>
        )}
        <CardView
          card={card}
          promotion={input.promotion ?? null}
          hosts={hosts}
          mode="page"
          words={words}
        >
          <SharePanel
            url={trackedUrl}
            title={meta.title}
            wallet={input.wallet}
            words={words.sharePanel}
          />
        </CardView>
      </main>
    ),
  });
}

function MessagePage({
  heading,
  text,
  home,
  homeLabel = ENGLISH_CARD_WORDS.notAvailable.home,
}: {
  heading: string;
  text: string;
  home: string;
  homeLabel?: string;
}) {
  return (
    <main className="cb-msg-page">
      <h1>{heading}</h1>
      <p>{text}</p>
      <a href={home}>{homeLabel}</a>
    </main>
  );
}

/**
 * The plain page for an unknown or archived card and for every card of a deactivated account
 * (sent with status 404). One page for all of them, with nothing of the card on it, so a visitor
 * (or a scraper) learns neither the card's details nor whether its account was deactivated
 * (docs/access.md, "Deactivated accounts").
 */
export function renderNotFoundPage(home = '/', locale: CardLocale = 'en'): string {
  const words = CARD_WORDS[locale];
  return renderDocument({
    title: words.notAvailable.title,
    noindex: true,
    css: PAGE_CSS,
    lang: words.lang,
    dir: words.dir,
    children: (
      <MessagePage
        heading={words.notAvailable.heading}
        text={words.notAvailable.text}
        home={home}
        homeLabel={words.notAvailable.home}
      />
    ),
  });
}

/** A short page for a refused request (a bad link, a malformed form), sent with a 4xx status. */
export function renderMessagePage(heading: string, text: string, home = '/'): string {
  return renderDocument({
    title: heading,
    noindex: true,
    css: PAGE_CSS,
    children: <MessagePage heading={heading} text={text} home={home} />,
  });
}
