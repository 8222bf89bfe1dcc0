/**
 * The Lighthouse part of `npm run bench`: Lighthouse 13 (the npm package's CLI, mobile settings,
 * simulated slow 4G) drives the system Chromium, offline, against the bench's own server, for the
 * pages a visitor meets first: the landing page, sign-in, the demo card (also as a French and an
 * Arabic visitor reads it), its signature page and the demo directory (`--lighthouse` runs only these). Reports each category's score and the bytes transferred, against the goals of
 * docs (performance 95 or more, 100 elsewhere; the signature page may stay out of search, so its
 * SEO score is reported but has no goal; the landing page's first load 60 KB or less).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromiumArgs } from './lib/chromium';

const root = resolve(import.meta.dirname, '..');

type Report = (name: string, value: string, budget: string) => void;

interface LighthouseResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; score?: number | null }>;
}

export interface LighthousePage {
  readonly name: string;
  readonly path: string;
  /** False for a page that may stay out of search (its SEO score has no goal). */
  readonly indexable: boolean;
  /** The most bytes (transferred) its first load may take, when it has such a goal. */
  readonly maxBytes?: number;
  /** Request headers of the visit (a visitor's language). */
  readonly headers?: Readonly<Record<string, string>>;
}

export const LIGHTHOUSE_PAGES: readonly LighthousePage[] = [
  { name: 'landing /', path: '/', indexable: true, maxBytes: 60 * 1024 },
  { name: 'sign-in', path: '/sign-in', indexable: true },
  { name: 'demo card', path: '/c/ada-lovelace', indexable: true },
  // The card's own words in the visitor's language (issue 29): Arabic reads right to left.
  {
    name: 'demo card, French visitor',
    path: '/c/ada-lovelace',
    indexable: true,
    headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' },
  },
  {
    name: 'demo card, Arabic visitor',
    path: '/c/ada-lovelace',
    indexable: true,
    headers: { 'Accept-Language': 'ar' },
  },
  { name: 'signature page', path: '/s/ada-lovelace', indexable: false },
  { name: 'demo directory', path: '/d/acme-co', indexable: true },
];

const CATEGORIES = [
  ['performance', 'perf', 95],
  ['accessibility', 'a11y', 100],
  ['best-practices', 'best practices', 100],
  ['seo', 'SEO', 100],
] as const;

/** Runs the Lighthouse CLI on one address; its JSON report, or an error with its output. */
function runLighthouse(
  url: string,
  chromePath: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<LighthouseResult> {
  const dir = mkdtempSync(join(tmpdir(), 'cardbuilder-lighthouse-'));
  const output = join(dir, 'report.json');
  const args = [
    join(root, 'node_modules', 'lighthouse', 'cli', 'index.js'),
    url,
    '--quiet',
    '--form-factor=mobile',
    '--output=json',
    `--output-path=${output}`,
    ...(Object.keys(headers).length > 0 ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
    `--chrome-flags=--headless=new ${chromiumArgs().join(' ')} --user-data-dir=${join(dir, 'profile')}`,
  ];
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, CHROME_PATH: chromePath },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`lighthouse ${url} exited ${code}: ${stderr.slice(-800)}`);
        resolvePromise(JSON.parse(readFileSync(output, 'utf8')) as LighthouseResult);
        keepReport(output, url);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

/** With BENCH_LIGHTHOUSE_KEEP=dir, each page's whole report stays there, for its audits' details. */
function keepReport(output: string, url: string): void {
  const keep = process.env.BENCH_LIGHTHOUSE_KEEP;
  if (!keep) return;
  mkdirSync(keep, { recursive: true });
  const name =
    new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'landing';
  copyFileSync(output, join(keep, `${name}.json`));
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** Lighthouse on each page of `pages` at `base`; every figure goes through `report`. */
export async function benchLighthouse(
  base: string,
  chromePath: string,
  report: Report,
  pages: readonly LighthousePage[] = LIGHTHOUSE_PAGES,
): Promise<void> {
  for (const page of pages) {
    let result: LighthouseResult;
    try {
      result = await runLighthouse(`${base}${page.path}`, chromePath, page.headers);
    } catch (err) {
      report(`lighthouse ${page.name}: failed`, String(err).slice(0, 200), '-');
      continue;
    }
    for (const [id, label, goal] of CATEGORIES) {
      const score = result.categories[id]?.score;
      const shown = score === null || score === undefined ? 'n/a' : String(Math.round(score * 100));
      const budget =
        id === 'seo' && !page.indexable ? 'none (may stay out of search)' : `≥ ${goal}`;
      report(`lighthouse ${page.name}: ${label}`, shown, budget);
    }
    if (process.env.BENCH_DETAIL) {
      const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'speed-index'];
      metrics.push('total-blocking-time', 'cumulative-layout-shift', 'interactive');
      const values = metrics.map((id) => `${id} ${result.audits[id]?.numericValue?.toFixed(2)}`);
      console.log(`    lighthouse ${page.name}: ${values.join(', ')}`);
    }
    const bytes = result.audits['total-byte-weight']?.numericValue ?? 0;
    report(
      `lighthouse ${page.name}: bytes loaded`,
      kib(bytes),
      page.maxBytes !== undefined ? `≤ ${kib(page.maxBytes)}` : '-',
    );
  }
}
