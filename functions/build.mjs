// Bundles src/index.ts and the shared server code it imports (../src/server, ../src/backend,
// ../src/domain, the card page's React render) into one lib/index.js. firebase-functions and
// firebase-admin stay outside the bundle: Cloud Build installs them from this package.json.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  jsx: 'automatic',
  sourcemap: true,
  external: ['firebase-functions', 'firebase-functions/*', 'firebase-admin', 'firebase-admin/*'],
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
