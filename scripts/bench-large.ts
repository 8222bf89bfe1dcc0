/**
 * The large-account part of `npm run bench`: an account of 10,000 cards, one with 100,000 leads,
 * written straight into a fresh data folder (no card-count trigger, which would recount 10,000
 * times), served by the local server and measured in Chromium: the builder, search, leads and
 * server jobs (docs/performance.md). `npx tsx scripts/bench-large.ts` runs it alone.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { DocData, WriteOp } from '@/backend/port';
import { openStore } from 'firestore-local/store';
import { setBackend } from '@/backend/current';
import { createLocalBackend } from '@/backend/local/local-backend';
import type { Backend } from '@/backend/port';
import { startImportJob } from '@/data/importer';
import type { ImportRow } from '@/data/importer';
import { jobPath } from '@/data/jobs';
import { saveTeamLinks, toTeamDoc } from '@/data/team-settings';
import { requestTeamSync } from '@/data/team-sync';
import { WebSocket } from 'ws';
import {
  signInWithPassword,
  startAuthEmulator,
  waitForHttp,
  type RunningAuthEmulator,
} from './lib/auth-emulator';
import { chromiumAdvice, findChromium, chromiumArgs } from './lib/chromium';
import { startBenchServer } from './lib/bench-server';

const CARDS = 10_000;
const LEADS = 100_000;
const EMAIL = 'owner@large.example';
const PASSWORD = 'Demo-pass1';
const UID = 'bench-large-owner';
const ACCOUNT = 'large';
const TEAM = 'large-sales';
const BIG_CARD = 'large-aaa-leads';

export type Report = (name: string, value: string, budget: string) => void;

function pad(n: number, width = 5): string {
  return String(n).padStart(width, '0');
}

function card(id: string, name: string, handle: string, i: number): DocData {
  return {
    id,
    handle,
    handleAllowIndex: true,
    name,
    nameLower: name.toLowerCase(),
    title: 'Account Executive',
    company: 'Large Co',
    email: `${handle}@large.example`,
    accountId: ACCOUNT,
    teamId: TEAM,
    ownerId: UID,
    isArchived: false,
    contacts: [
      {
        id: `${id}-phone`,
        name: 'Phone',
        label: 'Mobile',
        value: '+1 555 0100',
        isTeamLink: false,
      },
    ],
    appForm: { enabled: true, fields: { name: true, email: true, phone: true } },
    template: { templateId: 'classic', accentColor: '#4f46e5' },
    signatureBasic: { enabled: true },
    appShare: {},
    bulkSync: { syncTeamLinks: i % 50 !== 0, syncBranding: true },
    dateCreated: new Date('2026-01-01T00:00:00Z'),
    dateUpdated: new Date('2026-01-01T00:00:00Z'),
  };
}

/** Writes the large account into a new data folder; returns the folder. */
function buildDataFolder(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardbuilder-bench-large-'));
  const store = openStore(dataDir);
  const now = new Date();
  const set = (path: string, data: DocData): WriteOp => ({ kind: 'set', path, data });
  store.commit(
    [
      set(`users/${UID}`, {
        id: UID,
        source: 'password',
        email: EMAIL,
        displayName: 'Lara Large',
        photoURL: '',
        acceptedTOC: now,
        dateCreated: now,
        isAccountOwner: true,
        affiliate: null,
        accountId: ACCOUNT,
        isSuperAdmin: false,
        defaultTeam: TEAM,
        teams: [TEAM],
      }),
      set(`accounts/${ACCOUNT}`, {
        id: ACCOUNT,
        name: 'Large Co',
        isActive: true,
        dateUpdated: now,
        directory: { slug: 'large-co', enabled: false },
        ownerId: UID,
        collaborators: [],
        plan: {
          type: 'corporate',
          isPaidAccount: true,
          cardLimit: 25_000,
          compCards: 0,
          cardsInUse: CARDS,
          trialEndDate: null,
        },
      }),
      set(`accounts/${ACCOUNT}/teams/${TEAM}`, {
        name: 'Sales',
        isArchived: false,
        accountId: ACCOUNT,
        bulkSync: { syncTeamLinks: true, syncBranding: true },
        links: [],
        template: null,
        signatureBasic: null,
        dateTemplateUpdated: null,
      }),
      set('templates/classic', {
        name: 'Classic',
        order: 1,
        isArchived: false,
        template: { accentColor: '#4f46e5', buttonStyle: 'fill', avatarShape: 'circle' },
      }),
      // The card with the leads sorts first, so the builder opens it.
      set(`cards/${BIG_CARD}`, card(BIG_CARD, 'Aaa Leads', 'aaa-leads', 1)),
      set('handles/aaa-leads', { cardId: BIG_CARD, accountId: ACCOUNT }),
    ],
    now,
  );
  for (let start = 1; start < CARDS; start += 2000) {
    const ops: WriteOp[] = [];
    for (let i = start; i < Math.min(CARDS, start + 2000); i += 1) {
      const id = `large-${pad(i)}`;
      const handle = `member-${pad(i)}`;
      ops.push(set(`cards/${id}`, card(id, `Member ${pad(i)}`, handle, i)));
      ops.push(set(`handles/${handle}`, { cardId: id, accountId: ACCOUNT }));
    }
    store.commit(ops, now);
  }
  const day = now.toISOString().slice(0, 10);
  store.commit(
    [
      set(`analytics/${BIG_CARD}`, {
        cardId: BIG_CARD,
        accountId: ACCOUNT,
        views: 250_000,
        viewsByDay: { [day]: 1000 },
        clicks: 40_000,
        clicksByDay: { [day]: 200 },
        clicksByLink: { [`${BIG_CARD}-phone`]: 40_000 },
        leads: LEADS,
        leadsByDay: { [day]: 300 },
      }),
    ],
    now,
  );
  const first = Date.UTC(2025, 0, 1);
  for (let start = 0; start < LEADS; start += 5000) {
    const ops: WriteOp[] = [];
    for (let i = start; i < start + 5000; i += 1) {
      ops.push(
        set(`analytics/${BIG_CARD}/entries/lead-${pad(i, 6)}`, {
          cardId: BIG_CARD,
          accountId: ACCOUNT,
          name: `Visitor ${i}`,
          email: `visitor${i}@example.com`,
          phone: '+1 555 0199',
          company: 'Prospect Inc',
          note: i % 7 === 0 ? 'Call me back' : '',
          createdAt: new Date(first + i * 60_000),
        }),
      );
    }
    store.commit(ops, now);
  }
  store.close();
  return dataDir;
}

async function ensureAuthUser(emulator: RunningAuthEmulator): Promise<void> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  const app =
    getApps().find((a) => a.name === 'bench-large') ??
    initializeApp({ projectId: 'demo-cardbuilder' }, 'bench-large');
  try {
    await getAuth(app).createUser({
      uid: UID,
      email: EMAIL,
      password: PASSWORD,
      displayName: 'Lara Large',
      emailVerified: true,
    });
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code !== 'auth/uid-already-exists' && code !== 'auth/email-already-exists') throw err;
  }
}

/** Counts the documents the page reads: listener snapshots and one-shot reads and queries. */
function countReads(page: Page): { reads: () => number; reset: () => void } {
  let reads = 0;
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      try {
        const msg = JSON.parse(String(payload)) as { type?: string; doc?: unknown; docs?: unknown };
        if (msg.type !== 'snapshot') return;
        if (Array.isArray(msg.docs)) reads += msg.docs.length;
        else if (msg.doc !== undefined) reads += 1;
      } catch {
        // Not a data frame.
      }
    });
  });
  page.on('response', (res) => {
    if (!res.url().endsWith('/api/db')) return;
    res.json().then(
      (body: { doc?: unknown; docs?: unknown }) => {
        if (Array.isArray(body.docs)) reads += body.docs.length;
        else if (body.doc !== undefined) reads += 1;
      },
      () => undefined,
    );
  });
  return { reads: () => reads, reset: () => (reads = 0) };
}

const LONG_TASKS = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
})()`;

async function longestTask(page: Page): Promise<number> {
  const tasks = (await page.evaluate('window.__longTasks || []')) as number[];
  return tasks.length ? Math.max(...tasks) : 0;
}

function taskText(ms: number): string {
  return ms > 0 ? `${ms.toFixed(0)} ms` : 'none over 50 ms';
}

/** Signs the bench's owner in through the sign-in page and waits for the builder. */
async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email', { exact: true }).fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL('**/builder');
}

async function measure(browser: Browser, base: string, report: Report): Promise<void> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await signIn(page, base);
  await page.getByText(`of ${CARDS} cards`).waitFor({ timeout: 60_000 });

  // Builder first render, on a fresh load of the page (signed in already).
  const counter = countReads(page);
  await page.addInitScript(LONG_TASKS);
  counter.reset();
  await page.goto(`${base}/builder`);
  await page.waitForFunction(
    () =>
      document.body.innerText.includes('Showing 40 of') &&
      [...document.querySelectorAll('h2')].some((h) => h.textContent === 'Aaa Leads'),
    undefined,
    { timeout: 60_000, polling: 10 },
  );
  const ready = (await page.evaluate('performance.now()')) as number;
  await page.waitForTimeout(1500);
  report('builder (10,000 cards): interactive', `${(ready / 1000).toFixed(2)} s`, '< 1.5 s');
  report('builder (10,000 cards): documents read', `${counter.reads()}`, '< 100');
  report('builder (10,000 cards): longest task', taskText(await longestTask(page)), '< 50 ms');

  // Search: the last keystroke to the results (the list waits 60 ms for typing to pause).
  const search = page.getByRole('searchbox', { name: 'Search cards' });
  const times: number[] = [];
  for (const term of ['member 0987', 'member-0555', 'sales', 'member 09']) {
    await search.fill('');
    await page.getByText('Showing 40 of').waitFor();
    await search.fill(term.slice(0, -1));
    const started = Date.now();
    await search.press(term.slice(-1));
    await page.getByText(/^\d+ match(es)?$|^First \d+ matches/).waitFor({ timeout: 30_000 });
    times.push(Date.now() - started);
  }
  times.sort((a, b) => a - b);
  report(
    'search (10,000 cards): keystroke to results',
    `${times[Math.floor(times.length / 2)]} ms median (${times.join('/')})`,
    '< 300 ms',
  );
  await search.fill('');

  // Leads: the analytics tab's first page, then the full export.
  await page.getByText('Showing 40 of').waitFor();
  const tabStart = Date.now();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await page
    .getByRole('region', { name: 'Lead form entries' })
    .getByRole('listitem')
    .first()
    .waitFor({ timeout: 60_000 });
  report('leads (100,000): first page shown', `${Date.now() - tabStart} ms`, '—');
  await page.evaluate('window.__longTasks = []');
  const exportStart = Date.now();
  const download = page.waitForEvent('download', { timeout: 600_000 });
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const exportMs = Date.now() - exportStart;
  const rows = readFileSync(file, 'utf8').split('\r\n').length - 1;
  report(
    'leads (100,000): full CSV export',
    `${rows} rows in ${(exportMs / 1000).toFixed(1)} s`,
    'complete',
  );
  report('leads (100,000): export, longest task', taskText(await longestTask(page)), '< 50 ms');
  await context.close();
}

/** A Node client of the local server signed in as the large account's owner (the app's code). */
async function ownerClient(emulator: RunningAuthEmulator, base: string): Promise<Backend> {
  const { token: idToken } = await signInWithPassword(emulator.url, EMAIL, PASSWORD);
  return createLocalBackend({
    baseUrl: base,
    getIdToken: async () => idToken,
    WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
  });
}

/** Waits for the job to end; returns its document and the time from `started`. */
async function jobDone(
  client: Backend,
  jobId: string,
  started: number,
): Promise<{ data: Record<string, unknown>; ms: number }> {
  for (;;) {
    const snap = await client.get(jobPath(ACCOUNT, jobId));
    const state = snap.data?.state;
    if (state === 'done' || state === 'failed' || state === 'cancelled') {
      if (state !== 'done') throw new Error(`Job ${jobId} ended ${String(state)}.`);
      return { data: snap.data ?? {}, ms: Date.now() - started };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function perCard(ms: number, cards: number): string {
  return `${((ms / cards) * 1000).toFixed(0)} µs a card`;
}

/** A 1,000-row CSV through the Import tab, as a person does it; the job creates every card. */
async function importThroughTheTab(browser: Browser, base: string, report: Report): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, base);
  await page.goto(`${base}/team/${TEAM}?tab=import`);
  const rows = ['Name,Email,Title,Phone'];
  for (let i = 1; i <= 1000; i += 1) {
    rows.push(`Tab Person ${i},tab${i}@large.example,Analyst,+1 555 ${pad(i, 4)}`);
  }
  await page.evaluate(LONG_TASKS);
  const started = Date.now();
  await page.locator('input[type=file]').setInputFiles({
    name: 'bench.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(rows.join('\n')),
  });
  const importButton = page.getByRole('button', { name: 'Import 1000 cards' });
  await importButton.waitFor({ timeout: 120_000 });
  await page.getByText('Checking e-mails and handles…').waitFor({ state: 'hidden' });
  const preview = Date.now() - started;
  const clicked = Date.now();
  await importButton.click();
  const done = page.getByText(/Imported [1-9]\d* cards? into/).first();
  await done.waitFor({ timeout: 300_000 });
  const imported = /Imported (\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? '?';
  const jobMs = Date.now() - clicked;
  report(
    'import tab: 1,000-row CSV, preview / import done',
    `${(preview / 1000).toFixed(1)} / ${(jobMs / 1000).toFixed(1)} s (${imported} cards)`,
    '—',
  );
  report('import tab: longest main-thread task', taskText(await longestTask(page)), '< 200 ms');
  await context.close();
}

/** The server jobs: a sync of the 10,000 cards, the import tab, and a 10,000-row import. */
async function measureJobs(
  browser: Browser,
  emulator: RunningAuthEmulator,
  base: string,
  report: Report,
): Promise<void> {
  const client = await ownerClient(emulator, base);
  setBackend(client);
  const teamSnap = await client.get(`accounts/${ACCOUNT}/teams/${TEAM}`);
  const team = toTeamDoc(TEAM, teamSnap.data ?? {});
  await saveTeamLinks(team, [
    { id: 'web', name: 'Website', label: 'Website', value: 'https://large.example' },
  ]);
  const version = toTeamDoc(TEAM, (await client.get(teamSnap.path)).data ?? {}).syncVersion;
  const syncStarted = Date.now();
  const syncId = await requestTeamSync(ACCOUNT, TEAM, version, UID);
  const sync = await jobDone(client, syncId, syncStarted);
  report(
    'team sync (10,000 cards): job duration',
    `${(sync.ms / 1000).toFixed(1)} s (${String(sync.data.written)} written)`,
    'linear',
  );
  report('team sync: cost per card', perCard(sync.ms, Number(sync.data.done)), 'linear');

  await importThroughTheTab(browser, base, report);

  // A 2,000-row import, then a 10,000-row one into the grown account: each chunk counts its own
  // cards (no recount of the account a chunk), so the cost per card stays flat as both grow.
  const importRowsOf = (prefix: string, count: number): ImportRow[] =>
    Array.from({ length: count }, (_, i) => ({
      member: {
        index: i,
        name: `${prefix} Person ${pad(i)}`,
        email: `${prefix.toLowerCase()}${pad(i)}@large.example`,
        title: 'Analyst',
        links: { phone: '+1 555 0100' },
      },
      handle: `${prefix.toLowerCase()}-person-${pad(i)}`,
    }));
  for (const [prefix, count] of [
    ['Small', 2_000],
    ['Imported', 10_000],
  ] as const) {
    const importStarted = Date.now();
    const importId = await startImportJob(ACCOUNT, TEAM, UID, importRowsOf(prefix, count));
    const rowsWritten = Date.now() - importStarted;
    const imported = await jobDone(client, importId, importStarted);
    const label = count.toLocaleString('en-US');
    report(
      `import (${label} rows): job duration`,
      `${(imported.ms / 1000).toFixed(1)} s (${String(imported.data.written)} cards; rows uploaded in ${(rowsWritten / 1000).toFixed(1)} s)`,
      'linear',
    );
    report(`import (${label} rows): cost per card`, perCard(imported.ms, count), 'flat');
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGINT');
  });
}

/** Builds the large account, serves it on `port` and measures it (the app must be built). */
export async function benchLarge(options: {
  browser: Browser;
  emulator: RunningAuthEmulator;
  port: number;
  report: Report;
}): Promise<void> {
  const started = Date.now();
  const dataDir = buildDataFolder();
  console.log(`  (large account written in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await ensureAuthUser(options.emulator);
  const base = `http://127.0.0.1:${options.port}`;
  const server = startBenchServer({
    port: options.port,
    dataDir,
    emulator: options.emulator,
    // The server's own output goes to a log file (BENCH_SERVER_LOG), or nowhere.
    stdio: [
      'ignore',
      'ignore',
      process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'w') : 'ignore',
    ],
  });
  try {
    await waitForHttp(`${base}/api/health`, 60_000, server);
    // BENCH_LARGE_ONLY=jobs measures the jobs alone, =app the builder, search and leads alone
    // (quicker while working on one of them).
    if (process.env.BENCH_LARGE_ONLY !== 'jobs')
      await measure(options.browser, base, options.report);
    if (process.env.BENCH_LARGE_ONLY !== 'app')
      await measureJobs(options.browser, options.emulator, base, options.report);
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const port = Number(process.env.BENCH_PORT ?? 5188) + 3;
  const emulator = await startAuthEmulator({
    port: Number(process.env.BENCH_AUTH_PORT ?? 9588),
    quiet: true,
  });
  const found = findChromium();
  if (!found) throw new Error(chromiumAdvice(process.platform));
  const browser = await chromium.launch({ executablePath: found.path, args: chromiumArgs() });
  try {
    await benchLarge({
      browser,
      emulator,
      port,
      report: (name, value, budget) =>
        console.log(`  ${name.padEnd(46)} ${value.padEnd(24)} budget ${budget}`),
    });
  } finally {
    await browser.close();
    await emulator.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
