/**
 * The functions' cold start, for `npm run bench` (`--cold-start` runs it alone): for each function,
 * a fresh Node process loads the deployed bundle as a Cloud Run instance of it does
 * (`FUNCTION_TARGET`), waits for `ready` and reports wall and CPU time; nothing is called. Loading
 * firebase-functions and firebase-admin counts; Node's own start does not.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hostedNames } from '@/services/hosted';

type Report = (name: string, value: string, budget: string) => void;

const root = resolve(import.meta.dirname, '..');
const functionsDir = join(root, 'functions');

/**
 * What one fresh process measures: loading the bundle as the Functions Framework does (an ES
 * module imported, a CommonJS one required), then awaiting its `ready` if it has one.
 */
const PROBE = `
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
const entry = process.argv[1];
const cpuAtStart = process.cpuUsage();
const started = performance.now();
const bundle = entry.endsWith('.mjs')
  ? await import(entry)
  : createRequire(import.meta.url)(fileURLToPath(entry));
await bundle.ready;
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuAtStart);
console.log(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000 }));
`;

interface Load {
  /** Wall time from the import to `ready`. */
  readonly ms: number;
  /** CPU time the process spent on it: less swayed than the wall time by a busy machine. */
  readonly cpuMs: number;
}

function loadOnce(entry: string, name: string): Load {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', PROBE, entry], {
    cwd: functionsDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      GCLOUD_PROJECT: 'demo-cardbuilder',
      FUNCTION_TARGET: name,
      K_SERVICE: name.toLowerCase(),
    },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`loading the bundle for ${name} failed:\n${run.stderr}`);
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as Load;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Builds the bundle, loads it per function `rounds` times and reports each function's median wall
 * and CPU time.
 */
export function benchColdStart(report: Report, rounds = 3): Record<string, Load> {
  const build = spawnSync(process.execPath, ['build.mjs'], { cwd: functionsDir, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the functions bundle did not build');
  const main = (
    JSON.parse(readFileSync(join(functionsDir, 'package.json'), 'utf8')) as {
      main: string;
    }
  ).main;
  const entry = pathToFileURL(join(functionsDir, main)).href;
  const names = hostedNames();
  const times = new Map<string, Load[]>(names.map((name) => [name, []]));
  // In turns over all functions, so a burst of load on the shared machine spreads over all of them.
  for (let round = 0; round < rounds; round += 1) {
    for (const name of names) times.get(name)?.push(loadOnce(entry, name));
  }
  const medians: Record<string, Load> = {};
  for (const name of names) {
    const loads = times.get(name) ?? [];
    const load = {
      ms: median(loads.map((one) => one.ms)),
      cpuMs: median(loads.map((one) => one.cpuMs)),
    };
    medians[name] = load;
    report(`${name}: cold start`, `${load.ms.toFixed(0)} / ${load.cpuMs.toFixed(0)} ms`, '—');
  }
  return medians;
}
