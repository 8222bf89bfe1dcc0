/**
 * The public directory of an account (`{directory}/{slug}`, with `?q=` search), rendered on the
 * server with admin reads like the card pages (markup:
 * src/card-view/render/render-directory-page.tsx). Only accounts that turned it on are shown; any
 * other slug answers the same 404, so slugs without a directory cannot be told from unknown ones.
 * It reads only the default team's logo and accent colour, at render time: both are public on its
 * cards already.
 */
import type { DocData } from '@/backend/port';
import { safeImageSrc } from '@/card-view/components/card-theme';
import {
  type DirectoryBrand,
  type DirectoryEntry,
  renderDirectoryNotFound,
  renderDirectoryPage,
} from '@/card-view/render/render-directory-page';
import { isAccountDeactivated } from '@/domain/account-status';
import { safeHexColor } from '@/domain/colors';
import { storedAccountSchema } from '@/domain/schemas/account';
import { cardFromDoc } from '@/domain/schemas/card';
import { storedTeamSchema } from '@/domain/schemas/team';
import { storedUserSchema } from '@/domain/schemas/user';
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

const NO_BRAND: DirectoryBrand = { logo: null, accent: null };

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

/**
 * The brand of the account's default team (its owner's `defaultTeam`): the logo and the accent
 * colour, nothing else. No brand when any document on the way is missing.
 */
async function findBrand(
  db: PublicDb,
  accountId: string,
  ownerId: string,
): Promise<DirectoryBrand> {
  if (ownerId === '' || ownerId.includes('/')) return NO_BRAND;
  const owner = await db.get(`users/${ownerId}`);
  const teamId = storedUserSchema.parse(owner.data).defaultTeam ?? '';
  if (!owner.exists || teamId === '' || teamId.includes('/')) return NO_BRAND;
  const stored = await db.get(`accounts/${accountId}/teams/${teamId}`);
  if (!stored.exists || stored.data === null) return NO_BRAND;
  const team = storedTeamSchema.parse(stored.data);
  if (team.isArchived) return NO_BRAND;
  const accent = team.template?.['accentColor'];
  return {
    logo: safeImageSrc(team.photoLogo),
    accent: safeHexColor(typeof accent === 'string' ? accent : '', '') || null,
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
      return answer(404, renderDirectoryNotFound());
    }
    if (slug === '' || slug.includes('/') || slug.length > 100)
      return answer(404, renderDirectoryNotFound());
    const account = await findAccount(ctx.db, slug);
    const stored = storedAccountSchema.parse(account?.data);
    // A deactivated account's directory is gone like an unknown one (docs/access.md).
    if (!account || isAccountDeactivated(account.data) || stored.directory.enabled !== true) {
      return answer(404, renderDirectoryNotFound());
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
    const all: DirectoryEntry[] = cards
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
      renderDirectoryPage({
        accountName: stored.name || slug,
        query,
        entries,
        total: all.length,
        brand: await findBrand(ctx.db, account.id, stored.ownerId),
      }),
    );
  };
}
