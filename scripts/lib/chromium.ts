/**
 * The one place that finds a Chromium for the browser suites (Playwright's e2e journeys, the
 * bench). In order: `CHROME_PATH` (the name Lighthouse and chrome-launcher read too; the older
 * `CHROMIUM_PATH` still works), then the system's Chromium or Chrome, then a browser Playwright
 * downloaded earlier. `ensureChromium` (for `npm test`) also tries Playwright's download where the
 * network allows, and otherwise stops with what to install.
 */
import { chromium } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { StartupError } from './processes';

/**
 * The switches every browser run here starts Chromium with: no sandbox (containers), no GPU, and no
 * calls home (updates, sync, QUIC probes) that would add noise to a measurement or hang offline.
 */
const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Those switches and any `extra`, as a fresh array (launchers want a mutable one). */
export function chromiumArgs(...extra: string[]): string[] {
  return [...CHROMIUM_ARGS, ...extra];
}

export interface ChromiumFound {
  readonly path: string;
  /** Where it came from, for the log line: "CHROME_PATH", "the system", "Playwright's download". */
  readonly source: string;
}

/** What the finder may look at; the defaults are this machine's. Tests pass their own. */
export interface ChromiumSearch {
  readonly env?: NodeJS.ProcessEnv;
  readonly platform?: NodeJS.Platform;
  readonly isExecutable?: (path: string) => boolean;
  /** Where Playwright keeps (or would keep) its own Chromium. */
  readonly playwrightPath?: () => string | undefined;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** The system's usual places for Chromium or Chrome on `platform`, most specific first. */
export function systemCandidates(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] {
  if (platform === 'darwin') {
    const apps = [
      'Google Chrome.app/Contents/MacOS/Google Chrome',
      'Chromium.app/Contents/MacOS/Chromium',
      'Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
    ];
    const home = env.HOME ? [join(env.HOME, 'Applications')] : [];
    return ['/Applications', ...home].flatMap((dir) => apps.map((app) => join(dir, app)));
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(
      (r): r is string => Boolean(r),
    );
    return roots.map((r) => join(r, 'Google', 'Chrome', 'Application', 'chrome.exe'));
  }
  // Debian calls the package and the command `chromium`, Ubuntu `chromium-browser` (a snap
  // underneath); Google's own packages install `google-chrome`. Any of them on the PATH first.
  const names = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
  const onPath = (env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .flatMap((dir) => names.map((n) => join(dir, n)));
  const usual = ['/usr/bin', '/usr/local/bin', '/snap/bin'].flatMap((dir) =>
    names.map((n) => join(dir, n)),
  );
  return [...new Set([...onPath, ...usual])];
}

/**
 * The Chromium to use, or a StartupError when `CHROME_PATH` names nothing runnable (a typo should
 * not quietly fall back to another browser). Undefined when there is none at all.
 */
export function findChromium(search: ChromiumSearch = {}): ChromiumFound | undefined {
  const env = search.env ?? process.env;
  const platform = search.platform ?? process.platform;
  const isExecutable = search.isExecutable ?? executable;
  const fromEnv = env.CHROME_PATH ?? env.CHROMIUM_PATH;
  if (fromEnv) {
    const variable = env.CHROME_PATH ? 'CHROME_PATH' : 'CHROMIUM_PATH';
    if (!isExecutable(fromEnv)) {
      throw new StartupError(
        `${variable} is set to ${fromEnv}, which is not an executable file. Point it at a Chrome ` +
          `or Chromium executable, or unset it to use the system's.`,
      );
    }
    return { path: fromEnv, source: variable };
  }
  for (const path of systemCandidates(platform, env)) {
    if (isExecutable(path)) return { path, source: 'the system' };
  }
  const downloaded = (search.playwrightPath ?? playwrightChromium)();
  if (downloaded && isExecutable(downloaded)) {
    return { path: downloaded, source: "Playwright's download" };
  }
  return undefined;
}

/** Exactly what to install on `platform` when no Chromium can be had. */
export function chromiumAdvice(platform: NodeJS.Platform): string {
  const lines = ['No Chromium or Chrome was found for the browser suites (e2e). Install one:'];
  if (platform === 'darwin') {
    lines.push('  macOS:          install Google Chrome, or: brew install --cask chromium');
  } else if (platform === 'win32') {
    lines.push('  Windows:        install Google Chrome');
  } else {
    lines.push('  Debian:         sudo apt-get install -y chromium');
    lines.push(
      '  Ubuntu:         sudo apt-get install -y chromium-browser   (or: snap install chromium)',
    );
    lines.push('  Fedora:         sudo dnf install -y chromium');
  }
  lines.push("  or Playwright's own, where the network allows: npx playwright install chromium");
  lines.push('or point CHROME_PATH at a Chrome or Chromium executable. Then run npm test again.');
  return lines.join('\n');
}

/** The version line of `path` (`Chromium 156.0...`), or undefined when it does not run. */
export function chromiumVersion(path: string): string | undefined {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  if (result.status !== 0) return undefined;
  return result.stdout.trim() || undefined;
}

/**
 * For `npm test`: a Chromium that runs, found or (when none is on this machine) downloaded by
 * Playwright. Throws a StartupError saying what to install when neither works, so that the run
 * stops before the suites rather than deep inside the first browser test.
 */
export function ensureChromium(root: string): ChromiumFound & { readonly version: string } {
  const found = findChromium();
  if (found) {
    const version = chromiumVersion(found.path);
    if (version) return { ...found, version };
    throw new StartupError(
      `${found.path} (from ${found.source}) does not run: \`${found.path} --version\` failed.\n` +
        chromiumAdvice(process.platform),
    );
  }
  console.log(
    "No Chromium on this system: trying Playwright's download (about 170 MB; needs the internet)...",
  );
  const cli = resolve(root, 'node_modules', '@playwright', 'test', 'cli.js');
  // Its output is kept for the reason rather than shown: on a failure it ends in a stack trace
  // of its own, which is not the thing to read.
  const started = Date.now();
  const install = spawnSync(process.execPath, [cli, 'install', 'chromium'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
  const downloaded = install.status === 0 ? findChromium() : undefined;
  const version = downloaded && chromiumVersion(downloaded.path);
  if (downloaded && version) {
    console.log(`Downloaded in ${Math.round((Date.now() - started) / 1000)} s.`);
    return { ...downloaded, version };
  }
  const output = `${install.stderr ?? ''}\n${install.stdout ?? ''}`;
  const why =
    (install.error && `${install.error.message}`) ??
    output.split('\n').find((l) => /ENOTFOUND|ECONN|ETIMEDOUT|EAI_AGAIN|certificate/i.test(l)) ??
    output.split('\n').find((l) => /error/i.test(l)) ??
    `exit code ${String(install.status)}`;
  throw new StartupError(
    `Playwright's download did not work (${why.trim()}).\n${chromiumAdvice(process.platform)}`,
  );
}

/**
 * The browser for a Playwright config, or a plain message and exit before any test starts: no
 * stack trace to read.
 */
export function chromiumPathOrExit(): string {
  try {
    const found = findChromium();
    if (found) return found.path;
    console.error(chromiumAdvice(process.platform));
  } catch (err) {
    if (!(err instanceof StartupError)) throw err;
    console.error(err.message);
  }
  process.exit(1);
}

/**
 * The browser part of every Playwright config here: Debian's Chromium with the machine's flags, a
 * trace and a screenshot kept only when a journey fails.
 */
export function playwrightUse(baseURL: string) {
  return {
    baseURL,
    trace: 'retain-on-failure' as const,
    screenshot: 'only-on-failure' as const,
    launchOptions: {
      executablePath: chromiumPathOrExit(),
      args: chromiumArgs('--disable-dev-shm-usage'),
    },
  };
}
