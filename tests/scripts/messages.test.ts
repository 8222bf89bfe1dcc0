/**
 * The messages for what a newcomer runs into, each checked for what it must say (the port, the
 * holder, the variable; the damaged file, the command that starts fresh) and for what it must not
 * (a stack trace). These need no running stack.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertExportReadable } from '../../scripts/lib/auth-emulator';
import { assertPortsFree } from '../../scripts/lib/ports';
import { StartupError } from '../../scripts/lib/processes';
import { explainStartupError } from '../../local-server/startup-errors';
import { freePort, root, STACK_LINE, startStack } from './helpers';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cardbuilder-msg-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function holdPort(port: number): Promise<Server> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  cleanups.push(() => server.close());
  return server;
}

const canNamePids = ['ss', 'lsof'].some(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0,
);

describe('a port in use', () => {
  it('is named with its holder and the variable that moves it', async () => {
    const port = await freePort();
    await holdPort(port);
    const check = assertPortsFree({
      needs: [{ port, what: 'the app', variable: 'PORT' }],
      command: 'npm start',
      root,
    });
    await expect(check).rejects.toThrow(StartupError);
    const message = await check.catch((err: Error) => err.message);
    expect(message).toContain(`Port ${port} (the app) is already in use`);
    if (canNamePids) expect(message).toContain(`held by pid ${process.pid}`);
    expect(message).toMatch(/move this stack: PORT=\d+ npm start/);
  });

  it('passes when every port is free', async () => {
    const port = await freePort();
    await expect(
      assertPortsFree({ needs: [{ port, what: 'the app', variable: 'PORT' }], command: 'x' }),
    ).resolves.toBeUndefined();
  });

  it('stops `npm start` before it starts anything, without a stack trace', async () => {
    const [app, auth] = [await freePort(), await freePort([0, 10, 11])];
    await holdPort(auth + 10);
    const dataRoot = tempDir();
    const { code, output } = await startStack({
      DATA_ROOT: dataRoot,
      PORT: String(app),
      AUTH_PORT: String(auth),
    }).exited();
    expect(code).toBe(1);
    expect(output).toContain(`Port ${auth + 10} (the Auth emulator's hub) is already in use`);
    expect(output).toMatch(new RegExp(`AUTH_PORT=\\d+ npm start \\(AUTH_PORT moves its \\+10`));
    expect(output).not.toContain('Starting the Auth emulator');
    expect(output).not.toMatch(STACK_LINE);
  });
});

describe('the data server started on its own', () => {
  it('explains a port in use instead of throwing', async () => {
    const port = await freePort();
    await holdPort(port);
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'local-server/main.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PORT: String(port), DATA_DIR: tempDir() },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `The local data server cannot listen on 127.0.0.1:${port}: the port is already in use.`,
    );
    expect(result.stderr).toContain(`lsof -i :${port}`);
    expect(result.stderr).not.toMatch(STACK_LINE);
  });
});

describe('a damaged data folder', () => {
  it('a half-written auth export is named with the command that starts fresh', async () => {
    const dataRoot = tempDir();
    const auth = join(dataRoot, 'auth');
    mkdirSync(join(auth, 'auth_export'), { recursive: true });
    writeFileSync(
      join(auth, 'firebase-export-metadata.json'),
      JSON.stringify({ version: '15', auth: { version: '15', path: 'auth_export' } }),
    );
    writeFileSync(join(auth, 'auth_export', 'accounts.json'), '{"kind":"identitytoolkit#Down');
    expect(() => assertExportReadable(auth, 'npm run start:fresh')).toThrow(StartupError);

    const [app, authPort] = [await freePort(), await freePort([0, 10, 11])];
    const { code, output } = await startStack({
      DATA_ROOT: dataRoot,
      PORT: String(app),
      AUTH_PORT: String(authPort),
    }).exited();
    expect(code).toBe(1);
    expect(output).toContain(
      `The saved sign-in accounts cannot be read: ${join(auth, 'auth_export', 'accounts.json')} is not valid JSON`,
    );
    expect(output).toContain(
      `Start again from fresh demo data with: DATA_ROOT=${dataRoot} PORT=${app} AUTH_PORT=${authPort} npm run start:fresh`,
    );
    expect(output).not.toMatch(STACK_LINE);
  });

  it('an unreadable database file is explained with its path', () => {
    const dataDir = tempDir();
    const file = join(dataDir, 'cardbuilder.sqlite');
    writeFileSync(file, 'not a database '.repeat(40));
    let error: unknown;
    try {
      new Database(file).pragma('journal_mode = WAL');
    } catch (err) {
      error = err;
    }
    const message = explainStartupError(error, {
      port: 5173,
      host: '127.0.0.1',
      dataDir,
      freshCommand: 'npm run start:fresh',
    });
    expect(message).toContain(`The database ${file} cannot be used: file is not a database`);
    expect(message).toContain('Start again from fresh demo data with: npm run start:fresh');
    expect(readFileSync(file, 'utf8')).toContain('not a database');
  });

  it('other errors are not dressed up as a damaged folder', () => {
    expect(
      explainStartupError(new TypeError('x is undefined'), {
        port: 1,
        host: '127.0.0.1',
        dataDir: '.data/db',
      }),
    ).toBeUndefined();
  });
});
