/**
 * Helpers for the scripts suite: a copy of the repository as a fresh clone has it, free ports,
 * and `npm start` (scripts/start.ts) run as a real process whose output the tests read.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { isPortFree } from '../../scripts/lib/ports';

export const root = resolve(import.meta.dirname, '..', '..');

/**
 * The repository's files as the working tree has them, tracked or new but not ignored (so no
 * node_modules, dist or .data), in a new folder: what a fresh clone of the next commit holds.
 */
export function freshCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cardbuilder-clone-'));
  const files = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (files.status !== 0) throw new Error(`git ls-files failed: ${files.stderr}`);
  for (const file of files.stdout.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      copyFileSync(join(root, file), join(dir, file));
    } catch {
      // Deleted in the working tree but not yet in git: a clone of the next commit lacks it too.
    }
  }
  return dir;
}

/** A random port where `port + offset` is free for each offset (the Auth emulator needs three). */
export async function freePort(offsets: readonly number[] = [0]): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const free = await Promise.all(offsets.map((o) => isPortFree(port + o)));
    if (free.every(Boolean)) return port;
  }
}

/** True when every port is free again within `timeoutMs`. */
export async function portsFreeWithin(ports: number[], timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const free = await Promise.all(ports.map((p) => isPortFree(p)));
    if (free.every(Boolean)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

export interface StartedStack {
  readonly child: ChildProcess;
  /** Everything printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves with the output once it contains `text`; rejects if the process exits first. */
  waitFor(text: string, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code and the whole output. */
  exited(): Promise<{ code: number | null; output: string }>;
}

/**
 * Runs scripts/start.ts as `npm start` runs it, in a process group of its own (so that a test can
 * kill the whole group, as a closed terminal or a CI timeout does).
 */
export function startStack(env: NodeJS.ProcessEnv, args: string[] = []): StartedStack {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...args], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer): void => {
    out += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exit = new Promise<{ code: number | null; output: string }>((done) => {
    child.on('exit', (code) => {
      // Let the last chunks of output arrive.
      setTimeout(() => done({ code, output: out }), 100);
    });
  });
  return {
    child,
    output: () => out,
    waitFor(text, timeoutMs = 150_000) {
      return new Promise((done, fail) => {
        const check = (): void => {
          if (!out.includes(text)) return;
          listeners.delete(check);
          clearTimeout(timer);
          done(out);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          fail(new Error(`No "${text}" within ${timeoutMs} ms. Output:\n${out}`));
        }, timeoutMs);
        listeners.add(check);
        void exit.then(({ code }) => {
          if (!out.includes(text)) {
            listeners.delete(check);
            clearTimeout(timer);
            fail(new Error(`Exited (${String(code)}) before "${text}". Output:\n${out}`));
          }
        });
        check();
      });
    },
    exited: () => exit,
  };
}

/** Kills the process group of `child` hard, if it still runs. */
export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** A line of a JavaScript stack trace: what these messages must never show. */
export const STACK_LINE = /^\s+at .+\(?.+:\d+:\d+\)?$/m;
