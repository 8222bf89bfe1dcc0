/**
 * The step before `npm start`, `npm run dev` and `npm test`, so either works first on a fresh
 * clone: stops when this Node is older than `engines.node`, and runs `npm ci` when node_modules is
 * missing, unfinished or from another package-lock.json. Plain Node with no dependencies, because
 * it runs before `npm ci`. `--dry-run` prints the decision and installs nothing (the tests use it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dryRun = process.argv.includes('--dry-run');

function say(line) {
  process.stdout.write(`${line}\n`);
}

function fail(message) {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

/** The command the user typed, for messages: `npm start`, `npm test`, `npm run dev`. */
function userCommand() {
  const event = process.env.npm_lifecycle_event;
  if (!event) return 'the command';
  return event === 'start' || event === 'test' ? `npm ${event}` : `npm run ${event}`;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** [major, minor, patch] of "v20.19.1" or "20.19"; missing parts are 0. */
function versionParts(text) {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(text.trim());
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

function atLeast(version, minimum) {
  for (let i = 0; i < 3; i++) {
    if (version[i] !== minimum[i]) return version[i] > minimum[i];
  }
  return true;
}

/**
 * Checks `engines.node`. Only the `>=X.Y.Z` form is understood (the one this project uses); any
 * other range is left to npm, which warns about it itself.
 */
function checkNode(pkg) {
  const range = pkg?.engines?.node;
  if (typeof range !== 'string') return;
  const match = /^\s*>=\s*(v?[\d.]+)\s*$/.exec(range);
  if (!match) return;
  const minimum = versionParts(match[1]);
  const current = versionParts(process.version);
  if (!minimum || !current || atLeast(current, minimum)) return;
  fail(
    [
      `Cardbuilder needs Node ${range.trim()} (package.json "engines"), and this is Node ` +
        `${process.version.replace(/^v/, '')} (${process.execPath}).`,
      `Install Node 22 LTS (from nodejs.org, or with a version manager: \`nvm install 22\`, ` +
        `\`fnm install 22\`), then run ${userCommand()} again.`,
    ].join('\n'),
  );
}

/**
 * Why node_modules needs `npm ci`, or undefined when it matches package-lock.json.
 *
 * npm writes node_modules/.package-lock.json at the end of every install, listing what it put
 * there. When that file is newer than package-lock.json the install is current. When it is older
 * the contents decide, not the dates: a `git checkout` or a copy touches package-lock.json without
 * changing it, and a three-minute reinstall for that would be a poor greeting.
 */
function installReason() {
  const lockPath = join(root, 'package-lock.json');
  const installedPath = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(join(root, 'node_modules'))) return 'node_modules is missing';
  if (!existsSync(installedPath)) {
    return 'node_modules is incomplete: an earlier install did not finish';
  }
  if (!existsSync(lockPath)) return undefined;
  if (statSync(installedPath).mtimeMs >= statSync(lockPath).mtimeMs) return undefined;
  const wanted = readJson(lockPath)?.packages;
  const installed = readJson(installedPath)?.packages;
  if (!wanted || !installed) return 'node_modules/.package-lock.json cannot be read';
  const differing = [];
  for (const [path, entry] of Object.entries(wanted)) {
    if (!path.startsWith('node_modules/')) continue;
    const have = installed[path];
    // Optional packages for other platforms (esbuild's, rollup's) are rightly absent.
    if (!have && entry.optional) continue;
    if (!have || have.version !== entry.version) differing.push(path);
  }
  for (const path of Object.keys(installed)) {
    if (path.startsWith('node_modules/') && !(path in wanted)) differing.push(path);
  }
  if (differing.length === 0) return undefined;
  const example = differing[0].replace(/^.*node_modules\//, '');
  const more = differing.length > 1 ? ` and ${differing.length - 1} more` : '';
  return `package-lock.json changed since the last install (${example}${more})`;
}

/** npm itself: the one running this script when there is one, else the `npm` on the PATH. */
function npmCommand() {
  const execPath = process.env.npm_execpath;
  const userAgent = process.env.npm_config_user_agent ?? '';
  if (execPath && userAgent.startsWith('npm/') && /\.[cm]?js$/.test(execPath)) {
    return { command: process.execPath, args: [execPath] };
  }
  return { command: process.platform === 'win32' ? 'npm.cmd' : 'npm', args: [] };
}

function duration(ms) {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** The command line of `pid`, from /proc or `ps`; undefined when neither says. */
function commandLine(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    if (line) return line;
  } catch {
    // No /proc here: ask ps.
  }
  const ps = spawnSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
  return ps.status === 0 ? ps.stdout.trim() || undefined : undefined;
}

/**
 * The `npm start` running from this folder, if any (the record scripts/start.ts keeps in the data
 * folder, checked against the live process): npm ci would delete node_modules under it.
 */
function runningStack() {
  const record = readJson(join(resolve(root, process.env.DATA_ROOT ?? '.data'), 'stack.json'));
  if (!record || typeof record.pid !== 'number' || !record.command) return undefined;
  return commandLine(record.pid) === record.command ? record : undefined;
}

function install(reason) {
  const running = runningStack();
  if (running) {
    fail(
      `The dependencies need npm ci (${reason}), but Cardbuilder is running from this folder ` +
        `(${running.appUrl}, pid ${running.pid}) and npm ci would replace node_modules under it. ` +
        `Stop it (Ctrl-C in its terminal, or \`kill ${running.pid}\`), then run ${userCommand()} again.`,
    );
  }
  if (dryRun) {
    say(`Would install the dependencies with npm ci (${reason}).`);
    return;
  }
  say(`Installing the dependencies with npm ci (${reason}); a few minutes on a fresh machine...`);
  const npm = npmCommand();
  const started = Date.now();
  const result = spawnSync(
    npm.command,
    [...npm.args, 'ci', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' },
  );
  const took = duration(Date.now() - started);
  if (result.error) {
    fail(
      `Could not run npm (${result.error.message}). npm comes with Node: reinstall Node, then run ` +
        `${userCommand()} again.`,
    );
  }
  if (result.status !== 0) {
    fail(
      `npm ci failed after ${took} (exit code ${String(result.status ?? result.signal)}); the ` +
        `lines above say why. Fix that, then run ${userCommand()} again.`,
    );
  }
  say(`Installed the dependencies in ${took}.`);
}

function main() {
  const pkg = readJson(join(root, 'package.json'));
  if (!pkg) fail(`${join(root, 'package.json')} cannot be read: is this a complete clone?`);
  checkNode(pkg);
  const reason = installReason();
  if (reason) install(reason);
  else if (dryRun) say(`The dependencies are installed (${basename(root)}/node_modules).`);
}

main();
