/**
 * `/scim/v2/**` on the local data server: a thin adapter over `src/services/scim/scim-handler.ts`
 * (which the `scim` Cloud Function hosts too), with the server's privileges and its clock.
 */
import type { HostContext } from '@/services/hosted';
import { handleScim, SCIM_PATH } from '@/services/scim/scim-handler';
import { bodyReader } from './public-surfaces';
import type { RouteHandler, ServerContext } from 'firestore-local/types';

export function scimRoute(context: (ctx: ServerContext) => HostContext): RouteHandler {
  return async (req, res, url, ctx) => {
    if (url.pathname !== SCIM_PATH && !url.pathname.startsWith(`${SCIM_PATH}/`)) return false;
    const host = context(ctx);
    const answer = await handleScim(
      {
        method: req.method ?? 'GET',
        // Resource locations are addresses on the server's public origin.
        url: new URL(`${url.pathname}${url.search}`, ctx.publicOrigin || url.origin),
        headers: req.headers,
        ip: req.socket.remoteAddress ?? '',
        readBody: bodyReader(req),
      },
      { db: host.db, now: host.now },
    );
    if (answer === null) return false;
    const body = Buffer.from(answer.body, 'utf8');
    res.writeHead(answer.status, { ...answer.headers, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    if (!req.complete) req.resume();
    return true;
  };
}
