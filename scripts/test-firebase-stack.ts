/**
 * `npm run test:firebase-stack`: the core journeys (tests/e2e-firebase) on the Firebase stack
 * (scripts/lib/firebase-stack.ts), started on test ports, then stopped and checked that nothing is
 * left running. Arguments after `--` go to Playwright. Ends with `N passed, N failed`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startFirebaseStack } from './lib/firebase-stack';
import { listeningPid } from './lib/ports';
import { StartupError } from './lib/processes';

const root = resolve(import.meta.dirname, '..');
// This port and the ten above it, beside `npm run start:firebase` (6750-6760).
const base = Number(process.env.TEST_FIREBASE_STACK_PORT ?? 6770);
const report = join(root, '.reports', 'e2e-firebase.json');

interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
}

function runPlaywright(env: NodeJS.ProcessEnv, extra: string[]): Promise<number> {
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [
        join(root, 'node_modules/@playwright/test/cli.js'),
        'test',
        '--config',
        'playwright.firebase.config.ts',
        ...extra,
      ],
      { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
    );
    child.on('exit', (code) => done(code ?? 1));
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  let passed = 0;
  let failed = 0;
  const log = (line: string) => console.log(`  ${line}`);
  console.log('The journeys on the Firebase stack\n');
  const stack = await startFirebaseStack({
    name: 'test',
    base,
    portVariable: 'TEST_FIREBASE_STACK_PORT',
    command: 'npm run test:firebase-stack',
    seed: true,
    log,
  }).catch((err: unknown) => {
    console.error(err instanceof StartupError ? err.message : err);
    console.log('0 passed, 1 failed');
    process.exit(1);
  });
  console.log(`  Stack up in ${((Date.now() - started) / 1000).toFixed(1)} s: ${stack.appUrl}\n`);

  const onSignal = () => void stack.stop().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  mkdirSync(join(root, '.reports'), { recursive: true });
  rmSync(report, { force: true });
  const testsStarted = Date.now();
  const dashDash = process.argv.indexOf('--');
  const code = await runPlaywright(
    {
      FIREBASE_STACK_APP_URL: stack.appUrl,
      AUTH_EMULATOR_URL: stack.authUrl,
      FIRESTORE_EMULATOR_HOST: stack.firestoreHost,
      FIREBASE_STACK_STAND_INS_URL: stack.standInsUrl,
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    },
    dashDash >= 0 ? process.argv.slice(dashDash + 1) : [],
  );
  const testsSeconds = ((Date.now() - testsStarted) / 1000).toFixed(1);
  if (existsSync(report)) {
    const stats = (JSON.parse(readFileSync(report, 'utf8')) as PlaywrightReport).stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
    const skipped = stats.skipped ?? 0;
    console.log(
      `\n  Journeys: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} not run (fixme)` : ''} in ${testsSeconds} s`,
    );
  }
  if (code !== 0 && failed === 0) {
    failed += 1;
    console.log(`  Playwright exited with ${code} and no failed journey: counted as a failure`);
  }
  if (code !== 0) {
    const file = join(root, '.reports', 'firebase-stack-emulators.log');
    writeFileSync(file, stack.emulatorLog());
    console.log(`  The emulators' output: ${file}`);
  }

  const stopStarted = Date.now();
  await stack.stop();
  const left = Object.values(stack.ports).filter((port) => listeningPid(port) !== undefined);
  const processes = stack.processesLeft();
  if (left.length > 0 || processes.length > 0) {
    failed += 1;
    console.log(
      `  FAIL after the stop: ports still held ${left.join(', ') || 'none'}; processes left ${processes.join(', ') || 'none'}`,
    );
  } else {
    passed += 1;
    console.log(
      `  ok   the stack stopped, no port held and no process left (${((Date.now() - stopStarted) / 1000).toFixed(1)} s)`,
    );
  }
  console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s in all)`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
