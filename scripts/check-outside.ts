/**
 * `npm run check:outside` (docs/outside-check.md): the stack as `npm start` runs it, checked from
 * outside (issue 26). It sends what visitors and owners send, kills or stops the stack midway,
 * restarts it on the same data and checks nothing acknowledged was lost; then it floods and fuzzes
 * it. The store is read from its SQLite file, as an auditor would. Exits 1 on any failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { setBackend } from '@/backend/current';
import { createLocalBackend } from '@/backend/local/local-backend';
import { deleteCard, duplicateCard, getCard } from '@/data/cards';
import { ask, browserAgent, inParallel, loopback, type Answer } from './lib/outside-http';
import { signInWithPassword } from './lib/auth-emulator';
import { fuzzRequests } from './lib/fuzz-requests';
import { isAlive } from './lib/processes';

const root = resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.OUTSIDE_ROUNDS ?? 4);
const FUZZ = Number(process.env.OUTSIDE_FUZZ ?? 1500);
const SEED = Number(process.env.OUTSIDE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const PORT = Number(process.env.OUTSIDE_PORT ?? 5491);
const AUTH_PORT = PORT + 4000;
const DEMO_PASSWORD = 'Demo-pass1';
const DEMO_HANDLE = 'ada-lovelace';

const dataRoot = mkdtempSync(join(os.tmpdir(), 'cardbuilder-outside-'));
const storeFile = join(dataRoot, 'db', 'cardbuilder.sqlite');
const results: { name: string; ok: boolean; detail: string }[] = [];

function check(name: string, ok: boolean, detail: string): void {
  results.push({ name, ok, detail });
  console.log(`  ${ok ? 'ok  ' : 'FAIL'}  ${name}: ${detail}`);
}

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

// ---------------------------------------------------------------------------------------------
// The stack, started and ended as a person does.

let stack: ChildProcess | null = null;

async function startStack(): Promise<number> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'start.ts')], {
    cwd: root,
    env: { ...process.env, DATA_ROOT: dataRoot, PORT: String(PORT), AUTH_PORT: String(AUTH_PORT) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stack = child;
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`The stack did not start:\n${output}`)), 240_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Cardbuilder is running')) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`The stack exited (${String(code)}) while starting:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return Date.now() - started;
}

/** Every process descending from `pid` (Linux /proc), `pid` included. */
function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i] as number) ?? []));
  return tree;
}

/** A crash: every process of the stack killed at the same instant, none told first. */
async function crashStack(): Promise<number> {
  const pids = processTree(stack?.pid ?? 0);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  while (pids.some(isAlive)) await sleep(50);
  return pids.length;
}

/** A clean stop, as Ctrl-C in the terminal: SIGINT to the command, which stops its parts. */
async function stopStack(): Promise<void> {
  const pids = processTree(stack?.pid ?? 0);
  stack?.kill('SIGINT');
  const deadline = Date.now() + 30_000;
  while (pids.some(isAlive) && Date.now() < deadline) await sleep(50);
  if (pids.some(isAlive)) throw new Error('The stack did not stop within 30 s of Ctrl-C.');
}

// ---------------------------------------------------------------------------------------------
// The stored state, read from the SQLite file.

function readStore<T>(read: (db: Database.Database) => T): T {
  const db = new Database(storeFile, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

type Doc = Record<string, unknown>;

function getDoc(db: Database.Database, path: string): Doc | null {
  const row = db
    .prepare<[string], { data: string }>('SELECT data FROM docs WHERE path = ?')
    .get(path);
  return row ? (JSON.parse(row.data) as Doc) : null;
}

function childrenOf(db: Database.Database, parent: string): { path: string; data: Doc }[] {
  return db
    .prepare<[string], { path: string; data: string }>(
      'SELECT path, data FROM docs WHERE parent = ?',
    )
    .all(parent)
    .map((row) => ({ path: row.path, data: JSON.parse(row.data) as Doc }));
}

interface Counts {
  leads: number;
  entries: Set<string>;
  views: number;
  cardsInUse: number;
  realCards: number;
  handles: Set<string>;
  outbox: number;
}

function counts(cardId: string, accountId: string): Counts {
  return readStore((db) => {
    const summary = getDoc(db, `analytics/${cardId}`) ?? {};
    const entries = childrenOf(db, `analytics/${cardId}/entries`);
    const account = getDoc(db, `accounts/${accountId}`) ?? {};
    const plan = (account.plan ?? {}) as Doc;
    const cards = childrenOf(db, 'cards').filter(
      (c) => c.data.accountId === accountId && c.data.isArchived !== true,
    );
    const outbox = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM counter_outbox').get();
    return {
      leads: Number(summary.leads ?? 0),
      entries: new Set(entries.map((e) => String(e.data.name ?? ''))),
      views: Number(summary.views ?? 0),
      cardsInUse: Number(plan.cardsInUse ?? NaN),
      realCards: cards.length,
      handles: new Set(cards.map((c) => String(c.data.handle ?? ''))),
      outbox: outbox?.n ?? 0,
    };
  });
}

/** Waits until the buffered counts are all written (the outbox empty) and the views settle. */
async function settled(cardId: string, accountId: string): Promise<Counts> {
  let last = counts(cardId, accountId);
  for (let i = 0; i < 60; i++) {
    await sleep(500);
    const now = counts(cardId, accountId);
    if (now.outbox === 0 && now.views === last.views && now.leads === last.leads) return now;
    last = now;
  }
  return last;
}

/** A digest of every document but the counted ones (analytics, mail, rate state). */
function digestOfDocuments(): { digest: string; paths: Map<string, string> } {
  return readStore((db) => {
    const hash = createHash('sha256');
    const paths = new Map<string, string>();
    for (const row of db
      .prepare<[], { path: string; data: string }>('SELECT path, data FROM docs ORDER BY path')
      .iterate()) {
      if (/^(analytics|mail)\//.test(row.path)) continue;
      hash.update(row.path).update(row.data);
      paths.set(row.path, createHash('sha256').update(row.data).digest('hex'));
    }
    return { digest: hash.digest('hex'), paths };
  });
}

// ---------------------------------------------------------------------------------------------
// Who acts: a visitor, a lead sender, the owner creating cards.

function signIn(email: string): Promise<{ token: string; uid: string }> {
  return signInWithPassword(`http://127.0.0.1:${AUTH_PORT}`, email, DEMO_PASSWORD);
}

let visitor = 0;
let leadSender = 0;

function viewPage(): Promise<Answer> {
  const n = visitor++;
  return ask({
    port: PORT,
    path: `/c/${DEMO_HANDLE}`,
    from: loopback(3, n),
    headers: { 'User-Agent': browserAgent(n), Accept: 'text/html' },
  });
}

function sendLead(cardId: string, name: string, from: string): Promise<Answer> {
  return ask({
    port: PORT,
    path: `/c/${cardId}/lead`,
    method: 'POST',
    from,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com` }),
  });
}

interface Tally {
  acked: string[];
  /** Sent but not answered: the stack died under them, so they may or may not be stored. */
  unanswered: number;
  refused: Map<number, number>;
}

const newTally = (): Tally => ({ acked: [], unanswered: 0, refused: new Map() });

function record(tally: Tally, answer: Answer, ackStatus: number, id: string): void {
  if (answer.status === ackStatus) tally.acked.push(id);
  else if (answer.status === 0) tally.unanswered++;
  else tally.refused.set(answer.status, (tally.refused.get(answer.status) ?? 0) + 1);
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  console.log(`Outside check: data in ${dataRoot}, port ${PORT}, seed ${SEED}`);
  console.log(`  the stack started in ${((await startStack()) / 1000).toFixed(1)} s`);

  const { cardId, accountId } = readStore((db) => {
    const claim = getDoc(db, `handles/${DEMO_HANDLE}`);
    return { cardId: String(claim?.cardId), accountId: String(claim?.accountId) };
  });
  const owner = await signIn('owner@acme.example');
  let token = owner.token;
  setBackend(
    createLocalBackend({ baseUrl: `http://127.0.0.1:${PORT}`, getIdToken: async () => token }),
  );

  const base = await settled(cardId, accountId);
  const ackLeads: string[] = [];
  let ackViews = 0;
  let unansweredViews = 0;
  let unansweredLeads = 0;
  // What the owner was told of each card the check made: created (live), deleted, or unknown (the
  // stack died under the request, so either outcome is right).
  const madeCards = new Map<string, { id: string; state: 'live' | 'deleted' | 'unknown' }>();

  // 1. Crashes and clean stops while leads, views and card creates are in flight.
  for (let round = 1; round <= ROUNDS; round++) {
    const crash = round % 2 === 1;
    const leads = newTally();
    const views = newTally();
    const cards = newTally();
    let running = true;
    const source = await getCard(cardId);
    if (source === null) throw new Error('The demo card is missing.');

    const leadLane = async (lane: number) => {
      for (let i = 0; running; i++) {
        const name = `Outside R${round} L${lane} N${i}`;
        record(leads, await sendLead(cardId, name, loopback(2, leadSender++ >> 2)), 201, name);
      }
    };
    const viewLane = async () => {
      while (running) {
        const answer = await viewPage();
        record(views, answer, 200, String(visitor));
      }
    };
    // Creates up to five cards, then deletes the oldest, and again: the count moves both ways
    // while the account stays under its cap of 10.
    const cardLane = async () => {
      for (let i = 0; running; i++) {
        const live = [...madeCards].filter(([, c]) => c.state === 'live');
        if (live.length < 5) {
          const handle = `outside-r${round}-n${i}`;
          madeCards.set(handle, { id: '', state: 'unknown' });
          try {
            const id = await duplicateCard(source, {
              handle,
              name: `Outside ${round}.${i}`,
              ownerId: owner.uid,
            });
            madeCards.set(handle, { id, state: 'live' });
            cards.acked.push(handle);
          } catch {
            cards.unanswered++;
          }
        } else {
          const [handle, card] = live[0]!;
          madeCards.set(handle, { ...card, state: 'unknown' });
          try {
            await deleteCard({ id: card.id, handle });
            madeCards.set(handle, { ...card, state: 'deleted' });
            cards.acked.push(`-${handle}`);
          } catch {
            cards.unanswered++;
          }
        }
      }
    };
    const lanes = [...[0, 1, 2].map(leadLane), ...[0, 1, 2, 3].map(viewLane), cardLane()];
    await sleep(1_500 + Math.random() * 2_500);
    // No new request after this instant; those in flight meet the crash or the stop.
    running = false;
    let ended: string;
    if (crash) ended = `SIGKILL of all ${await crashStack()} processes`;
    else {
      await stopStack();
      ended = 'a clean stop (Ctrl-C)';
    }
    await Promise.all(lanes);

    ackLeads.push(...leads.acked);
    ackViews += views.acked.length;
    unansweredLeads += leads.unanswered;
    unansweredViews += views.unanswered;
    const restartMs = await startStack();
    token = (await signIn('owner@acme.example')).token;
    const after = await settled(cardId, accountId);

    const lostLeads = ackLeads.filter((name) => !after.entries.has(name));
    const leadGain = after.leads - base.leads;
    const entryGain = after.entries.size - base.entries.size;
    const viewGain = after.views - base.views;
    const wrongCards = [...madeCards].filter(([handle, card]) =>
      card.state === 'live'
        ? !after.handles.has(handle)
        : card.state === 'deleted' && after.handles.has(handle),
    );
    const settledCards = [...madeCards.values()].filter((c) => c.state !== 'unknown').length;
    console.log(
      `  round ${round}: ${ended}; acknowledged ${leads.acked.length} leads, ${views.acked.length} views, ` +
        `${cards.acked.length} cards (unanswered: ${leads.unanswered}, ${views.unanswered}, ${cards.unanswered}); ` +
        `restarted in ${(restartMs / 1000).toFixed(1)} s`,
    );
    check(
      `round ${round}: every acknowledged lead is stored`,
      lostLeads.length === 0,
      `${ackLeads.length - lostLeads.length} of ${ackLeads.length} so far (${unansweredLeads} unanswered)${lostLeads.length ? `; lost ${lostLeads.slice(0, 3).join(', ')}` : ''}`,
    );
    check(
      `round ${round}: the lead count equals the stored leads`,
      leadGain === entryGain,
      `count +${leadGain}, stored +${entryGain}`,
    );
    check(
      `round ${round}: every acknowledged view is counted, and only views that were sent`,
      viewGain >= ackViews && viewGain <= ackViews + unansweredViews,
      `views +${viewGain}; acknowledged ${ackViews}, unanswered ${unansweredViews}`,
    );
    check(
      `round ${round}: every acknowledged card create and delete holds`,
      wrongCards.length === 0,
      `${settledCards - wrongCards.length} of ${settledCards} cards as acknowledged${wrongCards.length ? `; wrong: ${wrongCards.map(([h]) => h).join(', ')}` : ''}`,
    );
    check(
      `round ${round}: cardsInUse equals the account's cards`,
      after.cardsInUse === after.realCards,
      `cardsInUse ${after.cardsInUse}, cards ${after.realCards}`,
    );
    check(
      `round ${round}: no buffered count is left unwritten`,
      after.outbox === 0,
      `${after.outbox} in the outbox`,
    );
  }

  // 2. A flood of leads and visits from many connections; the card page answered meanwhile.
  {
    const before = await settled(cardId, accountId);
    const statuses = new Map<string, number>();
    const stored: string[] = [];
    let pageWorst = 0;
    let pageFailures = 0;
    let probeViews = 0;
    let flooding = true;
    const probe = (async () => {
      while (flooding) {
        const answer = await viewPage();
        if (answer.status !== 200) pageFailures++;
        else probeViews++;
        pageWorst = Math.max(pageWorst, answer.ms);
        await sleep(50);
      }
    })();
    const floodStarted = performance.now();
    await inParallel(2_000, 100, async (i) => {
      const name = `Flood N${i}`;
      const answer = await sendLead(cardId, name, loopback(4, i % 40));
      const key =
        answer.status === 429
          ? answer.headers['retry-after']
            ? '429 with Retry-After'
            : '429 without Retry-After'
          : String(answer.status);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (answer.status === 201) stored.push(name);
    });
    // 250 addresses, 8 browsers each: a visitor counts once, and an address counts at most 5.
    let floodViews = 0;
    await inParallel(2_000, 100, async (i) => {
      const address = loopback(5, i % 250);
      const answer = await ask({
        port: PORT,
        path: `/c/${DEMO_HANDLE}`,
        from: address,
        headers: { 'User-Agent': browserAgent(1_000_000 + Math.floor(i / 250)) },
      });
      if (answer.status === 200) floodViews++;
    });
    const floodMs = performance.now() - floodStarted;
    flooding = false;
    await probe;
    const after = await settled(cardId, accountId);
    const onlyExpected = [...statuses.keys()].every(
      (k) => k === '201' || k === '429 with Retry-After',
    );
    check(
      'flood: 2,000 lead posts from 100 connections are each stored or refused with 429 and Retry-After',
      onlyExpected,
      [...statuses].map(([k, v]) => `${k}: ${v}`).join(', '),
    );
    check(
      'flood: the stored leads are exactly those answered 201, and counted',
      stored.every((n) => after.entries.has(n)) &&
        after.entries.size - before.entries.size === stored.length &&
        after.leads - before.leads === stored.length,
      `201: ${stored.length}, stored +${after.entries.size - before.entries.size}, count +${after.leads - before.leads}`,
    );
    check(
      'flood: 2,000 views from 250 addresses (8 browsers each) count 5 per address',
      floodViews === 2_000 && after.views - before.views === 250 * 5 + probeViews,
      `answered ${floodViews}, views +${after.views - before.views} (expected ${250 * 5}, and ${probeViews} of the page probe)`,
    );
    check(
      'flood: the card page answers throughout',
      pageFailures === 0,
      `longest ${Math.round(pageWorst)} ms while the flood ran (${(floodMs / 1000).toFixed(1)} s)`,
    );
  }

  // 3. Malformed requests: each a 4xx, nothing written, the stack still serving.
  {
    const before = digestOfDocuments();
    const requests = fuzzRequests(SEED, FUZZ, { cardId, token });
    const byStatus = new Map<string, number>();
    const bad: string[] = [];
    await inParallel(requests.length, 8, async (i) => {
      const r = requests[i]!;
      const answer = await ask({
        port: PORT,
        path: r.path,
        method: r.method,
        headers: { Origin: `http://127.0.0.1:${PORT}`, ...r.headers },
        from: loopback(6, i),
        ...(r.body !== undefined ? { body: r.body } : {}),
      });
      const key = `${Math.floor(answer.status / 100)}xx`;
      byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
      const fine = answer.status >= 400 && answer.status < 500;
      // A page address that happens to be well-formed may be answered as a page (200, 304, 404).
      const pageFine = r.what.startsWith('page:') && answer.status > 0 && answer.status < 500;
      if (!fine && !pageFine)
        bad.push(
          `${r.what} (${r.method} ${r.path.slice(0, 60)}): ${answer.status || answer.error}`,
        );
    });
    const after = digestOfDocuments();
    const changed = [...new Set([...before.paths.keys(), ...after.paths.keys()])].filter(
      (p) => before.paths.get(p) !== after.paths.get(p),
    );
    check(
      `fuzz: ${requests.length} malformed requests: each data or lead request refused with a 4xx, no page answered 5xx`,
      bad.length === 0,
      `${[...byStatus].map(([k, v]) => `${k}: ${v}`).join(', ')}${bad.length ? `; e.g. ${bad.slice(0, 3).join(' | ')}` : ''}`,
    );
    check(
      'fuzz: no document changed',
      before.digest === after.digest,
      changed.length ? `changed: ${changed.slice(0, 5).join(', ')}` : 'none',
    );
    const health = await ask({ port: PORT, path: '/api/health' });
    const page = await viewPage();
    check(
      'fuzz: the stack still serves',
      health.status === 200 && page.status === 200,
      `health ${health.status}, card page ${page.status}`,
    );
  }

  await stopStack();
  const failed = results.filter((r) => !r.ok).length;
  console.log(
    `\nOutside check (seed ${SEED}): ${results.length - failed} passed, ${failed} failed`,
  );
  rmSync(dataRoot, { recursive: true, force: true });
  process.exit(failed === 0 ? 0 : 1);
}

main().catch(async (err: unknown) => {
  console.error(err);
  if (stack?.pid)
    for (const pid of processTree(stack.pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone.
      }
    }
  console.error(`The data is kept in ${dataRoot}.`);
  process.exit(1);
});
