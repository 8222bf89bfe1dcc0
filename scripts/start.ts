/**
 * `npm start`: the whole local stack with one command: the Auth emulator, the app built when its
 * sources changed, the local data server with demo data; Ctrl-C stops it all cleanly. `--dev`
 * puts Vite's dev server in front, `--fresh` moves the data aside first. What a newcomer can run
 * into (a running stack, a port in use, unreadable data) is said before anything starts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import {
  assertExportReadable,
  AUTH_PORT_OFFSETS,
  authEmulatorPorts,
  startAuthEmulator,
  waitForHttp,
  type RunningAuthEmulator,
} from './lib/auth-emulator';
import { checkStoreReadable } from 'firestore-local/store';
import { explainStartupError } from '../local-server/startup-errors';
import { newestAppSource } from './lib/app-sources';
import { assertPortsFree, suggestPort, type PortNeed } from './lib/ports';
import {
  commandLine,
  displayPath,
  exitWithParentArgs,
  isAlive,
  StartupError,
  stopProcess,
} from './lib/processes';

const root = resolve(import.meta.dirname, '..');
const dev = process.argv.includes('--dev');
const fresh = process.argv.includes('--fresh');
const host = process.env.HOST ?? '127.0.0.1';
const appPort = Number(process.env.PORT ?? 5173);
const serverPort = dev ? Number(process.env.SERVER_PORT ?? 8787) : appPort;
const authPort = Number(process.env.AUTH_PORT ?? 9099);
const dataRoot = resolve(root, process.env.DATA_ROOT ?? '.data');
const recordPath = join(dataRoot, 'stack.json');

const shown = displayPath;

/**
 * This command as the user would type it again, keeping the variables they set and applying
 * `changes`: `PORT=5174 npm start`.
 */
function commandWith(
  changes: Readonly<Record<string, string | number>> = {},
  script?: string,
): string {
  const vars: Record<string, string> = {};
  for (const name of ['DATA_ROOT', 'HOST', 'PORT', 'SERVER_PORT', 'AUTH_PORT']) {
    const value = process.env[name];
    if (value !== undefined && value !== '') vars[name] = value;
  }
  for (const [name, value] of Object.entries(changes)) vars[name] = String(value);
  const prefix = Object.entries(vars).map(([k, v]) => `${k}=${v} `);
  return `${prefix.join('')}${script ?? (dev ? 'npm run dev' : 'npm start')}`;
}

const freshCommand = commandWith({}, dev ? 'npm run dev -- --fresh' : 'npm run start:fresh');

/** Who is running from this data folder: written at start, removed at a clean stop. */
interface StackRecord {
  pid: number;
  /** The command line of `pid` when it was written: a reused pid will not match it. */
  command: string | undefined;
  appUrl: string;
  startedAt: string;
  ready: boolean;
  children: { what: string; pid: number; command: string | undefined; signal: NodeJS.Signals }[];
}

function readRecord(): StackRecord | undefined {
  try {
    return JSON.parse(readFileSync(recordPath, 'utf8')) as StackRecord;
  } catch {
    return undefined;
  }
}

let record: StackRecord | undefined;

function saveRecord(): void {
  if (record) writeFileSync(recordPath, `${JSON.stringify(record, null, 2)}\n`);
}

function removeRecord(): void {
  // Only our own: a second start that stops early must not remove the first one's record.
  if (record && readRecord()?.pid === process.pid) rmSync(recordPath, { force: true });
}

/** Still the same process as when it was recorded (the pid was not reused since). */
function sameProcess(pid: number, command: string | undefined): boolean {
  return isAlive(pid) && command !== undefined && commandLine(pid) === command;
}

/**
 * Looks at the record an earlier start left in this data folder. Says so and stops when that
 * stack is still running; stops what it left running when its own process is gone.
 */
async function handleEarlierRun(): Promise<void> {
  const earlier = readRecord();
  if (!earlier) return;
  if (sameProcess(earlier.pid, earlier.command)) {
    const since = new Date(earlier.startedAt).toLocaleTimeString();
    const otherPort = await suggestPort(appPort + 1, [0], host);
    const otherAuth = await suggestPort(authPort + 1, AUTH_PORT_OFFSETS);
    throw new StartupError(
      [
        `Cardbuilder is already ${earlier.ready ? 'running' : 'starting'} from this folder: ` +
          `${earlier.appUrl} (pid ${earlier.pid}, since ${since}).`,
        `Use that one, or stop it first: Ctrl-C in its terminal, or \`kill ${earlier.pid}\`.`,
        'For a second stack beside it, give it its own data folder and ports: ' +
          commandWith({
            DATA_ROOT: `${shown(dataRoot)}-2`,
            PORT: otherPort ?? '<port>',
            AUTH_PORT: otherAuth ?? '<port>',
          }),
      ].join('\n'),
    );
  }
  const leftovers = earlier.children.filter((c) => sameProcess(c.pid, c.command));
  const unknown = earlier.children.filter((c) => isAlive(c.pid) && c.command === undefined);
  if (unknown.length > 0) {
    throw new StartupError(
      `An earlier run of this folder ended without stopping ${unknown.map((c) => `${c.what} (pid ${c.pid})`).join(' and ')}, ` +
        `and this system cannot tell whether those pids are still them. If they are, stop them ` +
        `with \`kill ${unknown.map((c) => c.pid).join(' ')}\`; then remove ${shown(recordPath)} and start again.`,
    );
  }
  if (leftovers.length > 0) {
    // Each part ends by itself once its parent is gone (the Auth emulator after exporting its
    // accounts); a signal now would cut that export short. Only what is still there after a
    // while, such as a part that was stopped (SIGSTOP) or hangs, is stopped from here.
    const names = leftovers.map((c) => `${c.what} (pid ${c.pid})`).join(' and ');
    console.log(`An earlier run of this folder is still stopping ${names}; waiting for it...`);
    const deadline = Date.now() + 10_000;
    while (leftovers.some((c) => isAlive(c.pid)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const stuck = leftovers.filter((c) => isAlive(c.pid));
    if (stuck.length > 0) {
      console.log(`Stopping ${stuck.map((c) => `${c.what} (pid ${c.pid})`).join(' and ')}...`);
      await Promise.all(stuck.map((c) => stopProcess(c.pid, c.signal)));
    }
  }
  rmSync(recordPath, { force: true });
}

/** `--fresh`: moves the data the stack uses into `.data/previous-<time>`, nothing deleted. */
function moveDataAside(): void {
  const parts = ['auth', 'db'].filter((p) => existsSync(join(dataRoot, p)));
  if (parts.length === 0) {
    console.log('Starting from fresh demo data.');
    return;
  }
  const stamp = new Date().toISOString().replace(/[:T]/g, '-').replace(/\..*$/, '');
  const aside = join(dataRoot, `previous-${stamp}`);
  mkdirSync(aside, { recursive: true });
  for (const part of parts) renameSync(join(dataRoot, part), join(aside, part));
  console.log(`Moved the earlier data to ${shown(aside)}; starting from fresh demo data.`);
}

function buildIfStale(): void {
  const distIndex = join(root, 'dist', 'index.html');
  const newestSource = newestAppSource(root);
  const built = existsSync(distIndex);
  if (built && statSync(distIndex).mtimeMs >= newestSource) return;
  console.log(
    built ? 'Rebuilding the app (its sources changed)...' : 'Building the app (first start)...',
  );
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0)
    throw new StartupError('The app did not build (vite build failed, see above).');
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill(signal);
  });
}

let emulator: RunningAuthEmulator | undefined;
const children: ChildProcess[] = [];

/** Starts `args` with node as a part of the stack: recorded, and ending when this process ends. */
function startPart(what: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [...exitWithParentArgs('SIGTERM'), ...args], {
    cwd: root,
    stdio: 'inherit',
    // A process group of its own, like the emulator's: a Ctrl-C reaches it once, from us.
    detached: true,
    env,
  });
  children.push(child);
  if (record && child.pid !== undefined) {
    record.children.push({
      what,
      pid: child.pid,
      command: commandLine(child.pid),
      signal: 'SIGTERM',
    });
    saveRecord();
  }
  return child;
}

async function stopAll(): Promise<void> {
  await Promise.all(children.map((c) => stopChild(c, 'SIGTERM')));
  await emulator?.stop();
  removeRecord();
}

let stopping = false;

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  await stopAll();
  console.log(`Stopped. Your data is kept in ${shown(dataRoot)}.`);
  process.exit(0);
}

/** Says what the data server would, at once: the database cannot be used, and how to start afresh. */
function assertDatabaseReadable(): void {
  const dataDir = join(dataRoot, 'db');
  try {
    checkStoreReadable(dataDir);
  } catch (err) {
    const explained = explainStartupError(err, { port: serverPort, host, dataDir, freshCommand });
    if (explained) throw new StartupError(explained);
    throw err;
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  // When the terminal is gone (closed, or the output piped into something that ended), messages
  // have nowhere to go; stopping the stack cleanly matters more than saying so.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  // SIGHUP: the terminal was closed. All three stop as cleanly as Ctrl-C, also while starting.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => void stop());
  }
  await handleEarlierRun();
  const needs: PortNeed[] = [{ port: appPort, what: 'the app', variable: 'PORT', host }];
  if (dev) {
    needs.push({ port: serverPort, what: 'the data server', variable: 'SERVER_PORT', host });
  }
  needs.push(...authEmulatorPorts(authPort));
  await assertPortsFree({
    needs,
    command: (changes) => commandWith(changes),
    root,
    groups: { AUTH_PORT: AUTH_PORT_OFFSETS },
  });

  if (fresh) moveDataAside();
  // Before the build: a damaged export should not cost the wait for one.
  if (existsSync(join(dataRoot, 'auth', 'firebase-export-metadata.json'))) {
    assertExportReadable(join(dataRoot, 'auth'), freshCommand);
  }
  // Nor a damaged database the wait for the build and the Auth emulator (a minute when busy).
  assertDatabaseReadable();
  mkdirSync(join(dataRoot, 'auth'), { recursive: true });
  mkdirSync(join(dataRoot, 'db'), { recursive: true });
  const app = `http://localhost:${appPort}`;
  record = {
    pid: process.pid,
    command: commandLine(process.pid),
    appUrl: app,
    startedAt: new Date().toISOString(),
    ready: false,
    children: [],
  };
  saveRecord();
  if (!dev) buildIfStale();

  console.log('Starting the Auth emulator...');
  emulator = await startAuthEmulator({
    port: authPort,
    persistDir: join(dataRoot, 'auth'),
    quiet: true,
    portVariable: 'AUTH_PORT',
    command: (changes) => commandWith(changes),
    freshCommand,
  });
  if (emulator.child.pid !== undefined) {
    record.children.push({
      what: 'the Auth emulator',
      pid: emulator.child.pid,
      command: commandLine(emulator.child.pid),
      signal: 'SIGINT',
    });
    saveRecord();
  }

  const server = startPart(
    'the data server',
    ['--import', 'tsx', join(root, 'local-server', 'main.ts')],
    {
      ...process.env,
      PORT: String(serverPort),
      HOST: host,
      DATA_DIR: join(dataRoot, 'db'),
      // Under `npm run dev` an edit of firestore.rules or storage.rules takes effect at once.
      ...(dev ? { RULES_WATCH: '1' } : { APP_DIST: join(root, 'dist') }),
      // The card pages are rendered with React on this server: `npm start` uses React's production
      // build (several times faster per page, as on Cloud Functions); `npm run dev` keeps the
      // development build and its warnings.
      NODE_ENV: dev ? 'development' : 'production',
      SEED_DEMO: '1',
      PUBLIC_ORIGIN: `http://localhost:${appPort}`,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      GCLOUD_PROJECT: 'demo-cardbuilder',
      VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${authPort}`,
      START_FRESH_COMMAND: freshCommand,
    },
  );
  await waitForHttp(`http://127.0.0.1:${serverPort}/api/health`, 60_000, server);

  if (dev) {
    const vite = startPart(
      'the Vite dev server',
      [
        join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
        '--port',
        String(appPort),
        '--strictPort',
      ],
      {
        ...process.env,
        LOCAL_SERVER_URL: `http://127.0.0.1:${serverPort}`,
        VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${authPort}`,
      },
    );
    await waitForHttp(`http://127.0.0.1:${appPort}/`, 60_000, vite);
  }
  record.ready = true;
  saveRecord();

  console.log(`
  Cardbuilder is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)

    App            ${app}
    Public card    ${app}/c/ada-lovelace
    Mailbox        ${app}/__/mailbox   (magic links, password resets, outgoing e-mail)
    Auth emulator  http://127.0.0.1:${authPort}
    Data           ${shown(dataRoot)}   (${freshCommand} starts again from the demo data)

  Demo sign-ins (password Demo-pass1):
    superadmin@cardbuilder.local   super admin, sees every account
    owner@acme.example             owner of Acme Co (Growth plan, two teams, three cards)
    owner@globex.example           owner of Globex (free plan, at its card cap)
    owner@initech.example          owner of Initech (Corporate plan, 100 cards, public directory)

  Press Ctrl-C to stop.
`);

  for (const child of children) {
    child.on('exit', (code) => {
      if (!stopping) {
        console.error(`A part of the stack exited (code ${String(code)}); stopping the rest.`);
        void stop();
      }
    });
  }
}

main().catch(async (err: unknown) => {
  if (stopping) return;
  stopping = true;
  // A part that exited while starting has printed its own reason (the data server explains a
  // damaged database, for one); repeating it with a stack trace would only bury it.
  const exited = children.find((c) => c.exitCode !== null);
  if (err instanceof StartupError) console.error(`\n${err.message}\n`);
  else if (exited) console.error(`\nThe stack did not start (its reason is above).\n`);
  else console.error(err);
  await stopAll();
  process.exit(1);
});
