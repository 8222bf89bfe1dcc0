/**
 * The functions' own tests (`npm --prefix functions test`, run by `npm run test:deploy`): the shared
 * server code imports firebase-admin from the root's node_modules, firebase-functions-test from
 * this package's; both are pointed at this package's copy, as the esbuild bundle does at run time,
 * so that one firebase-admin's Timestamps and references are what the other recognises.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const admin = fileURLToPath(new URL('./node_modules/firebase-admin/lib/', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^firebase-admin\/(app|firestore)$/, replacement: `${admin}$1/index.js` },
      // tsconfig's paths that the shared server code uses (never firestore-local: lint fences it out).
      { find: /^@\//, replacement: fileURLToPath(new URL('../src/', import.meta.url)) },
      {
        find: /^firestore-engine\//,
        replacement: fileURLToPath(new URL('../firestore-engine/src/', import.meta.url)),
      },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
