/**
 * Entry point of the local data server (`tsx local-server/main.ts`): reads its configuration from
 * the environment (listed at `const env` below), starts the server, prints its URL and closes
 * cleanly on SIGINT/SIGTERM.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAdminRoute } from './admin-route';
import { startServer } from 'firestore-local/create-server';
import { explainFatalErrors } from './startup-errors';
import { seedDemoIfEmpty } from './demo-seed';
import {
  describeRulesFailure,
  holdRules,
  loadRules,
  type LoadedRules,
} from 'firestore-local/access/load-rules';
import { declaredIndexFields } from 'firestore-local/field-index';
import { createRulesEnginePolicy } from 'firestore-local/access/rules-engine-policy';
import { createLocalHost } from './local-host';
import { localWalletConfig } from '@/services/wallet/dev-credentials';
import { apnsConfig } from '@/services/wallet/apns';
import { deliverMail, mailboxPage } from './stand-ins/mail-outbox';
import { paymentsRoutes, paymentsTriggers } from './stand-ins/payments';
import { resumeUnfinishedJobs } from './triggers/jobs';
import { backfillNameLower } from '@/services/jobs/backfill-name-lower';
import { repairCardCounts } from '@/services/card-count';
import { serverDbFromSync } from '@/backend/local/sync-server-db';
import type { CommitTrigger, RouteHandler } from 'firestore-local/types';

/**
 * Everything the table of what the server hosts declares (src/services/hosted.ts, which the Cloud
 * Functions read too): the public routes (`/c`, `/s`, `/l`, `/d`, `/sitemap.xml`), the
 * callables, the Firestore triggers as commit triggers and the schedules as timers.
 */
const host = createLocalHost({
  // Wallet passes signed with development credentials kept in the data folder
  // (.data/db/wallet-dev, so a test stack's temporary folder holds its own) unless the
  // environment configures production ones (README, "Wallet passes").
  wallet: localWalletConfig(process.env, join(process.env.DATA_DIR ?? '.data/db', 'wallet-dev')),
  // Pushes to devices holding a saved Apple pass when APNS_KEY_ID, APPLE_TEAM_ID and APNS_KEY are
  // set (docs/wallet-updates.md); APNS_URL moves the endpoint (a stand-in).
  apns: apnsConfig(process.env, process.env.APNS_KEY ?? ''),
});
/** Extra HTTP routes, tried in order after the data API: the hosted ones, then the stand-ins'. */
const routes: RouteHandler[] = [...host.routes, mailboxPage, ...paymentsRoutes];
/** Commit triggers: the hosted ones, then the stand-ins' (mail outbox, payments). */
const triggers: CommitTrigger[] = [...host.triggers, deliverMail, ...paymentsTriggers];

// The environment it reads:
//   PORT (5173)  HOST (127.0.0.1)  DATA_DIR (.data/db)  PROJECT_ID (demo-cardbuilder)
//   FIREBASE_AUTH_EMULATOR_HOST (127.0.0.1:9099)  APP_DIST (unset: API only)  PUBLIC_ORIGIN
//   VITE_*: passed to the app as its runtime configuration (window.__APP_CONFIG__)
//   RULES_DIR (the repository): where firestore.rules and storage.rules are read from
//   RULES_WATCH=1: reload the rules when either file changes (npm run dev)
//   LOG_DENIALS=1: print why each refused call was refused
//   LOCAL_SERVER_ALLOW_REMOTE=1: allow a HOST other than loopback (prints a warning)
//   START_FRESH_COMMAND: named when the database is damaged (`npm start` sets it)
//   APNS_KEY_ID / APNS_KEY / APNS_URL: APNs pushes for saved Apple passes (docs/wallet-updates.md)
//   APPLE_PASS_* / APPLE_TEAM_ID / APPLE_WWDR_CERT / GOOGLE_WALLET_*: production wallet credentials
//     (README, "Wallet passes"); without them passes are signed with development ones
const env = process.env;
// Server privileges over HTTP only when a secret is given (the e2e journeys seed large accounts
// with it; `npm start` never sets it).
if (env.ADMIN_DB_SECRET) routes.push(createAdminRoute(env.ADMIN_DB_SECRET));
// A taken port or a damaged database is explained (with the command to fix it), not thrown.
explainFatalErrors({
  port: Number(env.PORT ?? 5173),
  host: env.HOST ?? '127.0.0.1',
  dataDir: env.DATA_DIR ?? '.data/db',
  ...(env.START_FRESH_COMMAND ? { freshCommand: env.START_FRESH_COMMAND } : {}),
});
const runtimeConfig: Record<string, string> = {};
for (const [key, value] of Object.entries(env)) {
  if (key.startsWith('VITE_') && value !== undefined) runtimeConfig[key] = value;
}

/** The rules files and firestore.indexes.json are the repository's unless RULES_DIR names others. */
const rulesDir = env.RULES_DIR ?? join(import.meta.dirname, '..');
// The access rules decide every client call: a server whose rules do not parse does not start.
let loadedRules: LoadedRules;
try {
  loadedRules = loadRules(rulesDir);
} catch (err) {
  console.error(
    `\nThe access rules could not be loaded, so the local data server did not start:\n\n` +
      `${describeRulesFailure(err)}\n\nFix the rules file and start again.\n`,
  );
  process.exit(1);
}
const rules = holdRules(loadedRules, { watch: env.RULES_WATCH === '1', dir: rulesDir });
const projectId = env.PROJECT_ID ?? 'demo-cardbuilder';
// The fields production's composite indexes name are indexed from the start; others when first queried.
const indexesFile = join(rulesDir, 'firestore.indexes.json');
const indexes = existsSync(indexesFile)
  ? declaredIndexFields(JSON.parse(readFileSync(indexesFile, 'utf8')))
  : [];

if (env.LOCAL_SERVER_ALLOW_REMOTE === '1') {
  console.warn(
    'WARNING: LOCAL_SERVER_ALLOW_REMOTE=1 — the local server accepts unsigned Auth-emulator ' +
      'tokens, so anyone who reaches it can act as any user. Use it only on a trusted network.',
  );
}

const server = await startServer({
  port: Number(env.PORT ?? 5173),
  host: env.HOST ?? '127.0.0.1',
  dataDir: env.DATA_DIR ?? '.data/db',
  projectId,
  authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
  ...(env.APP_DIST ? { appDist: env.APP_DIST } : {}),
  ...(env.PUBLIC_ORIGIN ? { publicOrigin: env.PUBLIC_ORIGIN } : {}),
  runtimeConfig,
  startsUnready: env.SEED_DEMO === '1',
  allowRemote: env.LOCAL_SERVER_ALLOW_REMOTE === '1',
  indexes,
  policy: createRulesEnginePolicy(rules, {
    bucket: `${projectId}.appspot.com`,
    // LOG_DENIALS=1 prints why each refused call was refused (which rule, which error).
    ...(env.LOG_DENIALS === '1'
      ? {
          onDenied: (what: string, d: { reason: string }) =>
            console.log(`[rules] denied ${what}: ${d.reason}`),
        }
      : {}),
  }),
  routes,
  triggers,
});
if (env.SEED_DEMO === '1' && (await seedDemoIfEmpty(server.ctx.db, server.ctx.projectId))) {
  console.log('Seeded the demo data into an empty data folder.');
}
// Cards stored before the search field existed become searchable (idempotent: usually 0 writes).
const backfilled = await backfillNameLower(serverDbFromSync(server.ctx.db));
if (backfilled > 0) console.log(`Added the search field to ${backfilled} older cards.`);
// A crash between a card's commit and its trigger leaves the counts behind the cards, and teams
// whose cards predate the team counts have none: each is recounted where it differs, after the
// seeding's triggers and before any job or client writes a card (src/services/card-count.ts).
await server.idle();
const repaired = await repairCardCounts(serverDbFromSync(server.ctx.db));
if (repaired.accounts > 0) {
  console.log(`Repaired plan.cardsInUse of ${repaired.accounts} account(s) that had drifted.`);
}
if (repaired.teams > 0) console.log(`Repaired the card counts of ${repaired.teams} team(s).`);
const resumed = await resumeUnfinishedJobs(server.ctx.db);
if (resumed > 0) console.log(`Resuming ${resumed} unfinished job(s).`);
server.markReady();
console.log(`Local data server listening on ${server.url}`);
// The schedules (webhook retries, the job lease sweep, the search-field backfill) on timers.
const stopSchedules = host.startSchedules(server.ctx);

let stopping = false;
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing the local data server`);
  rules.close();
  stopSchedules();
  // A job still running stops with the process; its next start resumes it from its cursor.
  // close() writes the view counts still buffered (at most a second's worth) before the store
  // closes, so a clean stop loses none; a lead's count is never buffered (it is in the lead's commit).
  server.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
