/**
 * Vite builds the single-page app; Vitest runs the unit, component, contract, access,
 * integration and scripts suites as projects (Playwright runs e2e separately). The contract,
 * access and integration projects need the Auth emulator, which `scripts/with-auth-emulator.ts`
 * starts; the scripts project starts whole stacks of its own.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverProxy = process.env.LOCAL_SERVER_URL ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [react()],
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
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
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
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'access',
          include: ['tests/access/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
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
