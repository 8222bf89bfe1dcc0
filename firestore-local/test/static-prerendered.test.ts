/**
 * The local server's static hosting of a build with pre-rendered pages (scripts/prerender.ts): a
 * pre-rendered route gets its own page, every other app route the SPA shell `app.html`, each with
 * the runtime configuration injected.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler } from 'firestore-local/static-files';

describe('static hosting with pre-rendered pages', () => {
  let dir: string;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cardbuilder-prerendered-'));
    await mkdir(path.join(dir, 'sign-in'));
    const page = (name: string) => `<html><head><title>${name}</title></head><body></body></html>`;
    await writeFile(path.join(dir, 'index.html'), page('landing'));
    await writeFile(path.join(dir, 'app.html'), page('shell'));
    await writeFile(path.join(dir, 'sign-in', 'index.html'), page('sign-in'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'app-1.js'), 'console.log("app");\n'.repeat(200));
    const handle = createStaticHandler(dir, { VITE_BACKEND: 'local' });
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (!handle(req, res, url)) res.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  async function title(pathname: string): Promise<string> {
    const html = await (await fetch(base + pathname)).text();
    expect(html).toContain('window.__APP_CONFIG__={"VITE_BACKEND":"local"}');
    return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  }

  it('serves the pre-rendered landing page for /', async () => {
    expect(await title('/')).toBe('landing');
  });

  it('serves a pre-rendered route its own page, with or without a trailing slash', async () => {
    expect(await title('/sign-in')).toBe('sign-in');
    expect(await title('/sign-in/')).toBe('sign-in');
  });

  it('compresses text files and pages for a browser that accepts gzip, as the CDN does', async () => {
    const encoding = (pathname: string, accept: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        http
          .get(base + pathname, { headers: { 'Accept-Encoding': accept } }, (res) => {
            res.resume();
            resolve(res.headers['content-encoding']);
          })
          .on('error', reject);
      });
    expect(await encoding('/assets/app-1.js', 'gzip, deflate, br')).toBe('gzip');
    expect(await encoding('/assets/app-1.js', 'identity')).toBeUndefined();
    expect(await encoding('/sign-in', 'gzip')).toBe('gzip');
    const js = await (await fetch(`${base}/assets/app-1.js`)).text();
    expect(js.startsWith('console.log("app");')).toBe(true);
  });

  it('serves the SPA shell for the routes that are not pre-rendered', async () => {
    expect(await title('/builder')).toBe('shell');
    expect(await title('/team/acme-sales')).toBe('shell');
  });
});
