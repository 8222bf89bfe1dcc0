/**
 * The local data server as a host of the table of what the server hosts (`src/services/hosted.ts`),
 * which the Cloud Functions read too: each callable becomes a route, each Firestore trigger a
 * commit trigger, each schedule a timer, plus the public routes. Wiring only: the handlers are the
 * table's. A failing trigger is tried again with the same event id, as production retries it, so
 * the handlers run here as they run there.
 */
import { createApnsSender, type ApnsConfig, type ApnsSender } from '@/services/wallet/apns';
import { randomUUID } from 'node:crypto';
import { serverDbFromSync } from '@/backend/local/sync-server-db';
import type { WebhookUrlPolicy } from '@/domain/lead-webhooks';
import {
  HOSTED_CALLABLES,
  HOSTED_PUBLIC_ROUTES,
  HOSTED_SCHEDULES,
  HOSTED_TRIGGERS,
  documentParams,
  triggerFires,
  type CallableName,
  type HostContext,
  type HostedManifest,
  type HostedSchedule,
  type PublicRouteName,
  type ScheduleName,
  type TriggerName,
} from '@/services/hosted';
import { createPostWebhook, type PostWebhook } from '@/services/lead-routing/post-webhook';
import type { WalletConfig } from '@/services/wallet/wallet-config';
import { callableRoute, callerAuth } from './callable';
import { createPublicSurfaces } from './public-surfaces';
import { scimRoute } from './scim-route';
import { sitemapRoute } from './sitemap-route';
import { standInSubscriptionPayments } from './stand-ins/payments-portal';
import type { CommitTrigger, RouteHandler, ServerContext } from 'firestore-local/types';

/** The local server's webhook address policy: loopback http allowed (docs/lead-webhooks.md). */
export const LOCAL_WEBHOOK_POLICY: WebhookUrlPolicy = { allowLoopbackHttp: true };

/** How many times a failing trigger runs for one event here (production retries for days). */
export const LOCAL_TRIGGER_ATTEMPTS = 3;

export interface LocalContextOptions {
  /** The clock of the handlers (tests move it); default the real one. */
  readonly now?: () => Date;
  /** Lead routing's sender and address policy; default: real sends, loopback allowed. */
  readonly leadRouting?: { readonly post?: PostWebhook; readonly policy?: WebhookUrlPolicy };
  /**
   * Where saved Apple passes' devices are pushed (APNS_* of the environment, `apnsConfig`); none:
   * passes are marked updated without a push.
   */
  readonly apns?: ApnsConfig | null;
}

/** Work started beside the commit pipeline, so that it can be waited for. */
export interface Tracker {
  track<T>(work: Promise<T>): Promise<T>;
  idle(): Promise<void>;
}

export function createTracker(): Tracker {
  const inFlight = new Set<Promise<unknown>>();
  return {
    track(work) {
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work)).catch(() => undefined);
      return work;
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/** The default tracker of the triggers run beside the pipeline (jobs, webhook sends). */
export const besideWork: Tracker = createTracker();

/** Builds the handlers' context over the local server's store (one per call). */
export function localContextFor(
  options: LocalContextOptions = {},
): (ctx: ServerContext) => HostContext {
  const now = options.now ?? (() => new Date());
  const policy = options.leadRouting?.policy ?? LOCAL_WEBHOOK_POLICY;
  const post = options.leadRouting?.post ?? createPostWebhook(policy);
  // One sender (one HTTP/2 connection to APNs) for every event of this host.
  const apns = options.apns ?? null;
  let sender: ApnsSender | null = null;
  const walletPush = () => (apns === null ? null : (sender ??= createApnsSender(apns, now)));
  return (ctx) => ({
    db: serverDbFromSync(ctx.db),
    appOrigin: ctx.publicOrigin,
    now,
    leadRouting: { now, post, policy },
    payments: standInSubscriptionPayments(ctx),
    walletPush,
  });
}

/** The route of the table's callable `name`. */
export function localCallableRoute(
  name: CallableName,
  context: (ctx: ServerContext) => HostContext = localContextFor(),
): RouteHandler {
  const hosted = HOSTED_CALLABLES[name];
  return callableRoute(name, (data, auth, ctx) =>
    hosted.call(context(ctx), callerAuth(auth), data),
  );
}

export interface LocalTriggerOptions {
  readonly context?: (ctx: ServerContext) => HostContext;
  /** Where work beside the pipeline is tracked (default `besideWork`). */
  readonly tracker?: Tracker;
  readonly attempts?: number;
}

/** The commit trigger of the table's trigger `name`. */
export function localTrigger(name: TriggerName, options: LocalTriggerOptions = {}): CommitTrigger {
  const hosted = HOSTED_TRIGGERS[name];
  const context = options.context ?? localContextFor();
  const tracker = options.tracker ?? besideWork;
  const attempts = Math.max(1, options.attempts ?? LOCAL_TRIGGER_ATTEMPTS);
  return (change, ctx) => {
    const params = documentParams(hosted.document, change.path);
    if (params === null || !triggerFires(hosted.on, change.before, change.after)) return;
    const event = { ...change, id: `local-${randomUUID()}`, params };
    const deliver = async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          await hosted.handle(context(ctx), event);
          return;
        } catch (err) {
          if (attempt >= attempts) {
            console.error(`[local-server] ${name} failed on ${change.path}`, err);
            return;
          }
          console.warn(`[local-server] ${name} failed on ${change.path}; trying it again`, err);
        }
      }
    };
    // Jobs and webhook sends run beside the commit pipeline, so a long job or a slow receiver does not
    // hold up the card counts and e-mails of later commits; `idle()` waits for them.
    if (!('localBeside' in hosted && hosted.localBeside)) return deliver();
    void tracker.track(deliver());
  };
}

/** Runs the table's schedule `name` every `localEveryMs` until the returned function is called. */
export function startLocalSchedule(
  name: ScheduleName,
  ctx: ServerContext,
  options: {
    context?: (ctx: ServerContext) => HostContext;
    tracker?: Tracker;
    everyMs?: number;
  } = {},
): () => void {
  const hosted: HostedSchedule = HOSTED_SCHEDULES[name];
  const context = options.context ?? localContextFor();
  const tracker = options.tracker ?? besideWork;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    tracker
      .track(hosted.run(context(ctx)))
      .catch((err: unknown) => console.error(`[local-server] ${name} failed`, err))
      .finally(() => {
        running = false;
      });
  }, options.everyMs ?? hosted.localEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}

export interface LocalHostOptions extends LocalContextOptions {
  /** Wallet pass credentials of the card pages (none: no wallet buttons, 503). */
  readonly wallet?: WalletConfig;
}

export interface LocalHost {
  /** The public routes, then the callables. */
  readonly routes: RouteHandler[];
  readonly triggers: CommitTrigger[];
  /** What this host serves, by kind (compared with the table by the tests). */
  readonly manifest: HostedManifest;
  /** Starts every schedule's timer; returns the function that stops them. */
  startSchedules(ctx: ServerContext): () => void;
  /** Resolves when the work started beside the pipeline has finished. */
  idle(): Promise<void>;
}

/** Everything the table declares, hosted by the local server. */
export function createLocalHost(options: LocalHostOptions = {}): LocalHost {
  const context = localContextFor(options);
  const tracker = besideWork;
  const paths = HOSTED_PUBLIC_ROUTES;
  const surfaces = createPublicSurfaces({
    cardBase: paths.cardPages.localPath,
    signatureBase: paths.signaturePages.localPath,
    linkBase: paths.linkRedirect.localPath,
    directoryPath: paths.publicDirectory.localPath,
    ...(options.wallet ? { wallet: options.wallet } : {}),
  });
  /** The route serving each public route (one handler serves the four surfaces). */
  const publicRoutes: Record<PublicRouteName, RouteHandler> = {
    cardPages: surfaces,
    signaturePages: surfaces,
    linkRedirect: surfaces,
    publicDirectory: surfaces,
    sitemap: sitemapRoute,
    scim: scimRoute(context),
  };
  const callables = (Object.keys(HOSTED_CALLABLES) as CallableName[]).map((name) => ({
    name,
    route: localCallableRoute(name, context),
  }));
  const triggers = (Object.keys(HOSTED_TRIGGERS) as TriggerName[]).map((name) => ({
    name,
    trigger: localTrigger(name, { context, tracker }),
  }));
  const schedules = Object.keys(HOSTED_SCHEDULES) as ScheduleName[];
  return {
    routes: [...new Set(Object.values(publicRoutes)), ...callables.map((c) => c.route)],
    triggers: triggers.map((t) => t.trigger),
    manifest: {
      publicRoutes: Object.keys(publicRoutes),
      callables: callables.map((c) => c.name),
      triggers: triggers.map((t) => t.name),
      schedules,
    },
    startSchedules(ctx) {
      const stops = schedules.map((name) => startLocalSchedule(name, ctx, { context, tracker }));
      return () => {
        for (const stop of stops) stop();
      };
    },
    idle: () => tracker.idle(),
  };
}
