/**
 * Starts the local data server: one node:http server and, on the same port, the WebSocket of live
 * listeners. Requests are tried in this order: `/api/health`, `/api/db`, `/api/files/*`, `/files/*`,
 * `/functions/*` and the extra `routes` (public pages, payments and mail stand-ins), then, when
 * `appDist` is given, the built app with its SPA fallback. After each commit the `triggers` run once
 * per changed document, one at a time, in commit order. The data API (`/api/db`, `/api/files/*`
 * and the listen socket) answers browsers only from allowed origins (`isAllowedOrigin`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import type { AccessPolicy } from './access-policy';
import { createTokenVerifier } from './auth';
import { createDatabase } from './database';
import { handleDbRequest } from './db-route';
import { handleFilesApi, serveFile } from './files-route';
import { sendError, sendJson } from './http-util';
import { handleListenSocket } from './listen-socket';
import { createStaticHandler } from './static-files';
import { openStore } from './store';
import type { CommitTrigger, DocChange, RouteHandler, ServerContext } from './types';
import { BackendError } from 'firestore-engine/errors';

export interface StartServerOptions {
  port: number;
  host?: string;
  dataDir: string;
  projectId: string;
  /** host:port of the Firebase Auth emulator, e.g. 127.0.0.1:9099 */
  authEmulatorHost: string;
  appDist?: string;
  runtimeConfig?: Record<string, string>;
  routes?: RouteHandler[];
  triggers?: CommitTrigger[];
  /** Decides every client call; required, so a server is never started open by mistake. */
  policy: AccessPolicy;
  /** The origin clients reach the server at (default: its own URL). Download URLs start with it. */
  publicOrigin?: string;
  /** When true, /api/health answers 503 until `markReady()` (start-up work such as seeding). */
  startsUnready?: boolean;
  /**
   * Allows a `host` other than loopback. The server trusts the Auth emulator, whose tokens are
   * unsigned: anyone who can reach it can sign in as anyone. Only for a trusted network.
   */
  allowRemote?: boolean;
  /**
   * Browser origins besides the server's own that may call the data API (`/api/db`, `/api/files`,
   * the listen socket), e.g. a dev server on another port that does not proxy. See `isAllowedOrigin`.
   */
  allowedOrigins?: readonly string[];
  /** Fields indexed from the start (`firestore.indexes.json`, `declaredIndexFields`). */
  indexes?: readonly { group: string; field: string }[];
}

/** Live sockets one client address may hold (a browser tab holds one). */
export const MAX_SOCKETS_PER_ADDRESS = 100;

/** Whether `host` is a loopback address (or the name of one). */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Whether a request comes from this machine (the IPv4-mapped form included). */
export function isLoopbackPeer(address: string | undefined): boolean {
  if (address === undefined) return false;
  return isLoopbackHost(address.replace(/^::ffff:/, ''));
}

/**
 * Whether a request's `Host` names this server: a loopback name, or the host of one of `origins`
 * (its public origin, `allowedOrigins`). A browser sends the name it resolved, so a page on a DNS
 * name its owner rebound to 127.0.0.1 sends that name, and is refused.
 */
export function isServerHostName(host: string | undefined, origins: readonly string[]): boolean {
  if (host === undefined) return false;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return false;
  }
  if (isLoopbackHost(url.hostname.replace(/^\[|\]$/g, ''))) return true;
  return origins.some((origin) => {
    try {
      return new URL(origin).host.toLowerCase() === url.host.toLowerCase();
    } catch {
      return false;
    }
  });
}

/**
 * Whether a request with this `Origin` may use the data API. Any web page a developer visits can
 * send requests to a server on their machine; a JSON body already forces a CORS preflight (which
 * this server never answers), and the `Origin` check refuses what gets through anyway: a browser
 * always sends `Origin` with a POST and a WebSocket. Allowed: no `Origin` (not a browser: the
 * functions host, scripts, tests), the public origin, `allowedOrigins`, and same-origin requests
 * (the `Origin` names the `Host` the request was sent to) to a loopback name, so a page on a
 * rebound DNS name (`evil.example` resolving to 127.0.0.1) is still refused; with `allowRemote`
 * any same-origin host is accepted.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  allowed: { publicOrigin: string; allowedOrigins?: readonly string[]; allowRemote?: boolean },
): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (a sandboxed frame, a file: page) and anything malformed
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const originOf = (value: string): string | null => {
    try {
      return new URL(value).origin;
    } catch {
      return null;
    }
  };
  const listed = [allowed.publicOrigin, ...(allowed.allowedOrigins ?? [])].map(originOf);
  if (listed.includes(url.origin)) return true;
  const sameHost = host !== undefined && url.host.toLowerCase() === host.toLowerCase();
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return sameHost && (allowed.allowRemote === true || isLoopbackHost(hostname));
}

/**
 * A route that holds writes in memory (the public surfaces' buffered view counts, which protect a
 * busy card's summary from hot-document writes): `close()` calls its `flush` before the store
 * closes, so a clean stop loses no count.
 */
export type FlushingRoute = RouteHandler & {
  flush?: () => Promise<void>;
  /** Writes at start what a crash left durably kept for later (the counter outbox). */
  recover?: (ctx: ServerContext) => Promise<void>;
};

export interface RunningServer {
  url: string;
  ctx: ServerContext;
  /** Resolves when every trigger of the commits so far has run (for tests). */
  idle(): Promise<void>;
  /** Marks start-up work done: /api/health answers 200 from now on (see `startsUnready`). */
  markReady(): void;
  /** Stops serving, writes what routes buffered (`FlushingRoute`), waits for triggers, closes. */
  close(): Promise<void>;
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host) && options.allowRemote !== true) {
    throw Object.assign(
      new Error(
        `Refusing to listen on ${host}: the local server accepts the Auth emulator's unsigned ` +
          'tokens, so anyone who can reach it can act as any user. It listens on 127.0.0.1; to ' +
          'expose it on a trusted network anyway, set LOCAL_SERVER_ALLOW_REMOTE=1.',
      ),
      { code: 'ENOTLOOPBACK' },
    );
  }
  const dataDir = path.resolve(options.dataDir);
  const policy = options.policy;
  const routes = options.routes ?? [];
  const triggers = options.triggers ?? [];
  const store = openStore(dataDir, options.indexes ? { indexes: options.indexes } : {});
  let ready = options.startsUnready !== true;
  const verifier = createTokenVerifier(options.projectId, options.authEmulatorHost);

  // Triggers run one change at a time, in commit order; writes they make queue behind.
  let triggerChain: Promise<void> = Promise.resolve();
  let pendingTriggers = 0;
  function runTriggers(changes: DocChange[]): void {
    if (triggers.length === 0) return;
    for (const change of changes) {
      pendingTriggers++;
      triggerChain = triggerChain.then(async () => {
        for (const trigger of triggers) {
          try {
            await trigger(change, ctx);
          } catch (err) {
            console.error(`[local-server] trigger failed on ${change.path}`, err);
          }
        }
        pendingTriggers--;
      });
    }
  }

  const db = createDatabase(store, policy, runTriggers);
  const ctx: ServerContext = {
    db: db.admin,
    projectId: options.projectId,
    dataDir,
    publicOrigin: options.publicOrigin ?? '',
    verifyIdToken: (token) => verifier.verify(token),
  };
  const serveApp = options.appDist
    ? createStaticHandler(options.appDist, options.runtimeConfig ?? {})
    : undefined;

  function originAllowed(req: http.IncomingMessage): boolean {
    return isAllowedOrigin(req.headers.origin, req.headers.host, {
      publicOrigin: ctx.publicOrigin,
      ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
      allowRemote: options.allowRemote === true,
    });
  }

  function hostNamed(req: http.IncomingMessage): boolean {
    return isServerHostName(req.headers.host, [
      ctx.publicOrigin,
      ...(options.allowedOrigins ?? []),
    ]);
  }

  function refuseOrigin(res: http.ServerResponse, origin: string | undefined): void {
    sendJson(res, 403, {
      error: {
        code: 'permission-denied',
        message:
          `Requests from the web page at ${String(origin)} are refused: the local server answers ` +
          "its own app only (list other origins in the server's allowedOrigins).",
      },
    });
  }

  const server = http.createServer((req, res) => {
    void handle(req, res);
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://local');
    } catch {
      sendError(res, new BackendError('invalid-argument', 'Bad request URL.'));
      return;
    }
    const p = url.pathname;
    try {
      if ((p === '/api/db' || p.startsWith('/api/files/')) && !originAllowed(req)) {
        refuseOrigin(res, req.headers.origin);
        return;
      }
      if (p === '/api/health') {
        // Until start-up work (the demo seed) is done, say so: scripts wait for a 200.
        if (ready) sendJson(res, 200, { ok: true });
        else sendJson(res, 503, { ok: false, starting: true });
        return;
      }
      if (p === '/api/db') {
        await handleDbRequest(req, res, ctx, db);
        return;
      }
      if (p === '/api/listen') {
        sendJson(res, 426, {
          error: { code: 'invalid-argument', message: 'Connect with a WebSocket.' },
        });
        return;
      }
      if (p.startsWith('/api/files/')) {
        await handleFilesApi(req, res, url, ctx, store, policy);
        return;
      }
      // The mailbox shows sign-in, password-reset and invitation links: this machine's eyes only,
      // and only by a name of this machine or the server's own (`isServerHostName`): a page on a
      // DNS name rebound to 127.0.0.1 also comes from loopback, as its own origin.
      if (
        p.startsWith('/__/mailbox') &&
        !(isLoopbackPeer(req.socket.remoteAddress) && hostNamed(req))
      ) {
        sendJson(res, 403, {
          error: { code: 'permission-denied', message: 'The mailbox answers only this machine.' },
        });
        return;
      }
      if (p.startsWith('/files/') && (req.method === 'GET' || req.method === 'HEAD')) {
        serveFile(req, res, url, store);
        return;
      }
      for (const route of routes) {
        if (await route(req, res, url, ctx)) return;
      }
      if (p.startsWith('/api/') || p.startsWith('/functions/')) {
        sendJson(res, 404, { error: { code: 'not-found', message: `Nothing at ${p}.` } });
        return;
      }
      if (serveApp?.(req, res, url)) return;
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    } catch (err) {
      sendError(res, err);
    }
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const socketsByPeer = new Map<string, number>();
  server.on('upgrade', (req, socket, head) => {
    const pathname = new URL(req.url ?? '/', 'http://local').pathname;
    if (pathname !== '/api/listen') {
      socket.destroy();
      return;
    }
    // A page on another site may open a WebSocket here too (no CORS for sockets).
    if (!originAllowed(req)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    const peer = req.socket.remoteAddress ?? '';
    const open = socketsByPeer.get(peer) ?? 0;
    if (open >= MAX_SOCKETS_PER_ADDRESS) {
      socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      socketsByPeer.set(peer, (socketsByPeer.get(peer) ?? 0) + 1);
      ws.once('close', () => {
        const left = (socketsByPeer.get(peer) ?? 1) - 1;
        if (left > 0) socketsByPeer.set(peer, left);
        else socketsByPeer.delete(peer);
      });
      handleListenSocket(ws, db, ctx);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  for (const route of new Set<FlushingRoute>(routes)) await route.recover?.(ctx);
  const address = server.address() as AddressInfo;
  const shownHost =
    host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${shownHost}:${address.port}`;
  ctx.publicOrigin = options.publicOrigin ?? url;

  async function idle(): Promise<void> {
    while (pendingTriggers > 0) await triggerChain;
  }

  let closed: Promise<void> | undefined;
  return {
    url,
    ctx,
    idle,
    markReady() {
      ready = true;
    },
    close() {
      closed ??= (async () => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await idle();
        for (const route of new Set<FlushingRoute>(routes)) {
          try {
            await route.flush?.();
          } catch (err) {
            console.error('[local-server] flushing buffered writes failed', err);
          }
        }
        // The flushed writes' triggers run before the store closes.
        await idle();
        store.close();
        await verifier.close();
      })();
      return closed;
    },
  };
}
