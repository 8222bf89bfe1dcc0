/**
 * Starts the official Firebase Auth emulator (firebase-tools, auth only: it is written in Node and
 * runs offline) and waits until it answers. Used by `npm start` and by the test wrappers. Before it
 * starts anything it checks its three ports and the saved accounts it would import, so that a busy
 * port or a half-written export is explained rather than thrown; once started, it ends with its
 * parent.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { assertPortsFree, type PortCheck, type PortNeed } from './ports';
import { displayPath, exitWithParentArgs, StartupError } from './processes';

export const PROJECT_ID = 'demo-cardbuilder';

export interface AuthEmulatorOptions {
  readonly port: number;
  /** Folder to import accounts from at start and export them to at a clean stop. */
  readonly persistDir?: string;
  readonly quiet?: boolean;
  /** The variable that moves `port`, named when it is busy (`AUTH_PORT`, `TEST_AUTH_PORT`). */
  readonly portVariable?: string;
  /** The command to show with a moved port (see PortCheck's `command`). */
  readonly command?: PortCheck['command'];
  /** The command that starts again from fresh data, named when the saved accounts are damaged. */
  readonly freshCommand?: string;
}

export interface RunningAuthEmulator {
  readonly host: string;
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

const root = resolve(import.meta.dirname, '..', '..');

/** A firebase.json for the Auth emulator alone on `port`, so several stacks can run side by side. */
function emulatorConfig(port: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'cardbuilder-auth-'));
  const file = join(dir, 'firebase.json');
  writeFileSync(
    file,
    JSON.stringify({
      emulators: {
        auth: { port, host: '127.0.0.1' },
        // The hub and logging ports default to 4400/4500 for every stack; give each its own.
        hub: { port: port + 10, host: '127.0.0.1' },
        logging: { port: port + 11, host: '127.0.0.1' },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  return file;
}

export async function waitForHttp(
  url: string,
  timeoutMs: number,
  child?: ChildProcess,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited early`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The emulator's ports: its own, then the hub and logging ports `emulatorConfig` gives it. */
export function authEmulatorPorts(port: number, variable = 'AUTH_PORT'): PortNeed[] {
  return [
    { port, what: 'the Auth emulator', variable },
    { port: port + 10, what: "the Auth emulator's hub", variable },
    { port: port + 11, what: "the Auth emulator's logging", variable },
  ];
}

/** Offsets that move with the emulator's port variable, for the port message. */
export const AUTH_PORT_OFFSETS = [0, 10, 11] as const;

/**
 * Throws a StartupError when the export in `dir` that the emulator would import cannot be read
 * (typically half-written: the previous run was killed while exporting). firebase-tools would
 * otherwise fail with a JSON parse error and a stack trace.
 */
export function assertExportReadable(dir: string, freshCommand?: string): void {
  const metadataPath = join(dir, 'firebase-export-metadata.json');
  const damaged = (path: string, why: string): StartupError => {
    const shown = displayPath(path);
    return new StartupError(
      [
        `The saved sign-in accounts cannot be read: ${shown} ${why}.`,
        'Probably an earlier run was stopped while it was saving them.',
        freshCommand
          ? `Start again from fresh demo data with: ${freshCommand}`
          : `Move ${dir} aside (or delete it) to start without the saved accounts.`,
      ].join('\n'),
    );
  };
  const parse = (path: string): unknown => {
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as unknown;
    } catch (err) {
      throw damaged(path, `is not valid JSON (${(err as Error).message})`);
    }
  };
  const metadata = parse(metadataPath) as { auth?: { path?: unknown } } | null;
  const exportPath = metadata?.auth?.path;
  if (typeof exportPath !== 'string') throw damaged(metadataPath, 'names no auth export');
  const exportDir = join(dir, exportPath);
  if (!existsSync(exportDir)) throw damaged(exportDir, 'is missing');
  for (const name of readdirSync(exportDir)) {
    if (name.endsWith('.json')) parse(join(exportDir, name));
  }
}

export async function startAuthEmulator(
  options: AuthEmulatorOptions,
): Promise<RunningAuthEmulator> {
  await assertPortsFree({
    needs: authEmulatorPorts(options.port, options.portVariable),
    command: options.command ?? 'npm start',
    root,
    groups: { [options.portVariable ?? 'AUTH_PORT']: AUTH_PORT_OFFSETS },
  });
  const config = emulatorConfig(options.port);
  const args = [
    // On SIGINT the emulator exports its accounts before it exits.
    ...exitWithParentArgs('SIGINT'),
    join(root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'),
    'emulators:start',
    '--only',
    'auth',
    '--project',
    PROJECT_ID,
    '--config',
    config,
  ];
  if (options.persistDir) {
    if (existsSync(join(options.persistDir, 'firebase-export-metadata.json'))) {
      assertExportReadable(options.persistDir, options.freshCommand);
      args.push('--import', options.persistDir);
    }
    args.push('--export-on-exit', options.persistDir);
  }
  const child = spawn(process.execPath, args, {
    // firebase-tools stages an export in a temporary folder of its working folder before it swaps
    // it in: next to the export, so that one cut short is left in the data folder, not the repo.
    cwd: options.persistDir ? dirname(resolve(options.persistDir)) : dirname(config),
    stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    // Its own process group: Ctrl-C reaches it once, from us, so it exports its accounts cleanly.
    // The preload above ends it when we end without stopping it (SIGKILL, a closed terminal).
    detached: true,
    env: { ...process.env, FIREBASE_CLI_EXPERIMENTS: '', CI: process.env.CI ?? '' },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const host = `127.0.0.1:${options.port}`;
  const url = `http://${host}`;
  try {
    // Two minutes: beside CI's browser suites one start took more than one (firebase-tools loads
    // slowly on a busy machine), and a false "did not start" is worse than a longer wait.
    await waitForHttp(`${url}/emulator/v1/projects/${PROJECT_ID}/config`, 120_000, child);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`The Auth emulator did not start: ${String(err)}\n${output}`);
  }
  return {
    host,
    url,
    child,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          done();
        });
        child.kill('SIGINT');
      }),
  };
}

/** Signs a user in with their password on the Auth emulator at `emulatorUrl`: their token and uid. */
export async function signInWithPassword(
  emulatorUrl: string,
  email: string,
  password: string,
): Promise<{ token: string; uid: string }> {
  const res = await fetch(
    `${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=local`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string; localId?: string };
  if (!body.idToken || !body.localId) {
    throw new Error(`Sign-in of ${email} failed: ${JSON.stringify(body)}`);
  }
  return { token: body.idToken, uid: body.localId };
}
