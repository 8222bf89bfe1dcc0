/**
 * End-to-end journeys in headless Chromium (the one scripts/lib/chromium.ts finds: CHROME_PATH,
 * the system's, Playwright's download) against `npm start`'s stack: the local server (fresh data
 * folder, demo data seeded) serving the built app, and the Auth emulator started by the test
 * wrapper (AUTH_EMULATOR_URL / FIREBASE_AUTH_EMULATOR_HOST).
 */
import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playwrightUse } from './scripts/lib/chromium';

const port = Number(process.env.E2E_PORT ?? 5175);
const authEmulatorUrl = process.env.AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9399';
/** The e2e stack's admin secret (a throwaway stack on loopback; tests/e2e/admin-seed.ts). */
const E2E_ADMIN_SECRET = 'e2e-admin-secret-not-for-production';
const dataDir = join(tmpdir(), `cardbuilder-e2e-${process.pid}-${Date.now()}`);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.reports/e2e.json' }],
  ],
  use: playwrightUse(`http://127.0.0.1:${port}`),
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The preload ends the server with Playwright even when Playwright is killed hard.
    command: 'node --import tsx --import ./scripts/lib/exit-with-parent.mjs local-server/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_DIST: 'dist',
      SEED_DEMO: '1',
      // The admin endpoint, for journeys that seed data no screen makes (a 1,000-card account).
      ADMIN_DB_SECRET: E2E_ADMIN_SECRET,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorUrl.replace(/^https?:\/\//, ''),
      VITE_AUTH_EMULATOR_URL: authEmulatorUrl,
    },
  },
});
