/**
 * The public directory of an account (accounts have a directory slug): GET `{directory}/{slug}`
 * lists the account's cards that are not archived and not unlisted, with a search box (`?q=`, matched on name, title
 * and company), each linking to the card's public page (`/c/{handle}`). Rendered on
 * the server with admin reads, like the card pages, and shown only for accounts that turned it on
 * (`directory.enabled === true`); any other slug answers 404 with the same page, so slugs of
 * accounts without a directory cannot be told apart from unknown ones. Every user value is
 * HTML-escaped; the page runs no script. Host-agnostic like the card pages: a plain request in, a
 * plain response out; the local server and the `publicDirectory` Cloud Function only adapt to it.
 *
 * Branding: the page shows the brand kit of the account's default team (the owner's `defaultTeam`,
 * the team every new account starts with): its logo and its accent colour. Both are already public,
 * since the team sync puts them on every card that follows the team's branding; nothing else of the
 * team is read into the page. They are read at render time, so the page follows the brand kit
 * without a copy to keep in sync. The accent only fills areas whose text colour is chosen for
 * contrast, and where it would not stand out from the page (a near-white accent) the product's
 * indigo outlines the focus instead, so the page stays readable whatever the brand colour.
 */
import type { DocData } from '@/backend/port';
import { safeImageSrc } from '@/card-view/components/card-theme';
import { isAccountDeactivated } from '@/domain/account-status';
import { DEFAULT_ACCENT, safeHexColor } from '@/domain/colors';
import { contrastRatio, readableOn } from '@/domain/contrast';
import { escapeHtml } from '@/domain/html';
import { cardFromDoc } from '@/domain/schemas/card';
import { cardPublicUrl } from '@/domain/urls';
import type {
  PublicDb,
  PublicRequest,
  PublicResponse,
} from '../public-surfaces/public-surfaces-handler';

export interface DirectoryPageOptions {
  /** Path prefix of the directory (default `/d`; `''` on a host of its own). */
  readonly path?: string;
  /** The most cards listed (default 500). */
  readonly limit?: number;
}

export interface DirectoryContext {
  readonly db: PublicDb;
  /** Absolute base of the card pages the entries link to (`https://card.example.com`). */
  readonly cardHost: string;
}

/** Answers a directory request, or null when the path is not the directory's. */
export type DirectoryHandler = (
  req: PublicRequest,
  ctx: DirectoryContext,
) => Promise<PublicResponse | null>;

/** The default team's brand, as the directory shows it. */
export interface DirectoryBrand {
  /** The logo's address (http(s) or an inline image), or null. */
  readonly logo: string | null;
  /** The accent colour (hex), or null for the product's own. */
  readonly accent: string | null;
}

const NO_BRAND: DirectoryBrand = { logo: null, accent: null };
/** The page's background, against which the accent must stand out to draw focus rings. */
const PAGE_BACKGROUND = '#f8fafc';
/** The contrast a non-text mark (focus ring, border) needs against the page (WCAG 1.4.11). */
const MIN_MARK_CONTRAST = 3;

interface Entry {
  id: string;
  name: string;
  title: string;
  company: string;
  url: string;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

const STYLE = `
:root{color-scheme:light}*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a;background:#f8fafc;line-height:1.5}
main{max-width:800px;margin:0 auto;padding:2rem 1rem 3rem}
h1{font-size:1.75rem;margin:0 0 .25rem}
.lead{color:#475569;margin:0 0 1.5rem}
form{display:flex;gap:.5rem;margin-bottom:1.5rem}
label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
input{flex:1;min-height:44px;padding:.5rem .75rem;border:1px solid #94a3b8;border-radius:10px;font:inherit}
button{min-height:44px;padding:0 1.25rem;border:1px solid var(--edge);border-radius:10px;background:var(--accent);color:var(--on-accent);font:inherit;font-weight:600;cursor:pointer}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--ring);outline-offset:2px}
.brand{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;margin:0 0 .25rem;padding-top:1rem;border-top:6px solid var(--accent)}
.logo{display:block;width:160px;height:64px;object-fit:contain;object-position:left center}
ul{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
li a{display:flex;gap:1rem;align-items:center;padding:1rem;background:#fff;border:1px solid #e2e8f0;border-radius:16px;color:inherit;text-decoration:none}
li a:hover{border-color:var(--ring)}
.avatar{flex:none;width:44px;height:44px;border-radius:50%;background:var(--accent);color:var(--on-accent);display:grid;place-items:center;font-weight:700}
.name{font-weight:600;display:block}.meta{color:#475569;font-size:.875rem}
.empty{color:#475569;text-align:center;padding:2rem 0}
`;

/**
 * The page's colour variables for an accent: the accent itself (a valid hex colour, else the
 * product's indigo), black or white text on it, whichever reads better (at least 4.5:1 for any
 * colour), and, when the accent barely differs from the page, indigo focus rings and a dark edge
 * so buttons and rings still stand out.
 */
export function brandColours(accent: string | null): string {
  const fill = safeHexColor(accent, DEFAULT_ACCENT);
  const stands = (contrastRatio(fill, PAGE_BACKGROUND) ?? 0) >= MIN_MARK_CONTRAST;
  return `:root{--accent:${fill};--on-accent:${readableOn(fill)};--ring:${stands ? fill : DEFAULT_ACCENT};--edge:${stands ? 'transparent' : '#0f172a'}}`;
}

function page(
  title: string,
  body: string,
  description: string,
  accent: string | null,
  noindex = false,
): string {
  const robots = noindex ? '<meta name="robots" content="noindex">' : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><meta name="description" content="${escapeHtml(description)}">${robots}<style>${brandColours(accent)}${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function notFound(): string {
  return page(
    'Directory not found',
    '<h1>Directory not found</h1><p class="lead">This directory does not exist or is not public.</p>',
    'This directory does not exist or is not public.',
    null,
    true,
  );
}

/** Renders the directory page (exported for tests). */
export function renderDirectory(input: {
  accountName: string;
  slug: string;
  query: string;
  entries: Entry[];
  total: number;
  brand?: DirectoryBrand;
}): string {
  const { accountName, query, entries, total } = input;
  const brand = input.brand ?? NO_BRAND;
  const logo = safeImageSrc(brand.logo);
  const heading = `<h1>${escapeHtml(accountName)}</h1>`;
  // Width and height reserve the logo's box before it loads (no layout shift); object-fit keeps
  // any logo's own proportions inside it.
  const header =
    logo !== null
      ? `<header class="brand"><img class="logo" src="${escapeHtml(logo)}" alt="${escapeHtml(`${accountName} logo`)}" width="160" height="64">${heading}</header>`
      : `<header class="brand">${heading}</header>`;
  const list =
    entries.length === 0
      ? `<p class="empty">${query ? `No one matches “${escapeHtml(query)}”.` : 'No cards yet.'}</p>`
      : `<ul>${entries
          .map(
            (e) =>
              `<li><a href="${escapeHtml(e.url)}"><span class="avatar" aria-hidden="true">${escapeHtml(initials(e.name))}</span><span><span class="name">${escapeHtml(e.name || 'Unnamed card')}</span><span class="meta">${escapeHtml([e.title, e.company].filter(Boolean).join(' · '))}</span></span></a></li>`,
          )
          .join('')}</ul>`;
  const count = query
    ? `${entries.length} of ${total} ${total === 1 ? 'person' : 'people'}`
    : `${total} ${total === 1 ? 'person' : 'people'}`;
  return page(
    `${accountName} · Directory`,
    `${header}<p class="lead">${escapeHtml(count)}</p>` +
      `<form method="get" role="search"><label for="q">Search people</label><input id="q" name="q" type="search" value="${escapeHtml(query)}" placeholder="Search by name or title" maxlength="100"><button type="submit">Search</button></form>` +
      list,
    `The digital business cards of the people at ${accountName}: find someone by name or title and save their contact.`,
    brand.accent,
  );
}

function answer(status: number, html: string): PublicResponse {
  return {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': status === 200 ? 'public, max-age=60' : 'no-store',
      'Content-Security-Policy':
        // connect-src 'self' lets a browser's audit fetch this host's robots.txt from the page (the
        // page itself runs no script), as the card pages allow.
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    },
    body: html,
  };
}

async function findAccount(
  db: PublicDb,
  slug: string,
): Promise<{ id: string; data: DocData } | null> {
  const docs = await db.query({
    collection: 'accounts',
    where: [{ field: 'directory.slug', op: '==', value: slug }],
    limit: 2,
  });
  const doc = docs.length === 1 ? docs[0] : undefined;
  return doc ? { id: doc.id, data: doc.data } : null;
}

function obj(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * The brand of the account's default team (its owner's `defaultTeam`): the logo and the accent
 * colour, nothing else. No brand when any document on the way is missing.
 */
async function findBrand(
  db: PublicDb,
  accountId: string,
  account: DocData,
): Promise<DirectoryBrand> {
  const ownerId = str(account.ownerId);
  if (ownerId === '' || ownerId.includes('/')) return NO_BRAND;
  const owner = await db.get(`users/${ownerId}`);
  const teamId = str(owner.data?.defaultTeam);
  if (!owner.exists || teamId === '' || teamId.includes('/')) return NO_BRAND;
  const team = await db.get(`accounts/${accountId}/teams/${teamId}`);
  if (!team.exists || team.data === null || team.data.isArchived === true) return NO_BRAND;
  const accent = str(obj(team.data.template).accentColor);
  return {
    logo: safeImageSrc(str(team.data.photoLogo)),
    accent: safeHexColor(accent, '') || null,
  };
}

/** The directory surface: `{path}/{slug}` (GET and HEAD). */
export function createDirectoryPage(options: DirectoryPageOptions = {}): DirectoryHandler {
  const prefix = (options.path ?? '/d').replace(/\/+$/, '');
  const limit = options.limit ?? 500;
  return async function directoryPage(req, ctx) {
    const pathname = req.url.pathname;
    if (!pathname.startsWith(`${prefix}/`)) return null;
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    let slug: string;
    try {
      slug = decodeURIComponent(pathname.slice(prefix.length + 1).replace(/\/+$/, ''));
    } catch {
      return answer(404, notFound());
    }
    if (slug === '' || slug.includes('/') || slug.length > 100) return answer(404, notFound());
    const account = await findAccount(ctx.db, slug);
    const directory = account?.data.directory as { enabled?: unknown } | undefined;
    // A deactivated account's directory is gone like an unknown one (docs/access.md).
    if (!account || isAccountDeactivated(account.data) || directory?.enabled !== true) {
      return answer(404, notFound());
    }
    const cards = await ctx.db.query({
      collection: 'cards',
      where: [
        { field: 'accountId', op: '==', value: account.id },
        { field: 'isArchived', op: '==', value: false },
        // An unlisted card (handleAllowIndex false) is only reached by people its owner shares it
        // with: the directory does not list it.
        { field: 'handleAllowIndex', op: '==', value: true },
      ],
      limit,
    });
    const all: Entry[] = cards
      .map((doc) => cardFromDoc(doc.id, doc.data))
      .map((card) => ({
        id: card.id,
        name: card.name,
        title: card.title,
        company: card.company ?? '',
        url: cardPublicUrl(card, { card: ctx.cardHost }),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
    const query = (req.url.searchParams.get('q') ?? '').trim().slice(0, 100);
    const needle = query.toLowerCase();
    const entries = needle
      ? all.filter((e) => `${e.name} ${e.title} ${e.company}`.toLowerCase().includes(needle))
      : all;
    return answer(
      200,
      renderDirectory({
        accountName: str(account.data.name) || slug,
        slug,
        query,
        entries,
        total: all.length,
        brand: await findBrand(ctx.db, account.id, account.data),
      }),
    );
  };
}
