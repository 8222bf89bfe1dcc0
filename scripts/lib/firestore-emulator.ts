/**
 * Google's Firestore emulator, the judge of every rules and driver case: found, started and stopped
 * for the test suites and the Firebase stack. It is taken from FIRESTORE_EMULATOR_HOST if one runs,
 * else the Google Cloud CLI's package (FIRESTORE_EMULATOR_JAR overrides the path), else
 * firebase-tools' download cache.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForHttp } from './auth-emulator';
import { assertPortsFree } from './ports';
import { exitWithParentArgs, StartupError } from './processes';

export const CLOUD_CLI_JAR =
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';

export type FirestoreEmulatorSource =
  | { readonly kind: 'running'; readonly host: string }
  | { readonly kind: 'jar'; readonly jar: string; readonly from: string };

/** Where Google's emulator can be had on this machine, or undefined (with the reason). */
export function findFirestoreEmulator(
  env: Readonly<Record<string, string | undefined>> = process.env,
): FirestoreEmulatorSource | { readonly kind: 'missing'; readonly why: string } {
  if (env.FIRESTORE_EMULATOR_HOST) return { kind: 'running', host: env.FIRESTORE_EMULATOR_HOST };
  if (!javaRuns()) {
    return { kind: 'missing', why: 'no java on this machine (the emulator is a Java program)' };
  }
  const candidates: Array<[string, string]> = [];
  if (env.FIRESTORE_EMULATOR_JAR)
    candidates.push([env.FIRESTORE_EMULATOR_JAR, 'FIRESTORE_EMULATOR_JAR']);
  candidates.push([CLOUD_CLI_JAR, 'the Google Cloud CLI']);
  const cache = join(homedir(), '.cache', 'firebase', 'emulators');
  if (existsSync(cache)) {
    for (const name of readdirSync(cache).sort().reverse()) {
      if (/^cloud-firestore-emulator-v[\d.]+\.jar$/.test(name)) {
        candidates.push([join(cache, name), "firebase-tools' cache"]);
      }
    }
  }
  for (const [jar, from] of candidates) if (existsSync(jar)) return { kind: 'jar', jar, from };
  return {
    kind: 'missing',
    why:
      "Google's Firestore emulator is not installed (apt-get install google-cloud-cli-firestore-emulator, " +
      'or set FIRESTORE_EMULATOR_HOST or FIRESTORE_EMULATOR_JAR)',
  };
}

function javaRuns(): boolean {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  return result.status === 0;
}

export interface RunningFirestoreEmulator {
  /** host:port, the value of FIRESTORE_EMULATOR_HOST. */
  readonly host: string;
  /** Where it came from, for the line that names the judge. */
  readonly description: string;
  readonly child?: ChildProcess | undefined;
  /** Deletes every document of `projectId` (the emulator's own endpoint). */
  clear(projectId: string): Promise<void>;
  stop(): Promise<void>;
}

export interface FirestoreEmulatorOptions {
  readonly port: number;
  readonly portVariable?: string;
  readonly command?: string;
  /** `host:port` of a Functions emulator to deliver Firestore events to. */
  readonly functionsEmulator?: string;
  readonly quiet?: boolean;
}

function running(
  host: string,
  description: string,
  child?: ChildProcess,
): RunningFirestoreEmulator {
  return {
    host,
    description,
    ...(child ? { child } : {}),
    async clear(projectId) {
      const res = await fetch(
        `http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
        { method: 'DELETE' },
      );
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`clearing the Firestore emulator answered ${res.status}`);
    },
    stop: () =>
      new Promise<void>((done) => {
        if (!child || child.exitCode !== null) return done();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Starts Google's emulator on `port` (or reuses the one at FIRESTORE_EMULATOR_HOST) and waits until
 * it answers. Throws a StartupError naming what is missing when there is no emulator to be had.
 */
export async function startFirestoreEmulator(
  options: FirestoreEmulatorOptions,
): Promise<RunningFirestoreEmulator> {
  const source = findFirestoreEmulator();
  if (source.kind === 'missing') throw new StartupError(source.why);
  if (source.kind === 'running') {
    return running(
      source.host,
      `Google's Firestore emulator at ${source.host} (FIRESTORE_EMULATOR_HOST)`,
    );
  }
  await assertPortsFree({
    needs: [
      {
        port: options.port,
        what: "Google's Firestore emulator",
        variable: options.portVariable ?? 'FIRESTORE_PORT',
      },
    ],
    command: options.command ?? 'npm test',
    root: process.cwd(),
  });
  const args = [
    '-Duser.language=en',
    // A small heap: the suites hold a few thousand documents at a time.
    '-Xmx1g',
    // `java -cp`, not firebase-tools: the jar runs on Java 17, which firebase-tools refuses by a
    // version check of its own, and the Cloud CLI's jar has no Main-Class for `java -jar`.
    '-cp',
    source.jar,
    MAIN_CLASS,
    '--host',
    '127.0.0.1',
    '--port',
    String(options.port),
    ...(options.functionsEmulator ? ['--functions_emulator', options.functionsEmulator] : []),
  ];
  const logPath = join(tmpdir(), `cardbuilder-firestore-emulator-${options.port}.log`);
  const quietLog = options.quiet ? openSync(logPath, 'w') : undefined;
  // The emulator is a Java process: a small Node parent ends it when we end, however we end.
  const child = spawn(
    process.execPath,
    [
      ...exitWithParentArgs('SIGTERM'),
      '-e',
      [
        "const { spawn } = require('node:child_process');",
        `const java = spawn('java', ${JSON.stringify(args)}, { stdio: 'inherit' });`,
        "for (const s of ['SIGTERM', 'SIGINT']) process.on(s, () => java.kill(s));",
        'java.on("exit", (code) => process.exit(code ?? 0));',
      ].join('\n'),
    ],
    // Quiet: its log goes to a file, not a pipe. `npm test` runs each suite with spawnSync, which
    // reads no pipe meanwhile: a full pipe blocked the emulator mid-suite, its log write waiting.
    {
      stdio:
        quietLog === undefined ? ['ignore', 'inherit', 'inherit'] : ['ignore', quietLog, quietLog],
    },
  );
  if (quietLog !== undefined) closeSync(quietLog);
  const output = (): string => (options.quiet ? readFileSync(logPath, 'utf8') : '');
  const host = `127.0.0.1:${options.port}`;
  try {
    await waitForHttp(`http://${host}/`, 60_000, child);
  } catch (err) {
    child.kill('SIGKILL');
    throw new StartupError(
      `Google's Firestore emulator did not start: ${String(err)}\n${output()}`,
    );
  }
  return running(host, `Google's Firestore emulator (${source.from}: ${source.jar})`, child);
}
