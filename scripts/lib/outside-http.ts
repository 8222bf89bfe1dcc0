/**
 * HTTP for the outside check: each request from a chosen loopback address (all of 127.0.0.0/8
 * reaches the local stack), so that per-address limits and visitor counting see many visitors, as
 * they would on the internet. A request never throws: a dead server is an answer too.
 */
import http from 'node:http';

export interface Answer {
  /** 0 when the connection failed or timed out (the stack was down or hung). */
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  readonly ms: number;
  readonly error?: string;
}

export interface Ask {
  readonly port: number;
  readonly path: string;
  readonly method?: string;
  readonly from?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
  readonly timeoutMs?: number;
}

export function ask({
  port,
  path,
  method = 'GET',
  from = '127.0.0.1',
  headers = {},
  body,
  timeoutMs = 15_000,
}: Ask): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (answer: Omit<Answer, 'ms'>) =>
      resolve({ ...answer, ms: performance.now() - started });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        localAddress: from,
        agent: false,
        headers: {
          ...(body !== undefined ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}),
          ...headers,
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', (err) => done({ status: 0, headers: {}, body: '', error: err.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => done({ status: 0, headers: {}, body: '', error: err.message }));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** The n-th distinct loopback address of a block: 127.<block>.x.y, never .0 or .255. */
export function loopback(block: number, n: number): string {
  return `127.${block}.${Math.floor(n / 254) % 254}.${(n % 254) + 1}`;
}

/** A browser's user agent, made distinct by `n` (scripted agents are never counted as visits). */
export function browserAgent(n: number): string {
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Visitor/${n}`;
}

/** Runs `work` on `count` items with at most `width` at once. */
export async function inParallel(
  count: number,
  width: number,
  work: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, lane));
}
