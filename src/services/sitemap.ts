/**
 * `GET /sitemap.xml`: the public card pages whose owners let search engines index them
 * (`handleAllowIndex` true, a handle set, not archived), as a sitemap for search engines; the
 * robots.txt files of the app and card hosts (public/robots.txt, hosting/public-surfaces/robots.txt)
 * leave those pages open to crawling. Every other card page says `noindex` and is left out.
 * Host-agnostic like the card pages: the local server and the `sitemap` Cloud Function only adapt
 * to it.
 */
import type { QueryDoc } from '../backend/port';
import type { ServerQuerySpec } from '../backend/server-port';
import { storedCardSchema } from '../domain/schemas/card';
import { storedPick } from '../domain/schemas/fields';
import { scanCursorOf } from '../domain/schemas/scan-cursor';
import { cardPublicUrl } from '../domain/urls';
import type { PublicRequest, PublicResponse } from './public-surfaces/public-surfaces-handler';

export const SITEMAP_PATH = '/sitemap.xml';

/** The sitemap protocol's limit of addresses in one file. */
const MAX_URLS = 50_000;

/** Cards read per query: a page of small documents, never the whole list at once. */
export const SITEMAP_PAGE = 1000;

/** The card fields the sitemap reads (a field mask: nothing else of a card leaves the database). */
export const SITEMAP_CARD_FIELDS = ['id', 'handle', 'accountId'] as const;

/** What the sitemap needs of the database: server queries, with field masks. */
export interface SitemapDb {
  query(spec: ServerQuerySpec): QueryDoc[] | Promise<QueryDoc[]>;
}

export interface SitemapContext {
  readonly db: SitemapDb;
  /** Absolute base of the card pages (`https://card.example.com`, or `{app}/c`). */
  readonly cardHost: string;
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** What a link needs of a card, decoded alone: the sitemap reads up to 50,000 of them. */
const linkFields = storedPick(storedCardSchema, { handle: true, accountId: true });

/**
 * The sitemap's XML: the live cards whose owners allow indexing. Read in pages of `SITEMAP_PAGE`
 * by card id (the cursor), filtered by the database on the indexable fields (`handleAllowIndex`,
 * `isArchived`; the composite index of firestore.indexes.json) and masked to the fields a link
 * needs, so a request holds at most a page of three short fields per card in memory, not 50,000
 * whole cards (issue 26).
 */
export async function sitemapXml(ctx: SitemapContext): Promise<string> {
  // The cards of deactivated accounts answer 404 (card-lookup.ts), so they are not listed either.
  // Deactivated accounts are few: one query for their ids costs less than a read per card's account.
  const deactivated = new Set(
    (
      await ctx.db.query({
        collection: 'accounts',
        where: [{ field: 'isActive', op: '==', value: false }],
        select: ['isActive'],
        limit: MAX_URLS,
      })
    ).map((account) => account.id),
  );
  const urls: string[] = [];
  let after: string | null = null;
  while (urls.length < MAX_URLS) {
    const page = await ctx.db.query({
      collection: 'cards',
      where: [
        { field: 'handleAllowIndex', op: '==', value: true },
        { field: 'isArchived', op: '==', value: false },
        ...(after !== null ? [{ field: 'id', op: '>' as const, value: after }] : []),
      ],
      orderBy: [{ field: 'id', direction: 'asc' }],
      select: [...SITEMAP_CARD_FIELDS],
      limit: SITEMAP_PAGE,
    });
    for (const doc of page) {
      const { handle, accountId } = linkFields.parse(doc.data);
      if (handle.trim() === '' || deactivated.has(accountId)) continue;
      urls.push(
        cardPublicUrl({ id: doc.id, handle, handleAllowIndex: true }, { card: ctx.cardHost }),
      );
      if (urls.length >= MAX_URLS) break;
    }
    const last = page.at(-1);
    if (page.length < SITEMAP_PAGE || !last) break;
    after = scanCursorOf(last);
  }
  return urlset(urls.sort());
}

function urlset(urls: readonly string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>\n`).join('') +
    '</urlset>\n'
  );
}

/** The sitemap of a host that serves no card pages. */
function emptySitemap(): string {
  return urlset([]);
}

/**
 * The host a request was made to, as Firebase Hosting forwards it (`x-forwarded-host`: the site's
 * domain), or null when no proxy said (the local server, tests).
 */
function forwardedHost(req: PublicRequest): string | null {
  const header = req.headers['x-forwarded-host'];
  const value = Array.isArray(header) ? header[0] : header;
  const host = value?.split(',')[0]?.trim().toLowerCase();
  return host ? host : null;
}

/**
 * True when the card pages live on the host the sitemap was asked on. A sitemap lists only
 * addresses of its own host (sitemaps.org, "Sitemap file location"): with a card host of its own,
 * the app's `/sitemap.xml` lists nothing and the card host's lists the cards.
 */
function cardPagesOnThisHost(req: PublicRequest, cardHost: string): boolean {
  const asked = forwardedHost(req);
  return asked === null || asked === new URL(cardHost).host.toLowerCase();
}

/** Answers `GET`/`HEAD /sitemap.xml`, or null for any other request. */
export async function sitemapPage(
  req: PublicRequest,
  ctx: SitemapContext,
): Promise<PublicResponse | null> {
  if (req.url.pathname !== SITEMAP_PATH) return null;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return {
      status: 405,
      headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
      body: 'Method not allowed',
    };
  }
  return {
    status: 200,
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      // Search engines read it rarely; an hour of caching keeps the card query off the hot path.
      'Cache-Control': 'public, max-age=3600',
    },
    body: cardPagesOnThisHost(req, ctx.cardHost) ? await sitemapXml(ctx) : emptySitemap(),
  };
}
