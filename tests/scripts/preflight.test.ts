/**
 * The pre-step of `npm start` and `npm test` on a fresh copy of the repository (no node_modules):
 * when it installs, what it says, and when it stops. A stand-in for npm (reached the way npm runs
 * the script, through npm_execpath) records the call and writes what `npm ci` would, so that the
 * test takes seconds rather than the real install's minutes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandLine } from '../../scripts/lib/processes';
import { freshCopy, root } from './helpers';

const FAKE_NPM = `
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
writeFileSync('npm-calls.json', JSON.stringify({ args: process.argv.slice(2), cwd: process.cwd() }));
if (process.env.FAKE_NPM_FAILS) {
  console.error('npm error code E404');
  process.exit(1);
}
mkdirSync('node_modules', { recursive: true });
copyFileSync('package-lock.json', 'node_modules/.package-lock.json');
`;

let copy: string;

beforeEach(() => {
  copy = freshCopy();
  writeFileSync(join(copy, 'fake-npm.mjs'), FAKE_NPM);
});

afterEach(() => {
  rmSync(copy, { recursive: true, force: true });
});

function preflight(args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(process.execPath, ['scripts/preflight.mjs', ...args], {
    cwd: copy,
    encoding: 'utf8',
    env: {
      ...process.env,
      npm_execpath: join(copy, 'fake-npm.mjs'),
      npm_config_user_agent: 'npm/11.0.0 node/v20.0.0 linux x64',
      npm_lifecycle_event: 'start',
      ...env,
    },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

function npmCalls(): { args: string[]; cwd: string } | undefined {
  const file = join(copy, 'npm-calls.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as never) : undefined;
}

/** Sets the lockfile's time after the installed one's, as a `git pull` or a checkout does. */
function touchLockAfterInstall(): void {
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(copy, 'package-lock.json'), later, later);
}

describe('the pre-step on a fresh clone', () => {
  it('decides to install when node_modules is missing, and says why', () => {
    expect(existsSync(join(copy, 'node_modules'))).toBe(false);
    const { code, out } = preflight(['--dry-run']);
    expect(code).toBe(0);
    expect(out).toContain('Would install the dependencies with npm ci (node_modules is missing)');
    expect(npmCalls()).toBeUndefined();
  });

  it('runs npm ci in the repository with one line before and one after, then not again', () => {
    const first = preflight();
    expect(first.code).toBe(0);
    expect(first.out).toMatch(
      /^Installing the dependencies with npm ci \(node_modules is missing\); a few minutes.*\.\.\.\nInstalled the dependencies in \d+ s\.\n$/,
    );
    const call = npmCalls();
    expect(call?.args).toEqual(['ci', '--no-audit', '--no-fund', '--loglevel=error']);
    expect(call?.cwd).toBe(copy);

    rmSync(join(copy, 'npm-calls.json'));
    const second = preflight();
    expect(second).toMatchObject({ code: 0, out: '' });
    expect(npmCalls()).toBeUndefined();
  });

  it('leaves an install alone when a checkout only touched package-lock.json', () => {
    preflight();
    touchLockAfterInstall();
    expect(preflight(['--dry-run']).out).toContain('The dependencies are installed');
  });

  it('reinstalls when package-lock.json changed since the install, naming a package', () => {
    preflight();
    const lockPath = join(copy, 'package-lock.json');
    const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    const entry = lock.packages['node_modules/slugify'];
    if (!entry) throw new Error('the lockfile has no slugify');
    entry.version = '9.9.9';
    writeFileSync(lockPath, JSON.stringify(lock, null, 2));
    touchLockAfterInstall();
    expect(preflight(['--dry-run']).out).toContain(
      'Would install the dependencies with npm ci (package-lock.json changed since the last install (slugify))',
    );
  });

  it('reinstalls when an earlier install did not finish', () => {
    mkdirSync(join(copy, 'node_modules', 'vite'), { recursive: true });
    expect(preflight(['--dry-run']).out).toContain(
      'node_modules is incomplete: an earlier install did not finish',
    );
  });

  it('stops with the reason and the command to retry when npm ci fails', () => {
    const { code, out, err } = preflight([], { FAKE_NPM_FAILS: '1' });
    expect(code).toBe(1);
    expect(out).toContain('Installing the dependencies with npm ci');
    expect(err).toContain('npm error code E404');
    expect(err).toMatch(
      /npm ci failed after \d+ s \(exit code 1\); the lines above say why\. Fix that, then run npm start again\./,
    );
  });

  it('does not replace node_modules under a stack running from the same folder', () => {
    mkdirSync(join(copy, '.data'));
    writeFileSync(
      join(copy, '.data', 'stack.json'),
      JSON.stringify({
        pid: process.pid,
        command: commandLine(process.pid),
        appUrl: 'http://localhost:5173',
      }),
    );
    const { code, err } = preflight();
    expect(code).toBe(1);
    expect(err).toContain(
      `Cardbuilder is running from this folder (http://localhost:5173, pid ${process.pid})`,
    );
    expect(npmCalls()).toBeUndefined();
  });

  it('stops before installing when Node is older than "engines" asks', () => {
    const pkgPath = join(copy, 'package.json');
    const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { engines: { node: string } };
    pkg.engines.node = '>=99.1';
    writeFileSync(pkgPath, JSON.stringify(pkg, null, 2));
    const { code, err } = preflight([], { npm_lifecycle_event: 'test' });
    expect(code).toBe(1);
    expect(err).toContain(
      `Cardbuilder needs Node >=99.1 (package.json "engines"), and this is Node ${process.versions.node}`,
    );
    expect(err).toContain('then run npm test again');
    expect(npmCalls()).toBeUndefined();
  });
});

describe('the npm scripts people type first', () => {
  it('run the pre-step before anything that needs node_modules', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const name of ['start', 'start:fresh', 'dev', 'test']) {
      expect(pkg.scripts[name], name).toMatch(/^node scripts\/preflight\.mjs && /);
    }
  });
});
