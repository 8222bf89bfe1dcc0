/**
 * The entry the Firebase CLI deploys (bundled by build.mjs): the functions of `functions.ts` over
 * the production database and configuration, one export per name of the hosted table
 * (`test/hosts.test.ts` fails on a name missing either way; `npm run test:deploy` checks the
 * emulator discovers each).
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

// Cloud Run (and the emulator) names the instance's function in FUNCTION_TARGET, so its on-demand
// modules load as the instance starts; `ready` settles when they have (at once with none, as in
// the CLI's discovery). No function, so neither the CLI nor Cloud Run takes it for one; `npm run
// bench` awaits it to time each function's cold start.
export const ready: Promise<void> = preloadFunction(process.env.FUNCTION_TARGET);
