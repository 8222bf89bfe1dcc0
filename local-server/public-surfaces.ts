/**
 * The public surfaces on the local data server: the card pages, vCard, lead endpoint, signature
 * preview, click redirect and account directories, as path prefixes of the server's own origin
 * (`/c`, `/s`, `/l`, `/d`). A thin adapter: the work is done by the host-agnostic handlers in
 * `src/services/public-surfaces/` and `src/services/directory/`, which the Cloud Functions host too. It
 * reads with server privileges (AdminDb) and needs no sign-in.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { createDirectoryPage } from '@/services/directory/directory-page';
import { createPhotoLoader } from '@/services/public-surfaces/photo-loader';
import {
  createPublicSurfacesHandler,
  type PublicRequest,
  type PublicResponse,
} from '@/services/public-surfaces/public-surfaces-handler';
import type { PublicDb } from '@/services/public-surfaces/public-surface-types';
import type { WalletConfig } from '@/services/wallet/wallet-config';
import type { FlushingRoute } from 'firestore-local/create-server';
import type { AdminDb, ServerContext } from 'firestore-local/types';

export interface PublicSurfacesOptions {
  /** Path prefix (`/c`) or absolute base (`https://card.example.com`) of card pages. */
  cardBase: string;
  /** Path prefix (`/s`) or absolute base of the signature preview. */
  signatureBase: string;
  /** Path prefix (`/l`) or absolute base of the click-tracking redirect. */
  linkBase: string;
  /** Path prefix of the account directories (default `/d`). */
  directoryPath?: string;
  /** Lead posts allowed per card per visitor IP per minute (default 10). */
  leadsPerMinute?: number;
  /** The credentials wallet passes are signed with (none: no wallet buttons, 503). */
  wallet?: WalletConfig;
}

/** The absolute base (for addresses in pages) and the path prefix (for routing) of a surface. */
function surface(base: string, origin: string): { url: string; path: string } {
  const url = new URL(base, origin.endsWith('/') ? origin : `${origin}/`);
  const path = url.pathname.replace(/\/+$/, '');
  return { url: `${url.origin}${path}`, path };
}

/** Reads the request body up to `maxBytes`; null (and the rest drained) when it is longer. */
export function bodyReader(req: IncomingMessage): (maxBytes: number) => Promise<string | null> {
  return (maxBytes) =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      function onData(chunk: Buffer): void {
        if (done) return;
        size += chunk.length;
        if (size > maxBytes) {
          done = true;
          req.off('data', onData);
          req.resume();
          resolve(null);
          return;
        }
        chunks.push(chunk);
      }
      req.on('data', onData);
      req.on('end', () => {
        if (done) return;
        done = true;
        resolve(Buffer.concat(chunks).toString('utf8'));
      });
      req.on('error', (err) => {
        if (!done) reject(err);
      });
    });
}

/** Compressed bodies kept, by body: a card page is the same text until its card changes. */
const GZIP_KEPT = 256;
const gzipped = new Map<string, Buffer>();

/**
 * The body gzipped, from the last answers when it is one of them: compressing a card page costs
 * more than rendering it, and a busy card answers the same page many times a second (the CDN in
 * front of the Cloud Function keeps it the same way).
 */
function gzipOf(body: string): Buffer {
  let zipped = gzipped.get(body);
  if (zipped === undefined) {
    zipped = gzipSync(body);
    if (gzipped.size >= GZIP_KEPT) gzipped.delete(gzipped.keys().next().value as string);
  } else {
    gzipped.delete(body);
  }
  gzipped.set(body, zipped);
  return zipped;
}

/** Sends a surface's answer, compressed like the production CDN would, so its weight here is real. */
function send(req: IncomingMessage, res: ServerResponse, answer: PublicResponse): void {
  const accepts = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  // Bytes (a wallet pass, already a zip) go as they are.
  const compress = accepts && answer.bytes === undefined && answer.body.length > 1024;
  const body =
    answer.bytes !== undefined
      ? Buffer.from(answer.bytes)
      : compress
        ? gzipOf(answer.body)
        : Buffer.from(answer.body, 'utf8');
  const headers: Record<string, string | number> = {
    ...answer.headers,
    'Content-Length': body.length,
    ...(compress
      ? {
          'Content-Encoding': 'gzip',
          // Kept beside what the answer varies on already (the card page's language).
          Vary: answer.headers.Vary ? `${answer.headers.Vary}, Accept-Encoding` : 'Accept-Encoding',
        }
      : {}),
  };
  if (answer.status === 413) headers.Connection = 'close';
  res.writeHead(answer.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  if (!req.complete) req.resume();
}

const publicDbs = new WeakMap<AdminDb, PublicDb>();

/**
 * The database as the public surfaces read it: frozen shared copies, so that a busy card's page
 * parses its card once per stored version (`card-lookup.ts`), not once per visitor. One per
 * database, since the surfaces keep one counter buffer per database they are given.
 */
function publicDb(db: AdminDb): PublicDb {
  let kept = publicDbs.get(db);
  if (kept === undefined) {
    const reads = db.frozen ?? db;
    kept = {
      get: (path) => reads.get(path),
      query: (spec) => reads.query(spec),
      batch: (ops) => db.batch(ops),
      ...(db.counterOutbox ? { counterOutbox: db.counterOutbox } : {}),
    };
    publicDbs.set(db, kept);
  }
  return kept;
}

export function createPublicSurfaces(options: PublicSurfacesOptions): FlushingRoute {
  const routes = (origin: string) => ({
    card: surface(options.cardBase, origin),
    signature: surface(options.signatureBase, origin),
    link: surface(options.linkBase, origin),
  });
  // The prefixes do not depend on the origin; they are read once for the handler and the fast check.
  const prefixes = routes('http://local');
  const handler = createPublicSurfacesHandler({
    paths: {
      card: prefixes.card.path,
      signature: prefixes.signature.path,
      link: prefixes.link.path,
    },
    ...(options.leadsPerMinute !== undefined ? { leadsPerMinute: options.leadsPerMinute } : {}),
    ...(options.wallet !== undefined ? { wallet: options.wallet } : {}),
  });
  const directoryPath = (options.directoryPath ?? '/d').replace(/\/+$/, '');
  const directory = createDirectoryPage({ path: directoryPath });
  const ours = [prefixes.card.path, prefixes.signature.path, prefixes.link.path, directoryPath];

  async function publicSurfaces(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    ctx: ServerContext,
  ): Promise<boolean> {
    const p = url.pathname;
    if (!ours.some((prefix) => p === prefix || p.startsWith(`${prefix}/`))) return false;
    const bases = routes(ctx.publicOrigin);
    const request: PublicRequest = {
      method: req.method ?? 'GET',
      url,
      headers: req.headers,
      ip: req.socket.remoteAddress ?? '',
      readBody: bodyReader(req),
    };
    const db = publicDb(ctx.db);
    const answer =
      (await directory(request, { db, cardHost: bases.card.url })) ??
      (await handler(request, {
        db,
        hosts: { card: bases.card.url, signature: bases.signature.url, link: bases.link.url },
        loadPhoto: createPhotoLoader([`${ctx.publicOrigin}/files/`]),
        appOrigin: ctx.publicOrigin,
      }));
    if (answer === null) return false;
    send(req, res, answer);
    return true;
  }
  // The buffered view counts wait in the store's counter outbox: written when the server closes
  // (`startServer`'s close()), or at the next start after a crash.
  return Object.assign(publicSurfaces, {
    flush: () => handler.flushCounters(),
    recover: (ctx: ServerContext) => handler.recoverCounters(publicDb(ctx.db)),
  });
}
