/**
 * The local host of lead routing: the hosted table's webhook trigger, callable and retry schedule
 * with a clock, sender and address policy of their own, for tests that receive leads on loopback
 * (only `http://127.0.0.1`/`localhost` is let through; every other private address is refused).
 * Sends run beside the commit pipeline, so a receiver taking its 10 seconds holds up no other
 * trigger; `idle()` waits for the sends in flight.
 */
import type { WebhookUrlPolicy } from '@/domain/lead-webhooks';
import { HOSTED_SCHEDULES } from '@/services/hosted';
import type { PostWebhook } from '@/services/lead-routing/post-webhook';
import {
  createTracker,
  localCallableRoute,
  localContextFor,
  localTrigger,
  startLocalSchedule,
  LOCAL_WEBHOOK_POLICY,
} from '../local-host';
import type { CommitTrigger, RouteHandler, ServerContext } from 'firestore-local/types';

export { LOCAL_WEBHOOK_POLICY };

export interface LocalLeadRoutingOptions {
  /** The clock (tests move it to make retries due). */
  readonly now?: () => Date;
  readonly post?: PostWebhook;
  readonly policy?: WebhookUrlPolicy;
}

export interface LocalLeadRouting {
  readonly trigger: CommitTrigger;
  readonly route: RouteHandler;
  /** Sends the due retries once. */
  sweep(ctx: ServerContext): Promise<number>;
  /** Sweeps every `intervalMs` until the returned function is called. */
  startSweeping(ctx: ServerContext, intervalMs?: number): () => void;
  /** Resolves when the sends started so far have finished. */
  idle(): Promise<void>;
}

export function createLocalLeadRouting(options: LocalLeadRoutingOptions = {}): LocalLeadRouting {
  const context = localContextFor({
    ...(options.now ? { now: options.now } : {}),
    leadRouting: {
      ...(options.post ? { post: options.post } : {}),
      ...(options.policy ? { policy: options.policy } : {}),
    },
  });
  const tracker = createTracker();
  return {
    trigger: localTrigger('routeLeadToWebhooks', { context, tracker }),
    route: localCallableRoute('leadWebhooks', context),
    sweep: (ctx) => tracker.track(HOSTED_SCHEDULES.retryLeadWebhooks.run(context(ctx))),
    startSweeping: (ctx, intervalMs) =>
      startLocalSchedule('retryLeadWebhooks', ctx, {
        context,
        tracker,
        ...(intervalMs !== undefined ? { everyMs: intervalMs } : {}),
      }),
    idle: () => tracker.idle(),
  };
}
