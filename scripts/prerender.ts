/**
 * The build step that writes the public pages as static HTML (the `prerender-pages` plugin of
 * vite.config.ts): each page of `src/app/prerender.tsx`, rendered with react-dom/server into
 * `dist/<route>/index.html` with its own title, description and CSS, so it shows before any script.
 * The SPA shell the other routes use is kept as `dist/app.html`, since `/` is the landing page.
 */
import { readFileSync, writeFileSync, mkdirSync, renameSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { build, createServer } from 'vite';
import { pathAliases } from './lib/path-aliases';
import type { PrerenderedPage, renderPage, PRERENDERED_PAGES } from '@/app/prerender';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The file the SPA's routes (everything not pre-rendered) are served from. */
export const APP_SHELL = 'app.html';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Every CSS file a chunk needs, its static imports' first (the order Vite loads them in). */
function cssOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return [];
  const imported = (chunk.imports ?? []).flatMap((k) => cssOf(manifest, k, seen));
  return [...imported, ...(chunk.css ?? [])];
}

/**
 * Loads the app's script when Firebase Auth has a session stored in this browser (its IndexedDB
 * database holds an entry). A database that does not exist is not created: the upgrade is aborted.
 */
function sessionLoader(mainScript: string): string {
  const src = JSON.stringify(mainScript);
  return (
    '<script>(function(){try{var r=indexedDB.open("firebaseLocalStorageDb");' +
    'r.onupgradeneeded=function(){r.transaction.abort()};r.onerror=function(e){e.preventDefault()};' +
    'r.onsuccess=function(){var d=r.result;if(!d.objectStoreNames.contains("firebaseLocalStorage")){d.close();return}' +
    'var q=d.transaction("firebaseLocalStorage","readonly").objectStore("firebaseLocalStorage").count();' +
    'q.onsuccess=function(){d.close();if(q.result>0){var s=document.createElement("script");' +
    `s.type="module";s.src=${src};document.head.appendChild(s)}}}}catch(e){}})()</script>`
  );
}

/** The referral keeper every pre-rendered page loads (src/app/keep-referral.ts says why). */
const KEEP_REFERRAL = 'src/app/keep-referral.ts';

/**
 * Builds the referral keeper as one small file of its own in `assets/` (content-hashed, so it is
 * cached like the app's files). A build of its own rather than an input of the app's build: an
 * input would share its modules with the app as a common chunk, a second request for the pages.
 */
async function buildKeeper(root: string, distDir: string): Promise<string> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'error',
    publicDir: false,
    resolve: { alias: pathAliases(root) },
    build: {
      write: false,
      emptyOutDir: false,
      sourcemap: false,
      rollupOptions: {
        input: join(root, KEEP_REFERRAL),
        output: { format: 'es', entryFileNames: 'assets/keep-referral-[hash].js' },
      },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const out of outputs) {
    if (!('output' in out)) continue;
    const chunk = out.output.find((item) => item.type === 'chunk' && item.isEntry);
    if (chunk?.type !== 'chunk') continue;
    mkdirSync(join(distDir, 'assets'), { recursive: true });
    writeFileSync(join(distDir, chunk.fileName), chunk.code);
    return chunk.fileName;
  }
  throw new Error(`prerender: building ${KEEP_REFERRAL} gave no script.`);
}

/** The names shared with the app (src/app/prerender-marker.ts). */
interface MarkerNames {
  /** The attribute that marks `#root` as pre-rendered. */
  readonly attribute: string;
  /** The `window` property holding the buttons clicked before the app took over. */
  readonly heldClicks: string;
}

/**
 * Loads the app's script once the page has loaded. Until the app takes over, a click on a button
 * (a submit, or Enter in a field) is held, not acted on by the browser (a native submit would put
 * the form's fields in the address), and the app plays it again (src/app/prerender-takeover.ts).
 */
function deferredApp(mainScript: string, names: MarkerNames): string {
  const src = JSON.stringify(mainScript);
  const held = JSON.stringify(names.heldClicks);
  const marker = JSON.stringify(names.attribute);
  return (
    `<script>window[${held}]=[];document.addEventListener("click",function(e){` +
    'var r=document.getElementById("root"),b=e.target&&e.target.closest&&e.target.closest("button");' +
    `if(b&&r&&r.hasAttribute(${marker})){e.preventDefault();` +
    `window[${held}].push([].indexOf.call(r.querySelectorAll("button"),b))}},true);` +
    'addEventListener("load",function(){var s=document.createElement("script");' +
    `s.type="module";s.src=${src};document.head.appendChild(s)})</script>`
  );
}

export function pageHtml(
  template: string,
  page: PrerenderedPage,
  markup: string,
  manifest: Manifest,
  names: MarkerNames,
  keeperFile: string,
): string {
  const mainKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith('.html'));
  const main = mainKey ? manifest[mainKey] : undefined;
  if (!main) throw new Error('prerender: the build manifest has no index.html entry.');
  // What the page links already: the entry's styles, and those of the start-up steps it loads
  // (vite.config.ts, `startupPreload`).
  const linked = [...template.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
  const known = new Set([...cssOf(manifest, mainKey ?? ''), ...linked]);
  const pageCss = cssOf(manifest, page.module).filter((file) => !known.has(file));
  const links = pageCss.map((file) => `<link rel="stylesheet" href="/${file}">`).join('');

  let html = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
    )
    .replace('</head>', `${links}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" ${names.attribute}="${escapeHtml(page.path)}">${markup}</div>`,
    );
  if (page.needsApp) {
    // The page is on screen and usable to read without it: the app's script starts after the page
    // has loaded, so it does not compete with the first paint (nor do its preloads).
    html = html
      .replace(/[ \t]*<script type="module"[^>]*><\/script>\n?/g, '')
      .replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '')
      .replace('</body>', `${deferredApp(`/${main.file}`, names)}</body>`);
  } else {
    html = html
      .replace(/[ \t]*<script type="module"[^>]*><\/script>\n?/g, '')
      .replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '')
      .replace(/[ \t]*<noscript>.*?<\/noscript>\n?/s, '')
      .replace('</body>', `${sessionLoader(`/${main.file}`)}</body>`);
  }
  // Every pre-rendered page keeps a visitor's `?via=` (src/app/keep-referral.ts), with or without
  // the app.
  return html.replace('</body>', `<script type="module" src="/${keeperFile}"></script></body>`);
}

/** Renders every pre-rendered page into `distDir`; returns the files written. */
export async function prerenderPages(root: string, distDir: string): Promise<string[]> {
  const manifest = JSON.parse(
    readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const indexFile = join(distDir, 'index.html');
  const shellFile = join(distDir, APP_SHELL);
  if (existsSync(indexFile)) renameSync(indexFile, shellFile);
  const template = readFileSync(shellFile, 'utf8');
  const keeperFile = await buildKeeper(root, distDir);

  const server = await createServer({
    root,
    configFile: false,
    resolve: { alias: pathAliases(root) },
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  const written: string[] = [];
  try {
    const entry = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
      PRERENDERED_PAGES: typeof PRERENDERED_PAGES;
      PRERENDERED_ATTRIBUTE: string;
      HELD_CLICKS: string;
      renderPage: typeof renderPage;
    };
    for (const page of entry.PRERENDERED_PAGES) {
      const html = pageHtml(
        template,
        page,
        entry.renderPage(page),
        manifest,
        {
          attribute: entry.PRERENDERED_ATTRIBUTE,
          heldClicks: entry.HELD_CLICKS,
        },
        keeperFile,
      );
      const dir = page.path === '/' ? distDir : join(distDir, page.path.slice(1));
      mkdirSync(dir, { recursive: true });
      const file = join(dir, 'index.html');
      writeFileSync(file, html);
      written.push(file);
    }
  } finally {
    await server.close();
  }
  return written;
}
