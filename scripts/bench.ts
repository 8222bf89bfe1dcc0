/**
 * `npm run bench`: the product's performance budgets, measured and reported as figures, never
 * asserted in tests (docs/performance.md lists each part). It starts its own Auth emulator and
 * local server with the demo data on spare ports, so it runs beside `npm start`, and writes the
 * results to .bench/results.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { WebSocket } from 'ws';
import type { DocSnapshot, QueryDoc, QuerySpec, WriteOp } from '@/backend/port';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import { setBackend } from '@/backend/current';
import { createLocalBackend } from '@/backend/local/local-backend';
import { cardCreateOps, newCardId, readCardCountBase } from '@/data/cards';
import type { Card } from '@/domain/model';
import {
  createPublicSurfacesHandler,
  type PublicDb,
} from '@/services/public-surfaces/public-surfaces-handler';
import { renderCardPage } from '@/card-view/render/render-card-page';
import { signInWithPassword, startAuthEmulator, waitForHttp } from './lib/auth-emulator';
import { benchColdStart } from './bench-cold-start';
import { benchLighthouse, LIGHTHOUSE_PAGES } from './bench-lighthouse';
import { benchPhone } from './bench-phone';
import { benchPhoneFirebase } from './bench-phone-firebase';
import { benchRulesEngine } from './bench-rules';
import { benchCardScan } from './bench-card-scan';
import { benchLarge } from './bench-large';
import { benchCardCreate } from './bench-card-create';
import { benchCardRate } from './bench-card-rate';
import { chromiumAdvice, findChromium, chromiumArgs } from './lib/chromium';
import { StartupError } from './lib/processes';
import { startBenchServer } from './lib/bench-server';

const root = resolve(import.meta.dirname, '..');
const AUTH_PORT = Number(process.env.BENCH_AUTH_PORT ?? 9588);
const SERVER_PORT = Number(process.env.BENCH_PORT ?? 5188);
const STATIC_PORT = SERVER_PORT + 1;

const results: Record<string, unknown> = {};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function report(name: string, value: string, budget: string): void {
  results[name] = { value, budget };
  console.log(`  ${name.padEnd(46)} ${value.padEnd(16)} budget ${budget}`);
}

function demoCard(links: number): Card {
  return {
    id: 'bench-card',
    handle: 'bench-card',
    handleAllowIndex: true,
    name: 'Ada Lovelace',
    title: 'Head of Sales',
    company: 'Acme Co',
    accountId: 'acme',
    teamId: 'acme-sales',
    isArchived: false,
    contacts: Array.from({ length: links }, (_, i) => ({
      id: `l${i}`,
      name: i % 2 ? 'Website' : 'Phone',
      label: i % 2 ? `Site ${i}` : `Phone ${i}`,
      value: i % 2 ? `https://example.com/${i}` : `+1 555 01${String(i).padStart(2, '0')}`,
    })),
    appForm: { enabled: true, fields: { name: true, email: true, phone: true, note: true } },
    template: { accentColor: '#F5C518', buttonStyle: 'fill', avatarShape: 'circle' },
    signatureBasic: {},
    appShare: { title: 'Ada Lovelace — Head of Sales' },
  };
}

/** Reads per view and render time, driving the public surfaces handler in-process. */
async function benchHandler(): Promise<void> {
  const memory = createMemoryBackend();
  const card = demoCard(8);
  await memory.set('cards/bench-card', { ...card });
  let reads = 0;
  const db: PublicDb = {
    get: async (path: string): Promise<DocSnapshot> => {
      reads += 1;
      return memory.get(path);
    },
    query: async (spec: QuerySpec): Promise<QueryDoc[]> => {
      const docs = await memory.query(spec);
      reads += Math.max(1, docs.length);
      return docs;
    },
    batch: (ops: readonly WriteOp[]) => memory.batch(ops),
  };
  const handler = createPublicSurfacesHandler({
    paths: { card: '/c', signature: '/s', link: '/l' },
  });
  const hosts = { card: 'http://x/c', signature: 'http://x/s', link: 'http://x/l' };
  const views = 200;
  const times: number[] = [];
  for (let i = 0; i < views; i += 1) {
    const started = performance.now();
    await handler(
      {
        method: 'GET',
        url: new URL('http://x/c/bench-card'),
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone)' },
        ip: `10.0.0.${i % 250}`,
        readBody: async () => '',
      },
      { db, hosts },
    );
    times.push(performance.now() - started);
  }
  report('card page: document reads per view', (reads / views).toFixed(2), '≤ 1');
  report('card page: handler time, median', `${median(times).toFixed(2)} ms`, '< 5 ms (render)');

  const renderTimes: number[] = [];
  for (let i = 0; i < 500; i += 1) {
    const started = performance.now();
    renderCardPage({
      card,
      promotion: null,
      hosts,
      canonicalUrl: 'http://x/c/bench-card',
      trackedUrl: 'http://x/c/bench-card?via=1',
      noindex: false,
    });
    renderTimes.push(performance.now() - started);
  }
  report('card page: server render, median', `${median(renderTimes).toFixed(2)} ms`, '< 5 ms');
}

/**
 * 10,000 views of one card within a minute (one every 6 ms of virtual time, through the public
 * surfaces handler as a Cloud Function runs it, views awaited), on the in-memory server database:
 * how many were counted, and the most writes within any one second to any one document. Time is
 * virtual so the figure does not depend on this machine's speed; the counts are the handler's own.
 */
async function benchHotDocument(): Promise<void> {
  async function burst(intervalMs: number): Promise<{ counted: number; maxPerSecond: number }> {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const start = now;
    const timers: { at: number; work: () => void }[] = [];
    const writes = new Map<string, number[]>();
    const db = createMemoryServerDb({
      now: () => new Date(now),
      onCommit: (ops) => {
        for (const op of ops) writes.set(op.path, [...(writes.get(op.path) ?? []), now]);
      },
    });
    db.seed('cards/bench-card', { ...demoCard(8) });
    const handler = createPublicSurfacesHandler({
      paths: { card: '/c', signature: '/s', link: '/l' },
      now: () => new Date(now),
      counters: {
        awaitViews: true,
        intervalMs,
        now: () => now,
        schedule: (work, ms) => timers.push({ at: now + ms, work }),
      },
    });
    async function advance(to: number): Promise<void> {
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (next === undefined || next.at > to) break;
        timers.shift();
        now = next.at;
        next.work();
        await new Promise((r) => setImmediate(r));
      }
      now = to;
    }
    const hosts = { card: 'http://x/c', signature: 'http://x/s', link: 'http://x/l' };
    for (let i = 0; i < 10_000; i += 1) {
      await advance(start + i * 6);
      await handler(
        {
          method: 'GET',
          url: new URL('http://x/c/bench-card'),
          headers: { 'user-agent': 'Mozilla/5.0 (iPhone)' },
          ip: `10.0.${Math.floor(i / 250)}.${i % 250}`,
          readBody: async () => '',
        },
        { db, hosts },
      );
    }
    await advance(start + 70_000);
    await handler.flushCounters();
    let maxPerSecond = 0;
    for (const times of writes.values()) {
      for (let i = 0, j = 0; j < times.length; j += 1) {
        while ((times[j] ?? 0) - (times[i] ?? 0) >= 1000) i += 1;
        maxPerSecond = Math.max(maxPerSecond, j - i + 1);
      }
    }
    const counted = Number((await db.get('analytics/bench-card')).data?.views ?? 0);
    return { counted, maxPerSecond };
  }

  const buffered = await burst(1000);
  const unbuffered = await burst(0);
  report(
    'hot card: 10,000 views in a minute, counted',
    `${buffered.counted.toLocaleString('en-US')}`,
    'all 10,000',
  );
  report(
    'hot card: most writes/s to one document',
    `${buffered.maxPerSecond} (unbuffered ${unbuffered.maxPerSecond})`,
    '≤ 1',
  );
}

function idTokenFor(email: string, password: string): Promise<{ token: string; uid: string }> {
  return signInWithPassword(`http://127.0.0.1:${AUTH_PORT}`, email, password);
}

async function benchBrowser(browser: Browser, base: string): Promise<void> {
  // Transfer of a first visit: the document plus every script and stylesheet (images aside).
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${base}/c/ada-lovelace`, { waitUntil: 'load' });
  const bytes = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance
      .getEntriesByType('resource')
      .filter((r) =>
        ['script', 'link', 'css', 'fetch'].includes((r as PerformanceResourceTiming).initiatorType),
      );
    return (
      nav.encodedBodySize +
      resources.reduce((sum, r) => sum + (r as PerformanceResourceTiming).encodedBodySize, 0)
    );
  });
  report('card page: first-visit transfer (gzip)', `${(bytes / 1024).toFixed(1)} KB`, '≤ 20 KB');
  const html = await (await fetch(`${base}/c/ada-lovelace`)).text();
  await context.close();

  // First contentful paint against a static file of the same HTML, served as plainly as possible.
  const staticServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((done) => staticServer.listen(STATIC_PORT, '127.0.0.1', done));
  async function fcp(url: string): Promise<number> {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const p = await ctx.newPage();
    await p.goto(url, { waitUntil: 'load' });
    const value = await p.evaluate(
      () =>
        new Promise<number>((done) => {
          const entry = performance.getEntriesByName('first-contentful-paint')[0];
          if (entry) return done(entry.startTime);
          new PerformanceObserver((list) => done(list.getEntries()[0]?.startTime ?? -1)).observe({
            type: 'paint',
            buffered: true,
          });
        }),
    );
    await ctx.close();
    return value;
  }
  const cardFcp: number[] = [];
  const staticFcp: number[] = [];
  for (let i = 0; i < 15; i += 1) {
    cardFcp.push(await fcp(`${base}/c/ada-lovelace`));
    staticFcp.push(await fcp(`http://127.0.0.1:${STATIC_PORT}/`));
  }
  staticServer.close();
  const ratio = median(cardFcp) / median(staticFcp);
  report(
    'card page: FCP vs static file (median)',
    `${median(cardFcp).toFixed(0)} / ${median(staticFcp).toFixed(0)} ms = ${ratio.toFixed(2)}×`,
    '≤ 1.5×',
  );

  // The builder's preview after a keystroke, on a card with 50 links.
  const { token, uid } = await idTokenFor('owner@initech.example', 'Demo-pass1');
  const other = createLocalBackend({
    baseUrl: base,
    getIdToken: () => Promise.resolve(token),
    WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
  });
  setBackend(other);
  const id = newCardId();
  const card = demoCard(50);
  await other.batch(
    cardCreateOps(
      {
        ...card,
        id,
        handle: `bench-${id.toLowerCase()}`,
        name: 'Fifty Links',
        accountId: 'initech',
        teamId: 'initech-sales',
        ownerId: uid,
        company: 'Initech',
        email: '',
      },
      await readCardCountBase('initech'),
    ),
  );
  const builder = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const bp = await builder.newPage();
  await bp.goto(`${base}/sign-in`);
  await bp.getByLabel('Email', { exact: true }).fill('owner@initech.example');
  await bp.getByLabel('Password', { exact: true }).fill('Demo-pass1');
  await bp.getByRole('button', { name: /^sign in$/i }).click();
  await bp.waitForURL('**/builder');
  await bp.getByRole('complementary', { name: 'Cards' }).getByText('Fifty Links').click();
  const nameField = bp.getByLabel('Full name');
  await nameField.click();
  await bp.keyboard.press('End');
  const delays: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const letter = String.fromCharCode(97 + (i % 26));
    await bp.evaluate(() => {
      const w = window as unknown as { __t0?: number };
      document.addEventListener('keydown', () => (w.__t0 = performance.now()), {
        once: true,
        capture: true,
      });
    });
    // A string, not a function: the bundler's helpers do not exist inside the page.
    const expected = `Fifty Links${'abcdefghijklmnopqrst'.slice(0, i + 1)}`;
    const waiting = bp.evaluate(`new Promise((done) => {
      const preview = document.querySelector('.builder-preview');
      const check = () => {
        const names = [...document.querySelectorAll('.builder-preview .cb-name')];
        if (names.some((n) => (n.textContent || '').endsWith(${JSON.stringify(expected)}))) {
          observer.disconnect();
          done(performance.now() - (window.__t0 ?? performance.now()));
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(preview, { subtree: true, childList: true, characterData: true });
    })`) as Promise<number>;
    await bp.keyboard.type(letter);
    delays.push(await waiting);
  }
  await builder.close();
  report(
    'builder: preview DOM updated after a keystroke',
    `${median(delays).toFixed(1)} ms`,
    '≤ 16 ms (median of 20, 50 links)',
  );
}

/** A 1,000-row CSV import on the team page: the longest main-thread task while it runs. */
async function benchImport(browser: Browser, base: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email', { exact: true }).fill('owner@initech.example');
  await page.getByLabel('Password', { exact: true }).fill('Demo-pass1');
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL('**/builder');
  await page.goto(`${base}/team/initech-sales`);
  await page.getByRole('tab', { name: 'Import' }).click();
  const rows = ['Name,Email,Title,Phone'];
  for (let i = 1; i <= 1000; i += 1) {
    rows.push(
      `Bench Person ${i},bench${i}@initech.example,Analyst,+1 555 ${String(i).padStart(4, '0')}`,
    );
  }
  // A string, not a function: the bundler's helpers do not exist inside the page.
  await page.evaluate(`(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ entryTypes: ['longtask'] });
  })()`);
  const started = Date.now();
  await page.locator('input[type=file]').setInputFiles({
    name: 'bench.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(rows.join('\n')),
  });
  const importButton = page.getByRole('button', { name: /^Import [1-9]\d* cards?$/ });
  await importButton.waitFor({ timeout: 60_000 });
  const previewSeconds = (Date.now() - started) / 1000;
  await importButton.click();
  const done = page.getByText(/Imported [1-9]\d* cards?/).first();
  await done.waitFor({ timeout: 120_000 });
  const imported = /Imported (\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? '?';
  const observed = (await page.evaluate(
    "PerformanceObserver.supportedEntryTypes.includes('longtask')",
  )) as boolean;
  if (!observed) throw new Error('This Chromium does not report long tasks.');
  const totalSeconds = (Date.now() - started) / 1000;
  const longTasks = (await page.evaluate('window.__longTasks')) as number[];
  await context.close();
  const longest = longTasks.length ? Math.max(...longTasks) : 0;
  report(
    'import: 1,000-row CSV, longest main-thread task',
    longTasks.length ? `${longest.toFixed(0)} ms` : 'none over 50 ms',
    'no freeze (< 200 ms)',
  );
  report(
    'import: preview ready / import done',
    `${previewSeconds.toFixed(1)} / ${totalSeconds.toFixed(1)} s (${imported} cards)`,
    '— (cards over the plan cap are flagged, not written)',
  );
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGINT');
  });
}

/** `npm start` to ready, from an empty data folder and again on the same folder. */
async function benchStart(): Promise<void> {
  const dataRoot = mkdtempSync(join(tmpdir(), 'cardbuilder-bench-start-'));
  const times: number[] = [];
  for (const label of ['cold', 'warm']) {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'start.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATA_ROOT: dataRoot,
        PORT: String(SERVER_PORT + 2),
        AUTH_PORT: String(AUTH_PORT + 20),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((done, fail) => {
      let out = '';
      child.stdout?.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('Press Ctrl-C to stop')) done();
      });
      child.on('exit', () => fail(new Error(`npm start exited early:\n${out}`)));
    });
    times.push((Date.now() - started) / 1000);
    await stopChild(child);
    console.log(`  (npm start ${label}: ${times.at(-1)?.toFixed(1)} s)`);
  }
  rmSync(dataRoot, { recursive: true, force: true });
  report('npm start: ready, cold / warm', `${times.map((t) => t.toFixed(1)).join(' / ')} s`, '—');
}

// `--card-scan`, `--cold-start` and `--hot-document` stop after their part; `--phone` (with
// Lighthouse on /sign-in), `--phone-firebase` and `--lighthouse` run only theirs.
async function main(): Promise<void> {
  console.log('Cardbuilder bench (figures, not assertions)\n');
  if (process.argv.includes('--phone-firebase')) return void (await phoneFirebaseOnly());
  const phoneOnly = process.argv.includes('--phone');
  const lighthouseOnly = process.argv.includes('--lighthouse');
  if (!phoneOnly && !lighthouseOnly) {
    results.cardScan = await benchCardScan(report);
    if (process.argv.includes('--card-scan')) process.exit(0);
    benchColdStart(report);
    if (process.argv.includes('--cold-start')) process.exit(0);
    benchRulesEngine(report);
    await benchHandler();
    await benchHotDocument();
    if (process.argv.includes('--hot-document')) process.exit(0);
    await benchCardCreate(report);
    results.cardRate = await benchCardRate(report);
  }

  const build = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--logLevel',
      'warn',
      // A profiled load is read back to our sources through the maps (scripts/profile-summary.ts).
      ...(process.env.BENCH_PROFILE ? ['--sourcemap'] : []),
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');
  const base = `http://127.0.0.1:${SERVER_PORT}`;
  // A stale server on the port would answer for ours and measure the wrong thing.
  if (
    await fetch(`${base}/api/health`).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`Port ${SERVER_PORT} is already in use; stop what runs there first.`);
  }
  const emulator = await startAuthEmulator({ port: AUTH_PORT, quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'cardbuilder-bench-'));
  const server = startBenchServer({
    port: SERVER_PORT,
    dataDir,
    emulator,
    // Another build can be measured against this one (say, the commit before a change).
    ...(process.env.BENCH_APP_DIST ? { appDist: process.env.BENCH_APP_DIST } : {}),
    env: { SEED_DEMO: '1' },
  });
  let browser: Browser | undefined;
  try {
    await waitForHttp(`${base}/api/health`, 60_000, server);
    const found = findChromium();
    if (!found) throw new StartupError(chromiumAdvice(process.platform));
    browser = await chromium.launch({
      executablePath: found.path,
      args: chromiumArgs(),
    });
    if (lighthouseOnly) {
      await benchLighthouse(base, found.path, report);
    } else if (phoneOnly) {
      await benchPhone({ browser, base, report });
      const signIn = LIGHTHOUSE_PAGES.filter((page) => page.path === '/sign-in');
      await benchLighthouse(base, found.path, report, signIn);
    } else {
      await benchBrowser(browser, base);
      await benchImport(browser, base);
      await benchPhone({ browser, base, report });
      await benchLarge({ browser, emulator, port: SERVER_PORT + 3, report });
      await benchLighthouse(base, found.path, report);
      await benchPhoneFirebase(browser, report);
    }
  } finally {
    await browser?.close();
    await stopChild(server);
    await emulator.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!phoneOnly) await benchStart();

  // A partial run keeps its own file, so it never overwrites a whole run's figures.
  const file = phoneOnly ? 'results-phone.json' : 'results.json';
  mkdirSync(join(root, '.bench'), { recursive: true });
  writeFileSync(join(root, '.bench', file), JSON.stringify(results, null, 2));
  console.log(`\nWritten to .bench/${file}`);
  process.exit(0);
}

/** `--phone-firebase`: the phone builder on the Firebase stack alone. */
async function phoneFirebaseOnly(): Promise<void> {
  const found = findChromium();
  if (!found) throw new StartupError(chromiumAdvice(process.platform));
  const browser = await chromium.launch({ executablePath: found.path, args: chromiumArgs() });
  try {
    await benchPhoneFirebase(browser, report);
  } finally {
    await browser.close();
  }
  mkdirSync(join(root, '.bench'), { recursive: true });
  writeFileSync(
    join(root, '.bench', 'results-phone-firebase.json'),
    JSON.stringify(results, null, 2),
  );
  console.log('\nWritten to .bench/results-phone-firebase.json');
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err instanceof StartupError ? err.message : err);
  process.exit(1);
});
