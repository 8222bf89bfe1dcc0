/**
 * The public surfaces as one host-agnostic request handler: the card page (`{card}/{handle}`,
 * `{card}/{id}/i`), the vCard download, the wallet passes (`{card}/{id}/wallet/...`, built by
 * `src/server/wallet/`), the lead endpoint, the signature preview (`{signature}/
 * {handle}`) and the click-tracking redirect (`{link}/...`). It takes a plain request (method, URL,
 * headers, a capped body reader, the visitor's IP) and a database with the port's shapes, and answers
 * a plain response; the local server (`server/public-surfaces.ts`) and the Cloud Functions
 * (`functions/src/index.ts`) adapt their own request objects to it, so the logic exists once.
 *
 * Analytics documents (written only here, with server privileges; see docs/decisions/005):
 *
 *   analytics/{cardId}                 one summary per card, always written with set-merge and
 *                                      increments so that no read is needed:
 *     cardId, accountId, teamId?       owner keys (access rules, the owner's queries)
 *     views, scans, saves, clicks, leads  all-time totals
 *     viewsByDay  { 'YYYY-MM-DD': n }  per UTC day: the series behind the "views over time" chart
 *     scansByDay, savesByDay,          the same for QR scans, contact saves, link clicks
 *     clicksByDay, leadsByDay          and leads
 *     clicksByLink { linkId: n }       the per-link totals
 *     updatedAt                        server time of the last write
 *   analytics/{cardId}/clicks/{auto}   one per followed link: { linkId, name, accountId, at }
 *   analytics/{cardId}/entries/{auto}  one per lead: { cardId, accountId, name?, email?, phone?,
 *                                      company?, note?, createdAt, consent? }; consent is
 *                                      { text, given, at } when the card's form has a consent
 *                                      checkbox: the wording read from the card, never the request
 *
 * The day maps grow by one key per active day (a few KB a year), far below the 1 MiB document
 * limit. The summary's counts go through `counter-buffer.ts`, which adds up the increments of a busy
 * card and writes its summary at most once a second, so a card that goes viral never holds a hot
 * document (Firestore sustains about one write per second per document). Who counts, and how
 * often, is decided by `visitor-counting.ts`: robots, preview fetchers, scripts, HEAD requests and
 * prefetches never; a visitor once per card per 30 minutes for each of view, QR scan (`via=1`),
 * contact save and link click.
 *
 * Reads: one per page view (the card query or get; the team's branding is already merged into the
 * card by the team sync); the team's promotions are queried at most once a minute per team.
 */
import type { DocData, DocSnapshot, QueryDoc, QuerySpec, WriteOp } from '../../backend/port';
import { increment, serverTimestamp } from '../../backend/transforms';
import { isLinkLive } from '../../domain/link-schedule';
import type { Card, Promotion } from '../../domain/model';
import { promotionDisplayStatus } from '../../domain/promotions';
import { isAllowedTarget, safeLinkHref } from '../../domain/safe-url';
import { buildVCard, foldVCardLine, type VCardOptions } from '../../domain/vcard';
import { cardPublicUrl, trackedCardUrl, walletPassUrl, type PublicHosts } from '../../domain/urls';
import { safeImageSrc } from '../../card-view/components/card-theme';
import {
  LEAD_BODY_MAX_BYTES,
  enabledLeadFields,
  leadConsentText,
  leadFormEnabled,
} from '../../card-view/lead-fields';
import {
  renderCardPage,
  renderMessagePage,
  renderNotFoundPage,
} from '../../card-view/render/render-card-page';
import { renderSignaturePage } from '../../card-view/render/render-signature-page';
import { baseHeaders, pageHeaders } from '../../card-view/render/security-headers';
import type { WalletConfig } from '../wallet/wallet-config';
import { WALLET_FILES, walletAnswer, walletsEnabled } from '../wallet/wallet-surface';
import { cardFromDoc, publicCard } from '../../domain/schemas/card';
import { promotionFromDoc } from '../../domain/schemas/promotion';
import {
  createCounterBuffer,
  type CounterBuffer,
  type CounterBufferOptions,
} from './counter-buffer';
import { parseLead } from './lead-input';
import { leadMail } from './lead-mail';
import { createRateLimiter } from './rate-limiter';
import { createVisitorCounter, isAutomated, type VisitorCounterOptions } from './visitor-counting';

/** The database the public surfaces need: the port's shapes, sync (local) or async (Firestore). */
export interface PublicDb {
  get(path: string): DocSnapshot | Promise<DocSnapshot>;
  query(spec: QuerySpec): QueryDoc[] | Promise<QueryDoc[]>;
  batch(ops: readonly WriteOp[]): void | Promise<void>;
}

export interface PublicRequest {
  readonly method: string;
  /** The full request URL (only its path and query are used for routing). */
  readonly url: URL;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /**
   * The visitor's address, for rate limiting and counting: the socket's (local server) or the one
   * the host's trusted proxy reports (`functions/src/http-adapter.ts`), never a header the client
   * sets freely.
   */
  readonly ip: string;
  /** The body as UTF-8, or null when it is longer than `maxBytes` (reading stops there). */
  readBody(maxBytes: number): Promise<string | null>;
}

export interface PublicResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** Bytes sent instead of `body` (a wallet pass); hosts send them as they are, uncompressed. */
  readonly bytes?: Uint8Array;
}

export interface PublicSurfacesConfig {
  /**
   * Path prefixes the surfaces answer under (`/c`, `/s`, `/l` locally; `''` on their own hosts). A
   * surface left out is not served: each production host (a Cloud Function behind its own Hosting
   * site) serves one surface at its root.
   */
  readonly paths: {
    readonly card?: string;
    readonly signature?: string;
    readonly link?: string;
  };
  /** The card collection (default `cards`). */
  readonly cardsCollection?: string;
  /**
   * The query of a card's team promotions (default: `accounts/{accountId}/promotions` where
   * teamId is the card's team and isArchived is false).
   */
  readonly promotionsQuery?: (card: Card) => QuerySpec | null;
  /** Lead posts allowed per card per visitor IP per minute (default 10). */
  readonly leadsPerMinute?: number;
  /** How many (card, address) keys the lead limiter remembers at once (default 10,000; tests). */
  readonly leadKeys?: number;
  /** Who counts as a visitor, and how often (`visitor-counting.ts`; tests). */
  readonly visitors?: VisitorCounterOptions;
  /** The clock (tests). */
  readonly now?: () => Date;
  /**
   * How the summary counts are written (`counter-buffer.ts`): `intervalMs` between two writes of
   * one card's summary (default 1000), and `awaitViews`: whether a page view waits for its count.
   * The local server does not (the view is counted right after the answer); a Cloud Function
   * must, since its instance gets no CPU once it has answered. Saves, leads and clicks always wait
   * (at most one write a second per card; counts within the interval are only added up).
   */
  readonly counters?: Omit<CounterBufferOptions, 'write'> & { readonly awaitViews?: boolean };
  /**
   * The credentials wallet passes are signed with (`src/server/wallet/`); a wallet left out (or
   * null) is off: the page shows no button for it and its address answers 503.
   */
  readonly wallet?: WalletConfig;
}

export interface PublicContext {
  readonly db: PublicDb;
  /** Absolute bases of the card, signature and link hosts, for the addresses pages show. */
  readonly hosts: PublicHosts;
  /**
   * Reads a profile photo stored in the product's own file store, so the saved contact carries the
   * picture itself (phones do not fetch a PHOTO address). Null for anything else: never a fetch of
   * an address a card owner typed (that would be a server-side request forgery).
   */
  readonly loadPhoto?: (url: string) => Promise<VCardOptions['photo'] | null>;
  /** The app's origin, for the link in the lead e-mail to the card's owner. */
  readonly appOrigin?: string;
}

export interface PublicSurfacesHandler {
  (req: PublicRequest, ctx: PublicContext): Promise<PublicResponse | null>;
  /** Writes every count still waiting (a host calls it when it shuts down). */
  flushCounters(): Promise<void>;
}

const PROMOTION_TTL_MS = 60_000;
/** Lead posts one address may make in a minute, whatever cards they name. */
const LEAD_POSTS_PER_ADDRESS = 60;
const NOTE_MAX = 500;
function prefix(path: string | undefined): string | null {
  if (path === undefined) return null;
  const clean = path.replace(/\/+$/, '');
  return clean === '' ? '' : clean.startsWith('/') ? clean : `/${clean}`;
}

/** The decoded path segments under `base`, or null when the path is elsewhere or badly encoded. */
function segmentsUnder(pathname: string, base: string): string[] | null {
  if (base !== '' && pathname !== base && !pathname.startsWith(`${base}/`)) return null;
  const rest = pathname
    .slice(base.length)
    .split('/')
    .filter((s) => s !== '');
  try {
    return rest.map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

function header(req: PublicRequest, name: string): string {
  const value = req.headers[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? (value[0] ?? '') : '';
}

function dayKey(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function newId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
}

function html(status: number, body: string, cacheable = false): PublicResponse {
  return { status, headers: pageHeaders(cacheable), body };
}

function json(status: number, data: unknown): PublicResponse {
  return {
    status,
    headers: {
      ...baseHeaders(),
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    },
    body: JSON.stringify(data),
  };
}

function redirect(location: string, status = 302): PublicResponse {
  return {
    status,
    headers: { ...baseHeaders(), Location: location, 'Cache-Control': 'no-store' },
    body: '',
  };
}

function methodNotAllowed(allow: string): PublicResponse {
  return {
    status: 405,
    headers: { ...baseHeaders(), Allow: allow, 'Content-Type': 'text/plain; charset=utf-8' },
    body: 'Method not allowed',
  };
}

/** `{name}.vcf`, reduced to safe ASCII for the plain filename parameter. */
function contentDisposition(name: string): string {
  const base = name.trim() || 'contact';
  const ascii = base
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\/;:,*?<>|%]/g, '')
    .trim()
    .replace(/\s+/g, '-');
  return `attachment; filename="${ascii || 'contact'}.vcf"; filename*=UTF-8''${encodeURIComponent(`${base}.vcf`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** The vCard photo: embedded when the card holds the image itself, else its address (PHOTO;VALUE=URI). */
function vCardPhoto(card: Card, base: string): { embed?: VCardOptions['photo']; uri?: string } {
  return cardImage(card.template.photoAvatar, base);
}

/** A card image: its bytes when the card holds the image itself (a data address), else its address. */
function cardImage(
  value: string | undefined,
  base: string,
): { embed?: VCardOptions['photo']; uri?: string } {
  const src = safeImageSrc(value);
  if (src === null) return {};
  const inline = /^data:image\/(png|jpe?g);base64,(.*)$/is.exec(src);
  if (inline !== null) {
    const type = inline[1]?.toLowerCase() === 'png' ? 'PNG' : 'JPEG';
    return { embed: { base64: inline[2] ?? '', type } };
  }
  if (src.startsWith('data:')) return {};
  try {
    return { uri: new URL(src, base).href };
  } catch {
    return {};
  }
}

export function createPublicSurfacesHandler(config: PublicSurfacesConfig): PublicSurfacesHandler {
  const paths = {
    card: prefix(config.paths.card),
    signature: prefix(config.paths.signature),
    link: prefix(config.paths.link),
  };
  const cards = config.cardsCollection ?? 'cards';
  const now = config.now ?? (() => new Date());
  const promotionsQuery =
    config.promotionsQuery ??
    ((card: Card): QuerySpec | null =>
      card.teamId && card.accountId
        ? {
            collection: `accounts/${card.accountId}/promotions`,
            where: [
              { field: 'teamId', op: '==', value: card.teamId },
              { field: 'isArchived', op: '==', value: false },
            ],
          }
        : null);
  const leadLimiter = createRateLimiter({
    max: config.leadsPerMinute ?? 10,
    windowMs: 60_000,
    ...(config.leadKeys !== undefined ? { maxKeys: config.leadKeys } : {}),
  });
  // Across cards, per address: bounds the reads a flood of lead posts costs, whatever ids it names.
  const leadAddressLimiter = createRateLimiter({
    max: LEAD_POSTS_PER_ADDRESS,
    windowMs: 60_000,
  });
  const visitors = createVisitorCounter(config.visitors);

  /** Whether this request is a visitor's first of `kind` for the card in the counting window. */
  function countable(req: PublicRequest, card: Card, kind: string, at: Date): boolean {
    const userAgent = header(req, 'user-agent');
    if (isAutomated({ method: req.method, userAgent, header: (name) => header(req, name) })) {
      return false;
    }
    return visitors.admit(kind, { ip: req.ip, userAgent, cardId: card.id }, at.getTime());
  }
  const promotionCache = new Map<string, { at: number; promotions: Promotion[] }>();

  async function cardById(db: PublicDb, id: string): Promise<Card | null> {
    if (id === '' || id.includes('/')) return null;
    const snap = await db.get(`${cards}/${id}`);
    if (!snap.exists || snap.data === null) return null;
    const card = publicCard(cardFromDoc(snap.id, snap.data));
    return card.isArchived ? null : card;
  }

  /** The live card whose public handle this is (handleAllowIndex true), or null. */
  async function cardByHandle(
    db: PublicDb,
    handle: string,
    requireIndex: boolean,
  ): Promise<Card | null> {
    if (handle === '') return null;
    const docs = await db.query({
      collection: cards,
      where: [
        { field: 'handle', op: '==', value: handle },
        { field: 'isArchived', op: '==', value: false },
      ],
      limit: 2,
    });
    const found = docs
      .map((doc) => publicCard(cardFromDoc(doc.id, doc.data)))
      .filter((card) => !requireIndex || card.handleAllowIndex);
    // Handles are unique by their claim documents; an ambiguous handle shows nobody's card.
    return found.length === 1 ? (found[0] ?? null) : null;
  }

  async function livePromotion(db: PublicDb, card: Card, at: Date): Promise<Promotion | null> {
    const spec = promotionsQuery(card);
    if (spec === null || !card.teamId) return null;
    const key = `${card.accountId}/${card.teamId}`;
    let entry = promotionCache.get(key);
    if (entry === undefined || at.getTime() - entry.at >= PROMOTION_TTL_MS) {
      try {
        const docs = await db.query(spec);
        entry = { at: at.getTime(), promotions: docs.map((d) => promotionFromDoc(d.id, d.data)) };
      } catch {
        entry = { at: at.getTime(), promotions: [] };
      }
      if (promotionCache.size > 5_000) promotionCache.clear();
      promotionCache.set(key, entry);
    }
    const live = entry.promotions.filter(
      (p) => !p.isArchived && promotionDisplayStatus(p, at) === 'Live',
    );
    live.sort((a, b) => (b.startDate?.getTime() ?? 0) - (a.startDate?.getTime() ?? 0));
    return live[0] ?? null;
  }

  // One buffer per database (one per host process in practice).
  const buffers = new Map<PublicDb, CounterBuffer>();
  function countersOf(db: PublicDb): CounterBuffer {
    let buffer = buffers.get(db);
    if (buffer === undefined) {
      buffer = createCounterBuffer({
        ...config.counters,
        write: async (path, data) => {
          await db.batch([{ kind: 'set', path, data, merge: true }]);
        },
      });
      buffers.set(db, buffer);
    }
    return buffer;
  }

  /** Adds to the card's summary (resolves when written, or at once when it waits its turn). */
  function count(db: PublicDb, card: Card, fields: DocData): Promise<void> {
    return countersOf(db)
      .add(`analytics/${card.id}`, {
        cardId: card.id,
        accountId: card.accountId,
        ...(card.teamId ? { teamId: card.teamId } : {}),
        ...fields,
        updatedAt: serverTimestamp(),
      })
      .catch((err: unknown) => {
        // Analytics must never break the page a visitor came for.
        console.error('[public-surfaces] analytics write failed', err);
      });
  }

  /**
   * The summary's owner keys, written in the same batch as a lead or click: the rules give read
   * access to the account stored on the summary, so no entry may exist without it.
   */
  function ownerMark(card: Card): WriteOp {
    return {
      kind: 'set',
      path: `analytics/${card.id}`,
      data: { cardId: card.id, accountId: card.accountId },
      merge: true,
    };
  }

  async function record(db: PublicDb, ops: WriteOp[]): Promise<void> {
    try {
      await db.batch(ops);
    } catch (err) {
      // Analytics must never break the page a visitor came for.
      console.error('[public-surfaces] analytics write failed', err);
    }
  }

  const wallets = walletsEnabled(config.wallet);

  async function cardPage(req: PublicRequest, ctx: PublicContext, card: Card, byId: boolean) {
    const at = now();
    const promotion = await livePromotion(ctx.db, card, at);
    const body = renderCardPage({
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
    });
    const fields: DocData = {};
    const day = dayKey(at);
    if (countable(req, card, 'view', at)) {
      fields.views = increment(1);
      fields.viewsByDay = { [day]: increment(1) };
    }
    // A QR scan: the code (and the shared link) carries via=1.
    if (req.url.searchParams.get('via') === '1' && countable(req, card, 'scan', at)) {
      fields.scans = increment(1);
      fields.scansByDay = { [day]: increment(1) };
    }
    if (Object.keys(fields).length > 0) {
      const view = () => count(ctx.db, card, fields);
      if (config.counters?.awaitViews === true) await view();
      // The visitor should not wait for a counter: the view is counted right after the answer.
      else setTimeout(() => void view(), 0);
    }
    return html(200, body, true);
  }

  async function vCard(req: PublicRequest, ctx: PublicContext, key: string) {
    const card = (await cardById(ctx.db, key)) ?? (await cardByHandle(ctx.db, key, true));
    if (card === null) return html(404, renderNotFoundPage());
    const url = cardPublicUrl(card, ctx.hosts);
    const note = (req.url.searchParams.get('note') ?? '').slice(0, NOTE_MAX);
    const photo = vCardPhoto(card, url);
    if (photo.embed === undefined && photo.uri !== undefined && ctx.loadPhoto) {
      const loaded = await ctx.loadPhoto(photo.uri).catch(() => null);
      if (loaded) {
        photo.embed = loaded;
        delete photo.uri;
      }
    }
    const options: VCardOptions = { url };
    if (note.trim() !== '') options.note = note;
    if (photo.embed !== undefined) options.photo = photo.embed;
    let text = buildVCard(card, options);
    if (photo.uri !== undefined) {
      text = text.replace(
        /END:VCARD\r\n$/,
        `${foldVCardLine(`PHOTO;VALUE=URI:${photo.uri}`)}\r\nEND:VCARD\r\n`,
      );
    }
    const at = now();
    if (countable(req, card, 'save', at)) {
      const day = dayKey(at);
      await count(ctx.db, card, { saves: increment(1), savesByDay: { [day]: increment(1) } });
    }
    return {
      status: 200,
      headers: {
        ...baseHeaders(),
        'Content-Type': 'text/vcard; charset=utf-8',
        'Content-Disposition': contentDisposition(card.name),
        'Cache-Control': 'no-store',
      },
      body: text,
    };
  }

  /**
   * A wallet pass of a live card (`src/server/wallet/`): 404 as the page for an unknown or
   * archived card, 503 when that wallet's credentials are not configured on this host.
   */
  async function wallet(ctx: PublicContext, key: string, file: string): Promise<PublicResponse> {
    const kind = WALLET_FILES[file];
    if (kind === undefined) return html(404, renderNotFoundPage());
    const card = (await cardById(ctx.db, key)) ?? (await cardByHandle(ctx.db, key, true));
    if (card === null) return html(404, renderNotFoundPage());
    const base = cardPublicUrl(card, ctx.hosts);
    const unavailable = (text: string) =>
      html(503, renderMessagePage('Wallet passes aren’t available here', text));
    let answer: Awaited<ReturnType<typeof walletAnswer>>;
    try {
      answer = await walletAnswer(config.wallet, {
        card,
        kind,
        hosts: ctx.hosts,
        now: now(),
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
  }

  /** An address a mail can go to. */
  function mailAddress(data: DocData | null): string | null {
    const email = data?.email;
    return typeof email === 'string' && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null;
  }

  /**
   * The e-mail of a new lead to the card's owner (the user who created it, else the account's
   * owner), or null when the owner turned it off or has no address.
   */
  async function ownerMail(
    ctx: PublicContext,
    card: Card,
    entry: DocData,
  ): Promise<WriteOp | null> {
    if (card.appForm.notifyOwner === false) return null;
    try {
      let to = card.ownerId ? mailAddress((await ctx.db.get(`users/${card.ownerId}`)).data) : null;
      if (to === null && card.accountId) {
        const ownerId = (await ctx.db.get(`accounts/${card.accountId}`)).data?.ownerId;
        if (typeof ownerId === 'string' && ownerId !== '') {
          to = mailAddress((await ctx.db.get(`users/${ownerId}`)).data);
        }
      }
      if (to === null) return null;
      const appUrl = `${(ctx.appOrigin ?? new URL(ctx.hosts.card).origin).replace(/\/+$/, '')}/builder`;
      return {
        kind: 'set',
        path: `mail/${newId()}`,
        data: leadMail({ to, cardName: card.name, lead: entry, appUrl }),
      };
    } catch (err) {
      // The lead itself matters more than its notice.
      console.error('[public-surfaces] lead e-mail skipped', err);
      return null;
    }
  }

  async function lead(req: PublicRequest, ctx: PublicContext, id: string): Promise<PublicResponse> {
    const contentType = header(req, 'content-type');
    const wantsJson =
      /application\/json/i.test(contentType) || /application\/json/i.test(header(req, 'accept'));
    const refuse = (status: number, message: string): PublicResponse =>
      wantsJson
        ? json(status, { error: { message } })
        : html(status, renderMessagePage('Your details were not sent', message));

    const tooMany = (): PublicResponse => {
      const res = refuse(429, 'Too many messages just now. Please try again in a minute.');
      return { ...res, headers: { ...res.headers, 'Retry-After': '60' } };
    };
    // Before reading anything: the address's limit across cards (a flood costs few reads).
    if (!leadAddressLimiter.hit(req.ip, now().getTime())) return tooMany();
    const declared = Number(header(req, 'content-length') || '0');
    if (declared > LEAD_BODY_MAX_BYTES) return refuse(413, 'That message is too long.');
    const body = await req.readBody(LEAD_BODY_MAX_BYTES);
    if (body === null) return refuse(413, 'That message is too long.');

    const card = await cardById(ctx.db, id);
    if (card === null || !leadFormEnabled(card.appForm)) {
      return wantsJson
        ? json(404, { error: { message: 'No such card.' } })
        : html(404, renderNotFoundPage());
    }
    // The per-card limit counts only posts to a real card: made-up ids never take a key's place.
    if (!leadLimiter.hit(`${card.id}\n${req.ip}`, now().getTime())) return tooMany();
    const consentText = leadConsentText(card.appForm);
    const parsed = parseLead(
      body,
      contentType,
      enabledLeadFields(card.appForm),
      consentText !== null,
    );
    if (!parsed.ok) return refuse(parsed.status, parsed.message);

    const day = dayKey(now());
    const mail = await ownerMail(ctx, card, parsed.lead);
    await ctx.db.batch([
      ...(mail === null ? [] : [mail]),
      {
        kind: 'set',
        path: `analytics/${card.id}/entries/${newId()}`,
        data: {
          cardId: card.id,
          accountId: card.accountId,
          ...parsed.lead,
          createdAt: serverTimestamp(),
          ...(consentText !== null
            ? { consent: { text: consentText, given: parsed.consentGiven, at: serverTimestamp() } }
            : {}),
        },
      },
      ownerMark(card),
    ]);
    await count(ctx.db, card, { leads: increment(1), leadsByDay: { [day]: increment(1) } });
    if (wantsJson) return json(201, { ok: true });
    const back = new URL(cardPublicUrl(card, ctx.hosts));
    back.searchParams.set('thanks', '1');
    return redirect(back.href, 303);
  }

  async function click(
    req: PublicRequest,
    ctx: PublicContext,
    parts: string[],
  ): Promise<PublicResponse> {
    const [value, cardId, linkId] = parts;
    const refused = () =>
      html(
        400,
        renderMessagePage(
          'This link can’t be opened',
          'The link is not valid or no longer exists on this card.',
        ),
      );
    if (value === undefined || cardId === undefined || linkId === undefined) return refused();
    const card = await cardById(ctx.db, cardId);
    if (card === null) return html(404, renderNotFoundPage());
    // Only a link the card really has, with the same value, is followed: no open redirect.
    const link = card.contacts.find((l) => l.id === linkId && l.value === value);
    // A link switched off or outside its schedule is not offered: 404, nothing counted.
    if (link !== undefined && !isLinkLive(link, now())) {
      return html(
        404,
        renderMessagePage('This link isn’t available', 'Its owner switched it off.'),
      );
    }
    const target = link === undefined ? null : safeLinkHref(link);
    if (link === undefined || target === null || !isAllowedTarget(target)) return refused();
    const at = now();
    // A click is counted once per visitor per link in the window; the visitor goes on either way.
    if (!countable(req, card, `click:${link.id}`, at)) return redirect(target, 302);
    const day = dayKey(at);
    // One new document per click (never the same one twice), and the summary through the buffer.
    await record(ctx.db, [
      {
        kind: 'set',
        path: `analytics/${card.id}/clicks/${newId()}`,
        data: {
          linkId: link.id,
          name: link.name.toLowerCase(),
          accountId: card.accountId,
          at: serverTimestamp(),
        },
      },
      ownerMark(card),
    ]);
    await count(ctx.db, card, {
      clicks: increment(1),
      clicksByDay: { [day]: increment(1) },
      clicksByLink: { [link.id]: increment(1) },
    });
    return redirect(target, 302);
  }

  const handle = async function handlePublicRequest(
    req: PublicRequest,
    ctx: PublicContext,
  ): Promise<PublicResponse | null> {
    const pathname = req.url.pathname;
    const isRead = req.method === 'GET' || req.method === 'HEAD';

    const link = paths.link !== null ? segmentsUnder(pathname, paths.link) : null;
    if (link !== null) {
      if (!isRead) return methodNotAllowed('GET, HEAD');
      if (link.length === 6 && link[4] === 'nodcard' && link[5] === 'click')
        return click(req, ctx, link);
      return html(404, renderNotFoundPage());
    }

    const signature = paths.signature !== null ? segmentsUnder(pathname, paths.signature) : null;
    if (signature !== null) {
      if (!isRead) return methodNotAllowed('GET, HEAD');
      // By handle only when the handle is public; an unlisted card's signature is at its private
      // `{id}/i`, so that guessing a handle never reveals a card its owner shares by hand.
      const card =
        signature.length === 1
          ? await cardByHandle(ctx.db, signature[0] ?? '', true)
          : signature.length === 2 && signature[1] === 'i'
            ? await cardById(ctx.db, signature[0] ?? '')
            : null;
      // An owner who turned the signature off does not publish it.
      if (card === null || card.signatureBasic.enabled === false) {
        return html(404, renderNotFoundPage());
      }
      return html(200, renderSignaturePage({ card, hosts: ctx.hosts }), true);
    }

    const parts = paths.card !== null ? segmentsUnder(pathname, paths.card) : null;
    if (parts === null || parts.length === 0) return null;
    const [first = '', second] = parts;
    if (parts.length === 2 && second === 'lead') {
      if (req.method !== 'POST') return methodNotAllowed('POST');
      return lead(req, ctx, first);
    }
    if (!isRead) return methodNotAllowed('GET, HEAD');
    if (parts.length === 1) {
      const card = await cardByHandle(ctx.db, first, true);
      return card === null ? html(404, renderNotFoundPage()) : cardPage(req, ctx, card, false);
    }
    if (parts.length === 2 && second === 'i') {
      const card = await cardById(ctx.db, first);
      return card === null ? html(404, renderNotFoundPage()) : cardPage(req, ctx, card, true);
    }
    if (parts.length === 2 && (second === 'vcard' || second === 'vcard.vcf')) {
      return vCard(req, ctx, first);
    }
    if (parts.length === 3 && second === 'wallet') return wallet(ctx, first, parts[2] ?? '');
    return html(404, renderNotFoundPage());
  };
  return Object.assign(handle, {
    async flushCounters() {
      for (const buffer of buffers.values()) await buffer.flush();
    },
  });
}
