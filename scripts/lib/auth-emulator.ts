/**
 * Starts the official Firebase Auth emulator (firebase-tools, auth only: it is written in Node and
 * runs offline) and waits until it answers. Used by `npm start` and by the test wrappers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const PROJECT_ID = 'demo-cardbuilder';

export interface AuthEmulatorOptions {
  readonly port: number;
  /** Folder to import accounts from at start and export them to at a clean stop. */
  readonly persistDir?: string;
  readonly quiet?: boolean;
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

async function portAnswers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

export async function startAuthEmulator(
  options: AuthEmulatorOptions,
): Promise<RunningAuthEmulator> {
  if (await portAnswers(options.port)) {
    throw new Error(
      `Port ${options.port} is already in use (another Auth emulator or \`npm start\`?). Stop it first.`,
    );
  }
  const args = [
    join(root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'),
    'emulators:start',
    '--only',
    'auth',
    '--project',
    PROJECT_ID,
    '--config',
    emulatorConfig(options.port),
  ];
  if (options.persistDir) {
    if (existsSync(join(options.persistDir, 'firebase-export-metadata.json'))) {
      args.push('--import', options.persistDir);
    }
    args.push('--export-on-exit', options.persistDir);
  }
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    // Its own process group: Ctrl-C reaches it once, from us, so it exports its accounts cleanly.
    detached: true,
    env: { ...process.env, FIREBASE_CLI_EXPERIMENTS: '', CI: process.env.CI ?? '' },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const host = `127.0.0.1:${options.port}`;
  const url = `http://${host}`;
  try {
    await waitForHttp(`${url}/emulator/v1/projects/${PROJECT_ID}/config`, 60_000, child);
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
