/**
 * Entry point of the local data server (`tsx server/main.ts`). Reads its configuration from the
 * environment, starts the server, prints its URL and closes cleanly on SIGINT/SIGTERM.
 *
 *   PORT (5173)  HOST (127.0.0.1)  DATA_DIR (.data/db)  PROJECT_ID (demo-cardbuilder)
 *   FIREBASE_AUTH_EMULATOR_HOST (127.0.0.1:9099)  APP_DIST (unset: API only)  PUBLIC_ORIGIN
 *   VITE_*: passed to the app as its runtime configuration (window.__APP_CONFIG__)
 */
import { startServer } from './create-server';
import { seedDemoIfEmpty } from './demo-seed';
import { createRulesPolicy } from './access/rules-policy';
import { createPublicSurfaces } from './public-surfaces';
import { acceptInviteRoute } from './callables/accept-invite';
import { deliverMail, mailboxPage } from './stand-ins/mail-outbox';
import { paymentsRoutes, paymentsTriggers } from './stand-ins/payments';
import { countCardsInUse } from './triggers/card-count';
import { sendInviteMail } from './triggers/invite-mail';
import { syncPlanFromSubscriptions } from './triggers/plan-sync';
import type { CommitTrigger, RouteHandler } from './types';

/** Extra HTTP routes, tried in order after the data API (public pages, callables, checkout...). */
const routes: RouteHandler[] = [
  createPublicSurfaces({
    cardBase: '/c',
    signatureBase: '/s',
    linkBase: '/l',
    directoryPath: '/d',
  }),
  mailboxPage,
  ...paymentsRoutes,
  acceptInviteRoute,
];
/** Commit triggers (payments stand-in, mail outbox, plan sync, card counting). */
const triggers: CommitTrigger[] = [
  sendInviteMail,
  deliverMail,
  countCardsInUse,
  ...paymentsTriggers,
  syncPlanFromSubscriptions,
];

const env = process.env;
const runtimeConfig: Record<string, string> = {};
for (const [key, value] of Object.entries(env)) {
  if (key.startsWith('VITE_') && value !== undefined) runtimeConfig[key] = value;
}

const server = await startServer({
  port: Number(env.PORT ?? 5173),
  host: env.HOST ?? '127.0.0.1',
  dataDir: env.DATA_DIR ?? '.data/db',
  projectId: env.PROJECT_ID ?? 'demo-cardbuilder',
  authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
  ...(env.APP_DIST ? { appDist: env.APP_DIST } : {}),
  ...(env.PUBLIC_ORIGIN ? { publicOrigin: env.PUBLIC_ORIGIN } : {}),
  runtimeConfig,
  startsUnready: env.SEED_DEMO === '1',
  policy: createRulesPolicy(),
  routes,
  triggers,
});
if (env.SEED_DEMO === '1' && (await seedDemoIfEmpty(server.ctx.db, server.ctx.projectId))) {
  console.log('Seeded the demo data into an empty data folder.');
}
server.markReady();
console.log(`Local data server listening on ${server.url}`);

let stopping = false;
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing the local data server`);
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
