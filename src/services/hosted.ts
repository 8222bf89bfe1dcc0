/**
 * What the server hosts, declared once: every callable, trigger, schedule and public route, with
 * the shared code each runs. Both hosts (`server/local-host.ts`, `functions/src/functions.ts`)
 * only wire this table, and tests check both against it, so no function is served by one host
 * alone. Events arrive at least once and triggers retry (`TRIGGER_RETRY`), so every handler is
 * safe to run again, even after failing part-way (recounts, event-derived ids, claims,
 * `./processed-events.ts`).
 */
import type { DocData } from '@/backend/port';
import type { CallerAuth, DocumentChange, ServerDb } from '@/backend/server-port';
import { SET_ACCOUNT_ACTIVE } from '@/domain/account-status';
import { ADD_SCANNED_LEAD } from '@/domain/scanned-lead';
import { setAccountActive } from './account-status';
import { ACCOUNT_DOCUMENT, queueSubscriptionMail, queueWelcomeMail } from './billing-mail';
import { CARD_DOCUMENT, countCardWrite } from './card-count';
import { ACCEPT_INVITE, acceptInvite } from './invites/accept-invite';
import { INVITE_DETAILS, inviteDetails } from './invites/invite-details';
import { INVITE_DOCUMENT, queueInviteMail } from './invites/invite-mail';
import { backfillNameLowerStep } from './jobs/backfill-name-lower';
import { backfillTeamUsageStep } from './jobs/backfill-team-usage';
import { JOB_DOCUMENT, requeueExpiredJobs, runJobOnWrite } from './jobs/run-job';
import {
  LEAD_ENTRY_DOCUMENT,
  LEAD_WEBHOOKS_CALLABLE,
  manageLeadWebhooks,
  routeNewLead,
  sweepDueDeliveries,
  type LeadRoutingDeps,
} from './lead-routing/lead-routing';
import { ACCOUNT_ACCESS_DOCUMENT, clearRemovedAccess } from './members/clear-removed-access';
import { moveOwnerFlags } from './members/owner-flags';
import { queueOwnershipOfferMail } from './members/ownership-mail';
import { SUBSCRIPTION_DOCUMENT, syncPlanOnSubscriptionWrite } from './plan-sync';
import { foldLostCounts } from './public-surfaces/pending-counts';
import {
  RESUME_SUBSCRIPTION,
  resumeSubscription,
  type SubscriptionPayments,
} from './resume-subscription';
import { SCIM_PATH } from './scim/scim-handler';
import { manageScimTokens, SCIM_TOKENS_CALLABLE } from './scim/scim-tokens';
import { addScannedLead } from './scanned-lead';
import { SITEMAP_PATH } from './sitemap';
import type { ApnsSender } from './wallet/apns';
import { updateCardPasses } from './wallet/pass-updates';

/**
 * How Cloud Functions runs one function (`functions/src/functions.ts` passes these to
 * firebase-functions; the local server ignores them). Chosen per function for what it does, and
 * listed with the reason in the README's "Function sizes" table. Every function has a
 * `maxInstances`: it caps the cost of a public function under a flood, and a fresh project's Cloud
 * Run quota refuses the default of 100. A concurrency above 1 needs a whole CPU (Cloud Run's rule);
 * `gcf_gen1` is the small, cheap CPU share (1/6 of a vCPU at 256 MiB) for work nobody waits on.
 */
export interface FunctionOptions {
  readonly maxInstances: number;
  readonly memory: '256MiB' | '512MiB' | '1GiB';
  readonly cpu: 1 | 'gcf_gen1';
  /** Requests one instance serves at once: 1 where order or memory matters. */
  readonly concurrency: number;
  /** Why these numbers (the README's table). */
  readonly why: string;
}

/** What a host gives the handlers. */
export interface HostContext {
  readonly db: ServerDb;
  /** The app's address, for links in e-mails. */
  readonly appOrigin: string;
  readonly now: () => Date;
  /** Lead routing's clock, sender and address policy (the local server allows loopback). */
  readonly leadRouting: Omit<LeadRoutingDeps, 'db'>;
  /** The payment provider's changes to a subscription (Stripe; the stand-in locally). */
  readonly payments: SubscriptionPayments;
  /**
   * The APNs sender that tells devices a saved Apple pass changed (`wallet/apns.ts`), or null
   * where APNs is not configured (passes are still marked updated; devices see it when they ask).
   */
  readonly walletPush: () => ApnsSender | null;
}

/** An https callable (Firebase's callable protocol on both hosts). */
export interface HostedCallable {
  readonly timeoutSeconds?: number;
  readonly options: FunctionOptions;
  call(ctx: HostContext, caller: CallerAuth | null, data: unknown): Promise<unknown>;
}

/** One delivery of a document event. */
export interface TriggerEvent extends DocumentChange {
  /** The event's id: the same on every redelivery and retry of the event. */
  readonly id: string;
  /** The document pattern's wildcards, e.g. `{ cardId: 'c1' }`. */
  readonly params: Readonly<Record<string, string>>;
}

/** A Firestore document trigger. */
export interface HostedTrigger {
  /** The document pattern, e.g. `cards/{cardId}`. */
  readonly document: string;
  /** `written`: create, update and delete; `created`: create only. */
  readonly on: 'written' | 'created';
  readonly timeoutSeconds?: number;
  readonly options: FunctionOptions;
  /** The local server runs it beside its commit pipeline, not in it (long work). */
  readonly localBeside?: boolean;
  handle(ctx: HostContext, event: TriggerEvent): Promise<unknown>;
}

/** A scheduled function: production runs it on `schedule`, the local server every `localEveryMs`. */
export interface HostedSchedule {
  readonly schedule: string;
  readonly localEveryMs: number;
  readonly timeoutSeconds: number;
  readonly options: FunctionOptions;
  run(ctx: HostContext): Promise<unknown>;
}

/** A public HTTP surface: a function behind a Hosting rewrite, a path prefix locally. */
export interface HostedPublicRoute {
  readonly serves: string;
  /** Where the local server serves it. */
  readonly localPath: string;
  readonly options: FunctionOptions;
}

/** Every Firestore trigger deploys with retries on: each handler is safe to repeat (see above). */
export const TRIGGER_RETRY = true;

function leadDeps(ctx: HostContext): LeadRoutingDeps {
  return { db: ctx.db, ...ctx.leadRouting };
}

function param(event: TriggerEvent, name: string): string {
  const value = event.params[name];
  if (value === undefined) throw new Error(`The event of ${event.path} has no {${name}}.`);
  return value;
}

export const HOSTED_CALLABLES = {
  [ACCEPT_INVITE]: {
    options: {
      maxInstances: 5,
      memory: '256MiB',
      cpu: 1,
      concurrency: 20,
      why: 'one short transaction per accepted invitation; people wait on it',
    },
    call: (ctx, caller, data) => acceptInvite(ctx.db, caller, data, ctx.appOrigin, ctx.now()),
  },
  [INVITE_DETAILS]: {
    options: {
      maxInstances: 3,
      memory: '256MiB',
      cpu: 1,
      concurrency: 20,
      why: 'three reads when an invitation link is opened; public, so a low cap bounds a flood',
    },
    // Public: the token is the credential (the holder received the invitation e-mail).
    call: (ctx, _caller, data) => inviteDetails(ctx.db, data, ctx.now()),
  },
  [SET_ACCOUNT_ACTIVE]: {
    options: {
      maxInstances: 2,
      memory: '256MiB',
      cpu: 'gcf_gen1',
      concurrency: 1,
      why: 'a super admin’s rare switch',
    },
    call: (ctx, caller, data) => setAccountActive(ctx.db, caller, data, ctx.now()),
  },
  [LEAD_WEBHOOKS_CALLABLE]: {
    timeoutSeconds: 60,
    options: {
      maxInstances: 3,
      memory: '256MiB',
      cpu: 1,
      concurrency: 10,
      why: 'an owner edits webhooks; a test post waits on the network, so a few share an instance',
    },
    call: (ctx, caller, data) => manageLeadWebhooks(leadDeps(ctx), caller, data),
  },
  [RESUME_SUBSCRIPTION]: {
    timeoutSeconds: 30,
    options: {
      maxInstances: 2,
      memory: '256MiB',
      cpu: 'gcf_gen1',
      concurrency: 1,
      why: 'a payer resumes a plan they cancelled: rare, one read and one call to Stripe',
    },
    call: (ctx, caller, data) => resumeSubscription(ctx.db, ctx.payments, caller, data, ctx.now()),
  },
  [SCIM_TOKENS_CALLABLE]: {
    options: {
      maxInstances: 2,
      memory: '256MiB',
      cpu: 'gcf_gen1',
      concurrency: 1,
      why: 'an owner makes or revokes a provisioning token: rare, a read and a batch',
    },
    call: (ctx, caller, data) => manageScimTokens(ctx.db, caller, data, ctx.now()),
  },
  [ADD_SCANNED_LEAD]: {
    options: {
      maxInstances: 3,
      memory: '256MiB',
      cpu: 1,
      concurrency: 20,
      why: 'one short transaction per paper card saved at an event; people wait on it',
    },
    call: (ctx, caller, data) => addScannedLead(ctx.db, caller, data, ctx.now()),
  },
} as const satisfies Record<string, HostedCallable>;

export const HOSTED_TRIGGERS = {
  planSync: {
    document: SUBSCRIPTION_DOCUMENT,
    on: 'written',
    options: {
      maxInstances: 10,
      memory: '256MiB',
      cpu: 1,
      concurrency: 1,
      why: 'order matters: one recount at a time per instance; a whole CPU so a payer’s plan changes promptly',
    },
    // Recomputes the plan from every subscription of the payer, and writes only a change.
    handle: (ctx, event) =>
      syncPlanOnSubscriptionWrite(
        ctx.db,
        {
          uid: param(event, 'uid'),
          subscriptionId: param(event, 'subscriptionId'),
          before: event.before,
        },
        ctx.now(),
      ),
  },
  countCardsInUse: {
    document: CARD_DOCUMENT,
    on: 'written',
    options: {
      maxInstances: 10,
      memory: '256MiB',
      cpu: 1,
      concurrency: 1,
      why: 'a few documents per card write; an import fires one per card, the cap queues them',
    },
    // Moves the accounts' and teams' counts by the write's change, once per event id.
    handle: (ctx, event) =>
      countCardWrite(
        ctx.db,
        event.before,
        event.after,
        { trigger: 'countCardsInUse', eventId: event.id },
        ctx.now(),
      ),
  },
  sendInviteMail: {
    document: INVITE_DOCUMENT,
    on: 'written',
    options: {
      maxInstances: 5,
      memory: '256MiB',
      cpu: 'gcf_gen1',
      concurrency: 1,
      why: 'writes one mail document; nobody waits on it, so the small CPU share',
    },
    // Answers each request of the invite once (the invite records it with the token).
    handle: (ctx, event) => queueInviteMail(ctx.db, event, ctx.appOrigin, ctx.now()),
  },
  clearRemovedAccess: {
    document: ACCOUNT_ACCESS_DOCUMENT,
    on: 'written',
    options: {
      maxInstances: 5,
      memory: '256MiB',
      cpu: 'gcf_gen1',
      concurrency: 1,
      why: 'a few user updates or one mail when access or ownership changes; nobody waits on it',
    },
    // Clears accountId of whoever lost their role, moves isAccountOwner when the account
    // changed hands and mails a new ownership offer, each re-checked against the account as it
    // is now.
    handle: async (ctx, event) => {
      const accountId = param(event, 'accountId');
      await clearRemovedAccess(ctx.db, accountId, event.before, event.after);
      await moveOwnerFlags(ctx.db, accountId, event.before, event.after);
      await queueOwnershipOfferMail(ctx.db, accountId, event.before, event.after, ctx.appOrigin);
    },
  },
  welcomeMail: {
    document: ACCOUNT_DOCUMENT,
    on: 'created',
    options: {
      maxInstances: 5,
      memory: '256MiB',
      cpu: 'gcf_gen1',
      concurrency: 1,
      why: 'writes one mail document when missing',
    },
    // mail/welcome-{accountId}, written only when missing.
    handle: (ctx, event) => queueWelcomeMail(ctx.db, event, ctx.appOrigin),
  },
  billingMail: {
    document: SUBSCRIPTION_DOCUMENT,
    on: 'written',
    options: {
      maxInstances: 5,
      memory: '256MiB',
      cpu: 'gcf_gen1',
      concurrency: 1,
      why: 'writes one mail document per subscription event',
    },
    // mail/billing-{uid}-{subscriptionId}-{event key}, written only when missing.
    handle: (ctx, event) => queueSubscriptionMail(ctx.db, event, ctx.appOrigin),
  },
  routeLeadToWebhooks: {
    document: LEAD_ENTRY_DOCUMENT,
    on: 'created',
    timeoutSeconds: 120,
    localBeside: true,
    options: {
      maxInstances: 10,
      memory: '256MiB',
      cpu: 'gcf_gen1',
      concurrency: 1,
      why: 'posts one lead to each webhook, mostly waiting on the network; the cap bounds a lead flood',
    },
    // One delivery per (lead, webhook), made once; sent only while pending, due and unclaimed.
    handle: (ctx, event) => routeNewLead(leadDeps(ctx), event),
  },
  updateWalletPasses: {
    document: CARD_DOCUMENT,
    on: 'written',
    timeoutSeconds: 60,
    options: {
      maxInstances: 5,
      memory: '256MiB',
      cpu: 'gcf_gen1',
      concurrency: 1,
      why: 'one read per card write; a card with a saved Apple pass also gets a push per device, waiting on APNs',
    },
    // Marks the card's Apple pass updated and pushes its devices, once per event id.
    handle: (ctx, event) =>
      updateCardPasses(
        ctx.db,
        ctx.walletPush(),
        event,
        param(event, 'cardId'),
        { trigger: 'updateWalletPasses', eventId: event.id },
        ctx.now(),
      ),
  },
  runJobs: {
    document: JOB_DOCUMENT,
    on: 'written',
    // A run works at most RUN_BUDGET_MS (7 min) and then queues the job again, which fires this
    // trigger once more: each invocation stays inside the 9-minute limit however large the job.
    // A run claims the queued job in a transaction, so a repeated event finds it taken.
    timeoutSeconds: 540,
    localBeside: true,
    options: {
      maxInstances: 5,
      memory: '512MiB',
      cpu: 1,
      concurrency: 1,
      why: 'memory matters: a run holds a chunk of an import in memory for up to 7 minutes, one run per instance',
    },
    handle: (ctx, event) => runJobOnWrite(ctx.db, event, { clock: () => ctx.now().getTime() }),
  },
} as const satisfies Record<string, HostedTrigger>;

export const HOSTED_SCHEDULES = {
  // The webhook deliveries whose retry is due.
  retryLeadWebhooks: {
    schedule: 'every 5 minutes',
    localEveryMs: 30_000,
    timeoutSeconds: 540,
    options: {
      maxInstances: 1,
      memory: '256MiB',
      cpu: 'gcf_gen1',
      concurrency: 1,
      why: 'one sweep at a time, every 5 minutes',
    },
    run: (ctx) => sweepDueDeliveries(leadDeps(ctx)),
  },
  // A run killed by the platform (instance stopped, deploy) leaves its job running; its lease
  // expires and this queues it again, which fires runJobs from the job's cursor.
  sweepJobs: {
    schedule: 'every 5 minutes',
    localEveryMs: 60_000,
    timeoutSeconds: 300,
    options: {
      maxInstances: 1,
      memory: '256MiB',
      cpu: 'gcf_gen1',
      concurrency: 1,
      why: 'one sweep at a time, every 5 minutes',
    },
    run: (ctx) => requeueExpiredJobs(ctx.db, { clock: () => ctx.now().getTime() }),
  },
  // Views and clicks a Cloud Function instance kept and died before writing to their summary
  // (src/services/public-surfaces/pending-counts.ts).
  foldLostCounts: {
    schedule: 'every 5 minutes',
    localEveryMs: 5 * 60_000,
    timeoutSeconds: 300,
    options: {
      maxInstances: 1,
      memory: '256MiB',
      cpu: 'gcf_gen1',
      concurrency: 1,
      why: 'one sweep at a time, every 5 minutes; usually finds nothing',
    },
    run: async (ctx) => {
      await foldLostCounts(ctx.db, { clock: () => ctx.now().getTime() });
    },
  },
  // Cards stored without the search field, 5,000 a run from a stored cursor; a finished pass
  // rests a day (src/services/jobs/backfill-name-lower.ts).
  backfillNameLower: {
    schedule: 'every 15 minutes',
    localEveryMs: 15 * 60_000,
    timeoutSeconds: 300,
    options: {
      maxInstances: 1,
      memory: '512MiB',
      cpu: 1,
      concurrency: 1,
      why: 'one pass at a time over 5,000 cards a run',
    },
    run: (ctx) => backfillNameLowerStep(ctx.db, { clock: () => ctx.now().getTime() }),
  },
  // Team counts that drifted from the cards, put right once they have settled; 5,000 cards a run
  // from a stored cursor, a finished pass rests a day (src/services/jobs/backfill-team-usage.ts).
  backfillTeamUsage: {
    schedule: 'every 15 minutes',
    localEveryMs: 15 * 60_000,
    timeoutSeconds: 300,
    options: {
      maxInstances: 1,
      memory: '256MiB',
      cpu: 'gcf_gen1',
      concurrency: 1,
      why: 'one pass at a time, 5,000 cards counted a run in pages; nobody waits on it',
    },
    run: (ctx) => backfillTeamUsageStep(ctx.db, { clock: () => ctx.now().getTime() }),
  },
} as const satisfies Record<string, HostedSchedule>;

export const HOSTED_PUBLIC_ROUTES = {
  cardPages: {
    serves: 'card page by handle and by id, vCard, wallet passes, lead post (card host)',
    localPath: '/c',
    options: {
      maxInstances: 20,
      memory: '512MiB',
      cpu: 1,
      concurrency: 40,
      why: 'the busiest public page, behind the CDN; signing a wallet pass and embedding a photo in a vCard take memory, so 40 at once, not 80',
    },
  },
  signaturePages: {
    serves: 'signature preview (signature host)',
    localPath: '/s',
    options: {
      maxInstances: 5,
      memory: '256MiB',
      cpu: 1,
      concurrency: 80,
      why: 'a small cached page opened by card owners',
    },
  },
  linkRedirect: {
    serves: 'click-tracking redirect (link host)',
    localPath: '/l',
    options: {
      maxInstances: 10,
      memory: '256MiB',
      cpu: 1,
      concurrency: 80,
      why: 'not cacheable (each click is counted) but tiny: many at once per instance',
    },
  },
  publicDirectory: {
    serves: 'an account’s public directory (app host, /d/**)',
    localPath: '/d',
    options: {
      maxInstances: 5,
      memory: '256MiB',
      cpu: 1,
      concurrency: 40,
      why: 'one query per page, behind the CDN',
    },
  },
  sitemap: {
    serves: 'the indexable card pages (/sitemap.xml)',
    localPath: SITEMAP_PATH,
    options: {
      maxInstances: 2,
      memory: '512MiB',
      cpu: 1,
      concurrency: 4,
      why: 'up to 50,000 cards in one answer, asked by crawlers and cached at the CDN',
    },
  },
  scim: {
    serves: 'SCIM 2.0 provisioning for identity providers (app host, /scim/v2/**)',
    localPath: SCIM_PATH,
    options: {
      maxInstances: 3,
      memory: '256MiB',
      cpu: 1,
      concurrency: 20,
      why: 'an identity provider’s sync: bursts of small requests, each a few reads and a transaction',
    },
  },
} as const satisfies Record<string, HostedPublicRoute>;

export type CallableName = keyof typeof HOSTED_CALLABLES;
export type TriggerName = keyof typeof HOSTED_TRIGGERS;
export type ScheduleName = keyof typeof HOSTED_SCHEDULES;
export type PublicRouteName = keyof typeof HOSTED_PUBLIC_ROUTES;
export type HostedName = CallableName | TriggerName | ScheduleName | PublicRouteName;

/** The names a host serves, by kind. */
export interface HostedManifest {
  readonly callables: readonly string[];
  readonly triggers: readonly string[];
  readonly schedules: readonly string[];
  readonly publicRoutes: readonly string[];
}

/** Every name of the table, by kind. */
export const HOSTED_MANIFEST: HostedManifest = {
  callables: Object.keys(HOSTED_CALLABLES),
  triggers: Object.keys(HOSTED_TRIGGERS),
  schedules: Object.keys(HOSTED_SCHEDULES),
  publicRoutes: Object.keys(HOSTED_PUBLIC_ROUTES),
};

/** Every name of the table (the functions the bundle exports). */
export function hostedNames(): string[] {
  return [
    ...HOSTED_MANIFEST.publicRoutes,
    ...HOSTED_MANIFEST.callables,
    ...HOSTED_MANIFEST.triggers,
    ...HOSTED_MANIFEST.schedules,
  ];
}

/** How each function of the table runs in production, by name (the README's "Function sizes"). */
export function hostedOptions(): Record<HostedName, FunctionOptions> {
  const all: Record<string, { readonly options: FunctionOptions }> = {
    ...HOSTED_PUBLIC_ROUTES,
    ...HOSTED_CALLABLES,
    ...HOSTED_TRIGGERS,
    ...HOSTED_SCHEDULES,
  };
  return Object.fromEntries(
    Object.entries(all).map(([name, entry]) => [name, entry.options]),
  ) as Record<HostedName, FunctionOptions>;
}

/**
 * The wildcards of a document pattern (`cards/{cardId}`) in `path`, or null when the path is not
 * such a document (a pattern matches documents of exactly its depth, as Firestore's do).
 */
export function documentParams(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i] ?? '';
    const value = got[i] ?? '';
    if (value === '') return null;
    const wildcard = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(part)?.[1];
    if (wildcard !== undefined) params[wildcard] = value;
    else if (part !== value) return null;
  }
  return params;
}

/** True when a change is of the kind a trigger listens to. */
export function triggerFires(
  on: HostedTrigger['on'],
  before: DocData | null,
  after: DocData | null,
): boolean {
  if (on === 'created') return before === null && after !== null;
  return before !== null || after !== null;
}
