/**
 * What the app's first screens load, read from a real production build (Vite's manifest and each
 * chunk's source map): the libraries only some screens need stay out of the code that loads with
 * the app and with the builder. Sizes are figures for `npm run bench -- --phone`; which module sits
 * in which chunk is a fact, checked here.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

let outDir = '';
let manifest: Manifest = {};

/** A chunk and every chunk it imports statically (manifest keys). */
function staticChunks(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest`);
  seen.add(key);
  for (const next of chunk.imports ?? []) staticChunks(next, seen);
  return seen;
}

/** The source files (as the source maps name them) of `chunks`. */
function sourcesOf(chunks: Iterable<string>): string[] {
  const sources: string[] = [];
  for (const key of chunks) {
    const file = manifest[key]?.file ?? '';
    // The bundler's own runtime chunk has no source map and no sources.
    if (!file.endsWith('.js') || !existsSync(join(outDir, `${file}.map`))) continue;
    const map = JSON.parse(readFileSync(join(outDir, `${file}.map`), 'utf8')) as {
      sources: string[];
    };
    sources.push(...map.sources);
  }
  return sources;
}

/** What start-up loads: the entry and, statically, each of its dynamic imports (its steps). */
function startupChunks(): Set<string> {
  const chunks = staticChunks('index.html');
  for (const next of manifest['index.html']?.dynamicImports ?? []) staticChunks(next, chunks);
  return chunks;
}

/** The start-up step (a dynamic import of the entry) whose own file holds `source`. */
function stepHolding(source: string): string {
  const step = manifest['index.html']?.dynamicImports?.find((key) =>
    sourcesOf([key]).some((file) => file.endsWith(source)),
  );
  if (!step) throw new Error(`no start-up step's file holds ${source}`);
  return step;
}

function staticSources(key: string): string[] {
  return sourcesOf(staticChunks(key));
}

function packagesIn(sources: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const source of sources) {
    // The innermost package: firebase keeps its own copies of @firebase/* in its node_modules.
    const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    if (match?.[1]) names.add(match[1]);
  }
  return names;
}

/**
 * Libraries that only some screens need: charts, QR codes, CSV, vCards, phone rules, Firestore,
 * and the paper-card scanner's OCR engine.
 */
const LATER = [
  'tesseract.js',
  'chart.js',
  'qrcode',
  'papaparse',
  'ical.js',
  'libphonenumber-js',
  'fflate',
  '@firebase/firestore',
  '@firebase/storage',
  '@firebase/functions',
];

describe('the production bundle', () => {
  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'cardbuilder-split-'));
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, sourcemap: true, manifest: true },
    });
    manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  }, 180_000);

  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('loads none of the later libraries with the app itself', () => {
    const packages = packagesIn(sourcesOf(startupChunks()));
    expect(packages.has('react-dom')).toBe(true);
    for (const name of LATER) expect(packages, name).not.toContain(name);
  });

  it('starts from an entry that imports no framework, so that each start-up step runs apart', () => {
    const packages = packagesIn(staticSources('index.html'));
    for (const name of ['react', 'react-dom', 'react-router', 'firebase', '@firebase/auth']) {
      expect(packages, name).not.toContain(name);
    }
    // React DOM, the router and Firebase Auth come through the entry's dynamic imports.
    const steps = packagesIn(sourcesOf(startupChunks()));
    for (const name of ['react-dom', 'react-router', '@firebase/auth']) {
      expect(steps, name).toContain(name);
    }
  });

  it('builds the documents’ schemas in a step before the router’s, each file a task of its own', () => {
    const own = (chunk: string) => sourcesOf([chunk]);
    const schemas = manifest['index.html']?.dynamicImports?.find((key) =>
      own(key).some((source) => source.includes('/zod/')),
    );
    expect(schemas, 'a start-up step whose file holds zod').toBeDefined();
    const app = stepHolding('src/app/start-app.tsx');
    expect(own(app).some((source) => source.includes('/zod/'))).toBe(false);
    expect(own(app).some((source) => source.includes('/react-router/'))).toBe(true);
    const steps = manifest['index.html']?.dynamicImports ?? [];
    expect(steps.indexOf(schemas ?? '')).toBeLessThan(steps.indexOf(app));
  });

  it('links every start-up step’s code from the page, so that it downloads at once', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const preloaded = new Set(
      [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]),
    );
    const styles = new Set(
      [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]),
    );
    for (const key of startupChunks()) {
      const chunk = manifest[key];
      if (!chunk || key === 'index.html') continue;
      expect(preloaded, key).toContain(chunk.file);
      for (const css of chunk.css ?? []) expect(styles, css).toContain(css);
    }
  });

  it('starts the backend’s driver without waiting for Firebase Auth', () => {
    // The Firebase app, which the driver and sign-in both need, comes in the start-up's shared file.
    const sources = staticSources('src/app/backend-choice.ts');
    expect(packagesIn(sources)).not.toContain('@firebase/auth');
    // Nor for React DOM's renderer, a step of its own.
    expect(sources.filter((source) => source.includes('react-dom-client'))).toEqual([]);
  });

  it('links the builder’s code and the data driver from the page at /builder, before they are asked for', () => {
    const links = (file: string): string[] =>
      [
        ...readFileSync(join(outDir, file), 'utf8').matchAll(
          /<link rel="([^"]+)"[^>]*href="([^"]+)"/g,
        ),
      ].map((m) => `${m[1]} ${m[2]}`);
    const builder = manifest['src/app/builder-route.tsx'];
    const page = links('builder/index.html');
    expect(page).toContain(`modulepreload /${builder?.file}`);
    // Preloaded, not linked: a stylesheet in the page would hold its first paint back.
    for (const css of builder?.css ?? []) expect(page).toContain(`preload /${css}`);
    expect(
      page.some((link) => link.startsWith('stylesheet') && link.includes('builder-route')),
    ).toBe(false);
    // The data driver this build installs, which the builder's first data waits for.
    const driver = (module: string) => `modulepreload /${manifest[module]?.file}`;
    expect(page).toContain(driver('src/backend/local/local-backend.ts'));
    expect(page).not.toContain(driver('src/backend/firebase/firebase-backend.ts'));
    // Static links, found while the page is parsed: no script picks them by the address.
    const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
    expect(shell).not.toMatch(/<script>/);
    expect(links('index.html')).not.toContain(`modulepreload /${builder?.file}`);
  });

  it('loads none of them with the builder either, which loads them on demand', () => {
    const packages = packagesIn(staticSources('src/app/builder-route.tsx'));
    expect(packages.size).toBeGreaterThan(0);
    for (const name of LATER) expect(packages, name).not.toContain(name);
    // ...and they are still there, behind the builder's dynamic imports (and theirs: the tabs
    // after Profile load on demand too, with the charts behind them).
    const lazy = new Set<string>();
    const follow = (key: string) => {
      for (const next of manifest[key]?.dynamicImports ?? []) {
        if (lazy.has(next)) continue;
        const reached = staticChunks(next);
        for (const chunk of reached) lazy.add(chunk);
        for (const chunk of reached) follow(chunk);
      }
    };
    for (const key of staticChunks('src/app/builder-route.tsx')) follow(key);
    const onDemand = packagesIn(sourcesOf(lazy));
    for (const name of ['ical.js', 'libphonenumber-js', 'chart.js']) {
      expect(onDemand, name).toContain(name);
    }
  });

  it('loads the editor’s tabs after Profile and the duplicate dialog once the editor shows, not before', () => {
    const builder = [...staticChunks('src/app/builder-route.tsx')];
    const sources = sourcesOf(builder);
    for (const part of [
      'src/features/builder/components/editor-tabs.tsx',
      'src/features/builder/components/duplicate-dialog.tsx',
    ]) {
      expect(manifest[part]?.isDynamicEntry, part).toBe(true);
      expect(builder, part).not.toContain(part);
    }
    for (const panel of ['design-panel', 'links-panel', 'handle-panel', 'card-analytics']) {
      expect(
        sources.some((source) => source.endsWith(`/components/${panel}.tsx`)),
        panel,
      ).toBe(false);
    }
    // Profile, the tab the editor opens on, comes with it.
    expect(sources.some((source) => source.endsWith('/components/profile-panel.tsx'))).toBe(true);
  });

  it('draws the builder’s preview with the card view loaded after the builder’s own code', () => {
    const builder = [...staticChunks('src/app/builder-route.tsx')];
    const sources = sourcesOf(builder);
    expect(sources.some((source) => source.endsWith('/card-view/components/card-view.tsx'))).toBe(
      false,
    );
    expect(manifest['src/app/builder-card-view.tsx']?.isDynamicEntry).toBe(true);
    const view = sourcesOf(staticChunks('src/app/builder-card-view.tsx'));
    expect(view.some((source) => source.endsWith('/card-view/components/card-view.tsx'))).toBe(
      true,
    );
  });

  it('loads the scanner only when it is opened, and its OCR engine only when a photo is read', () => {
    const scanner = 'src/features/builder/scanner/card-scanner.tsx';
    expect(manifest[scanner]?.isDynamicEntry).toBe(true);
    const builder = staticChunks('src/app/builder-route.tsx');
    expect([...builder]).not.toContain(scanner);
    const scannerPackages = packagesIn(staticSources(scanner));
    expect(scannerPackages).not.toContain('tesseract.js');
    expect(scannerPackages).toContain('libphonenumber-js');
    const engine = manifest[scanner]?.dynamicImports ?? [];
    expect(packagesIn(sourcesOf(engine))).toContain('tesseract.js');
    // The engine's files are the app's own, copied into the build: nothing comes from a CDN.
    const assets = readdirSync(join(outDir, 'assets')).find((name) => name.startsWith('ocr-'));
    expect(assets).toBeDefined();
    for (const file of [
      'worker.min.js',
      'core/tesseract-core-simd-lstm.wasm.js',
      'lang/eng.traineddata.gz',
    ]) {
      expect(existsSync(join(outDir, 'assets', assets ?? '', file)), file).toBe(true);
    }
  });

  it('shows the first screens without the notices’ library, which loads with the first notice', () => {
    const first = sourcesOf(
      new Set([...startupChunks(), ...staticChunks('src/app/builder-route.tsx')]),
    );
    const packages = packagesIn(first);
    expect(packages).not.toContain('react-hot-toast');
    expect(packages).not.toContain('goober');
    const library = Object.entries(manifest).find(([key]) => key.includes('/react-hot-toast/'));
    expect(library?.[1].isDynamicEntry).toBe(true);
  });

  it('brings the modules only start-up’s last step needs in a few files, not one per importer', () => {
    const app = stepHolding('src/app/start-app.tsx');
    const early = staticChunks('index.html');
    for (const step of manifest['index.html']?.dynamicImports ?? []) {
      if (step !== app) staticChunks(step, early);
    }
    staticChunks('src/backend/local/local-backend.ts', early);
    const own = [...staticChunks(app)].filter((key) => !early.has(key));
    // Cut by who else imports each module, they were fifteen files, each with its own headers.
    expect(own.length).toBeLessThanOrEqual(2);
  });

  it('starts every page from a few files, not one per set of steps sharing a module', () => {
    // Cut by which steps share each module, they were sixteen scripts, seven of them under 1 KiB.
    const files = new Set([...startupChunks()].map((key) => manifest[key]?.file ?? key));
    expect([...files].filter((file) => file.endsWith('.js')).length).toBeLessThanOrEqual(10);
  });

  it('links the builder’s first screen as a few files, and no signed-out page loads its share', () => {
    const html = readFileSync(join(outDir, 'builder/index.html'), 'utf8');
    const scripts = [...html.matchAll(/(?:href|src)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    // Through a browser's six connections to an HTTP/1.1 host, 32 files came in waves.
    expect(new Set(scripts).size).toBeLessThanOrEqual(16);
    const shared = Object.keys(manifest).find((key) =>
      /builder-shared-[^.]*\.js$/.test(manifest[key]?.file ?? ''),
    );
    expect(shared, 'the builder-shared file').toBeDefined();
    expect(staticChunks('src/app/builder-route.tsx')).toContain(shared);
    for (const page of ['sign-in-page', 'sign-up-page', 'pricing-page', 'landing-page']) {
      const key = Object.keys(manifest).find((k) => k.endsWith(`/${page}.tsx`)) ?? page;
      expect(staticChunks(key), page).not.toContain(shared);
    }
  });

  it('keeps the fields’ and dialog’s styles in a file after the theme’s, as they always were', () => {
    const css = readdirSync(join(outDir, 'assets')).filter((file) => file.endsWith('.css'));
    const holding = (rule: string) =>
      css.filter((file) => readFileSync(join(outDir, 'assets', file), 'utf8').includes(rule));
    // The theme (src/ui/theme.css) is the one stylesheet with the skip link's rules.
    const theme = holding('.skip-link{');
    expect(theme).toHaveLength(1);
    // In the theme's file they would come before it, and its `:focus-visible` (as weighty as
    // `.field__control`) would change a focused field's corners.
    for (const rule of ['.field__control{', '.dialog{']) {
      expect(holding(rule), rule).not.toContain(theme[0]);
    }
  });

  it('loads the Firestore driver only when the Firebase backend is chosen', () => {
    const driver = 'src/backend/firebase/firebase-backend.ts';
    // Its own live half, which it loads itself, shares its conversions.
    const importers = Object.entries(manifest)
      .filter(([, chunk]) => (chunk.imports ?? []).includes(driver))
      .map(([key]) => key);
    expect(importers.filter((key) => key !== 'src/backend/firebase/firestore-live.ts')).toEqual([]);
    expect(packagesIn(staticSources(driver))).toContain('@firebase/firestore');
  });

  it('gives the Firestore driver only Firestore Lite up front: listeners and writes load later', () => {
    const driver = 'src/backend/firebase/firebase-backend.ts';
    const firestore = staticSources(driver).filter((s) => s.includes('/@firebase/firestore/'));
    expect(firestore.length).toBeGreaterThan(0);
    expect(firestore.every((s) => s.includes('/dist/lite/'))).toBe(true);
    expect(manifest[driver]?.dynamicImports).toContain('src/backend/firebase/firestore-live.ts');
    const live = staticSources('src/backend/firebase/firestore-live.ts');
    expect(live.some((s) => /@firebase\/firestore\/dist\/index\.esm/.test(s))).toBe(true);
  });

  it('gives the Firestore driver neither the Pipelines’ regex engine nor the SDKs of files and callables', () => {
    const driver = packagesIn([
      ...staticSources('src/backend/firebase/firebase-backend.ts'),
      ...staticSources('src/backend/firebase/firestore-live.ts'),
    ]);
    expect(driver).not.toContain('re2js');
    expect(driver).not.toContain('@firebase/storage');
    expect(driver).not.toContain('@firebase/functions');
  });
});
