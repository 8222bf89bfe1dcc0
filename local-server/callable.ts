/**
 * Hosts an https callable Cloud Function on the local server with the callable wire format the
 * Firebase SDK uses: `POST /functions/{projectId}/{region}/{name}` with body `{ data }` and
 * `Authorization: Bearer <ID token>`, answering `{ result }` or `{ error: { status, message } }`
 * (status like `UNAUTHENTICATED`). The payments stand-in registers `createPortalLink` with it.
 */
import { BackendError } from 'firestore-engine/errors';
import type { CallerAuth } from '@/backend/server-port';
import { readBody, requestAuth, statusFor, toBackendError } from 'firestore-local/http-util';
import type { AuthInfo, RouteHandler, ServerContext } from 'firestore-local/types';

export type CallableHandler = (
  data: unknown,
  auth: AuthInfo | null,
  ctx: ServerContext,
) => Promise<unknown>;

/** The caller as server code sees it (`src/services/`), from the verified token. */
export function callerAuth(auth: AuthInfo | null): CallerAuth | null {
  return auth
    ? {
        uid: auth.uid,
        email: auth.email ?? null,
        emailVerified: auth.claims['email_verified'] === true,
      }
    : null;
}

/** A route for the callable `name` (e.g. `ext-firestore-stripe-payments-createPortalLink`). */
export function callableRoute(
  name: string,
  handler: CallableHandler,
  region = 'us-central1',
): RouteHandler {
  return async (req, res, url, ctx) => {
    if (url.pathname !== `/functions/${ctx.projectId}/${region}/${name}`) return false;
    const answer = (status: number, body: unknown): void => {
      const text = JSON.stringify(body);
      res.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Access-Control-Allow-Origin': '*',
      });
      res.end(text);
    };
    try {
      if (req.method !== 'POST') throw new BackendError('invalid-argument', 'Callables take POST.');
      const raw = await readBody(req);
      const auth = await requestAuth(req, ctx);
      let body: { data?: unknown };
      try {
        body = JSON.parse(raw.toString('utf8')) as { data?: unknown };
      } catch {
        throw new BackendError('invalid-argument', 'The request body is not valid JSON.');
      }
      if (typeof body !== 'object' || body === null || !('data' in body)) {
        throw new BackendError('invalid-argument', 'A callable body is { data }.');
      }
      const result = await handler(body.data, auth, ctx);
      answer(200, { result: result ?? null });
    } catch (err) {
      const e = toBackendError(err);
      answer(statusFor(e.code), {
        error: { status: e.code.toUpperCase().replace(/-/g, '_'), message: e.message },
      });
    }
    return true;
  };
}
