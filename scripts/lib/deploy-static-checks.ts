/**
 * The deploy rehearsal's checks that need no emulator (`npm run test:deploy` runs them after the
 * functions bundle is built): the bundle's manifest as the Firebase CLI discovers it and validates
 * it (firebase-functions' loader, firebase-tools' own build, resolve and validate steps), every
 * function's size against the table of what the server hosts, the regions against the database's
 * location (`deploy.json`) and the extensions' parameters, the secrets, and what git may commit.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { hostedNames, hostedOptions, HOSTED_TRIGGERS, type HostedName } from '@/services/hosted';
import {
  FIRESTORE_LOCATION,
  SERVING_REGION,
  TRIGGER_REGION,
} from '../../functions/src/deploy-location';
import { extensionLocationMismatches, readExtensionEnv } from './deploy-location';
import type { CheckResult } from './deploy-checks';

const root = resolve(import.meta.dirname, '..', '..');
const functionsDir = resolve(root, 'functions');
const require = createRequire(import.meta.url);

/** What firebase-tools makes of one discovered function (the fields these checks read). */
interface Endpoint {
  id: string;
  region: string;
  maxInstances?: number | null;
  concurrency?: number | null;
  cpu?: number | string | null;
  availableMemoryMb?: number | null;
  secretEnvironmentVariables?: { key: string; secret?: string }[] | null;
  eventTrigger?: unknown;
}

const MEMORY_MB: Record<string, number> = { '256MiB': 256, '512MiB': 512, '1GiB': 1024 };

/**
 * The manifest the Firebase CLI asks the bundle for: firebase-functions' own loader, in a fresh
 * Node process as the CLI runs it (the bundle is an ES module, which a process loads once), with
 * `env` added to the environment.
 */
function discoveredManifest(env: Record<string, string>): unknown {
  const runtime = resolve(functionsDir, 'node_modules/firebase-functions/lib/runtime');
  const probe = `
    const { loadStack } = require(${JSON.stringify(resolve(runtime, 'loader.js'))});
    const { stackToWire } = require(${JSON.stringify(resolve(runtime, 'manifest.js'))});
    loadStack(${JSON.stringify(functionsDir)}).then(
      (stack) => process.stdout.write(JSON.stringify(stackToWire(stack))),
      (err) => { console.error(err); process.exit(1); },
    );
  `;
  const run = spawnSync(process.execPath, ['-e', probe], {
    cwd: functionsDir,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`the bundle's discovery failed:\n${run.stderr}`);
  return JSON.parse(run.stdout) as unknown;
}

/**
 * The bundle's functions as `firebase deploy` sees them: loaded by firebase-functions' own loader
 * (the manifest the CLI asks the bundle for), built, resolved and validated by firebase-tools' own
 * modules (which refuse, for instance, concurrency above 1 on less than a whole CPU). `env` is the
 * environment of the analysis, as `functions/.env.<project>` gives it.
 */
async function discoveredEndpoints(env: Record<string, string>): Promise<Endpoint[]> {
  const lib = (path: string) => require(resolve(root, 'node_modules/firebase-tools/lib', path));
  const wire = discoveredManifest(env);
  const { buildFromV1Alpha1 } = lib('deploy/functions/runtimes/discovery/v1alpha1.js') as {
    buildFromV1Alpha1(wire: unknown, project: string, region: string, runtime: string): unknown;
  };
  const build = lib('deploy/functions/build.js') as {
    resolveBackend(args: object): Promise<{ backend: unknown }>;
  };
  const backend = lib('deploy/functions/backend.js') as { allEndpoints(b: unknown): Endpoint[] };
  const validate = lib('deploy/functions/validate.js') as { endpointsAreValid(b: unknown): void };
  const project = 'demo-cardbuilder';
  const { backend: resolved } = await build.resolveBackend({
    build: buildFromV1Alpha1(wire, project, SERVING_REGION, 'nodejs22'),
    firebaseConfig: { projectId: project, storageBucket: `${project}.appspot.com` },
    userEnvs: env,
    nonInteractive: true,
    isEmulator: true,
  });
  validate.endpointsAreValid(resolved);
  return backend.allEndpoints(resolved);
}

/** The names of every secret the product uses: the functions' and the extensions'. */
function secretNames(endpoints: readonly Endpoint[]): string[] {
  const names = new Set<string>();
  for (const endpoint of endpoints) {
    for (const secret of endpoint.secretEnvironmentVariables ?? []) names.add(secret.key);
  }
  for (const instance of ['firestore-stripe-payments', 'firestore-send-email']) {
    for (const [key, value] of Object.entries(readExtensionEnv(instance))) {
      if (value.includes('/secrets/')) names.add(key);
    }
  }
  return [...names].sort();
}

export async function staticDeployChecks(): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const check = async (name: string, work: () => string | Promise<string>) => {
    try {
      results.push({ name, ok: true, detail: await work() });
    } catch (err) {
      results.push({ name, ok: false, detail: err instanceof Error ? err.message : String(err) });
    }
  };
  const fail = (message: string): never => {
    throw new Error(message);
  };

  // With both wallets named, so the secrets they bind are in the manifest too.
  let endpoints: Endpoint[] = [];
  await check(
    'functions: firebase-tools builds and validates the discovered manifest',
    async () => {
      endpoints = await discoveredEndpoints({ WALLET_PASSES: 'apple,google' });
      const ids = endpoints.map((e) => e.id).sort();
      const want = hostedNames().sort();
      if (JSON.stringify(ids) !== JSON.stringify(want)) {
        fail(`discovered ${ids.join(', ')}; the table has ${want.join(', ')}`);
      }
      return `${ids.length} functions`;
    },
  );

  await check('functions: every function has maxInstances', () => {
    const missing = endpoints.filter((e) => !(typeof e.maxInstances === 'number'));
    if (endpoints.length === 0) fail('no function discovered');
    if (missing.length > 0) fail(`no maxInstances: ${missing.map((e) => e.id).join(', ')}`);
    const total = endpoints.reduce((sum, e) => sum + (e.maxInstances ?? 0), 0);
    return `${endpoints.length} functions, at most ${total} instances in all`;
  });

  await check(
    'functions: each runs with the instances, memory, CPU and concurrency of its table entry',
    () => {
      const options = hostedOptions();
      const wrong: string[] = [];
      for (const e of endpoints) {
        const want = options[e.id as HostedName];
        const got = `${e.maxInstances}/${e.availableMemoryMb}/${e.cpu}/${e.concurrency ?? 1}`;
        const expected = `${want.maxInstances}/${MEMORY_MB[want.memory]}/${want.cpu}/${want.concurrency}`;
        if (got !== expected) wrong.push(`${e.id} ${got}, the table says ${expected}`);
        if (e.eventTrigger !== undefined && (e.concurrency ?? 1) !== 1) {
          wrong.push(`${e.id}: a trigger runs one event at a time`);
        }
      }
      if (wrong.length > 0) fail(wrong.join('; '));
      return 'maxInstances/MiB/cpu/concurrency as src/services/hosted.ts says';
    },
  );

  await check(
    'functions: triggers run beside the database, the rest where the app and Hosting call them',
    () => {
      const triggers = new Set(Object.keys(HOSTED_TRIGGERS));
      const wrong = endpoints
        .filter((e) => e.region !== (triggers.has(e.id) ? TRIGGER_REGION : SERVING_REGION))
        .map((e) => `${e.id} in ${e.region}`);
      const config = JSON.parse(readFileSync(resolve(root, 'firebase.json'), 'utf8')) as {
        hosting: { rewrites?: { function?: { functionId: string; region?: string } }[] }[];
      };
      for (const site of config.hosting) {
        for (const rewrite of site.rewrites ?? []) {
          if (rewrite.function && rewrite.function.region !== SERVING_REGION) {
            wrong.push(
              `firebase.json rewrites to ${rewrite.function.functionId} in ${rewrite.function.region}`,
            );
          }
        }
      }
      if (wrong.length > 0) fail(wrong.join('; '));
      return `database in ${FIRESTORE_LOCATION}: triggers in ${TRIGGER_REGION}, the rest in ${SERVING_REGION}`;
    },
  );

  await check('extensions: their regions follow the database location (deploy.json)', () => {
    const problems = extensionLocationMismatches();
    if (problems.length > 0) {
      fail(`${problems.join('; ')} (npx tsx scripts/lib/deploy-location.ts rewrites them)`);
    }
    const email = readExtensionEnv('firestore-send-email');
    const stripe = readExtensionEnv('firestore-stripe-payments');
    return `Trigger Email DATABASE_REGION=${email.DATABASE_REGION}, Stripe LOCATION=${stripe.LOCATION}`;
  });

  await check(
    'secrets: the wallet keys are bound to cardPages only, Stripe’s key to resumeSubscription only',
    async () => {
      const boundIn = (list: readonly Endpoint[]) =>
        list
          .flatMap((e) => (e.secretEnvironmentVariables ?? []).map((s) => `${e.id}:${s.key}`))
          .sort();
      const stripe = 'resumeSubscription:STRIPE_SUBSCRIPTIONS_KEY';
      const want = ['cardPages:APPLE_PASS_KEY', 'cardPages:GOOGLE_WALLET_PRIVATE_KEY', stripe];
      const bound = boundIn(endpoints);
      if (JSON.stringify(bound) !== JSON.stringify(want)) fail(`bound: ${bound.join(', ')}`);
      // Without WALLET_PASSES no wallet key is bound: a project without wallets needs none.
      const without = boundIn(await discoveredEndpoints({}));
      if (JSON.stringify(without) !== JSON.stringify([stripe]))
        fail(`bound without WALLET_PASSES: ${without.join(', ')}`);
      return `${want.join(', ')} with WALLET_PASSES=apple,google; only ${stripe} without`;
    },
  );

  await check('secrets: none is read from a plain variable in the deployed code', () => {
    // Every file of the bundle: the entry and the chunks only some functions load.
    const lib = resolve(functionsDir, 'lib');
    const bundle = readdirSync(lib, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => readFileSync(resolve(lib, file), 'utf8'))
      .join('\n');
    const problems: string[] = [];
    const names = secretNames(endpoints);
    for (const name of names) {
      // The one way a secret's name may appear in the bundle: the defineSecret that declares it.
      const uses = bundle.split(`"${name}"`).length - 1 + (bundle.split(`.${name}`).length - 1);
      const declared = bundle.split(`defineSecret)("${name}")`).length - 1;
      if (uses !== declared)
        problems.push(`${name} appears ${uses - declared} time(s) outside defineSecret`);
    }
    // Any other credential-looking variable read from the environment; the rehearsal's own
    // local data server token is set only by `npm run test:deploy` (functions/src/data-source.ts).
    const credential = /(KEY|SECRET|TOKEN|PASSWORD|PASSPHRASE|CREDENTIAL)/;
    const reads = [
      ...bundle.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[["']([A-Z][A-Z0-9_]*)["']\])/g),
    ]
      .map((m) => m[1] ?? m[2] ?? '')
      // A key's id (APNS_KEY_ID) is no credential: every token signed with the key carries it.
      .filter(
        (name) =>
          credential.test(name) && name !== 'LOCAL_DATA_SERVER_TOKEN' && !name.endsWith('_KEY_ID'),
      );
    if (reads.length > 0)
      problems.push(`read from the environment: ${[...new Set(reads)].join(', ')}`);
    if (problems.length > 0) fail(problems.join('; '));
    return `${names.join(', ')}: through Secret Manager only`;
  });

  await check('git: every env file with values is ignored, and the template is not', () => {
    const ignored = [
      '.env',
      '.env.local',
      '.env.production.local',
      '.env.staging.local',
      'functions/.env',
      'functions/.env.your-project-id',
      'functions/.secret.local',
      'extensions/firestore-stripe-payments.secret.local',
      'extensions/firestore-send-email.env.local',
    ];
    const notIgnored = ['.env.example', 'extensions/firestore-send-email.env', 'deploy.json'];
    const isIgnored = (path: string) =>
      spawnSync('git', ['check-ignore', '-q', '--no-index', path], { cwd: root }).status === 0;
    const wrong = [
      ...ignored.filter((path) => !isIgnored(path)).map((path) => `${path} could be committed`),
      ...notIgnored.filter(isIgnored).map((path) => `${path} is ignored`),
    ];
    const tracked = spawnSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .stdout.split('\n')
      .filter((path) => /(^|\/)\.env(\.|$)|\.secret\.local$/.test(path) && path !== '.env.example');
    wrong.push(...tracked.map((path) => `${path} is committed`));
    if (wrong.length > 0) fail(wrong.join('; '));
    return `${ignored.length} ignored, .env.example committed`;
  });

  return results;
}
