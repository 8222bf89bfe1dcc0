/**
 * The local file store's HTTP surface, standing in for Cloud Storage. Uploads are PNG, JPEG, WebP
 * or GIF up to 5 MiB; storage.rules judge the API calls. Download URLs carry the file's version,
 * so a replaced photo gets a new URL and old ones may be cached long, and a secret token, so a file
 * cannot be fetched by guessing its path.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BackendError } from 'firestore-engine/errors';
import {
  MAX_FILE_BYTES,
  assertFilePath,
  assertUploadAllowed,
  normalizeContentType,
} from 'firestore-engine/files';
import type { AccessPolicy, FileMeta, PolicyReader } from './access-policy';
import { HttpError, readBody, requestAuth, sendError, sendJson } from './http-util';
import type { Store } from './store';
import type { ServerContext } from './types';

function filePathOf(url: URL, prefix: string): string {
  try {
    return url.pathname.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    throw new BackendError('invalid-argument', 'The file path is not valid URL encoding.');
  }
}

export function encodeFilePath(filePath: string): string {
  return filePath.split('/').map(encodeURIComponent).join('/');
}

function downloadUrl(
  ctx: ServerContext,
  filePath: string,
  file: { version: number; token: string },
): string {
  return `${ctx.publicOrigin}/files/${encodeFilePath(filePath)}?v=${file.version}&token=${file.token}`;
}

/** The stored file's metadata as storage rules see it (`resource`), or null. */
function storedMeta(store: Store, filePath: string): FileMeta | null {
  const file = store.getFile(filePath);
  return file
    ? { contentType: file.contentType, size: file.size, updated: new Date(file.version) }
    : null;
}

export async function handleFilesApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: ServerContext,
  store: Store,
  policy: AccessPolicy,
): Promise<void> {
  const reader: PolicyReader = { get: (docPath) => store.get(docPath) };
  try {
    const filePath = filePathOf(url, '/api/files/');
    assertFilePath(filePath);
    // PUT    /api/files/<path>   body = the bytes, Content-Type = the image type → { url }
    // GET    /api/files/<path>   → { url }   (the download URL, like getDownloadURL)
    // DELETE /api/files/<path>   → { ok: true }
    // (GET /files/<path>?token= serves the bytes: `serveFile`.) Path segments are URL-encoded one by one.
    switch (req.method) {
      case 'PUT': {
        const contentType = normalizeContentType(req.headers['content-type'] ?? '');
        const declared = Number(req.headers['content-length'] ?? '0');
        // Judge the type and declared size before reading a byte of a body that will be refused.
        if (declared > MAX_FILE_BYTES) {
          throw new HttpError(
            413,
            'invalid-argument',
            `The file is ${declared} bytes, over the 5 MiB limit.`,
          );
        }
        assertUploadAllowed(filePath, contentType, Math.max(declared, 1));
        const auth = await requestAuth(req, ctx);
        const body = await readBody(req, MAX_FILE_BYTES).catch((err: unknown) => {
          throw err instanceof HttpError
            ? new HttpError(413, 'invalid-argument', 'The file is over the 5 MiB limit.')
            : err;
        });
        assertUploadAllowed(filePath, contentType, body.length);
        const incoming = { contentType, size: body.length };
        if (!policy.canWriteFile(auth, filePath, storedMeta(store, filePath), incoming, reader)) {
          throw new BackendError(
            'permission-denied',
            `Missing or insufficient permissions: upload ${filePath}.`,
          );
        }
        const stored = store.putFile(filePath, contentType, body);
        sendJson(res, 200, { url: downloadUrl(ctx, filePath, stored) });
        return;
      }
      case 'GET': {
        const auth = await requestAuth(req, ctx);
        if (!policy.canReadFile(auth, filePath, storedMeta(store, filePath), reader)) {
          throw new BackendError(
            'permission-denied',
            `Missing or insufficient permissions: read ${filePath}.`,
          );
        }
        const file = store.getFile(filePath);
        if (!file) throw new BackendError('not-found', `No file at ${filePath}.`);
        sendJson(res, 200, { url: downloadUrl(ctx, filePath, file) });
        return;
      }
      case 'DELETE': {
        const auth = await requestAuth(req, ctx);
        if (!policy.canWriteFile(auth, filePath, storedMeta(store, filePath), null, reader)) {
          throw new BackendError(
            'permission-denied',
            `Missing or insufficient permissions: delete ${filePath}.`,
          );
        }
        if (!store.deleteFile(filePath))
          throw new BackendError('not-found', `No file at ${filePath}.`);
        sendJson(res, 200, { ok: true });
        return;
      }
      default:
        res.setHeader('Allow', 'PUT, GET, DELETE');
        sendJson(res, 405, {
          error: { code: 'invalid-argument', message: 'Use PUT, GET or DELETE.' },
        });
    }
  } catch (err) {
    req.resume();
    sendError(res, err);
  }
}

/** Serves a stored file's bytes publicly, as a Cloud Storage download URL does. */
export function serveFile(req: IncomingMessage, res: ServerResponse, url: URL, store: Store): void {
  let filePath: string;
  try {
    filePath = filePathOf(url, '/files/');
    assertFilePath(filePath);
  } catch {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad file path');
    return;
  }
  const file = store.getFile(filePath);
  // Without its token a path is no address: like a Cloud Storage download URL, the token is the
  // secret, and a wrong one looks exactly like a missing file.
  if (!file || url.searchParams.get('token') !== file.token) {
    res
      .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
      .end('Not found');
    return;
  }
  const versioned = url.searchParams.get('v') === String(file.version);
  const etag = `"${file.version}"`;
  const headers = {
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    // A versioned URL never changes content; an unversioned one may be replaced at any time.
    'Cache-Control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=60',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Allow-Origin': '*',
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : file.data);
}
