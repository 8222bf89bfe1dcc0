/**
 * The built bundle (build.mjs) as a Cloud Run instance of one function loads it, in a fresh Node
 * process with FUNCTION_TARGET set; what an instance loads is its cold start. A trigger, callable
 * or schedule starts without the public surfaces' code (most of the bundle), and the card pages'
 * instance loads that code as it starts, not on its first request.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostedNames } from '@/services/hosted';

const functionsDir = resolve(import.meta.dirname, '..');
let outdir = '';

interface Metafile {
  outputs: Record<string, { imports: { path: string; kind: string }[]; inputs: object }>;
}

/** The bundle's inputs an instance loads before any call: the entry's static imports, closed. */
function loadedAtStart(meta: Metafile, entry: string): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || !meta.outputs[file]) return;
    files.add(file);
    for (const dep of meta.outputs[file].imports)
      if (dep.kind === 'import-statement') visit(dep.path);
  };
  visit(entry);
  return [...files].flatMap((file) => Object.keys(meta.outputs[file]?.inputs ?? {}));
}

/** Loads the bundle as the instance of `target` does; what it printed and how it ended. */
function startInstance(target: string) {
  const probe = `
    const bundle = await import(process.argv[1]);
    await bundle.ready;
    console.log(Object.values(bundle).filter((value) => typeof value === 'function').length);
  `;
  const run = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', probe, pathToFileURL(join(outdir, 'index.mjs')).href],
    {
      cwd: functionsDir,
      env: { PATH: process.env.PATH, FUNCTION_TARGET: target },
      encoding: 'utf8',
    },
  );
  return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr };
}

beforeAll(() => {
  // Inside this package, so firebase-functions and firebase-admin resolve as they do from lib/.
  outdir = mkdtempSync(join(functionsDir, '.bundle-test-'));
  const build = spawnSync(process.execPath, ['build.mjs'], {
    cwd: functionsDir,
    env: { ...process.env, FUNCTIONS_OUTDIR: outdir },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
}, 60_000);

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

describe('the bundle, per function', () => {
  it('starts a trigger without the card page render or wallet signing', () => {
    const meta = JSON.parse(readFileSync(join(outdir, 'meta.json'), 'utf8')) as Metafile;
    const entry = Object.keys(meta.outputs).find((file) => file.endsWith('/index.mjs')) ?? '';
    const loaded = loadedAtStart(meta, entry);
    expect(loaded.some((input) => input.includes('src/services/hosted.ts'))).toBe(true);
    const heavyModules = [
      'node_modules/react-dom/',
      'node_modules/node-forge/',
      'node_modules/passkit-generator/',
      'src/card-view/render/',
      'src/services/public-surfaces/public-surfaces-handler.ts',
      'src/services/wallet/wallet-surface.ts',
    ];
    for (const heavy of heavyModules) {
      expect(
        loaded.filter((input) => input.includes(heavy)),
        heavy,
      ).toEqual([]);
    }
  });

  it('serves every function from the instance of one, even without the surfaces’ chunk', () => {
    for (const chunk of readdirSync(join(outdir, 'chunks'))) {
      if (chunk.startsWith('public-surfaces-handler-')) rmSync(join(outdir, 'chunks', chunk));
    }
    const trigger = startInstance('planSync');
    expect(trigger.stderr).toBe('');
    expect(trigger).toMatchObject({ status: 0, stdout: String(hostedNames().length) });
    // The card pages' instance loads that chunk as it starts: here it is missing, and says so.
    const cardPages = startInstance('cardPages');
    expect(cardPages.status).toBe(0);
    expect(cardPages.stderr).toContain('cardPages: loading its modules failed');
  }, 60_000);
});
