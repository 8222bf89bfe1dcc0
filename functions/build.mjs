// Bundles src/index.ts and the shared server code it imports into lib/: lib/index.mjs, which every
// function loads, and chunks that only some load. An instance's cold start is the code it loads, so
// the public surfaces' render and wallet signing (most of the bytes), imported on demand
// (src/functions.ts), get chunks of their own that a trigger never loads. firebase-functions and
// firebase-admin stay outside the bundle: Cloud Build installs them from this package.json.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { build } from 'esbuild';

// FUNCTIONS_OUTDIR builds elsewhere (the bundle's test).
const outdir = process.env.FUNCTIONS_OUTDIR ?? 'lib';

const SDK = /^firebase-(functions|admin)(\/|$)/;

/**
 * firebase-functions and firebase-admin, required, not imported: an `import` of them loads their
 * ES module builds and wrappers, which took twice as long to load here as the CommonJS ones that
 * `require` loads (and which the Functions emulator's own stubs patch).
 */
const requireSdk = {
  name: 'require-sdk',
  setup(build) {
    build.onResolve({ filter: SDK }, (args) =>
      args.namespace === 'sdk'
        ? { path: args.path, external: true }
        : { path: args.path, namespace: 'sdk' },
    );
    build.onLoad({ filter: /.*/, namespace: 'sdk' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};
// A file of an earlier build (lib/index.js before the split) must not be deployed beside this one.
rmSync(outdir, { recursive: true, force: true });

const result = await build({
  entryPoints: ['src/index.ts'],
  outdir,
  // Code splitting needs ES modules, hence `.mjs`.
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: true,
  metafile: true,
  // The bundled CommonJS packages call `require`, which an ES module lacks, so each file makes one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [requireSdk],
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
// esbuild's record of which module went into which file.
writeFileSync(join(outdir, 'meta.json'), JSON.stringify(result.metafile));
