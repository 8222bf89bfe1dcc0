/**
 * Serves the built app (`dist/`) from the local server: files as they are, a pre-rendered page
 * (`dist/<route>/index.html`, written by the host's pre-render step) for its route, and for any other page
 * path the SPA's shell (`app.html`, or `index.html` in a build without pre-rendered pages). The
 * runtime configuration is injected into each page as `window.__APP_CONFIG__` (which the app reads
 * at start), so one build runs on any port and host.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** Text types worth compressing, as the production CDN does (so a page's weight here is real). */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.ico',
]);

function acceptsGzip(req: IncomingMessage): boolean {
  return /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
}

/** The `<script>` that sets `window.__APP_CONFIG__`; `<` is escaped so no value can end the script. */
export function configScript(runtimeConfig: Record<string, string>): string {
  const json = JSON.stringify(runtimeConfig)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script>window.__APP_CONFIG__=${json}</script>`;
}

export function createStaticHandler(
  appDist: string,
  runtimeConfig: Record<string, string>,
): (req: IncomingMessage, res: ServerResponse, url: URL) => boolean {
  const root = path.resolve(appDist);
  // Read once per server; a rebuild is picked up on restart.
  const pages = new Map<string, string | null>();
  // Compressed files and pages, by file (and its size and time) or by page text.
  const gzipped = new Map<string, Buffer>();

  function gzipOnce(key: string, content: () => Buffer): Buffer {
    let body = gzipped.get(key);
    if (!body) {
      body = gzipSync(content());
      gzipped.set(key, body);
    }
    return body;
  }

  /** The page at `relative` with the configuration injected, or null when there is no such file. */
  function page(relative: string): string | null {
    if (!pages.has(relative)) {
      let html: string | null;
      try {
        html = fs.readFileSync(path.join(root, relative), 'utf8');
      } catch {
        html = null;
      }
      const script = configScript(runtimeConfig);
      if (html !== null) {
        html = html.includes('</head>')
          ? html.replace('</head>', `${script}</head>`)
          : script + html;
      }
      pages.set(relative, html);
    }
    return pages.get(relative) ?? null;
  }

  /** A pre-rendered page for the route, else the SPA's shell. */
  function pageFor(pathname: string): string {
    const route = pathname.replace(/\/+$/, '');
    const prerendered = route === '' ? page('index.html') : page(path.join(route, 'index.html'));
    const body = prerendered ?? page('app.html') ?? page('index.html');
    if (body === null) throw new Error(`No index.html in ${root}: build the app first.`);
    return body;
  }

  function sendIndex(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    const text = pageFor(pathname);
    const compress = acceptsGzip(req);
    const body = compress ? gzipOnce(text, () => Buffer.from(text, 'utf8')) : Buffer.from(text);
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ...(compress ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return (req, res, url) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return false;
    }
    const file = path.resolve(root, `.${pathname}`);
    if (!file.startsWith(root + path.sep) && file !== root) return false;
    if (pathname !== '/' && path.basename(file) !== 'index.html') {
      let stat: fs.Stats | undefined;
      try {
        stat = fs.statSync(file);
      } catch {
        stat = undefined;
      }
      if (stat?.isFile()) {
        const hashed = pathname.startsWith('/assets/');
        const ext = path.extname(file).toLowerCase();
        const headers = {
          'Content-Type': TYPES[ext] ?? 'application/octet-stream',
          'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        };
        if (COMPRESSIBLE.has(ext) && stat.size > 1024 && acceptsGzip(req)) {
          const key = `${file}:${stat.size}:${stat.mtimeMs}`;
          const body = gzipOnce(key, () => fs.readFileSync(file));
          res.writeHead(200, {
            ...headers,
            'Content-Length': body.length,
            'Content-Encoding': 'gzip',
            Vary: 'Accept-Encoding',
          });
          res.end(req.method === 'HEAD' ? undefined : body);
          return true;
        }
        res.writeHead(200, { ...headers, 'Content-Length': stat.size });
        if (req.method === 'HEAD') res.end();
        else fs.createReadStream(file).pipe(res);
        return true;
      }
      // A missing file with an extension is a 404, not the app: a broken asset must not get HTML.
      if (path.extname(pathname) !== '') return false;
    }
    sendIndex(req, res, pathname);
    return true;
  };
}
