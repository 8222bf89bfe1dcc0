/**
 * The phone part of `npm run bench` (`--phone` alone, with Lighthouse on /sign-in): the signed-in
 * builder loaded cold at 390 px under Chromium's CPU and network throttling (PHONE_THROTTLING), the
 * HTTP cache off, after an unthrottled sign-in as a returning person's load is. Reports medians
 * (spread in brackets): list and editor on screen, card switch, script bytes, longest task.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';

type Report = (name: string, value: string, budget: string) => void;

export const PHONE_THROTTLING = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1_000_000) / 8,
  uploadBytesPerSecond: (750 * 1_000) / 8,
} as const;

const EMAIL = 'owner@acme.example';
const PASSWORD = 'Demo-pass1';

/** What one cold load measured. */
export interface PhoneRun {
  readonly listMs: number;
  readonly editorMs: number;
  readonly clickToEditorMs: number;
  /** Script transferred by the time the editor showed (compressed, as sent). */
  readonly firstScreenScriptBytes: number;
  /** Script transferred once the page settled, including what loads after the first screen. */
  readonly scriptBytes: number;
  readonly scriptRawBytes: number;
  readonly scripts: number;
  readonly longestTaskMs: number;
}

/**
 * Runs in the page before its own script (a string, not a function: the bundler's helpers do not
 * exist inside the page): records long tasks and the moments the card list and the editor appear.
 */
const PAGE_PROBE = `(() => {
  const probe = (window.__phoneProbe = {
    tasks: [], list: 0, editor: 0, editorScriptBytes: 0, click: 0, opened: 0,
  });
  const title = () => document.querySelector('.card-editor__title')?.textContent ?? '';
  let before = '';
  addEventListener('click', () => {
    probe.click = performance.now();
    before = title();
  }, { capture: true });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.tasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const check = () => {
    if (!probe.list && document.querySelector('.card-list__items .card-list__item')) {
      probe.list = performance.now();
    }
    if (!probe.editor && document.querySelector('.card-editor')) {
      probe.editor = performance.now();
      // Script that had arrived by then (compressed, as sent): what the first screen needed.
      probe.editorScriptBytes = performance
        .getEntriesByType('resource')
        .filter((r) => /\\.m?js(?:[?#]|$)/.test(r.name))
        .reduce((sum, r) => sum + r.transferSize, 0);
    }
    if (probe.click && !probe.opened && title() !== before) probe.opened = performance.now();
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
  });
})()`;

/**
 * With BENCH_PROFILE set to a folder, each load's CPU profile (the whole load, sampled every
 * 0.2 ms) is written there as `phone-N.cpuprofile`, for Chromium's DevTools or a script.
 */
async function saveProfile(cdp: CDPSession, folder: string): Promise<void> {
  const { profile } = await cdp.send('Profiler.stop');
  mkdirSync(folder, { recursive: true });
  const taken = readdirSync(folder).filter((name) => name.endsWith('.cpuprofile')).length;
  writeFileSync(join(folder, `phone-${taken + 1}.cpuprofile`), JSON.stringify(profile));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Counts the bytes of every script response the session sees: as sent, and unpacked. */
function countScripts(cdp: CDPSession): () => { bytes: number; raw: number; count: number } {
  const scripts = new Set<string>();
  let bytes = 0;
  let raw = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.dataReceived', (event) => {
    if (scripts.has(event.requestId)) raw += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) bytes += event.encodedDataLength;
  });
  return () => ({ bytes, raw, count: scripts.size });
}

/** One cold, throttled load of /builder in a context where the demo owner is signed in. */
async function coldLoad(browser: Browser, base: string, listens: boolean): Promise<PhoneRun> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const signIn = await context.newPage();
    await signIn.goto(`${base}/sign-in`);
    await signIn.getByLabel('Email', { exact: true }).fill(EMAIL);
    await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signIn.getByRole('button', { name: /^sign in$/i }).click();
    // Generous: on a machine shared with test suites the first sign-in can take a while.
    await signIn.waitForURL('**/builder', { timeout: 120_000 });
    await signIn.close();

    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE_THROTTLING.latencyMs,
      downloadThroughput: PHONE_THROTTLING.downloadBytesPerSecond,
      uploadThroughput: PHONE_THROTTLING.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_THROTTLING.cpuSlowdown });
    const scripts = countScripts(cdp);
    const profiling = process.env.BENCH_PROFILE;
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.addInitScript(PAGE_PROBE);
    await page.goto(`${base}/builder`, { waitUntil: 'commit' });
    await page.locator('.card-editor').waitFor({ timeout: 60_000 });
    const other = page.locator('.card-list__items .card-list__item').nth(1);
    const otherName = (await other.locator('.card-list__name').textContent()) ?? '';
    await other.click();
    await page.locator('.card-editor__title', { hasText: otherName }).waitFor({ timeout: 60_000 });
    // Settle: whatever the first screen still loads or runs after the editor shows is counted too.
    // Firestore's listen channel never leaves the network idle: its build settles by the clock.
    if (listens) await page.waitForTimeout(4000);
    else await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    if (profiling) await saveProfile(cdp, profiling);
    const probe = (await page.evaluate('window.__phoneProbe')) as {
      tasks: [number, number][];
      list: number;
      editor: number;
      editorScriptBytes: number;
      click: number;
      opened: number;
    };
    const supported = (await page.evaluate(
      "PerformanceObserver.supportedEntryTypes.includes('longtask')",
    )) as boolean;
    if (!supported) throw new Error('This Chromium does not report long tasks.');
    const counted = scripts();
    if (process.env.BENCH_DETAIL) await printTimeline(page, probe);
    return {
      listMs: probe.list,
      editorMs: probe.editor,
      clickToEditorMs: probe.opened - probe.click,
      firstScreenScriptBytes: probe.editorScriptBytes,
      scriptBytes: counted.bytes,
      scriptRawBytes: counted.raw,
      scripts: counted.count,
      longestTaskMs: probe.tasks.reduce((most, [, duration]) => Math.max(most, duration), 0),
    };
  } finally {
    await context.close();
  }
}

/**
 * With BENCH_DETAIL set, each run prints its timeline: every task over 50 ms, every request (start
 * and end, from the navigation's start) and the start-up's steps (src/main.ts marks them), to see
 * what a figure is made of.
 */
async function printTimeline(
  page: Page,
  probe: { tasks: [number, number][]; list: number; editor: number },
): Promise<void> {
  const requests = (await page.evaluate(
    `performance.getEntriesByType('resource').map((r) => [r.name, r.startTime, r.requestStart, r.responseStart, r.responseEnd])`,
  )) as [string, number, number, number, number][];
  const marks = (await page.evaluate(
    `performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])`,
  )) as [string, number][];
  const events: [number, string][] = [
    ...marks.map(([name, at]): [number, string] => [at, `mark ${name}`]),
    [probe.list, 'card list on screen'],
    [probe.editor, 'editor on screen'],
    ...probe.tasks.map(([start, duration]): [number, string] => [
      start,
      `task ${duration.toFixed(0)} ms`,
    ]),
    ...requests.map(([name, start, sent, first, end]): [number, string] => [
      start,
      `${new URL(name).pathname.slice(0, 60)} → sent ${sent.toFixed(0)}, first byte ${first.toFixed(0)}, done ${end.toFixed(0)}`,
    ]),
  ];
  for (const [at, what] of events.sort((a, b) => a[0] - b[0])) {
    console.log(`    ${at.toFixed(0).padStart(6)} ${what}`);
  }
}

function spread(values: readonly number[], format: (value: number) => string): string {
  const shown = `${format(median(values))}`;
  if (values.length < 2) return shown;
  return `${shown} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
}

/**
 * Cold loads of the builder on a throttled phone (`BENCH_PHONE_RUNS`, three by default, after one
 * not counted); medians through `report`.
 */
export async function benchPhone(options: {
  browser: Browser;
  base: string;
  report: Report;
  /** The build on the Firebase stack (its listen channel stays open), named in each line. */
  firebase?: boolean;
}): Promise<PhoneRun[]> {
  const name = options.firebase ? 'phone builder, Firebase build' : 'phone builder';
  // One load first, not counted: the servers' first answers after start (their code still
  // compiling, the emulator's indexes cold) were 0.5–1 s slower, which no phone sees in production.
  await coldLoad(options.browser, options.base, options.firebase === true);
  const runs: PhoneRun[] = [];
  const count = Number(process.env.BENCH_PHONE_RUNS ?? 3);
  for (let i = 0; i < count; i += 1) {
    const run = await coldLoad(options.browser, options.base, options.firebase === true);
    console.log(
      `  (${name} run ${i + 1}: list ${run.listMs.toFixed(0)} ms, editor ${run.editorMs.toFixed(0)} ms, ` +
        `${(run.firstScreenScriptBytes / 1024).toFixed(1)} KiB of script by then, ` +
        `${(run.scriptBytes / 1024).toFixed(1)} KiB in ${run.scripts} scripts settled, ` +
        `longest task ${run.longestTaskMs.toFixed(0)} ms)`,
    );
    runs.push(run);
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  options.report(
    `${name}: card list on screen`,
    spread(
      runs.map((r) => r.listMs),
      seconds,
    ),
    '≤ 2.5 s',
  );
  options.report(
    `${name}: editor on screen (first card)`,
    `${spread(
      runs.map((r) => r.editorMs),
      seconds,
    )}`,
    '≤ 2.5 s',
  );
  options.report(
    `${name}: another card opened, click to editor`,
    spread(
      runs.map((r) => r.clickToEditorMs),
      ms,
    ),
    '—',
  );
  options.report(
    `${name}: script until the editor shows (gzip)`,
    spread(
      runs.map((r) => r.firstScreenScriptBytes),
      kib,
    ),
    '≤ 180 KiB',
  );
  options.report(
    `${name}: script once settled (gzip / unpacked)`,
    `${kib(median(runs.map((r) => r.scriptBytes)))} / ${kib(median(runs.map((r) => r.scriptRawBytes)))}`,
    '— (after the first screen)',
  );
  options.report(
    `${name}: longest main-thread task`,
    spread(
      runs.map((r) => r.longestTaskMs),
      ms,
    ),
    '≤ 150 ms',
  );
  return runs;
}
