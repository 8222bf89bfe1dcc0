/**
 * Durability of the local server: a `kill -9` in the middle of a stream of concurrent writes must
 * not lose any write the server acknowledged. The server runs as a real child process
 * (the real `startServer`, see tests/support/permissive-server-main.ts) on a temporary data folder; it is killed with SIGKILL while
 * writes are in flight, restarted on the same folder, and every acknowledged write is looked up.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { authEmulatorHost, createTestUser } from '../support/auth-emulator';
import { startTestServer } from '../support/local-server';

const root = path.resolve(import.meta.dirname, '..', '..');
const TOTAL = 300;
const CONCURRENCY = 16;
const KILL_AFTER = 150;

const children: ChildProcess[] = [];
let dataDir = '';

const dirs: string[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function startChild(
  dir: string,
  entry = 'tests/support/permissive-server-main.ts',
): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The server did not start:\n${output}`)),
      30_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`The server exited (${code}):\n${output}`)));
  });
  return { url, child, output: () => output };
}

it('loses no acknowledged write when the server is killed with SIGKILL mid-stream', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cardbuilder-durability-'));
  const user = await createTestUser();
  const first = await startChild(dataDir);

  // Write i is a single set, or for every fifth i a batch of two documents.
  const pathsOf = (i: number) => (i % 5 === 0 ? [`dur/w${i}`, `dur/w${i}/pair/p`] : [`dur/w${i}`]);
  const bodyOf = (i: number) =>
    i % 5 === 0
      ? {
          op: 'batch',
          ops: pathsOf(i).map((p) => ({ kind: 'set', path: p, data: { i, pad: 'x'.repeat(500) } })),
        }
      : { op: 'set', path: `dur/w${i}`, data: { i, pad: 'x'.repeat(500) } };

  const acknowledged: number[] = [];
  let inFlightAtKill = 0;
  let inFlight = 0;
  let killed = false;
  let next = 0;

  async function worker(): Promise<void> {
    while (next < TOTAL) {
      const i = next++;
      inFlight++;
      try {
        const res = await fetch(`${first.url}/api/db`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.idToken}` },
          body: JSON.stringify(bodyOf(i)),
        });
        const answer = (await res.json()) as { ok?: boolean };
        if (res.status === 200 && answer.ok === true) acknowledged.push(i);
      } catch {
        // The server died under this request: not acknowledged, so it may or may not be there.
      } finally {
        inFlight--;
      }
      if (!killed && acknowledged.length >= KILL_AFTER) {
        killed = true;
        inFlightAtKill = inFlight;
        first.child.kill('SIGKILL');
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  expect(killed).toBe(true);
  await new Promise<void>((resolve) =>
    first.child.exitCode !== null || first.child.signalCode !== null
      ? resolve()
      : first.child.once('exit', () => resolve()),
  );
  expect(first.child.signalCode).toBe('SIGKILL');

  const second = await startChild(dataDir);
  const get = async (p: string) => {
    const res = await fetch(`${second.url}/api/db`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.idToken}` },
      body: JSON.stringify({ op: 'get', path: p }),
    });
    return ((await res.json()) as { doc: { exists: boolean; data: { i: number } | null } }).doc;
  };
  let found = 0;
  const missing: string[] = [];
  for (const i of acknowledged) {
    for (const p of pathsOf(i)) {
      const doc = await get(p);
      if (doc.exists && doc.data?.i === i) found++;
      else missing.push(p);
    }
  }
  const expectedDocs = acknowledged.reduce((n, i) => n + pathsOf(i).length, 0);
  const stored = await fetch(`${second.url}/api/db`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.idToken}` },
    body: JSON.stringify({ op: 'query', query: { collection: 'dur' } }),
  }).then((r) => r.json() as Promise<{ docs: unknown[] }>);
  console.info(
    `[durability] writes started ${next}, acknowledged ${acknowledged.length} (${expectedDocs} documents), ` +
      `in flight at SIGKILL ${inFlightAtKill}, acknowledged documents found after restart ${found}/${expectedDocs}, ` +
      `top-level documents stored ${stored.docs.length}`,
  );
  second.child.kill('SIGTERM');
  expect(missing).toEqual([]);
  expect(found).toBe(expectedDocs);
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
  expect(acknowledged.length).toBeLessThan(TOTAL);
}, 120_000);

it('repairs at start the card counts a crash left behind the cards, and says so', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cardbuilder-recount-'));
  dirs.push(dir);
  // Written with server privileges and no triggers: the state a crash between a card's commit
  // and its counting trigger leaves.
  const seeding = await startTestServer({ dataDir: dir });
  const db = seeding.ctx.db;
  db.set('accounts/drifted', { id: 'drifted', ownerId: 'u1', plan: { cardsInUse: 5 } });
  db.set('accounts/emptied', { id: 'emptied', ownerId: 'u2', plan: { cardsInUse: 2 } });
  db.set('accounts/right', { id: 'right', ownerId: 'u3', plan: { cardsInUse: 1 } });
  for (const [id, accountId, isArchived] of [
    ['c1', 'drifted', false],
    ['c2', 'drifted', false],
    ['c3', 'drifted', true],
    ['c4', 'right', false],
  ] as const) {
    db.set(`cards/${id}`, { id, accountId, teamId: 't1', isArchived });
  }
  db.set('accounts/drifted/teamUsage/t1', {
    cards: 7,
    linksCoupled: 0,
    brandingCoupled: 0,
    accountId: 'drifted',
    teamId: 't1',
  });
  await seeding.close();

  // The real entry point (`npm start`'s server), on that data folder.
  const started = await startChild(dir, 'local-server/main.ts');
  const exited = new Promise<void>((resolve) => started.child.once('exit', () => resolve()));
  started.child.kill('SIGTERM');
  await exited;
  expect(started.output()).toMatch(/Repaired plan\.cardsInUse of 2 account\(s\)/);

  const after = await startTestServer({ dataDir: dir });
  try {
    const plan = (id: string) =>
      (after.ctx.db.get(`accounts/${id}`).data?.plan as { cardsInUse?: number } | undefined)
        ?.cardsInUse;
    expect(plan('drifted')).toBe(2);
    expect(plan('emptied')).toBe(0);
    expect(plan('right')).toBe(1);
    // The card-cap count each account's next batch adds to, first written here for 'right'.
    const counted = (id: string) => after.ctx.db.get(`accounts/${id}/usage/cards`).data?.inUse;
    expect([counted('drifted'), counted('emptied'), counted('right')]).toEqual([2, 0, 1]);
    expect(after.ctx.db.get('accounts/drifted/teamUsage/t1').data).toMatchObject({ cards: 2 });
    expect(after.ctx.db.get('accounts/right/teamUsage/t1').data).toMatchObject({ cards: 1 });
  } finally {
    await after.close();
  }
}, 60_000);

it('counts every acknowledged view after a SIGKILL right behind them (the counter outbox)', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cardbuilder-views-'));
  dirs.push(dir);
  // A visitor counts once per card, and at most five visitors of one address do: the views come
  // from five browsers on eight cards, so each is counted, and most wait in the one-second buffer.
  const CARDS = 8;
  const BROWSERS = 5;
  const seeding = await startTestServer({ dataDir: dir });
  for (let c = 0; c < CARDS; c++) {
    seeding.ctx.db.set(`cards/v${c}`, {
      id: `v${c}`,
      handle: `v${c}-handle`,
      name: `Viewed ${c}`,
      accountId: 'viewed',
      isArchived: false,
    });
  }
  await seeding.close();

  const first = await startChild(dir, 'local-server/main.ts');
  let acknowledged = 0;
  for (let b = 0; b < BROWSERS; b++) {
    const userAgent = `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36 visitor-${b}`;
    await Promise.all(
      Array.from({ length: CARDS }, async (_, c) => {
        const res = await fetch(`${first.url}/c/v${c}/i`, { headers: { 'user-agent': userAgent } });
        await res.text();
        if (res.status === 200) acknowledged++;
      }),
    );
  }
  const exited = new Promise<void>((resolve) => first.child.once('exit', () => resolve()));
  first.child.kill('SIGKILL');
  await exited;
  expect(first.child.signalCode).toBe('SIGKILL');
  expect(acknowledged).toBe(CARDS * BROWSERS);

  // The next start writes what the outbox kept; a clean stop after it must not count them again.
  const second = await startChild(dir, 'local-server/main.ts');
  const stopped = new Promise<void>((resolve) => second.child.once('exit', () => resolve()));
  second.child.kill('SIGTERM');
  await stopped;
  const after = await startTestServer({ dataDir: dir });
  try {
    const views = Array.from(
      { length: CARDS },
      (_, c) => after.ctx.db.get(`analytics/v${c}`).data?.views,
    );
    console.info(
      `[durability] views acknowledged ${acknowledged}, counted per card ${views.join(',')}`,
    );
    expect(views).toEqual(Array.from({ length: CARDS }, () => BROWSERS));
  } finally {
    await after.close();
  }
}, 90_000);
