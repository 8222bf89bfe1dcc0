/**
 * Every Cloud Function of the product, built from the table of what the server hosts
 * (`src/services/hosted.ts`), which the local server reads too: wiring only, no behaviour of its
 * own. A factory, so tests build the functions over a database of their own; `index.ts` builds
 * them for real. Each runs with the sizes its table entry chooses; triggers run in TRIGGER_REGION,
 * beside the database, everything else in REGION, where the client and Hosting call it.
 */
import { onDocumentCreated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import type { CloudEvent, CloudFunction } from 'firebase-functions/v2';
import { onSchedule, type ScheduleFunction } from 'firebase-functions/v2/scheduler';
import {
  HttpsError,
  onCall,
  onRequest,
  type CallableRequest,
  type FunctionsErrorCode,
  type HttpsFunction,
} from 'firebase-functions/v2/https';
import { fromAdmin } from '@/backend/admin/admin-server-db';
import { withPendingCounts } from '@/services/public-surfaces/pending-counts';
import { BackendError } from 'firestore-engine/errors';
import type { DocData } from '@/backend/port';
import type { CallerAuth, ServerDb } from '@/backend/server-port';
import {
  HOSTED_CALLABLES,
  HOSTED_PUBLIC_ROUTES,
  HOSTED_SCHEDULES,
  HOSTED_TRIGGERS,
  TRIGGER_RETRY,
  type CallableName,
  type FunctionOptions,
  type HostContext,
  type HostedName,
  type HostedCallable,
  type HostedSchedule,
  type HostedTrigger,
  type PublicRouteName,
  type ScheduleName,
  type TriggerEvent,
  type TriggerName,
} from '@/services/hosted';
import type { LeadRoutingDeps } from '@/services/lead-routing/lead-routing';
import { createPostWebhook } from '@/services/lead-routing/post-webhook';
import { createApnsSender, type ApnsSender } from '@/services/wallet/apns';
import { handleScim } from '@/services/scim/scim-handler';
import { sitemapPage } from '@/services/sitemap';
import { createPhotoLoader } from '@/services/public-surfaces/photo-loader';
import type {
  PublicSurfacesConfig,
  PublicSurfacesHandler,
} from '@/services/public-surfaces/public-surfaces-handler';
import type { SecretParam } from 'firebase-functions/params';
import type { SubscriptionPayments } from '@/services/resume-subscription';
import {
  apnsSecrets,
  pathOf,
  REGION,
  STRIPE_SUBSCRIPTIONS_KEY,
  TRIGGER_REGION,
  walletSecrets,
  type FunctionsConfig,
} from './config';
import { stripePayments } from './stripe-payments';
import { publicRequest, sendAnswer } from './http-adapter';

export interface FunctionsDeps {
  /** The database (created on first use: deploy-time discovery loads this module without one). */
  readonly db: () => ServerDb;
  readonly config: () => FunctionsConfig;
  /** The clock of the handlers (tests); default the real one. */
  readonly now?: () => Date;
  /** Overrides of lead routing's clock and sender (tests). */
  readonly leadRouting?: Partial<Omit<LeadRoutingDeps, 'db'>>;
  /** The payment provider (tests); default Stripe's API with the bound key. */
  readonly payments?: SubscriptionPayments;
}

/** A module imported once, on first use; a failed import is tried again by the next use. */
function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}

/** The secrets a callable reads, bound to it alone. */
const CALLABLE_SECRETS: Partial<Record<CallableName, SecretParam[]>> = {
  resumeSubscription: [STRIPE_SUBSCRIPTIONS_KEY],
};

/** The secrets a trigger reads, bound to it alone (read when the functions are defined). */
const TRIGGER_SECRETS: Partial<Record<TriggerName, () => SecretParam[]>> = {
  updateWalletPasses: () => apnsSecrets(),
};

/**
 * The modules only some functions import (each its own chunk of the bundle): every function is
 * its own Cloud Run service and what an instance loads is its cold start, so the card and
 * signature pages' render, wallet signing and the directory page load only where they run.
 */
const LAZY = {
  surfaces: onDemand(() => import('@/services/public-surfaces/public-surfaces-handler')),
  directory: onDemand(() => import('@/services/directory/directory-page')),
};

/** Which functions need which of them. */
const LAZY_BY_FUNCTION: Partial<Record<HostedName, () => Promise<unknown>>> = {
  cardPages: LAZY.surfaces,
  signaturePages: LAZY.surfaces,
  linkRedirect: LAZY.surfaces,
  publicDirectory: LAZY.directory,
};

/**
 * Loads the on-demand modules of the function `name` (the instance's `FUNCTION_TARGET`; none for
 * the other functions, or when no function is named, as in the Firebase CLI's discovery). Never
 * fails: a module that does not load fails the function's first call instead, which tries again.
 */
export async function preloadFunction(name: string | undefined): Promise<void> {
  const load = name === undefined ? undefined : LAZY_BY_FUNCTION[name as HostedName];
  if (!load) return;
  try {
    await load();
  } catch (err) {
    console.error(`[functions] ${name}: loading its modules failed`, err);
  }
}

/** The table's choice of instances, memory, CPU and concurrency, as firebase-functions takes it. */
export function runOptions(options: FunctionOptions) {
  return {
    maxInstances: options.maxInstances,
    memory: options.memory,
    cpu: options.cpu,
    concurrency: options.concurrency,
  };
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

/** The document a pattern names with the event's wildcards filled in. */
function documentPath(pattern: string, params: Readonly<Record<string, string>>): string {
  return pattern.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => params[name] ?? '');
}

/** A change event (written) or a snapshot event (created), as the table's handlers see it. */
type DocumentEventData =
  | { before?: { exists: boolean; data(): unknown }; after?: { exists: boolean; data(): unknown } }
  | { exists: boolean; data(): unknown }
  | undefined;

function triggerEvent(
  trigger: HostedTrigger,
  event: { id: string; params: Record<string, string>; data?: DocumentEventData },
): TriggerEvent {
  const data = event.data;
  const change =
    trigger.on === 'created'
      ? { before: null, after: eventData(data as { exists: boolean; data(): unknown }) }
      : {
          before: eventData((data as { before?: { exists: boolean; data(): unknown } })?.before),
          after: eventData((data as { after?: { exists: boolean; data(): unknown } })?.after),
        };
  return {
    id: event.id,
    params: event.params,
    path: documentPath(trigger.document, event.params),
    ...change,
  };
}

export function createFunctions(deps: FunctionsDeps) {
  /** A public route's options: public HTTPS in REGION, sized by its table entry. */
  const httpOptions = (name: PublicRouteName) => ({
    region: REGION,
    invoker: 'public' as const,
    ...runOptions(HOSTED_PUBLIC_ROUTES[name].options),
  });
  const handlers: PublicSurfacesHandler[] = [];
  // Cloud Run gives an instance a few seconds after SIGTERM: the counts it still holds are written.
  process.once('SIGTERM', () => {
    void Promise.all(handlers.map((handler) => handler.flushCounters()));
  });

  /**
   * One HTTPS function serving one public surface at the path its configured host gives it. The
   * root of a host of its own (where "Made with Cardbuilder" points) sends visitors to the app.
   */
  function surface(
    name: PublicRouteName,
    paths: (config: FunctionsConfig) => PublicSurfacesConfig['paths'],
    secrets: ReturnType<typeof walletSecrets> = [],
  ) {
    const handler = onDemand(async () => {
      const { createPublicSurfacesHandler } = await LAZY.surfaces();
      const config = deps.config();
      // A view waits for its count here: an instance gets no CPU once it has answered.
      const created = createPublicSurfacesHandler({
        paths: paths(config),
        counters: { awaitViews: true },
        wallet: config.wallet,
      });
      handlers.push(created);
      return created;
    });
    const options = { ...httpOptions(name), ...(secrets.length > 0 ? { secrets } : {}) };
    return onRequest(options, async (req, res) => {
      const config = deps.config();
      const surfacePaths = paths(config);
      const request = publicRequest(req, config.hosts.card);
      if (request.url.pathname === '/' && Object.values(surfacePaths).includes('')) {
        res
          .status(302)
          .set({ Location: `${config.appOrigin}/`, 'Cache-Control': 'no-store' })
          .send('');
        return;
      }
      const bucket = config.storageBucket;
      const serve = await handler();
      const answer = await serve(request, {
        // A busy card's views wait in pending-count documents, never only in this instance.
        db: withPendingCounts(deps.db()),
        hosts: config.hosts,
        loadPhoto: createPhotoLoader(
          bucket ? [`https://firebasestorage.googleapis.com/v0/b/${bucket}/o/`] : [],
        ),
        appOrigin: config.appOrigin,
      });
      sendAnswer(res, answer);
    });
  }

  // Lead webhooks go to public https addresses only (docs/lead-webhooks.md); the clock and the
  // sender are real here, the tests inject their own through `deps.now` and `deps.leadRouting`.
  const leadPolicy = { allowLoopbackHttp: false };
  const now = deps.now ?? (() => new Date());
  const payments =
    deps.payments ??
    stripePayments({
      apiKey: () => STRIPE_SUBSCRIPTIONS_KEY.value(),
      apiUrl: () => deps.config().stripeApiUrl,
    });
  // One APNs connection per instance, made on the first push (the key is read from its secret then).
  let apnsSender: ApnsSender | null | undefined;
  const walletPush = (): ApnsSender | null => {
    if (apnsSender === undefined) {
      const apns = deps.config().apns;
      apnsSender = apns === null ? null : createApnsSender(apns, now);
    }
    return apnsSender;
  };
  /** What the table's handlers get, built per invocation (the database is made on first use). */
  const context = (): HostContext => ({
    db: deps.db(),
    appOrigin: deps.config().appOrigin,
    now,
    leadRouting: {
      now,
      post: createPostWebhook(leadPolicy),
      policy: leadPolicy,
      ...deps.leadRouting,
    },
    payments,
    walletPush,
  });

  function callable(hosted: HostedCallable, name: string) {
    const timeout = hosted.timeoutSeconds ? { timeoutSeconds: hosted.timeoutSeconds } : {};
    const secrets = CALLABLE_SECRETS[name as CallableName];
    return onCall(
      {
        region: REGION,
        ...timeout,
        ...runOptions(hosted.options),
        ...(secrets ? { secrets } : {}),
      },
      async (request) => {
        try {
          return await hosted.call(context(), callerAuth(request), request.data);
        } catch (err) {
          throw httpsError(err);
        }
      },
    );
  }

  // Firestore delivers events at least once and retries a failed one (TRIGGER_RETRY): every
  // handler of the table is safe to repeat for the same event id (src/services/hosted.ts).
  function trigger(hosted: HostedTrigger, name: string): CloudFunction<CloudEvent<unknown>> {
    const secrets = TRIGGER_SECRETS[name as TriggerName]?.() ?? [];
    const options = {
      ...(secrets.length > 0 ? { secrets } : {}),
      document: hosted.document,
      region: TRIGGER_REGION,
      retry: TRIGGER_RETRY,
      ...(hosted.timeoutSeconds ? { timeoutSeconds: hosted.timeoutSeconds } : {}),
      ...runOptions(hosted.options),
    };
    const handle = async (event: {
      id: string;
      params: Record<string, string>;
      data?: DocumentEventData;
    }) => {
      await hosted.handle(context(), triggerEvent(hosted, event));
    };
    return (
      hosted.on === 'created'
        ? onDocumentCreated(options, handle)
        : onDocumentWritten(options, handle)
    ) as CloudFunction<CloudEvent<unknown>>;
  }

  function schedule(hosted: HostedSchedule): ScheduleFunction {
    return onSchedule(
      {
        schedule: hosted.schedule,
        region: REGION,
        timeoutSeconds: hosted.timeoutSeconds,
        ...runOptions(hosted.options),
      },
      async () => {
        await hosted.run(context());
      },
    );
  }

  const directory = onDemand(async () =>
    (await LAZY.directory()).createDirectoryPage({ path: deps.config().directoryPath }),
  );

  /** Each host serves the public routes its own way; this record must name every one. */
  const publicRoutes: Record<PublicRouteName, HttpsFunction> = {
    // Only the card pages sign wallet passes: the wallet keys' secrets are bound to them alone.
    cardPages: surface(
      'cardPages',
      (config) => ({ card: pathOf(config.hosts.card) }),
      walletSecrets(),
    ),
    signaturePages: surface('signaturePages', (config) => ({
      signature: pathOf(config.hosts.signature),
    })),
    linkRedirect: surface('linkRedirect', (config) => ({ link: pathOf(config.hosts.link) })),

    publicDirectory: onRequest(httpOptions('publicDirectory'), async (req, res) => {
      const config = deps.config();
      const page = await directory();
      const answer = await page(publicRequest(req, config.appOrigin), {
        db: deps.db(),
        cardHost: config.hosts.card,
      });
      sendAnswer(res, answer);
    }),

    sitemap: onRequest(httpOptions('sitemap'), async (req, res) => {
      const config = deps.config();
      const answer = await sitemapPage(publicRequest(req, config.appOrigin), {
        db: deps.db(),
        cardHost: config.hosts.card,
      });
      sendAnswer(res, answer);
    }),

    // Identity providers' provisioning: the token is the credential, checked by the handler.
    scim: onRequest(httpOptions('scim'), async (req, res) => {
      const config = deps.config();
      const answer = await handleScim(publicRequest(req, config.appOrigin), {
        db: deps.db(),
        now,
      });
      sendAnswer(res, answer);
    }),
  };

  return {
    ...publicRoutes,
    ...mapTable(HOSTED_CALLABLES, callable),
    ...mapTable(HOSTED_TRIGGERS, trigger),
    ...mapTable(HOSTED_SCHEDULES, schedule),
  } as Record<PublicRouteName, HttpsFunction> &
    Record<CallableName, ReturnType<typeof callable>> &
    Record<TriggerName, CloudFunction<CloudEvent<unknown>>> &
    Record<ScheduleName, ScheduleFunction>;
}

/** A function of each entry of a table, under the entry's name. */
function mapTable<V, R>(
  table: Record<string, V>,
  build: (value: V, name: string) => R,
): Record<string, R> {
  return Object.fromEntries(
    Object.entries(table).map(([name, value]) => [name, build(value, name)]),
  );
}
