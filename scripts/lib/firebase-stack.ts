/**
 * The Firebase stack for `npm run start:firebase` and `scripts/test-firebase-stack.ts`: the app
 * built for Firebase against one `firebase emulators:start` (Auth, Google's Firestore emulator
 * judging firestore.rules, Functions running the bundle that deploys, Hosting with the project's
 * rewrites), so triggers fire from real writes; the extensions' stand-ins run beside it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { newestAppSource } from './app-sources';
import { startStandIns, type RunningStandIns } from './firebase-stack-stand-ins';
import { prepareFirestoreLauncher } from './java-firestore-launcher';
import { assertPortsFree, type PortNeed } from './ports';
import { exitWithParentArgs, groupMembers, StartupError, stopGroup } from './processes';

export const FIREBASE_STACK_PROJECT = 'demo-cardbuilder';
const root = resolve(import.meta.dirname, '../..');

export interface FirebaseStackPorts {
  readonly hosting: number;
  readonly auth: number;
  readonly firestore: number;
  readonly firestoreWebsocket: number;
  readonly functions: number;
  readonly hub: number;
  readonly logging: number;
  readonly eventarc: number;
  readonly tasks: number;
  readonly standIns: number;
}

export function firebaseStackPorts(base: number): FirebaseStackPorts {
  return {
    hosting: base,
    auth: base + 1,
    firestore: base + 2,
    firestoreWebsocket: base + 3,
    functions: base + 4,
    hub: base + 5,
    logging: base + 6,
    eventarc: base + 7,
    tasks: base + 8,
    standIns: base + 10,
  };
}

export interface FirebaseStackOptions {
  /** A name of its own (`start`, `test`): its work folder is `.firebase-stack/<name>`. */
  readonly name: string;
  readonly base: number;
  /** The variable that moves `base`, for the message about a busy port. */
  readonly portVariable: string;
  readonly command: string;
  /** Write the demo data (as `npm start` does). */
  readonly seed: boolean;
  /** Build the app even when its sources did not change since the last build of this stack. */
  readonly forceBuild?: boolean;
  readonly log: (line: string) => void;
}

export interface RunningFirebaseStack {
  readonly ports: FirebaseStackPorts;
  readonly appUrl: string;
  readonly standInsUrl: string;
  readonly authUrl: string;
  readonly firestoreHost: string;
  readonly functionsUrl: string;
  /** The emulators' output so far (firebase-tools' own lines and the functions' logs). */
  emulatorLog(): string;
  /** Resolves once the stand-ins handled every event received so far. */
  standInsIdle(): Promise<void>;
  /** The emulators' processes still running (none once `stop` resolved). */
  processesLeft(): number[];
  stop(): Promise<void>;
}

/** The settings of an app built for the Firebase backend of a demo project (no real one). */
export function demoFirebaseBuildEnv(project: string): Record<string, string> {
  return {
    VITE_BACKEND: 'firebase',
    VITE_FIREBASE_API_KEY: 'demo-api-key',
    VITE_FIREBASE_AUTH_DOMAIN: `${project}.firebaseapp.com`,
    VITE_FIREBASE_PROJECT_ID: project,
    VITE_FIREBASE_STORAGE_BUCKET: `${project}.appspot.com`,
    VITE_FIREBASE_APP_ID: 'demo-app-id',
  };
}

/** The app's build settings for this stack: the demo project, and every emulator it talks to. */
export function appBuildEnv(ports: FirebaseStackPorts): Record<string, string> {
  const host = (port: number) => `127.0.0.1:${port}`;
  return {
    ...demoFirebaseBuildEnv(FIREBASE_STACK_PROJECT),
    VITE_FIREBASE_EMULATORS: [
      `auth:${host(ports.auth)}`,
      `firestore:${host(ports.firestore)}`,
      `functions:${host(ports.functions)}`,
    ].join(','),
  };
}

function run(what: string, command: string, args: string[], cwd: string, env = {}): void {
  const result = spawnSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new StartupError(`${what} failed:\n${`${result.stdout}${result.stderr}`.trim()}`);
  }
}

/**
 * Builds the app for this stack into `dist` unless the sources and settings are those of the last
 * build there (a stamp file remembers them).
 */
function buildApp(dist: string, env: Record<string, string>, force: boolean): boolean {
  const stamp = JSON.stringify({ env, newest: newestAppSource(root, ['package-lock.json']) });
  const stampFile = join(dist, '.firebase-stack-build');
  if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return false;
  run(
    'Building the app for Firebase (vite build)',
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      dist,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    root,
    env,
  );
  writeFileSync(stampFile, stamp);
  return true;
}

/** The stack's firebase.json: the project's Firestore rules, functions and app site, our ports. */
function stackConfig(name: string, dist: string, ports: FirebaseStackPorts): string {
  const project = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as {
    firestore: unknown;
    functions: unknown;
    hosting: {
      target: string;
      rewrites: unknown;
      headers: unknown;
      ignore: unknown;
      cleanUrls: unknown;
      trailingSlash: unknown;
    }[];
  };
  const app = project.hosting.find((site) => site.target === 'app');
  if (!app) throw new Error('firebase.json has no hosting target "app"');
  const config = {
    firestore: project.firestore,
    functions: project.functions,
    hosting: {
      // Relative to this file, which is written into the repository's root (firebase-tools
      // resolves the functions' source and the public folder from the config file's folder).
      public: dist.slice(root.length + 1),
      ignore: app.ignore,
      // How a path finds its file: without these, `/builder` is redirected to `/builder/`.
      cleanUrls: app.cleanUrls,
      trailingSlash: app.trailingSlash,
      rewrites: app.rewrites,
      headers: app.headers,
    },
    // No Storage emulator: it needs a rules runtime jar that firebase-tools downloads, which cannot
    // be had offline here. Uploads fail on this stack; the journeys make none.
    emulators: {
      auth: { host: '127.0.0.1', port: ports.auth },
      firestore: {
        host: '127.0.0.1',
        port: ports.firestore,
        websocketPort: ports.firestoreWebsocket,
      },
      functions: { host: '127.0.0.1', port: ports.functions },
      hosting: { host: '127.0.0.1', port: ports.hosting },
      hub: { host: '127.0.0.1', port: ports.hub },
      logging: { host: '127.0.0.1', port: ports.logging },
      eventarc: { host: '127.0.0.1', port: ports.eventarc },
      tasks: { host: '127.0.0.1', port: ports.tasks },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  const file = join(root, `.firebase-stack-${name}.firebase.json`);
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return true;
}

/** Stops the emulators: SIGINT to firebase-tools (it stops each emulator), then what is left. */
async function stopEmulators(child: ChildProcess): Promise<void> {
  const pgid = child.pid ?? 0;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGINT');
    await waitUntil(() => child.exitCode !== null || child.signalCode !== null, 20_000);
  }
  // The Functions emulator's workers (and a Java process, after a hard stop) outlive the CLI.
  await stopGroup(pgid, 3_000);
}

/** Builds what the stack needs, starts it, and resolves once the app can be opened. */
export async function startFirebaseStack(
  options: FirebaseStackOptions,
): Promise<RunningFirebaseStack> {
  const ports = firebaseStackPorts(options.base);
  const log = options.log;
  const needs: PortNeed[] = Object.entries(ports).map(([what, port]) => ({
    port,
    what: `the Firebase stack's ${what}`,
    variable: options.portVariable,
  }));
  await assertPortsFree({ needs, command: options.command, root });

  const work = join(root, '.firebase-stack', options.name);
  mkdirSync(work, { recursive: true });
  const launcher = prepareFirestoreLauncher(work);

  let started = Date.now();
  if (!existsSync(join(root, 'functions/node_modules/firebase-functions'))) {
    log('Installing the functions package (npm ci in functions/)...');
    run('npm ci in functions/', 'npm', ['ci', '--no-audit', '--no-fund'], join(root, 'functions'));
  }
  run(
    'Bundling the functions (functions/build.mjs)',
    process.execPath,
    ['build.mjs'],
    join(root, 'functions'),
  );
  log(`Functions bundle built (functions/lib/index.mjs, ${seconds(started)} s)`);

  started = Date.now();
  const dist = join(work, 'dist');
  const appEnv = appBuildEnv(ports);
  const built = buildApp(dist, appEnv, options.forceBuild === true);
  log(
    built
      ? `App built for Firebase (${seconds(started)} s)`
      : 'App already built for Firebase (sources unchanged)',
  );

  const appUrl = `http://127.0.0.1:${ports.hosting}`;
  const config = stackConfig(options.name, dist, ports);
  started = Date.now();
  let output = '';
  const child = spawn(
    process.execPath,
    [
      // firebase-tools stops its emulators on SIGINT; the preload sends it when we end hard.
      ...exitWithParentArgs('SIGINT'),
      join(root, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      'auth,firestore,functions,hosting',
      '--project',
      FIREBASE_STACK_PROJECT,
      '--config',
      config,
    ],
    {
      cwd: work,
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own: stopped whole (the Functions emulator's workers with it).
      detached: true,
      env: {
        ...process.env,
        PATH: `${launcher.binDir}:${process.env.PATH ?? ''}`,
        FIRESTORE_EMULATOR_BINARY_PATH: launcher.jar,
        // Read by the functions (functions/src/config.ts): links in mail and on the pages.
        APP_ORIGIN: appUrl,
        FIREBASE_CLI_EXPERIMENTS: '',
        CI: process.env.CI ?? '',
      },
    },
  );
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stopOnExit = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', stopOnExit);
  const ready = await waitUntil(
    () => output.includes('All emulators ready') || child.exitCode !== null,
    180_000,
  );
  if (!ready || child.exitCode !== null) {
    await stopEmulators(child);
    process.removeListener('exit', stopOnExit);
    throw new StartupError(
      `The Firebase emulators did not start${ready ? '' : ' within 3 minutes'}:\n${output.split('\n').slice(-40).join('\n')}`,
    );
  }
  log(`Emulators up: Auth, Firestore (Google's), Functions, Hosting (${seconds(started)} s)`);

  let standIns: RunningStandIns;
  try {
    standIns = await startStandIns({
      projectId: FIREBASE_STACK_PROJECT,
      firestoreHost: `127.0.0.1:${ports.firestore}`,
      authHost: `127.0.0.1:${ports.auth}`,
      port: ports.standIns,
      appOrigin: appUrl,
      log,
    });
    if (options.seed) {
      started = Date.now();
      if (await standIns.seedDemo()) log(`Demo data written (${seconds(started)} s)`);
    }
  } catch (err) {
    await stopEmulators(child);
    process.removeListener('exit', stopOnExit);
    throw err;
  }

  let stopped: Promise<void> | undefined;
  return {
    ports,
    appUrl,
    standInsUrl: standIns.url,
    authUrl: `http://127.0.0.1:${ports.auth}`,
    firestoreHost: `127.0.0.1:${ports.firestore}`,
    functionsUrl: `http://127.0.0.1:${ports.functions}`,
    emulatorLog: () => output,
    standInsIdle: () => standIns.idle(),
    processesLeft: () => groupMembers(child.pid ?? 0),
    stop() {
      stopped ??= (async () => {
        await standIns.stop().catch((err: unknown) => log(`stand-ins: ${String(err)}`));
        await stopEmulators(child);
        process.removeListener('exit', stopOnExit);
        rmSync(config, { force: true });
      })();
      return stopped;
    },
  };
}

function seconds(since: number): string {
  return ((Date.now() - since) / 1000).toFixed(1);
}
