/**
 * `npm start` as a whole stack on ports of its own: a leftover of an earlier run is stopped, a
 * second start in the same folder says where the first one is, a hard kill of the whole process
 * group leaves no process holding a port (and the next start just starts), and a damaged
 * database is explained and then started afresh with `npm run start:fresh`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandLine, isAlive } from '../../scripts/lib/processes';
import {
  freePort,
  killGroup,
  portsFreeWithin,
  STACK_LINE,
  startStack,
  type StartedStack,
} from './helpers';

const READY = 'Press Ctrl-C to stop.';
const stacks: StartedStack[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const stack of stacks.splice(0)) killGroup(stack.child);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function stackEnv(): Promise<{ env: NodeJS.ProcessEnv; ports: number[]; dataRoot: string }> {
  const app = await freePort();
  const auth = await freePort([0, 10, 11]);
  const dataRoot = mkdtempSync(join(tmpdir(), 'cardbuilder-stack-'));
  dirs.push(dataRoot);
  return {
    env: { DATA_ROOT: dataRoot, PORT: String(app), AUTH_PORT: String(auth) },
    ports: [app, auth, auth + 10, auth + 11],
    dataRoot,
  };
}

function start(env: NodeJS.ProcessEnv, args: string[] = []): StartedStack {
  const stack = startStack(env, args);
  stacks.push(stack);
  return stack;
}

describe('npm start', () => {
  it('stops a leftover, refuses a second start, and leaves no port held after a hard kill', async () => {
    const { env, ports, dataRoot } = await stackEnv();

    // A leftover of an earlier run whose parent is gone and which does not end by itself (a
    // part that hangs): after waiting a while for it, the next start stops it.
    const leftover = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      detached: true,
      stdio: 'ignore',
    });
    leftover.unref();
    const leftoverPid = leftover.pid ?? 0;
    mkdirSync(dataRoot, { recursive: true });
    writeFileSync(
      join(dataRoot, 'stack.json'),
      JSON.stringify({
        pid: 2 ** 22 + 1, // beyond any pid this system hands out: gone
        command: 'node --import tsx scripts/start.ts',
        appUrl: 'http://localhost:1',
        startedAt: new Date().toISOString(),
        ready: true,
        children: [
          {
            what: 'the data server',
            pid: leftoverPid,
            command: commandLine(leftoverPid),
            signal: 'SIGTERM',
          },
        ],
      }),
    );

    const first = start(env);
    const banner = await first.waitFor(READY);
    expect(banner).toContain(
      `An earlier run of this folder is still stopping the data server (pid ${leftoverPid}); waiting for it...`,
    );
    expect(banner).toContain(`Stopping the data server (pid ${leftoverPid})...`);
    expect(isAlive(leftoverPid)).toBe(false);
    expect(banner).toContain(`App            http://localhost:${env.PORT}`);

    const second = await start(env).exited();
    expect(second.code).toBe(1);
    expect(second.output).toContain(
      `Cardbuilder is already running from this folder: http://localhost:${env.PORT} (pid ${first.child.pid}`,
    );
    expect(second.output).toContain(`\`kill ${first.child.pid}\``);
    expect(second.output).not.toMatch(STACK_LINE);

    // As a crash, a closed terminal or a CI timeout does: the whole group, no chance to clean up.
    killGroup(first.child);
    // Each child notices within a quarter second; the Auth emulator then exports its accounts,
    // which on a loaded machine can take up to its 15 s grace period before the hard exit.
    expect(await portsFreeWithin(ports, 30_000)).toBe(true);

    // And the next start in this folder simply starts (it used to stop on the port still held).
    const again = start(env);
    const output = await again.waitFor(READY);
    expect(output).not.toContain('already in use');
    again.child.kill('SIGINT');
    expect((await again.exited()).code).toBe(0);
  });

  it('explains a damaged database, then starts afresh with start:fresh keeping the old data', async () => {
    const { env, ports, dataRoot } = await stackEnv();
    const db = join(dataRoot, 'db', 'cardbuilder.sqlite');
    mkdirSync(join(dataRoot, 'db'), { recursive: true });
    writeFileSync(db, 'SQLite format 3\0'.padEnd(4096, 'x'));

    const failed = await start(env).exited();
    expect(failed.code).toBe(1);
    expect(failed.output).toContain(`The database ${db} cannot be used:`);
    expect(failed.output).toContain(
      `Start again from fresh demo data with: DATA_ROOT=${dataRoot} PORT=${env.PORT} AUTH_PORT=${env.AUTH_PORT} npm run start:fresh`,
    );
    expect(failed.output).not.toMatch(STACK_LINE);
    // Said at once, before the build and the Auth emulator (a minute on a busy machine) start.
    expect(failed.output).not.toContain('Starting the Auth emulator');
    expect(await portsFreeWithin(ports, 30_000)).toBe(true);

    const fresh = start(env, ['--fresh']);
    const banner = await fresh.waitFor(READY);
    expect(banner).toMatch(
      /Moved the earlier data to .*previous-[\d-]+; starting from fresh demo data/,
    );
    const aside = readdirSync(dataRoot).filter((n) => n.startsWith('previous-'));
    expect(aside).toHaveLength(1);
    expect(existsSync(join(dataRoot, aside[0] ?? '', 'db', 'cardbuilder.sqlite'))).toBe(true);

    fresh.child.kill('SIGINT');
    const stopped = await fresh.exited();
    expect(stopped.code).toBe(0);
    expect(stopped.output).toContain('Stopped. Your data is kept in');
    expect(existsSync(join(dataRoot, 'stack.json'))).toBe(false);
    expect(await portsFreeWithin(ports, 30_000)).toBe(true);
  });
});
