/**
 * `npm run test:deploy`: the deploy rehearsal, offline. Builds the app for Firebase and the
 * functions bundle, runs the functions' tests and the static checks (lib/deploy-static-checks.ts),
 * then checks every public surface, the `acceptInvite` callable and function discovery through the
 * Auth, Functions and Hosting emulators (lib/deploy-checks.ts). Ends with `N passed, N failed`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { holdRules, loadRules } from 'firestore-local/access/load-rules';
import { createRulesEnginePolicy } from 'firestore-local/access/rules-engine-policy';
import { startServer } from 'firestore-local/create-server';
import { createAdminRoute } from '../local-server/admin-route';
import { createPublicSurfaces } from '../local-server/public-surfaces';
import { countCardsInUse } from '../local-server/triggers/card-count';
import { syncPlanFromSubscriptions } from '../local-server/triggers/plan-sync';
import type { CheckResult } from './lib/deploy-checks';
import { demoFirebaseBuildEnv } from './lib/firebase-stack';
import { groupMembers, stopGroup } from './lib/processes';

const root = resolve(import.meta.dirname, '..');
const work = resolve(root, '.rehearsal');
const functionsDir = resolve(root, 'functions');
// Beside `npm start` and `npm test`; the README lists each port.
const base = Number(process.env.TEST_DEPLOY_PORT ?? 6610);
const PROJECT = 'demo-cardbuilder';
const ports = {
  hosting: base,
  functions: base + 10,
  hub: base + 20,
  logging: base + 21,
  eventarc: base + 22,
  tasks: base + 23,
  localServer: base + 30,
  auth: Number(process.env.TEST_DEPLOY_AUTH_PORT ?? 9720),
};
// The Firestore emulator needs Java 21 and a download, so by default the functions reach the local
// data server over its admin endpoint; with this set, they use the emulator as in production.
const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;

let passed = 0;
let failed = 0;
const summary: string[] = [];

function record(ok: boolean, label: string, detail = ''): void {
  if (ok) passed += 1;
  else failed += 1;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${label}${detail ? ` (${detail})` : ''}`);
}

/** Runs a command to completion; its output is shown only when it fails (or when `show`). */
function step(
  label: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; show?: boolean; expectFailure?: boolean } = {},
): { ok: boolean; output: string } {
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
    encoding: 'utf8',
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  const ok = result.status === 0;
  const asExpected = ok !== (options.expectFailure === true);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${asExpected ? 'ok  ' : 'FAIL'} ${label} (${seconds} s)`);
  if (!asExpected || options.show) console.log(output.trim());
  return { ok, output };
}

/** The rehearsal's firebase.json: the project's own, with sites for the demo project and our ports. */
function rehearsalConfig(): string {
  const config = JSON.parse(readFileSync(resolve(root, 'firebase.json'), 'utf8')) as {
    hosting: { target: string; public: string; site?: string; predeploy?: unknown }[];
    emulators: Record<string, unknown>;
    extensions?: unknown;
  };
  for (const site of config.hosting) {
    // Targets need a .firebaserc mapping to real sites; the emulator takes site names as they are.
    site.site = `${PROJECT}-${site.target}`;
    if (site.target === 'app') site.public = '.rehearsal/dist';
    delete (site as { target?: string }).target;
    delete site.predeploy;
  }
  config.emulators = {
    auth: { host: '127.0.0.1', port: ports.auth },
    functions: { host: '127.0.0.1', port: ports.functions },
    hosting: { host: '127.0.0.1', port: ports.hosting },
    hub: { host: '127.0.0.1', port: ports.hub },
    logging: { host: '127.0.0.1', port: ports.logging },
    eventarc: { host: '127.0.0.1', port: ports.eventarc },
    tasks: { host: '127.0.0.1', port: ports.tasks },
    ...(firestoreHost
      ? { firestore: { host: '127.0.0.1', port: Number(firestoreHost.split(':')[1]) } }
      : {}),
    ui: { enabled: false },
    singleProjectMode: true,
  };
  // The extensions need their secrets and a real project; the rehearsal leaves them out.
  delete config.extensions;
  const file = resolve(root, '.rehearsal.firebase.json');
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

async function main(): Promise<void> {
  const started = Date.now();
  console.log('Deploy rehearsal (offline): the functions and Hosting on the Firebase emulators\n');
  console.log(
    firestoreHost
      ? `Data: the Firestore emulator at ${firestoreHost}, through firebase-admin as in production.\n`
      : 'Data: the Firestore emulator cannot run on this machine (Java 21 and a download), so the\n' +
          'functions read and write the local data server (SQLite) over its admin endpoint instead.\n' +
          'Set FIRESTORE_EMULATOR_HOST to rehearse with the real Firestore emulator.\n',
  );
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });

  if (!existsSync(resolve(functionsDir, 'node_modules', 'firebase-functions'))) {
    const install = step(
      'functions: npm ci',
      'npm',
      ['ci', '--no-audit', '--no-fund', '--loglevel=error'],
      { cwd: functionsDir },
    );
    record(install.ok, 'functions: dependencies installed');
    if (!install.ok) return finish(started);
  }
  record(
    step(
      'functions: type check',
      process.execPath,
      [resolve(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'],
      { cwd: functionsDir },
    ).ok,
    'functions: type check',
  );

  const report = resolve(work, 'functions-tests.json');
  const tests = step(
    'functions: tests (firebase-functions-test)',
    process.execPath,
    [
      resolve(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--root',
      '.',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    { cwd: functionsDir },
  );
  if (existsSync(report)) {
    const counts = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    passed += counts.numPassedTests;
    failed += counts.numFailedTests;
    summary.push(
      `     functions tests: ${counts.numPassedTests} passed, ${counts.numFailedTests} failed`,
    );
    if (!tests.ok && counts.numFailedTests === 0) record(false, 'functions: tests ran');
  } else record(false, 'functions: tests ran');

  const bundle = step('functions: esbuild bundle', 'npm', ['run', 'build', '--silent'], {
    cwd: functionsDir,
  });
  record(bundle.ok, 'functions: lib/index.mjs and its chunks built');
  if (bundle.ok) {
    // The manifest as the Firebase CLI discovers and validates it, sizes, regions, secrets, git.
    const { staticDeployChecks } = await import('./lib/deploy-static-checks');
    for (const result of await staticDeployChecks()) {
      console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} — ${result.detail}`);
      record(result.ok, result.name, result.ok ? '' : result.detail);
    }
  }
  const demoConfig = demoFirebaseBuildEnv(PROJECT);
  const vite = resolve(root, 'node_modules/vite/bin/vite.js');
  // A build for Firebase without its settings must stop and name them (it would otherwise talk to
  // a demo project that does not exist).
  const unset = Object.fromEntries(Object.keys(demoConfig).map((key) => [key, '']));
  const refused = step(
    'app: a Firebase build without VITE_FIREBASE_* refuses',
    process.execPath,
    [vite, 'build', '--outDir', '.rehearsal/refused', '--logLevel', 'error'],
    { env: { ...unset, VITE_BACKEND: 'firebase' }, expectFailure: true },
  );
  const named = Object.keys(demoConfig).filter((key) => key !== 'VITE_BACKEND');
  record(
    !refused.ok && named.every((key) => refused.output.includes(key)),
    'app: a Firebase build without its settings refuses, naming each one',
  );
  const app = step(
    'app: vite build for Firebase',
    process.execPath,
    [vite, 'build', '--outDir', '.rehearsal/dist', '--emptyOutDir', '--logLevel', 'warn'],
    { env: demoConfig },
  );
  record(app.ok, 'app: built for Firebase');
  if (!bundle.ok || !app.ok) return finish(started);

  // The local data server the functions reach: its admin endpoint, and the local public surfaces
  // the checks compare the Hosting answers with. Triggers run here as on `npm start`.
  const secret = randomBytes(24).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'cardbuilder-rehearsal-'));
  const server = firestoreHost
    ? null
    : await startServer({
        port: ports.localServer,
        dataDir,
        projectId: PROJECT,
        authEmulatorHost: `127.0.0.1:${ports.auth}`,
        routes: [
          createAdminRoute(secret),
          createPublicSurfaces({ cardBase: '/c', signatureBase: '/s', linkBase: '/l' }),
        ],
        triggers: [countCardsInUse, syncPlanFromSubscriptions],
        // Clients of this server are judged by the repository's rules, as on `npm start`.
        policy: createRulesEnginePolicy(holdRules(loadRules()), {
          bucket: `${PROJECT}.appspot.com`,
        }),
      });
  const localStack = server?.url ?? '';
  const hostingBase = `http://127.0.0.1:${ports.hosting}`;
  const results = resolve(work, 'results.json');
  const checks = [
    process.execPath,
    '--import',
    'tsx',
    resolve(root, 'scripts/lib/deploy-checks.ts'),
  ]
    .map((part) => JSON.stringify(part))
    .join(' ');
  const only = `auth,functions,hosting${firestoreHost ? ',firestore' : ''}`;
  console.log(
    `\nfirebase emulators:exec --only ${only} (Hosting ${hostingBase}, Functions :${ports.functions})`,
  );
  const emulatorStarted = Date.now();
  let emulatorGroup = 0;
  // Interrupted mid-run: the first signal goes out synchronously, before the process is gone.
  const stopOnExit = () => void stopGroup(emulatorGroup);
  const code = await new Promise<number>((done) => {
    const child = spawn(
      process.execPath,
      [
        resolve(root, 'node_modules/firebase-tools/lib/bin/firebase.js'),
        'emulators:exec',
        '--only',
        only,
        '--project',
        PROJECT,
        '--config',
        rehearsalConfig(),
        checks,
      ],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        // A process group of its own, so whatever the emulators leave running can be stopped with it.
        detached: true,
        env: {
          ...process.env,
          // Read by the functions (config.ts, data-source.ts) and by the checks.
          APP_ORIGIN: hostingBase,
          CARD_HOST: `http://127.0.0.1:${ports.hosting + 5}`,
          SIGNATURE_HOST: `http://127.0.0.1:${ports.hosting + 6}`,
          LINK_HOST: `http://127.0.0.1:${ports.hosting + 7}`,
          ...(server ? { LOCAL_DATA_SERVER_URL: localStack, LOCAL_DATA_SERVER_TOKEN: secret } : {}),
          REHEARSAL_LOCAL_STACK: localStack,
          REHEARSAL_RESULTS: results,
          FIREBASE_CLI_EXPERIMENTS: '',
        },
      },
    );
    emulatorGroup = child.pid ?? 0;
    process.once('exit', stopOnExit);
    let log = '';
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      log += text;
      // The checks' own lines; the emulators' chatter goes to .rehearsal/emulators.log.
      for (const line of text.split('\n')) if (/^\s{2}(ok|FAIL)\s/.test(line)) console.log(line);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('exit', (status) => {
      writeFileSync(resolve(work, 'emulators.log'), log);
      done(status ?? 1);
    });
  });
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
  // The Functions emulator's workers outlive `emulators:exec` (about 110 MB each, five a run).
  const leftBehind = await stopGroup(emulatorGroup);
  process.removeListener('exit', stopOnExit);
  record(
    groupMembers(emulatorGroup).length === 0,
    'nothing of the emulators is left running',
    leftBehind > 0 ? `stopped ${leftBehind} Functions emulator worker(s) left behind` : '',
  );

  const checked = existsSync(results)
    ? (JSON.parse(readFileSync(results, 'utf8')) as CheckResult[])
    : [];
  for (const result of checked) record(result.ok, result.name, result.ok ? '' : result.detail);
  if (checked.length === 0) {
    record(false, 'the emulators started and the checks ran', 'see .rehearsal/emulators.log');
    console.log(
      readFileSync(resolve(work, 'emulators.log'), 'utf8').split('\n').slice(-40).join('\n'),
    );
  } else if (code !== 0 && checked.every((r) => r.ok)) {
    record(
      false,
      'firebase emulators:exec exited cleanly',
      `exit ${code}; see .rehearsal/emulators.log`,
    );
  }
  console.log(
    `(emulators up, checks run and shut down in ${((Date.now() - emulatorStarted) / 1000).toFixed(1)} s)`,
  );
  finish(started);
}

function finish(started: number): void {
  console.log('\n=== deploy rehearsal summary');
  for (const line of summary) console.log(line);
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err);
  console.log(`${passed} passed, ${failed + 1} failed`);
  process.exit(1);
});
