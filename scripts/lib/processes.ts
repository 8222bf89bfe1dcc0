/**
 * Small process helpers for the start and test scripts: the failure that is explained rather than
 * thrown, the preload that ends a child with its parent, and what the system can tell about a
 * process (alive? which command? started where?) so that messages can name it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A failure with a message written for the person at the keyboard (what happened, what to type):
 * printed as it is, without a stack trace. Anything else that escapes is a bug and keeps its stack.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/** A path as short as it can be shown: relative to the current folder when inside it. */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

const watchdog = resolve(import.meta.dirname, 'exit-with-parent.mjs');

/**
 * Node options that make a child end when this process ends, however it ends (see
 * exit-with-parent.mjs); `signal` is what the child gets to shut itself down cleanly.
 */
export function exitWithParentArgs(signal: NodeJS.Signals = 'SIGTERM'): string[] {
  const url = `${pathToFileURL(watchdog).href}?parent=${process.pid}&signal=${signal}`;
  return ['--import', url];
}

/** True while `pid` runs. A zombie (ended, not yet reaped by its new parent) does not count. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // The state follows the parenthesised command name: "123 (node) Z ...".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** The command line of `pid` (from /proc, else `ps`), or undefined when it cannot be read. */
export function commandLine(pid: number): string | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const line = raw.split('\0').filter(Boolean).join(' ');
    if (line) return line;
  } catch {
    // No /proc (macOS) or no such process: ask ps.
  }
  const ps = spawnSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
  const line = ps.status === 0 ? ps.stdout.trim() : '';
  return line || undefined;
}

/** The working folder of `pid` where the system tells it (Linux), else undefined. */
export function workingFolder(pid: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return undefined;
  }
}

/** Sends `signal`, waits up to `graceMs` for the process to end, then kills it. */
export async function stopProcess(
  pid: number,
  signal: NodeJS.Signals,
  graceMs = 15_000,
): Promise<void> {
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Ended in between.
    }
  }
}

/** The live processes of process group `pgid` (Linux /proc); none where /proc is missing. */
export function groupMembers(pgid: number): number[] {
  if (pgid <= 0 || !existsSync('/proc')) return [];
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 of /proc/PID/stat is the process group (the name, field 2, may hold spaces); a
      // zombie (state Z) is gone but for its reaping.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') members.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return members;
}

/**
 * Ends what is left of process group `pgid`: SIGTERM, up to `graceMs` for it to go, then
 * SIGKILL. Resolves with how many processes it found (0: nothing was left).
 */
export async function stopGroup(pgid: number, graceMs = 2_000): Promise<number> {
  const found = groupMembers(pgid).length;
  if (found === 0) return 0;
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {
    return found;
  }
  const deadline = Date.now() + graceMs;
  while (groupMembers(pgid).length > 0 && Date.now() < deadline) {
    await new Promise((wait) => setTimeout(wait, 100));
  }
  try {
    if (groupMembers(pgid).length > 0) process.kill(-pgid, 'SIGKILL');
  } catch {
    // Gone between the check and the signal.
  }
  return found;
}
