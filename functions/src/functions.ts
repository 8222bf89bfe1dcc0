/**
 * Every Cloud Function of the product, built from the shared server code in `src/server/`: wiring
 * only (which event or request, which module, which database), no behaviour of its own. A factory,
 * so that tests build the functions over a database of their own; `index.ts` builds them for real.
 *
 *   cardPages        HTTPS   card page by handle and by id, vCard, wallet passes, lead post (card host)
 *   signaturePages   HTTPS   signature preview                                  (signature host)
 *   linkRedirect     HTTPS   click-tracking redirect                            (link host)
 *   publicDirectory  HTTPS   an account's public directory                      (app host, /d/**)
 *   sitemap          HTTPS   the indexable card pages     (app and card hosts, /sitemap.xml)
 *   acceptInvite     callable (Firebase's callable protocol and auth)
 *   planSync         Firestore write of users/{uid}/subscriptions/{subscriptionId}
 *   countCardsInUse  Firestore write of cards/{cardId}
 *   sendInviteMail   Firestore write of accounts/{accountId}/invites/{email} (create, resend)
 *   welcomeMail      Firestore create of accounts/{accountId}
 *   billingMail      Firestore write of users/{uid}/subscriptions/{subscriptionId}
 *   routeLeadToWebhooks  Firestore create of analytics/{cardId}/entries/{entryId} (a new lead)
 *   retryLeadWebhooks    every 5 minutes: the webhook deliveries whose retry is due
 *   leadWebhooks     callable: the owner's webhooks (create, update, rotate, delete, test lead)
 *   runJobs          Firestore write of accounts/{accountId}/jobs/{jobId} (runs it when queued)
 *   sweepJobs        every 5 minutes: queues again the running jobs whose lease expired
 *   backfillNameLower  every 15 minutes: a bounded part of the cards' search-field repair pass
 */
import { onDocumentCreated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import {
  HttpsError,
  onCall,
  onRequest,
  type CallableRequest,
  type FunctionsErrorCode,
} from 'firebase-functions/v2/https';
import { fromAdmin } from '@/backend/admin/admin-server-db';
import { BackendError } from '@/backend/errors';
import type { DocData } from '@/backend/port';
import type { CallerAuth, ServerDb } from '@/backend/server-port';
import { ACCOUNT_DOCUMENT, queueSubscriptionMail, queueWelcomeMail } from '@/server/billing-mail';
import { CARD_DOCUMENT, recountCardsInUse } from '@/server/card-count';
import { createDirectoryPage } from '@/server/directory/directory-page';
import { acceptInvite as acceptInviteOn } from '@/server/invites/accept-invite';
import { INVITE_DOCUMENT, queueInviteMail } from '@/server/invites/invite-mail';
import { sitemapPage } from '@/server/sitemap';
import {
  LEAD_ENTRY_DOCUMENT,
  manageLeadWebhooks,
  routeNewLead,
  sweepDueDeliveries,
  type LeadRoutingDeps,
} from '@/server/lead-routing/lead-routing';
import { createPostWebhook } from '@/server/lead-routing/post-webhook';
import { JOB_DOCUMENT, requeueExpiredJobs, runJobOnWrite } from '@/server/jobs/run-job';
import { backfillNameLowerStep } from '@/server/jobs/backfill-name-lower';
import { SUBSCRIPTION_DOCUMENT, syncPlanOnSubscriptionWrite } from '@/server/plan-sync';
import { createPhotoLoader } from '@/server/public-surfaces/photo-loader';
import {
  createPublicSurfacesHandler,
  type PublicSurfacesConfig,
  type PublicSurfacesHandler,
} from '@/server/public-surfaces/public-surfaces-handler';
import { pathOf, REGION, type FunctionsConfig } from './config';
import { publicRequest, sendAnswer } from './http-adapter';

export interface FunctionsDeps {
  /** The database (created on first use: deploy-time discovery loads this module without one). */
  readonly db: () => ServerDb;
  readonly config: () => FunctionsConfig;
  /** Overrides of lead routing's clock and sender (tests). */
  readonly leadRouting?: Partial<Omit<LeadRoutingDeps, 'db'>>;
}

/** What a snapshot of a Firestore event holds, as port data (null: the document is missing). */
function eventData(snap: { exists: boolean; data(): unknown } | undefined): DocData | null {
  return snap?.exists ? (fromAdmin(snap.data()) as DocData) : null;
}

/** A BackendError (or anything thrown) as the HttpsError the callable protocol reports. */
export function httpsError(err: unknown): HttpsError {
  if (err instanceof HttpsError) return err;
  if (err instanceof BackendError) {
    return new HttpsError(err.code as FunctionsErrorCode, err.message);
  }
  console.error('[functions] callable failed', err);
  return new HttpsError('internal', 'The server failed to handle the request.');
}

function callerAuth(request: CallableRequest): CallerAuth | null {
  const auth = request.auth;
  if (!auth) return null;
  const email = auth.token.email;
  return {
    uid: auth.uid,
    email: typeof email === 'string' ? email : null,
    emailVerified: auth.token.email_verified === true,
  };
}

export function createFunctions(deps: FunctionsDeps) {
  const httpOptions = { region: REGION, invoker: 'public' as const, concurrency: 80 };
  const handlers: PublicSurfacesHandler[] = [];
  // Cloud Run gives an instance a few seconds after SIGTERM: the counts it still holds are written.
  process.once('SIGTERM', () => {
    void Promise.all(handlers.map((handler) => handler.flushCounters()));
  });

  /**
   * One HTTPS function serving one public surface at the path its configured host gives it. The
   * root of a host of its own (where "Made with Cardbuilder" points) sends visitors to the app.
   */
  function surface(paths: (config: FunctionsConfig) => PublicSurfacesConfig['paths']) {
    let handler: PublicSurfacesHandler | undefined;
    return onRequest(httpOptions, async (req, res) => {
      const config = deps.config();
      const surfacePaths = paths(config);
      if (handler === undefined) {
        // A view waits for its count here: an instance gets no CPU once it has answered.
        handler = createPublicSurfacesHandler({
          paths: surfacePaths,
          counters: { awaitViews: true },
          wallet: config.wallet,
        });
        handlers.push(handler);
      }
      const request = publicRequest(req, config.hosts.card);
      if (request.url.pathname === '/' && Object.values(surfacePaths).includes('')) {
        res
          .status(302)
          .set({ Location: `${config.appOrigin}/`, 'Cache-Control': 'no-store' })
          .send('');
        return;
      }
      const bucket = config.storageBucket;
      const answer = await handler(request, {
        db: deps.db(),
        hosts: config.hosts,
        loadPhoto: createPhotoLoader(
          bucket ? [`https://firebasestorage.googleapis.com/v0/b/${bucket}/o/`] : [],
        ),
        appOrigin: config.appOrigin,
      });
      sendAnswer(res, answer);
    });
  }

  const directory = createDirectoryPage({ path: '/d' });

  // Lead webhooks go to public https addresses only (docs/lead-webhooks.md); the clock and the
  // sender are real here, the tests inject their own through `deps.leadRouting`.
  const leadPolicy = { allowLoopbackHttp: false };
  const leadRouting = (): LeadRoutingDeps => ({
    db: deps.db(),
    now: () => new Date(),
    post: createPostWebhook(leadPolicy),
    policy: leadPolicy,
    ...deps.leadRouting,
  });

  return {
    cardPages: surface((config) => ({ card: pathOf(config.hosts.card) })),
    signaturePages: surface((config) => ({ signature: pathOf(config.hosts.signature) })),
    linkRedirect: surface((config) => ({ link: pathOf(config.hosts.link) })),

    publicDirectory: onRequest(httpOptions, async (req, res) => {
      const config = deps.config();
      const page =
        config.directoryPath === '/d'
          ? directory
          : createDirectoryPage({ path: config.directoryPath });
      const answer = await page(publicRequest(req, config.appOrigin), {
        db: deps.db(),
        cardHost: config.hosts.card,
      });
      sendAnswer(res, answer);
    }),

    sitemap: onRequest(httpOptions, async (req, res) => {
      const config = deps.config();
      const answer = await sitemapPage(publicRequest(req, config.appOrigin), {
        db: deps.db(),
        cardHost: config.hosts.card,
      });
      sendAnswer(res, answer);
    }),

    acceptInvite: onCall({ region: REGION }, async (request) => {
      try {
        return await acceptInviteOn(
          deps.db(),
          callerAuth(request),
          request.data,
          deps.config().appOrigin,
        );
      } catch (err) {
        throw httpsError(err);
      }
    }),

    planSync: onDocumentWritten(
      { document: SUBSCRIPTION_DOCUMENT, region: REGION },
      async (event) => {
        await syncPlanOnSubscriptionWrite(deps.db(), {
          uid: event.params.uid,
          subscriptionId: event.params.subscriptionId,
          before: eventData(event.data?.before),
        });
      },
    ),

    countCardsInUse: onDocumentWritten(
      { document: CARD_DOCUMENT, region: REGION },
      async (event) => {
        await recountCardsInUse(
          deps.db(),
          eventData(event.data?.before),
          eventData(event.data?.after),
        );
      },
    ),

    sendInviteMail: onDocumentWritten(
      { document: INVITE_DOCUMENT, region: REGION },
      async (event) => {
        const { accountId, email } = event.params;
        await queueInviteMail(
          deps.db(),
          {
            path: `accounts/${accountId}/invites/${email}`,
            before: eventData(event.data?.before),
            after: eventData(event.data?.after),
          },
          deps.config().appOrigin,
        );
      },
    ),

    welcomeMail: onDocumentCreated(
      { document: ACCOUNT_DOCUMENT, region: REGION },
      async (event) => {
        await queueWelcomeMail(
          deps.db(),
          {
            path: `accounts/${event.params.accountId}`,
            before: null,
            after: eventData(event.data),
          },
          deps.config().appOrigin,
        );
      },
    ),

    billingMail: onDocumentWritten(
      { document: SUBSCRIPTION_DOCUMENT, region: REGION },
      async (event) => {
        await queueSubscriptionMail(
          deps.db(),
          {
            path: `users/${event.params.uid}/subscriptions/${event.params.subscriptionId}`,
            before: eventData(event.data?.before),
            after: eventData(event.data?.after),
          },
          deps.config().appOrigin,
        );
      },
    ),

    routeLeadToWebhooks: onDocumentCreated(
      { document: LEAD_ENTRY_DOCUMENT, region: REGION, timeoutSeconds: 120 },
      async (event) => {
        await routeNewLead(leadRouting(), {
          path: `analytics/${event.params.cardId}/entries/${event.params.entryId}`,
          before: null,
          after: eventData(event.data),
        });
      },
    ),

    retryLeadWebhooks: onSchedule(
      { schedule: 'every 5 minutes', region: REGION, timeoutSeconds: 540 },
      async () => {
        await sweepDueDeliveries(leadRouting());
      },
    ),

    leadWebhooks: onCall({ region: REGION, timeoutSeconds: 60 }, async (request) => {
      try {
        return await manageLeadWebhooks(leadRouting(), callerAuth(request), request.data);
      } catch (err) {
        throw httpsError(err);
      }
    }),

    // A run works at most RUN_BUDGET_MS (7 min) and then queues the job again, which fires this
    // function once more: each invocation stays inside the 9-minute limit however large the job.
    runJobs: onDocumentWritten(
      { document: JOB_DOCUMENT, region: REGION, timeoutSeconds: 540, memory: '512MiB' },
      async (event) => {
        await runJobOnWrite(deps.db(), {
          path: `accounts/${event.params.accountId}/jobs/${event.params.jobId}`,
          before: eventData(event.data?.before),
          after: eventData(event.data?.after),
        });
      },
    ),

    // A run killed by the platform (instance stopped, deploy) leaves its job running; its lease
    // expires and this queues it again, which fires runJobs from the job's cursor.
    sweepJobs: onSchedule(
      { schedule: 'every 5 minutes', region: REGION, timeoutSeconds: 300 },
      async () => {
        await requeueExpiredJobs(deps.db());
      },
    ),

    // Cards stored without the search field, 5,000 a run from a stored cursor; a finished pass
    // rests a day (src/server/jobs/backfill-name-lower.ts).
    backfillNameLower: onSchedule(
      { schedule: 'every 15 minutes', region: REGION, timeoutSeconds: 300 },
      async () => {
        await backfillNameLowerStep(deps.db());
      },
    ),
  };
}
