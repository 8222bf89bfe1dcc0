/**
 * Small HTTP helpers of the local data server: reading a body with a size cap, answering JSON, and
 * turning any thrown error into the port's error shape `{ error: { code, message } }` with a fitting
 * HTTP status, so a client always learns a code from `firestore-engine/errors`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BackendError } from 'firestore-engine/errors';
import type { BackendErrorCode } from 'firestore-engine/errors';
import type { AuthInfo, ServerContext } from './types';

/** Largest request body accepted (Firestore's request limit is 10 MiB; a little slack for JSON). */
export const MAX_BODY_BYTES = 11 * 1024 * 1024;

const STATUS: Record<BackendErrorCode, number> = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  'already-exists': 409,
  'failed-precondition': 412,
  'resource-exhausted': 429,
  internal: 500,
  unavailable: 503,
  'deadline-exceeded': 504,
};

export function statusFor(code: BackendErrorCode): number {
  return STATUS[code];
}

/** An error with an HTTP status other than its code's usual one (413 for an oversized body). */
export class HttpError extends BackendError {
  readonly status: number;
  constructor(status: number, code: BackendErrorCode, message: string) {
    super(code, message);
    this.status = status;
  }
}

export function toBackendError(err: unknown): BackendError {
  if (err instanceof BackendError) return err;
  // A stack overflow here can only come from input nested beyond what the checks bound (the wire
  // refuses deep JSON first): the request is at fault, and it changed nothing.
  if (err instanceof RangeError && /call stack/i.test(err.message)) {
    return new BackendError('invalid-argument', 'The request is nested too deeply.');
  }
  console.error('[local-server] unexpected error', err);
  return new BackendError('internal', 'The server failed to handle the request.');
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

export function sendError(res: ServerResponse, err: unknown): void {
  const e = toBackendError(err);
  const status = e instanceof HttpError ? e.status : statusFor(e.code);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, status, { error: { code: e.code, message: e.message } });
}

/** Reads the whole body; a body over `limit` is refused with 413 `invalid-argument`. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > limit) {
      req.resume();
      reject(new HttpError(413, 'invalid-argument', `The request body is over ${limit} bytes.`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new HttpError(413, 'invalid-argument', `The request body is over ${limit} bytes.`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}

/**
 * The caller of a request: null without an `Authorization` header (the policy decides what a
 * signed-out caller may do); `unauthenticated` for a header that is present but not a valid token.
 */
export async function requestAuth(
  req: IncomingMessage,
  ctx: ServerContext,
): Promise<AuthInfo | null> {
  const header = req.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1])
    throw new BackendError(
      'unauthenticated',
      'The Authorization header must be "Bearer <ID token>".',
    );
  return ctx.verifyIdToken(match[1]);
}

/** Whether a `Content-Type` header is JSON (`application/json`, parameters such as charset allowed). */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const type = header.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}
