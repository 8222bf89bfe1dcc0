/**
 * `/sitemap.xml` on the local data server: a thin adapter over `src/services/sitemap.ts` (which the
 * `sitemap` Cloud Function hosts too), listing the card pages under the server's own `/c`.
 */
import { sitemapPage, SITEMAP_PATH } from '@/services/sitemap';
import type { RouteHandler } from 'firestore-local/types';

export const sitemapRoute: RouteHandler = async (req, res, url, ctx) => {
  if (url.pathname !== SITEMAP_PATH) return false;
  const answer = await sitemapPage(
    {
      method: req.method ?? 'GET',
      url,
      headers: req.headers,
      ip: req.socket.remoteAddress ?? '',
      readBody: () => Promise.resolve(''),
    },
    { db: ctx.db, cardHost: `${ctx.publicOrigin}/c` },
  );
  if (answer === null) return false;
  const body = Buffer.from(answer.body, 'utf8');
  res.writeHead(answer.status, { ...answer.headers, 'Content-Length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
};
