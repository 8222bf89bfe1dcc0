/**
 * Adapts firebase-functions' (Express) requests and responses to the host-agnostic surfaces of
 * `src/services/` (a plain request in, a plain response out).
 */
import type { Request } from 'firebase-functions/v2/https';
import { visitorIp } from '@/services/public-surfaces/client-address';
import type {
  PublicRequest,
  PublicResponse,
} from '@/services/public-surfaces/public-surfaces-handler';

/** The parts of Express's response the adapter uses. */
export interface ResponseLike {
  status(code: number): ResponseLike;
  set(headers: Record<string, string>): ResponseLike;
  send(body: string | Buffer): unknown;
}

/** The plain request of an Express request (the body is the raw bytes firebase-functions keeps). */
export function publicRequest(req: Request, origin: string): PublicRequest {
  return {
    method: req.method,
    url: new URL(req.originalUrl || req.url, origin),
    headers: req.headers,
    ip: visitorIp(req, req.socket?.remoteAddress ?? ''),
    readBody: async (maxBytes) => {
      const body = req.rawBody ?? Buffer.alloc(0);
      return body.length > maxBytes ? null : body.toString('utf8');
    },
  };
}

export function sendAnswer(res: ResponseLike, answer: PublicResponse | null): void {
  if (answer === null) {
    res.status(404).set({ 'Content-Type': 'text/plain; charset=utf-8' }).send('Not found');
    return;
  }
  const body = answer.bytes !== undefined ? Buffer.from(answer.bytes) : answer.body;
  res.status(answer.status).set(answer.headers).send(body);
}
