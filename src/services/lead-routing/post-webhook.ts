/**
 * One HTTP POST of a signed webhook body: node's http(s) client with the guarded DNS lookup
 * (`webhook-address.ts`), no redirects followed (a redirect is a failure the owner sees, never a
 * second request somewhere else), a 10-second limit on the whole exchange and at most 64 KB of the
 * answer read. It answers the status, or an error text that never contains the secret or the
 * signature (neither is in the URL, and errors are described from their code only).
 */
import http from 'node:http';
import https from 'node:https';
import type { WebhookUrlPolicy } from '@/domain/lead-webhooks';
import { guardedLookup, isAllowedAddress, PRIVATE_ADDRESS_MESSAGE } from './webhook-address';
import { isIP } from 'node:net';

export const WEBHOOK_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;

export interface WebhookRequest {
  readonly url: string;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

export type WebhookAnswer =
  | { readonly ok: true; readonly status: number }
  | { readonly ok: false; readonly status: number | null; readonly error: string };

/** Sends one webhook request; never throws. Injected in tests that need no network. */
export type PostWebhook = (request: WebhookRequest) => Promise<WebhookAnswer>;

function describe(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  if (code === 'EADDRNOTALLOWED') return PRIVATE_ADDRESS_MESSAGE;
  if (code === 'ETIMEDOUT' || code === 'TIMEOUT') return 'No answer within 10 seconds.';
  if (code === 'ECONNREFUSED') return 'The connection was refused.';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The host could not be found.';
  if (code === 'ECONNRESET') return 'The connection was closed before an answer.';
  if (typeof code === 'string' && /^(ERR_TLS|CERT_|DEPTH_|SELF_SIGNED|UNABLE_TO)/.test(code)) {
    return 'The address has no valid HTTPS certificate.';
  }
  return typeof code === 'string' ? `The request failed (${code}).` : 'The request failed.';
}

/** A poster bound to the host's address policy. */
export function createPostWebhook(
  policy: WebhookUrlPolicy,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): PostWebhook {
  return (request) =>
    new Promise((resolve) => {
      let settled = false;
      const done = (answer: WebhookAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(answer);
      };
      const url = new URL(request.url);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // A literal IP skips the lookup, so it is checked here.
      if (isIP(host) !== 0 && !isAllowedAddress(host, policy)) {
        done({ ok: false, status: null, error: PRIVATE_ADDRESS_MESSAGE });
        return;
      }
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(url, {
        method: 'POST',
        headers: { ...request.headers, 'Content-Length': Buffer.byteLength(request.body) },
        lookup: guardedLookup(policy) as unknown as http.RequestOptions['lookup'],
        agent: false,
      });
      const timer = setTimeout(() => {
        req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' }));
      }, timeoutMs);
      req.on('error', (err) => done({ ok: false, status: null, error: describe(err) }));
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        const finish = () =>
          done(
            status >= 200 && status < 300
              ? { ok: true, status }
              : {
                  ok: false,
                  status,
                  error:
                    status >= 300 && status < 400
                      ? `Answered ${status} (a redirect; webhooks do not follow redirects).`
                      : `Answered ${status}.`,
                },
          );
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      });
      req.end(request.body);
    });
}
