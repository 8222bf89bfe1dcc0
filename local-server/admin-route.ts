/**
 * `POST /api/admin/db`: server privileges over HTTP, for server code in another process (the
 * Cloud Functions of the offline deploy rehearsal, through `src/backend/local/remote-server-db.ts`).
 * Wired only when given a secret, sent as `Authorization: Bearer <secret>`. Writes go through the
 * AdminDb, so listeners and the server's triggers see them as any other.
 */
import { timingSafeEqual } from 'node:crypto';
import { BackendError } from 'firestore-engine/errors';
import { readsStillHold, type TransactionReads } from 'firestore-engine/optimistic-transaction';
import { decodeValue, encodeValue } from 'firestore-engine/wire';
import type { QuerySpec, WriteOp } from '@/backend/port';
import { ADMIN_DB_PATH } from '@/backend/local/remote-server-db';
import { readBody, sendError, sendJson } from 'firestore-local/http-util';
import type { RouteHandler } from 'firestore-local/types';

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createAdminRoute(secret: string): RouteHandler {
  if (secret.length < 16)
    throw new Error('The admin endpoint needs a secret of 16 characters or more.');
  return async (req, res, url, ctx) => {
    if (url.pathname !== ADMIN_DB_PATH) return false;
    try {
      const header = req.headers.authorization ?? '';
      const given = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? '';
      if (!sameSecret(given, secret)) {
        req.resume();
        throw new BackendError('permission-denied', 'The admin endpoint needs its secret.');
      }
      if (req.method !== 'POST') throw new BackendError('invalid-argument', 'Use POST.');
      let body: Record<string, unknown>;
      try {
        body = decodeValue(JSON.parse((await readBody(req)).toString('utf8'))) as Record<
          string,
          unknown
        >;
      } catch {
        throw new BackendError('invalid-argument', 'The request body is not valid JSON.');
      }
      // { op: 'get', path } → { doc }; { op: 'query', query } → { docs };
      // { op: 'commit', ops, expect? } → { committed }: `expect` holds a transaction's reads, and the
      // writes commit only if they all still hold.
      switch (body.op) {
        case 'get':
          sendJson(res, 200, { doc: encodeValue(ctx.db.get(String(body.path))) });
          return true;
        case 'query':
          sendJson(res, 200, { docs: encodeValue(ctx.db.query(body.query as QuerySpec)) });
          return true;
        case 'commit': {
          if (!Array.isArray(body.ops))
            throw new BackendError('invalid-argument', '`ops` must be a list.');
          const ops = body.ops as WriteOp[];
          const expect = body.expect as TransactionReads | undefined;
          // The check and the commit happen in this one synchronous step.
          if (
            expect &&
            !readsStillHold(
              expect,
              (p) => ctx.db.get(p).data,
              (s) => ctx.db.query(s),
            )
          ) {
            sendJson(res, 200, { committed: false });
            return true;
          }
          if (ops.length > 0) ctx.db.batch(ops);
          sendJson(res, 200, { committed: true });
          return true;
        }
        default:
          throw new BackendError('invalid-argument', `Unknown op "${String(body.op)}".`);
      }
    } catch (err) {
      sendError(res, err);
      return true;
    }
  };
}
