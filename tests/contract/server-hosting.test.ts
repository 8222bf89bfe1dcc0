/**
 * The local server's hosting duties besides the port: commit triggers (once per changed document,
 * in commit order, their own writes reaching listeners), the built app with its SPA fallback and
 * injected runtime configuration, extra routes, and the health check.
 */
import { rulesPolicy, signedInPolicy } from '../support/policies';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocSnapshot } from '@/backend/port';
import { increment } from 'firestore-engine/transforms';
import { authEmulatorHost, createTestUser, TEST_PROJECT_ID } from '../support/auth-emulator';
import { localBackendFor, startTestServer } from '../support/local-server';
import { startServer } from 'firestore-local/create-server';
import type { DocChange } from 'firestore-local/types';

describe('commit triggers', () => {
  it('run once per changed document, in commit order, and their writes reach listeners', async () => {
    const seen: string[] = [];
    const server = await startTestServer({
      policy: signedInPolicy(),
      triggers: [
        async (change: DocChange, ctx) => {
          if (!change.path.startsWith('orders/')) return;
          seen.push(
            `${change.path}:${String(change.before?.n ?? '-')}>${String(change.after?.n ?? '-')}`,
          );
          // A stand-in writing back, as the payments extension does.
          await new Promise((r) => setTimeout(r, 5));
          ctx.db.set(
            'stats/orders',
            { count: increment(change.before === null ? 1 : 0) },
            { merge: true },
          );
        },
      ],
    });
    try {
      const user = await createTestUser();
      const db = localBackendFor(server.url, () => user.idToken);
      const stats: (number | undefined)[] = [];
      const stop = db.onDoc(
        'stats/orders',
        (s: DocSnapshot) => stats.push(s.data?.count as number | undefined),
        () => {},
      );
      await db.set('orders/a', { n: 1 });
      await db.batch([
        { kind: 'set', path: 'orders/b', data: { n: 1 } },
        { kind: 'update', path: 'orders/a', data: { n: 2 } },
        { kind: 'update', path: 'orders/a', data: { n: 3 } },
      ]);
      await db.delete('orders/b');
      await server.idle();
      expect(seen).toEqual(['orders/a:->1', 'orders/b:->1', 'orders/a:1>3', 'orders/b:1>-']);
      expect(server.ctx.db.get('stats/orders').data).toEqual({ count: 2 });
      const deadline = Date.now() + 5000;
      while (stats.at(-1) !== 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
      expect(stats.at(-1)).toBe(2);
      stop();
    } finally {
      await server.close();
    }
  });
});

describe('hosting the app', () => {
  let dir: string;
  let dataDir: string;
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cardbuilder-dist-'));
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cardbuilder-data-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>App</title></head><body></body></html>',
    );
    await writeFile(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    server = await startServer({
      port: 0,
      dataDir,
      projectId: TEST_PROJECT_ID,
      authEmulatorHost: authEmulatorHost(),
      appDist: dir,
      policy: rulesPolicy(),
      runtimeConfig: { VITE_RELEASE: '</script><script>alert(1)</script>', VITE_BACKEND: 'local' },
      routes: [
        async (req, res, url) => {
          if (url.pathname !== '/c/hello') return false;
          res.writeHead(200, { 'Content-Type': 'text/plain' }).end('card page');
          return true;
        },
      ],
    });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers the health check', async () => {
    expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ ok: true });
  });

  it('serves index.html for app routes with the runtime configuration injected, safely escaped', async () => {
    const res = await fetch(`${server.url}/builder/some/deep/route`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain(
      '<script>window.__APP_CONFIG__={"VITE_RELEASE":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>","VITE_BACKEND":"local"}</script></head>',
    );
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('serves built assets with long caching, and 404s a missing asset instead of the app', async () => {
    const res = await fetch(`${server.url}/assets/app-1234.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
  });

  it('lets extra routes answer before the app, and unknown API paths get a JSON not-found', async () => {
    expect(await (await fetch(`${server.url}/c/hello`)).text()).toBe('card page');
    const api = await fetch(`${server.url}/api/nothing`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('not-found');
  });
});
