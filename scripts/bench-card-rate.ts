/**
 * The card page's rate on the local server as `npm start` runs it, against a static file from the
 * same server (issue 26: at least half its rate), and the longest request while a burst of lead
 * POSTs runs. Part of `npm run bench`; `npx tsx scripts/bench-card-rate.ts` runs it alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { DocData, WriteOp } from '@/backend/port';
import { startServer } from 'firestore-local/create-server';
import { REFUSE_ALL } from './lib/refuse-all';
import { runWhenAlone } from './lib/bench-alone';

const root = resolve(import.meta.dirname, '..');
/** The port of the servers it starts (one at a time); 0: any free one. */
const PORT = Number(process.env.BENCH_RATE_PORT ?? 0);
// Enough cards that a handle lookup which scanned them would show.
const CARDS = 10_000;
const SECONDS = 4;
const CONNECTIONS = 8;
const LEADS = 2_000;
// Leads come from this many loopback addresses, so most are stored, not refused by the
// per-address limit.
const LEAD_ADDRESSES = 40;
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

type Report = (name: string, value: string, budget: string) => void;

function card(i: number): DocData {
  const id = `card${String(i).padStart(5, '0')}`;
  return {
    id,
    handle: `person-${i}`,
    handleAllowIndex: true,
    name: `Person ${i}`,
    nameLower: `person ${i}`,
    title: 'Head of Sales',
    company: 'Acme Co',
    accountId: 'bench',
    teamId: 'sales',
    ownerId: 'owner',
    isArchived: false,
    contacts: [
      { id: 'phone', name: 'Phone', label: 'Mobile', value: '+1 555 0100' },
      { id: 'mail', name: 'Email', label: 'Email', value: `p${i}@acme.example` },
    ],
    appForm: { enabled: true, fields: { name: true, email: true, note: true } },
    template: { accentColor: '#4f46e5', buttonStyle: 'fill', avatarShape: 'circle' },
  };
}

async function seed(dataDir: string): Promise<void> {
  const server = await startServer({
    port: PORT,
    dataDir,
    projectId: 'demo-cardbuilder',
    authEmulatorHost: '127.0.0.1:9',
    policy: REFUSE_ALL,
  });
  server.ctx.db.set('accounts/bench', { id: 'bench', ownerId: 'owner', isActive: true });
  for (let start = 0; start < CARDS; start += 500) {
    const ops: WriteOp[] = [];
    for (let i = start; i < Math.min(CARDS, start + 500); i++) {
      const data = card(i);
      ops.push({ kind: 'set', path: `cards/${String(data.id)}`, data });
    }
    server.ctx.db.batch(ops);
  }
  await server.close();
}

function startMain(
  dataDir: string,
  appDist: string,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'local-server', 'main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(PORT),
        DATA_DIR: dataDir,
        APP_DIST: appDist,
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) done({ url: match[1], child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => fail(new Error(`The server exited (${code}):\n${output}`)));
  });
}

interface Outcome {
  status: number;
  ms: number;
}

function request(
  agent: http.Agent,
  url: string,
  init: { method?: string; body?: string; localAddress?: string } = {},
): Promise<Outcome> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const req = http.request(
      url,
      {
        agent,
        method: init.method ?? 'GET',
        headers: {
          'user-agent': BROWSER,
          'accept-encoding': 'gzip',
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(init.localAddress ? { localAddress: init.localAddress } : {}),
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', fail);
    req.end(init.body);
  });
}

/** Requests answered 200 from `CONNECTIONS` keep-alive connections during `ms`. */
async function answered(agent: http.Agent, url: string, ms: number): Promise<number> {
  let ok = 0;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) if ((await request(agent, url)).status === 200) ok++;
    }),
  );
  return ok;
}

/**
 * Requests per second of each URL, measured in turns (a second each, `SECONDS` rounds) after a
 * second of warming each (the first render, the gzip of its body, a handle's index built), so that
 * a machine whose speed drifts slows every URL alike instead of the one measured last.
 */
async function rates(urls: readonly string[]): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  for (const url of urls) await answered(agent, url, 1000);
  const totals = urls.map(() => 0);
  for (let round = 0; round < SECONDS; round++) {
    for (const [i, url] of urls.entries())
      totals[i] = (totals[i] ?? 0) + (await answered(agent, url, 1000));
  }
  agent.destroy();
  return totals.map((total) => total / SECONDS);
}

/** The longest card page and lead POST while `LEADS` lead POSTs arrive from 40 addresses. */
async function burst(base: string): Promise<{ page: number; lead: number; stored: number }> {
  const pageAgent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  let running = true;
  let page = 0;
  const pages = (async () => {
    let i = 0;
    while (running) {
      const outcome = await request(pageAgent, `${base}/c/person-${i++ % 100}`);
      page = Math.max(page, outcome.ms);
    }
  })();
  let lead = 0;
  let stored = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: LEAD_ADDRESSES }, async (_, a) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const localAddress = `127.0.0.${2 + a}`;
      let mine = 0;
      while (next < LEADS) {
        const n = next++;
        // Ten cards per address in turn: the per-card limit (10 a minute) never refuses.
        const id = `card${String(a * 10 + (mine++ % 10)).padStart(5, '0')}`;
        const body = JSON.stringify({ name: `Lead ${n}`, email: `lead${n}@example.com` });
        const outcome = await request(agent, `${base}/c/${id}/lead`, {
          method: 'POST',
          body,
          localAddress,
        });
        lead = Math.max(lead, outcome.ms);
        if (outcome.status === 201) stored++;
      }
      agent.destroy();
    }),
  );
  running = false;
  await pages;
  pageAgent.destroy();
  return { page, lead, stored };
}

export async function benchCardRate(report: Report): Promise<Record<string, number>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardbuilder-bench-rate-'));
  const appDist = mkdtempSync(join(tmpdir(), 'cardbuilder-bench-dist-'));
  let child: ChildProcess | undefined;
  try {
    await seed(dataDir);
    writeFileSync(join(appDist, 'index.html'), '<!doctype html><title>app</title>');
    const started = await startMain(dataDir, appDist);
    child = started.child;
    const base = started.url;
    // The static file is the card page itself, so both answers weigh the same.
    const page = await fetch(`${base}/c/card05000/i`, { headers: { 'user-agent': BROWSER } });
    writeFileSync(join(appDist, 'static.html'), await page.text());

    const [staticRate = 0, byId = 0, byHandle = 0] = await rates([
      `${base}/static.html`,
      `${base}/c/card05000/i`,
      `${base}/c/person-5000`,
    ]);
    report(
      'card page /c/{id}/i vs static file, req/s',
      `${byId.toFixed(0)} / ${staticRate.toFixed(0)} = ${(byId / staticRate).toFixed(2)}×`,
      '≥ 0.5×',
    );
    report(
      'card page by handle (10,000 cards) vs static',
      `${byHandle.toFixed(0)} / ${staticRate.toFixed(0)} = ${(byHandle / staticRate).toFixed(2)}×`,
      '≥ 0.5×',
    );
    const longest = await burst(base);
    report(`longest card page during ${LEADS} lead POSTs`, `${longest.page.toFixed(0)} ms`, '—');
    report(
      'longest lead POST in that burst (stored)',
      `${longest.lead.toFixed(0)} ms (${longest.stored})`,
      '—',
    );
    return {
      staticRate,
      cardPageById: byId,
      cardPageByHandle: byHandle,
      longestPageDuringBurstMs: longest.page,
      longestLeadMs: longest.lead,
      leadsStored: longest.stored,
    };
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child?.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(appDist, { recursive: true, force: true });
  }
}

runWhenAlone('bench-card-rate.ts', benchCardRate);
