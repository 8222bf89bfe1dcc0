/**
 * `POST /api/db`: the document operations of the port over HTTP, one JSON request per body (415 for
 * any other Content-Type), values wire-encoded, the caller identified by `Authorization: Bearer
 * <Firebase ID token>`. The answer comes after the write is committed to disk; a failure answers
 * `{ error: { code, message } }` and changes nothing. Other browser origins are refused before this
 * route (`isAllowedOrigin` in `create-server.ts`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BackendError } from 'firestore-engine/errors';
import type { QuerySpec, WriteOp } from 'firestore-engine/document';
import { assertCollectionPath, newDocId } from 'firestore-engine/paths';
import { decodeDoc, decodeValue, encodeValue } from 'firestore-engine/wire';
import type { DatabaseService } from './database';
import {
  HttpError,
  isJsonContentType,
  readBody,
  requestAuth,
  sendError,
  sendJson,
} from './http-util';
import type { ServerContext } from './types';

type Body = Record<string, unknown>;

function parseWrite(raw: unknown): WriteOp {
  if (typeof raw !== 'object' || raw === null)
    throw new BackendError('invalid-argument', 'A write must be an object.');
  const w = raw as Body;
  const path = w.path as string;
  switch (w.kind) {
    case 'set':
      if (w.merge !== undefined && typeof w.merge !== 'boolean') {
        throw new BackendError('invalid-argument', '`merge` must be a boolean.');
      }
      return { kind: 'set', path, data: decodeDoc(w.data), merge: w.merge === true };
    case 'update':
      return { kind: 'update', path, data: decodeDoc(w.data) };
    case 'delete':
      return { kind: 'delete', path };
    default:
      throw new BackendError('invalid-argument', `Unknown write kind "${String(w.kind)}".`);
  }
}

export async function handleDbRequest(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: ServerContext,
  db: DatabaseService,
): Promise<void> {
  try {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      sendJson(res, 405, { error: { code: 'invalid-argument', message: 'Use POST.' } });
      return;
    }
    // Only JSON: a form or `text/plain` body is what a page on another site can send without a
    // CORS preflight, so the server never reads one.
    if (!isJsonContentType(req.headers['content-type'])) {
      req.resume();
      throw new HttpError(
        415,
        'invalid-argument',
        'The request body must be JSON, sent with "Content-Type: application/json".',
      );
    }
    const raw = await readBody(req);
    const auth = await requestAuth(req, ctx);
    let body: Body;
    try {
      body = JSON.parse(raw.toString('utf8')) as Body;
    } catch {
      throw new BackendError('invalid-argument', 'The request body is not valid JSON.');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new BackendError('invalid-argument', 'The request body must be a JSON object.');
    }
    // { op: 'get', path }                         → { doc: { id, path, exists, data } }
    // { op: 'query', query: QuerySpec }           → { docs: [{ id, path, data }] }
    // { op: 'set', path, data, merge?: boolean }  → { ok: true }
    // { op: 'update', path, data }                → { ok: true }
    // { op: 'delete', path }                      → { ok: true }
    // { op: 'add', collection, data }             → { ok: true, id }
    // { op: 'batch', ops: WriteOp[] }             → { ok: true }
    switch (body.op) {
      case 'get':
        sendJson(res, 200, { doc: encodeValue(db.get(auth, body.path as string)) });
        return;
      case 'query':
        sendJson(res, 200, {
          docs: encodeValue(db.query(auth, decodeValue(body.query) as QuerySpec)),
        });
        return;
      case 'set':
      case 'update':
      case 'delete':
        db.commit(auth, [parseWrite({ ...body, kind: body.op })]);
        sendJson(res, 200, { ok: true });
        return;
      case 'add': {
        assertCollectionPath(body.collection);
        const id = newDocId();
        db.commit(auth, [
          { kind: 'set', path: `${body.collection}/${id}`, data: decodeDoc(body.data) },
        ]);
        sendJson(res, 200, { ok: true, id });
        return;
      }
      case 'batch': {
        if (!Array.isArray(body.ops))
          throw new BackendError('invalid-argument', 'A batch needs `ops`, a list of writes.');
        db.commit(auth, body.ops.map(parseWrite));
        sendJson(res, 200, { ok: true });
        return;
      }
      default:
        throw new BackendError('invalid-argument', `Unknown op "${String(body.op)}".`);
    }
  } catch (err) {
    sendError(res, err);
  }
}
