/**
 * Checks that the ports a stack needs are free before anything starts, and when one is not, says
 * which port, what holds it (the process, found with `ss` or `lsof`, and what it answers over
 * HTTP), and which variable moves it, with a free value to try.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { commandLine, StartupError, workingFolder } from './processes';

export interface PortNeed {
  readonly port: number;
  /** What this stack runs there, for the message: "the app", "the Auth emulator's hub". */
  readonly what: string;
  /** The variable that moves it, e.g. `AUTH_PORT`. */
  readonly variable: string;
  readonly host?: string;
}

/** True when `port` can be listened on at `host` right now. */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => done(true)));
  });
}

/** The pid listening on `port`, from `ss` (Linux) or `lsof` (macOS and others), if either knows. */
export function listeningPid(port: number): number | undefined {
  const ss = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  if (ss.status === 0) {
    const match = /pid=(\d+)/.exec(ss.stdout);
    if (match) return Number(match[1]);
  }
  const lsof = spawnSync('lsof', ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-t'], {
    encoding: 'utf8',
  });
  if (lsof.status === 0) {
    const pid = Number(lsof.stdout.split('\n')[0]);
    if (pid > 0) return pid;
  }
  return undefined;
}

async function answers(url: string): Promise<unknown> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1500) });
    const text = await res.text();
    try {
      return { status: res.status, json: JSON.parse(text) as unknown };
    } catch {
      return { status: res.status, json: undefined };
    }
  } catch {
    return undefined;
  }
}

/** What a port's HTTP answers say it is, when it is one of ours. */
export async function recognise(port: number): Promise<string | undefined> {
  const base = `http://127.0.0.1:${port}`;
  const [health, authConfig, hub] = (await Promise.all([
    answers(`${base}/api/health`),
    answers(`${base}/emulator/v1/projects/demo-cardbuilder/config`),
    answers(`${base}/emulators`),
  ])) as ({ status: number; json: unknown } | undefined)[];
  const looksHealthy = (json: unknown): boolean =>
    typeof json === 'object' && json !== null && 'ok' in json;
  if (health && looksHealthy(health.json)) return "Cardbuilder's data server";
  if (authConfig?.status === 200) return 'a Firebase Auth emulator';
  if (hub?.status === 200 && typeof hub.json === 'object') return "a Firebase emulator's hub";
  if (health) return 'an HTTP server';
  return undefined;
}

export interface PortHolder {
  readonly pid?: number;
  readonly command?: string;
  readonly folder?: string;
  /** Started from `root` (its command line or working folder says so). */
  readonly fromRoot: boolean;
  /** What it answers as over HTTP, when it is one of ours. */
  readonly kind?: string;
}

/** What holds `port`: the process as far as the system names it, and what it answers as. */
export async function findHolder(port: number, root?: string): Promise<PortHolder> {
  const [pid, kind] = [listeningPid(port), await recognise(port)];
  const command = pid === undefined ? undefined : commandLine(pid);
  const folder = pid === undefined ? undefined : workingFolder(pid);
  const fromRoot =
    root !== undefined && (folder === root || command?.includes(`${root}/`) === true);
  return {
    ...(pid === undefined ? {} : { pid }),
    ...(command === undefined ? {} : { command }),
    ...(folder === undefined ? {} : { folder }),
    fromRoot,
    ...(kind === undefined ? {} : { kind }),
  };
}

/** A command line for reading: without our watchdog preload, and not endless. */
function readable(command: string): string {
  const short = command.replace(/--import \S*exit-with-parent\.mjs\S* /, '');
  return short.length > 200 ? `${short.slice(0, 197)}...` : short;
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The first port from `from` upwards where `port + offset` is free for every offset (the Auth
 * emulator needs its port, +10 and +11). A suggestion for the message, not a reservation.
 */
export async function suggestPort(
  from: number,
  offsets: readonly number[] = [0],
  host?: string,
): Promise<number | undefined> {
  for (let port = from; port < from + 100 && port + Math.max(...offsets) < 65536; port++) {
    const free = await Promise.all(offsets.map((o) => isPortFree(port + o, host)));
    if (free.every(Boolean)) return port;
  }
  return undefined;
}

export interface PortCheck {
  readonly needs: readonly PortNeed[];
  /**
   * The command to show with the moved ports: a plain command (`npm test`, the variables go in
   * front) or one that places them itself among the variables the user already set.
   */
  readonly command: string | ((changes: Readonly<Record<string, string>>) => string);
  /** This checkout, to recognise a process started from it. */
  readonly root?: string;
  /** Offsets that move together with a variable (AUTH_PORT moves its hub and logging ports). */
  readonly groups?: Readonly<Record<string, readonly number[]>>;
}

/** Throws a StartupError naming every busy port, what holds it and how to move it. */
export async function assertPortsFree(check: PortCheck): Promise<void> {
  const busy: PortNeed[] = [];
  for (const need of check.needs) {
    if (!(await isPortFree(need.port, need.host))) busy.push(need);
  }
  if (busy.length === 0) return;

  // One paragraph per process: the Auth emulator holds three ports, and saying so three times
  // would hide the one line that matters.
  const byHolder = new Map<string, { holder: PortHolder; needs: PortNeed[] }>();
  for (const need of busy) {
    const holder = await findHolder(need.port, check.root);
    const key = holder.pid === undefined ? `port ${need.port}` : `pid ${holder.pid}`;
    const entry = byHolder.get(key) ?? { holder, needs: [] };
    entry.needs.push(need);
    byHolder.set(key, entry);
  }
  const lines: string[] = [];
  for (const { holder, needs } of byHolder.values()) {
    const ports = needs.map((n) => String(n.port));
    const what = list(needs.map((n) => n.what));
    const head =
      needs.length === 1
        ? `Port ${ports.join('')} (${what}) is already in use`
        : `Ports ${list(ports)} (${what}) are already in use`;
    if (holder.pid === undefined) {
      lines.push(
        `${head}${holder.kind ? `; it answers as ${holder.kind}` : ''}. This system does not ` +
          'say which process holds it (`ss -ltnp` or `lsof -i` may, run as its owner).',
      );
      continue;
    }
    lines.push(
      `${head}, held by pid ${holder.pid}${holder.kind ? `, which answers as ${holder.kind}` : ''}:`,
    );
    if (holder.command) lines.push(`  ${readable(holder.command)}`);
    if (holder.fromRoot) {
      lines.push(`  It was started from this folder: \`kill ${holder.pid}\` stops it.`);
    } else if (holder.folder) {
      lines.push(`  It was started in ${holder.folder}.`);
    }
  }

  const changes: Record<string, string> = {};
  for (const variable of new Set(busy.map((b) => b.variable))) {
    const own = check.needs.filter((n) => n.variable === variable);
    const base = Math.min(...own.map((n) => n.port));
    const offsets = check.groups?.[variable] ?? [0];
    // Past the ones in use, so that the suggestion does not land on a neighbouring stack.
    const free = await suggestPort(base + 1, offsets, own[0]?.host);
    changes[variable] = free === undefined ? '<another port>' : String(free);
  }
  const grouped = Object.entries(check.groups ?? {})
    .filter(([variable]) => variable in changes)
    .map(
      ([variable, offsets]) =>
        `${variable} moves its ${list(offsets.filter(Boolean).map((o) => `+${o}`))} too`,
    );
  const command =
    typeof check.command === 'function'
      ? check.command(changes)
      : `${Object.entries(changes)
          .map(([k, v]) => `${k}=${v} `)
          .join('')}${check.command}`;
  lines.push('');
  lines.push(
    `Stop what holds ${busy.length === 1 ? 'it' : 'them'}, or move this stack: ${command}` +
      (grouped.length > 0 ? ` (${grouped.join('; ')}).` : ''),
  );
  throw new StartupError(lines.join('\n'));
}
