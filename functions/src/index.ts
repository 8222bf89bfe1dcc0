/**
 * The entry the Firebase CLI deploys (bundled to lib/index.js by build.mjs): the functions of
 * `functions.ts` over the production database and configuration. Each export is one deployed
 * function, one per name of the table of what the server hosts (`src/services/hosted.ts`):
 * `test/hosts.test.ts` fails when a name of the table is not exported here (or an export is not
 * in the table), and `npm run test:deploy` checks that the emulator discovers every export.
 *
 * Cloud Run names the function an instance serves in FUNCTION_TARGET (so does the Functions
 * emulator): the modules that function imports on demand start loading as the instance does, and
 * `ready` settles when they have (at once for a function with none, and in the Firebase CLI's
 * discovery, which names none). It is not a function, so neither the CLI nor Cloud Run takes it
 * for one; `npm run bench` awaits it to time each function's cold start.
 */
import { readFunctionsConfig, type FunctionsConfig } from './config';
import { serverDb } from './data-source';
import { createFunctions, preloadFunction } from './functions';

let config: FunctionsConfig | undefined;

const functions = createFunctions({
  db: () => serverDb(),
  config: () => (config ??= readFunctionsConfig()),
});

export const cardPages = functions.cardPages;
export const signaturePages = functions.signaturePages;
export const linkRedirect = functions.linkRedirect;
export const publicDirectory = functions.publicDirectory;
export const sitemap = functions.sitemap;
export const scim = functions.scim;
export const acceptInvite = functions.acceptInvite;
export const inviteDetails = functions.inviteDetails;
export const setAccountActive = functions.setAccountActive;
export const planSync = functions.planSync;
export const countCardsInUse = functions.countCardsInUse;
export const sendInviteMail = functions.sendInviteMail;
export const clearRemovedAccess = functions.clearRemovedAccess;
export const welcomeMail = functions.welcomeMail;
export const billingMail = functions.billingMail;
export const routeLeadToWebhooks = functions.routeLeadToWebhooks;
export const updateWalletPasses = functions.updateWalletPasses;
export const retryLeadWebhooks = functions.retryLeadWebhooks;
export const leadWebhooks = functions.leadWebhooks;
export const resumeSubscription = functions.resumeSubscription;
export const scimTokens = functions.scimTokens;
export const addScannedLead = functions.addScannedLead;
export const runJobs = functions.runJobs;
export const sweepJobs = functions.sweepJobs;
export const foldLostCounts = functions.foldLostCounts;
export const backfillNameLower = functions.backfillNameLower;
export const backfillTeamUsage = functions.backfillTeamUsage;

export const ready: Promise<void> = preloadFunction(process.env.FUNCTION_TARGET);
