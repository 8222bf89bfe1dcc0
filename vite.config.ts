/**
 * Vite builds the single-page app; Vitest runs the unit, component, contract, access,
 * integration and scripts suites as projects (Playwright runs e2e separately). The contract,
 * access and integration projects need the Auth emulator, which `scripts/with-auth-emulator.ts`
 * starts; the scripts project starts whole stacks of its own. A build for Firebase refuses to
 * start without its `VITE_FIREBASE_*` settings.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { loadEnv, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { startUpChunkGroups } from './scripts/lib/chunk-groups';
import { ocrAssets } from './scripts/lib/ocr-assets';
import { pathAliases } from './scripts/lib/path-aliases';

/** The settings of `src/app/config.ts` a build for Firebase cannot do without. */
const FIREBASE_SETTINGS = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_STORAGE_BUCKET',
  'VITE_FIREBASE_APP_ID',
];

/**
 * config.ts falls back to a `demo-*` project for the local stack; a Firebase build that did the same
 * would talk to a project that does not exist, so it stops here and names what is missing. The
 * deploy rehearsal (`npm run test:deploy`) checks that it does.
 */
function firebaseSettingsCheck(): Plugin {
  return {
    name: 'firebase-settings-check',
    apply: 'build',
    config(_, { mode }) {
      const env = loadEnv(mode, process.cwd(), 'VITE_');
      if (env.VITE_BACKEND !== 'firebase') return;
      const missing = FIREBASE_SETTINGS.filter((key) => (env[key] ?? '').trim() === '');
      if (missing.length === 0) return;
      throw new Error(
        `A build for Firebase (VITE_BACKEND=firebase) needs ${missing.join(', ')}. Set them in ` +
          '.env.production.local (the Web app settings of your Firebase project), or build ' +
          'without VITE_BACKEND=firebase for the local stack.',
      );
    },
  };
}

/**
 * After the client build, writes the public pages (landing, legal, pricing, sign-in) as static
 * HTML so they paint without the app's script (`scripts/prerender.ts` says how).
 */
function prerender(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
    },
    async closeBundle() {
      if (process.env.VITEST) return;
      // Loaded here, not at the top: only a build needs it (the config is read by every test run).
      // With its extension: Vite's config loader resolves it as Node would.
      const { prerenderPages } = await import('./scripts/prerender.ts');
      await prerenderPages(root, resolve(root, outDir));
    },
  };
}

/**
 * The entry (src/main.ts) loads the app in steps, through dynamic imports, so that each step is
 * evaluated in a task of its own; on its own the browser would then fetch each step's code only once
 * the step before has run, one round trip after another. This links all of it from the page, as
 * it would be for static imports: the scripts as `modulepreload` (fetched at once, run when their
 * step imports them) and their styles as stylesheets, so the downloads start together.
 *
 * The page a returning person opens first (`firstPages`: path to its route module) gets a copy
 * of the page of its own (`builder/index.html`, served for `/builder` by the hosts as a
 * pre-rendered page is) that links its code and the data driver's too: the router and the driver's
 * choice would ask for them only once the app's code has run. Static links, found while the page
 * is parsed: a script that chose and appended them by the address was 60 ms and more of the
 * page's first task on a slow phone. Its styles are preloaded, not linked, so they never hold back
 * the first paint.
 */
function startupPreload(firstPages: Record<string, string>): Plugin {
  let base = '/';
  let root = process.cwd();
  // The data driver this build installs (src/app/backend-choice.ts): a first page shows data, so
  // it needs the driver as soon as its own code, and the router would ask for it only later.
  let driver = '';
  // Each first page's links, by its path; its page is written once the shell is in the bundle.
  const pageLinks = new Map<string, string[]>();
  return {
    name: 'startup-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
      root = config.root;
      driver =
        loadEnv(config.mode, root, 'VITE_').VITE_BACKEND === 'firebase'
          ? 'src/backend/firebase/firebase-backend.ts'
          : 'src/backend/local/local-backend.ts';
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        /** The chunk's files, its styles' and those of every chunk it imports statically. */
        const closure = (file: string, files = new Set<string>()): Set<string> => {
          const chunk = bundle[file];
          if (files.has(file) || chunk?.type !== 'chunk') return files;
          files.add(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
          for (const next of chunk.imports) closure(next, files);
          return files;
        };
        // What the entry imports statically, Vite links already.
        const linked = closure(entry.fileName);
        const startup = new Set<string>();
        for (const file of entry.dynamicImports) closure(file, startup);
        const fresh = (files: Iterable<string>) => [...files].filter((file) => !linked.has(file));
        const link = (file: string) =>
          file.endsWith('.css')
            ? `<link rel="stylesheet" crossorigin href="${base}${file}">`
            : `<link rel="modulepreload" crossorigin href="${base}${file}">`;
        const startupFiles = fresh(startup);
        const chunkOf = (module: string): string => {
          const id = resolve(root, module);
          const chunk = Object.values(bundle).find(
            (item) => item.type === 'chunk' && item.facadeModuleId === id,
          );
          if (!chunk) throw new Error(`startup-preload: no chunk for ${module}`);
          return chunk.fileName;
        };
        for (const [path, module] of Object.entries(firstPages)) {
          // The page's own code first: the driver is the larger download.
          const files = fresh(closure(chunkOf(driver), closure(chunkOf(module)))).filter(
            (file) => !startup.has(file),
          );
          pageLinks.set(path, [
            ...files.filter((file) => !file.endsWith('.css')).map(link),
            ...files
              .filter((file) => file.endsWith('.css'))
              .map((file) => `<link rel="preload" as="style" crossorigin href="${base}${file}">`),
          ]);
        }
        // The start-up code first, then the styles.
        const head = [
          ...startupFiles.filter((file) => !file.endsWith('.css')).map(link),
          ...startupFiles.filter((file) => file.endsWith('.css')).map(link),
        ];
        return withHead(html, head);
      },
    },
    // After Vite's own HTML step has put the shell in the bundle.
    generateBundle(_options, bundle) {
      const shell = bundle['index.html'];
      if (shell?.type !== 'asset') throw new Error('startup-preload: no index.html in the bundle');
      for (const [path, links] of pageLinks) {
        this.emitFile({
          type: 'asset',
          fileName: `${path.replace(/^\//, '')}/index.html`,
          source: withHead(String(shell.source), links),
        });
      }
    },
  };
}

/** `html` with `lines` added at the end of its head. */
function withHead(html: string, lines: readonly string[]): string {
  return html.replace(
    /[ \t]*<\/head>/,
    `${lines.map((line) => `    ${line}\n`).join('')}  </head>`,
  );
}

/**
 * A suite that runs against the real local server and the Auth emulator (started once by
 * scripts/with-auth-emulator.ts): one file at a time, since its files share that stack.
 */
function backendSuite(name: 'contract' | 'access' | 'integration') {
  return {
    extends: true as const,
    test: {
      name,
      include: [`tests/${name}/**/*.test.{ts,tsx}`],
      environment: 'node' as const,
      testTimeout: 30_000,
      hookTimeout: 60_000,
      fileParallelism: false,
    },
  };
}

/**
 * Firestore's browser driver imports `re2js` (63 KiB of gzip) for the regular-expression functions
 * of its Pipelines, which the app never uses; the build gives it a stand-in that refuses to compile
 * (decision 023). Only Firestore's import: the rules engine's own use of `re2js` is untouched.
 */
function firestoreWithoutPipelineRegex(): Plugin {
  const standIn = resolve(import.meta.dirname, 'src/backend/firebase/pipelines-regex-left-out.ts');
  return {
    name: 'firestore-without-pipeline-regex',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 're2js' && importer?.includes('/node_modules/@firebase/firestore/')) {
        return standIn;
      }
      return null;
    },
  };
}

const serverProxy = process.env.LOCAL_SERVER_URL ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [
    react(),
    firebaseSettingsCheck(),
    firestoreWithoutPipelineRegex(),
    startupPreload({
      '/builder': 'src/app/builder-route.tsx',
      '/my-card': 'src/app/my-card-route.tsx',
    }),
    prerender(),
    // The scanner's OCR engine and English data, served from our own origin (docs/scanner.md).
    ocrAssets(),
  ],
  // tsconfig's path aliases (`@/`, the packages), for the bundle and for every test project.
  resolve: { alias: pathAliases(import.meta.dirname) },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: serverProxy, ws: true },
      '/files': serverProxy,
      '/functions': serverProxy,
      '/c/': serverProxy,
      '/s/': serverProxy,
      '/l/': serverProxy,
      '/d/': serverProxy,
      '/__': serverProxy,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The pre-render step reads which CSS each page's chunk needs.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: startUpChunkGroups(import.meta.dirname) },
      },
    },
  },
  test: {
    // Vitest's default leaves one core to its main process: a 2-core CI machine then ran the unit
    // and component files one at a time, with the second core mostly idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // The packages' own tests run with the product's unit tests.
          include: ['tests/unit/**/*.test.{ts,tsx}', 'firestore-*/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/component/setup.ts'],
          // jsdom screens on a busy 2-core CI machine can take seconds; timings belong in bench.
          testTimeout: 20_000,
        },
      },
      backendSuite('contract'),
      backendSuite('access'),
      backendSuite('integration'),
      {
        extends: true,
        test: {
          // The scripts people type first (npm start, npm test): real processes, real ports.
          name: 'scripts',
          include: ['tests/scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
