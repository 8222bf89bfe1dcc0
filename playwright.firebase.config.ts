/**
 * The journeys of tests/e2e-firebase on the Firebase stack, in headless Chromium. The stack is
 * started by `scripts/test-firebase-stack.ts` (`npm run test:firebase-stack`), which sets where it
 * listens: FIREBASE_STACK_APP_URL (Hosting, serving the app built for Firebase), AUTH_EMULATOR_URL,
 * FIRESTORE_EMULATOR_HOST and FIREBASE_STACK_STAND_INS_URL. Two workers (E2E_FIREBASE_WORKERS):
 * each spec file runs its journeys in order in one worker, and no two files touch the same demo
 * account (billing: Globex; teams: Initech; cards and admin: accounts they sign up).
 */
import { defineConfig } from '@playwright/test';
import { playwrightUse } from './scripts/lib/chromium';

const appUrl = process.env.FIREBASE_STACK_APP_URL ?? 'http://127.0.0.1:6770';

export default defineConfig({
  testDir: 'tests/e2e-firebase',
  timeout: 120_000,
  // Functions answer slower than the local server, cold ones slower still.
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_FIREBASE_WORKERS ?? 2),
  retries: 0,
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.reports/e2e-firebase.json' },
    ],
  ],
  outputDir: 'test-results/e2e-firebase',
  use: playwrightUse(appUrl),
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
