/**
 * Production host of the public surfaces (a thin host, no logic of its own): the card pages, the
 * vCard, the lead endpoint, the signature preview and the click redirect, served by one HTTPS Cloud
 * Function behind Firebase Hosting rewrites (`{card host}/**`, `{signature host}/**`,
 * `{link host}/**` → this function), with Hosting's CDN honouring the pages' `Cache-Control`. It
 * runs the same handler as the local server (`src/features/public-card/host/
 * public-surfaces-handler.ts`). Wiring, once the functions package exists (firebase-functions v2):
 *
 *   export const publicSurfaces = onRequest({ region: 'us-central1' },
 *     createPublicSurfacesFunction({ db: adminPublicDb(getFirestore()), hosts, paths }));
 *
 * where `adminPublicDb` maps `PublicDb` onto firebase-admin: `get` and `query` return the port's
 * plain shapes (Timestamps → Date), `batch` turns the port's tagged transforms (`increment`,
 * `serverTimestamp`) into `FieldValue` sentinels. That adapter is not written yet. Caveats in
 * production: with CDN caching a page view is counted only when the CDN asks the function (at most
 * once a minute per page and edge), and the lead rate limit is per function instance (add a
 * Firestore-backed limit or App Check if spam appears). This file stays free of SDK imports.
 */
import type { PublicHosts } from '../../src/domain/urls';
import {
  createPublicSurfacesHandler,
  type PublicDb,
} from '../../src/features/public-card/host/public-surfaces-handler';

/** The parts of firebase-functions' (Express) request this host reads. */
export interface OnRequestRequest {
  method: string;
  originalUrl: string;
  headers: Record<string, string | string[] | undefined>;
  /** The client's address as Google's front end reports it. */
  ip?: string;
  /** The unparsed body, which firebase-functions keeps for every request. */
  rawBody?: Buffer;
}

/** The parts of firebase-functions' (Express) response this host uses. */
export interface OnRequestResponse {
  status(code: number): OnRequestResponse;
  set(headers: Record<string, string>): OnRequestResponse;
  send(body: string): void;
}

export interface PublicSurfacesFunctionOptions {
  db: PublicDb;
  /** Absolute bases of the card, signature and link hosts (the same values as the app's). */
  hosts: PublicHosts;
  /** Path prefixes under which each surface is rewritten to the function (`''` on its own host). */
  paths: { card: string; signature: string; link: string };
}

/** An onRequest-style handler serving the public surfaces. */
export function createPublicSurfacesFunction(
  options: PublicSurfacesFunctionOptions,
): (req: OnRequestRequest, res: OnRequestResponse) => Promise<void> {
  const handle = createPublicSurfacesHandler({ paths: options.paths });
  const origin = new URL(options.hosts.card).origin;
  return async (req, res) => {
    const answer = await handle(
      {
        method: req.method,
        url: new URL(req.originalUrl, origin),
        headers: req.headers,
        ip: req.ip ?? '',
        readBody: async (maxBytes) => {
          const body = req.rawBody ?? Buffer.alloc(0);
          return body.length > maxBytes ? null : body.toString('utf8');
        },
      },
      { db: options.db, hosts: options.hosts },
    );
    if (answer === null) {
      res.status(404).set({ 'Content-Type': 'text/plain; charset=utf-8' }).send('Not found');
      return;
    }
    res.status(answer.status).set(answer.headers).send(answer.body);
  };
}
