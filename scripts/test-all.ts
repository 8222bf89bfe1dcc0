/**
 * `npm test`: every check and suite, then one summary line `N passed, N failed` that CI reads.
 * Format, lint and type check run side by side and count as one test each; Vitest and Playwright
 * counts come from their JSON reports. The suites that need the Auth emulator share one.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  AUTH_PORT_OFFSETS,
  authEmulatorPorts,
  PROJECT_ID,
  startAuthEmulator,
} from './lib/auth-emulator';
import { ensureChromium } from './lib/chromium';
import {
  findFirestoreEmulator,
  startFirestoreEmulator,
  type RunningFirestoreEmulator,
} from './lib/firestore-emulator';
import { assertPortsFree } from './lib/ports';
import { StartupError } from './lib/processes';

const root = resolve(import.meta.dirname, '..');
const reports = resolve(root, '.reports');
const bin = (name: string): string => resolve(root, 'node_modules', '.bin', name);

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  lines: string[];
}

const tally: Tally = { passed: 0, failed: 0, skipped: 0, lines: [] };

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const ok = result.status === 0;
  tally.lines.push(
    `${ok ? 'ok  ' : 'FAIL'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return ok;
}

/**
 * Runs checks side by side (format, lint and type check each wait on the disk and one core, and
 * took 84 s one after another), then prints each one's output under its header, in order.
 */
async function checksTogether(checks: readonly [string, string, string[]][]): Promise<void> {
  const results = await Promise.all(
    checks.map(
      ([label, command, args]) =>
        new Promise<{ label: string; header: string; output: string; ok: boolean; secs: string }>(
          (done) => {
            const started = Date.now();
            const child = spawn(command, args, { cwd: root, env: process.env });
            let output = '';
            child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
            child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
            const finish = (ok: boolean, extra = '') =>
              done({
                label,
                header: `\n=== ${label}: ${command} ${args.join(' ')}`,
                output: output + extra,
                ok,
                secs: ((Date.now() - started) / 1000).toFixed(1),
              });
            child.on('error', (err) => finish(false, String(err)));
            child.on('close', (code) => finish(code === 0));
          },
        ),
    ),
  );
  for (const result of results) {
    console.log(result.header);
    if (result.output) process.stdout.write(result.output);
    tally.lines.push(`${result.ok ? 'ok  ' : 'FAIL'} ${result.label} (${result.secs} s)`);
    if (result.ok) tally.passed += 1;
    else tally.failed += 1;
  }
}

function readJson(path: string): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function vitestArgs(label: string, projects: string[]): string[] {
  const out = resolve(reports, `${label}.json`);
  const args = ['run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile=${out}`);
  return args;
}

/** Adds a Vitest run's counts (from its JSON report) to the tally. */
function countVitest(label: string, ok: boolean): void {
  const report = readJson(resolve(reports, `${label}.json`)) as
    | {
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTodoTests: number;
      }
    | undefined;
  if (!report) {
    tally.failed += 1;
    tally.lines.push(`     ${label}: no report (the run crashed)`);
    return;
  }
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
  tally.skipped += report.numPendingTests + report.numTodoTests;
  // A suite that failed to load counts no test but fails the run.
  if (!ok && report.numFailedTests === 0) tally.failed += 1;
  tally.lines.push(
    `     ${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`,
  );
}

function vitest(label: string, projects: string[], env: NodeJS.ProcessEnv = {}): void {
  countVitest(label, run(label, bin('vitest'), vitestArgs(label, projects), env));
}

/**
 * Starts a Vitest run in the background with its output in a file (a pipe would fill and stall it
 * while this process waits on a suite run with spawnSync); `finish` waits for it, prints its
 * output under its header and counts it.
 */
function vitestBeside(label: string, projects: string[]): { finish: () => Promise<void> } {
  const args = vitestArgs(label, projects);
  const logFile = resolve(reports, `${label}.log`);
  const log = openSync(logFile, 'w');
  const started = Date.now();
  const child = spawn(bin('vitest'), args, {
    cwd: root,
    env: process.env,
    stdio: ['ignore', log, log],
  });
  const done = new Promise<boolean>((settle) => {
    child.on('error', () => settle(false));
    child.on('close', (code) => settle(code === 0));
  });
  return {
    finish: async () => {
      const ok = await done;
      closeSync(log);
      console.log(`\n=== ${label} (beside the suites above): ${bin('vitest')} ${args.join(' ')}`);
      process.stdout.write(readFileSync(logFile, 'utf8'));
      tally.lines.push(
        `${ok ? 'ok  ' : 'FAIL'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s, side by side)`,
      );
      countVitest(label, ok);
    },
  };
}

function playwright(env: NodeJS.ProcessEnv): void {
  const out = resolve(reports, 'e2e.json');
  const ok = run('e2e', bin('playwright'), ['test'], { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  const report = readJson(out) as
    { stats: { expected: number; unexpected: number; flaky: number; skipped: number } } | undefined;
  if (!report) {
    tally.failed += 1;
    tally.lines.push('     e2e: no report (the run crashed)');
    return;
  }
  const { expected, unexpected, flaky, skipped } = report.stats;
  tally.passed += expected + flaky;
  tally.failed += unexpected;
  tally.skipped += skipped;
  if (!ok && unexpected === 0) tally.failed += 1;
  tally.lines.push(`     e2e: ${expected + flaky} passed (${flaky} flaky), ${unexpected} failed`);
}

const testAuthPort = Number(process.env.TEST_AUTH_PORT ?? 9399);
const testFirestorePort = Number(process.env.TEST_FIRESTORE_PORT ?? 9380);
const e2ePort = Number(process.env.E2E_PORT ?? 5175);

/**
 * Stops with a message (and the summary line CI reads) when the run could not finish: no Chromium
 * for the browser suites, or a test port taken. Seconds in, rather than deep inside the run.
 */
async function assertCanRun(): Promise<NodeJS.ProcessEnv> {
  const browser = ensureChromium(root);
  console.log(
    `Chromium for the browser suites: ${browser.path} (${browser.version}, from ${browser.source})`,
  );
  await assertPortsFree({
    needs: [
      ...authEmulatorPorts(testAuthPort, 'TEST_AUTH_PORT'),
      ...(findFirestoreEmulator().kind === 'jar'
        ? [
            {
              port: testFirestorePort,
              what: "Google's Firestore emulator",
              variable: 'TEST_FIRESTORE_PORT',
            },
          ]
        : []),
      { port: e2ePort, what: "the end-to-end suite's server", variable: 'E2E_PORT' },
    ],
    command: 'npm test',
    root,
    groups: { TEST_AUTH_PORT: AUTH_PORT_OFFSETS },
  });
  return { CHROME_PATH: browser.path };
}

/**
 * Starts Google's Firestore emulator where the machine has it; where it does not, one line says
 * so and the suites run without it (their cases for it are counted as not run).
 */
async function startJudge(): Promise<RunningFirestoreEmulator | undefined> {
  try {
    const firestore = await startFirestoreEmulator({
      port: testFirestorePort,
      portVariable: 'TEST_FIRESTORE_PORT',
      quiet: true,
    });
    tally.passed += 1;
    tally.lines.push(`ok   judge of the rules and driver cases: ${firestore.description}`);
    console.log(`\nThe judge of the rules and driver cases: ${firestore.description}`);
    return firestore;
  } catch (err) {
    const why = err instanceof StartupError ? err.message : String(err);
    const found = findFirestoreEmulator();
    if (found.kind === 'missing') {
      tally.lines.push(`---- judge: our rules engine only. Google's Firestore emulator: ${why}`);
    } else {
      // Installed but it would not start: that is a failure, not a machine without it.
      tally.failed += 1;
      tally.lines.push(`FAIL Google's Firestore emulator did not start: ${why.split('\n')[0]}`);
    }
    console.log(`\nGoogle's Firestore emulator is not running: ${why}`);
    return undefined;
  }
}

/** A script that ends with its own `N passed, N failed` line, added to the tally. */
function countedScript(label: string, script: string): void {
  console.log(`\n=== ${label}: tsx ${script}`);
  const started = Date.now();
  const result = spawnSync(bin('tsx'), [script], { cwd: root, encoding: 'utf8' });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  console.log(output.trim());
  const all = [...output.matchAll(/^(\d+) passed, (\d+) failed$/gm)];
  const counts = all.at(-1);
  const ok = result.status === 0 && counts !== undefined;
  tally.passed += Number(counts?.[1] ?? 0);
  tally.failed += Number(counts?.[2] ?? 0) + (ok || Number(counts?.[2] ?? 0) > 0 ? 0 : 1);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  tally.lines.push(
    `${ok ? 'ok  ' : 'FAIL'} ${label}: ${counts?.[0] ?? 'no summary'} (${seconds} s)`,
  );
}

/**
 * The core journeys on the Firebase stack (the app on the Firebase driver, Google's Firestore
 * emulator, the functions bundle's triggers and callables), where Google's emulator exists.
 */
function firebaseStackJourneys(): void {
  const found = findFirestoreEmulator();
  if (found.kind === 'jar') {
    countedScript('journeys on the Firebase stack', 'scripts/test-firebase-stack.ts');
  } else {
    const why = found.kind === 'missing' ? found.why : 'an emulator at FIRESTORE_EMULATOR_HOST';
    tally.lines.push(`NOT RUN: the journeys on the Firebase stack (${why})`);
  }
}

async function main(): Promise<void> {
  let browserEnv: NodeJS.ProcessEnv;
  try {
    browserEnv = await assertCanRun();
  } catch (err) {
    if (!(err instanceof StartupError)) throw err;
    console.error(`\n${err.message}\n`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });

  await checksTogether([
    ['format', bin('prettier'), ['--list-different', '.']],
    ['lint', bin('eslint'), ['.', '--max-warnings=0']],
    ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ]);
  vitest('unit-and-component', ['unit', 'component']);

  let emulator: Awaited<ReturnType<typeof startAuthEmulator>> | undefined;
  try {
    emulator = await startAuthEmulator({
      port: testAuthPort,
      quiet: true,
      portVariable: 'TEST_AUTH_PORT',
      command: 'npm test',
    });
    tally.passed += 1;
    tally.lines.push('ok   auth emulator started');
  } catch (err) {
    console.error(err instanceof StartupError ? err.message : err);
    tally.failed += 1;
    tally.lines.push('FAIL auth emulator did not start');
  }
  // Google's Firestore emulator judges the access table and both Firebase drivers' contracts.
  const firestore = await startJudge();
  if (emulator) {
    const env = {
      ...(firestore ? { FIRESTORE_EMULATOR_HOST: firestore.host } : {}),
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      GCLOUD_PROJECT: PROJECT_ID,
      AUTH_EMULATOR_URL: emulator.url,
      ...browserEnv,
    };
    const skippedBefore = tally.skipped;
    vitest('backend-suites', ['contract', 'access', 'integration'], env);
    if (!firestore) {
      tally.lines.push(
        `     NOT RUN: ${tally.skipped - skippedBefore} cases meant for Google's Firestore emulator`,
      );
    }
    if (run('build', bin('vite'), ['build', '--logLevel', 'warn'])) {
      tally.passed += 1;
      playwright(env);
    } else {
      tally.failed += 1;
    }
    await emulator.stop();
  }
  await firestore?.stop();
  // After the build: `npm start` in these tests finds the app built and starts in seconds. They
  // mostly wait on stacks starting and stopping, on ports of their own, so they run beside the
  // Firebase stack's journeys and the deploy rehearsal (which share the functions bundle, so run
  // one after the other).
  const scripts = vitestBeside('scripts', ['scripts']);
  firebaseStackJourneys();
  countedScript('deploy rehearsal', 'scripts/test-deploy.ts');
  await scripts.finish();

  console.log('\n=== summary');
  for (const line of tally.lines) console.log(line);
  if (tally.skipped > 0) console.log(`(${tally.skipped} skipped)`);
  console.log(`${tally.passed} passed, ${tally.failed} failed`);
  process.exit(tally.failed === 0 ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
