/**
 * The local host of lead routing (`src/server/lead-routing/lead-routing.ts`, also the production
 * `routeLeadToWebhooks`, `retryLeadWebhooks` and `leadWebhooks` Cloud Functions): a commit trigger
 * that sends each new lead to the account's webhooks, a timer that sends the retries that are due,
 * and the `leadWebhooks` callable route. Unlike production, the local server accepts
 * `http://127.0.0.1`/`localhost` webhook addresses, so a developer (and the tests) can receive leads
 * on loopback; every other private address is refused here too (docs/lead-webhooks.md).
 *
 * Sending runs beside the commit pipeline, not in it: a receiver that takes its 10 seconds must not
 * hold up the other triggers. `idle()` waits for the sends in flight (tests).
 */
import { serverDbFromSync } from '@/backend/local/sync-server-db';
import type { WebhookUrlPolicy } from '@/domain/lead-webhooks';
import {
  LEAD_WEBHOOKS_CALLABLE,
  manageLeadWebhooks,
  routeNewLead,
  sweepDueDeliveries,
  type LeadRoutingDeps,
} from '@/server/lead-routing/lead-routing';
import { createPostWebhook, type PostWebhook } from '@/server/lead-routing/post-webhook';
import { callableRoute, callerAuth } from '../callable';
import type { CommitTrigger, RouteHandler, ServerContext } from '../types';

/** The local server's address policy: loopback http allowed (see the module comment). */
export const LOCAL_WEBHOOK_POLICY: WebhookUrlPolicy = { allowLoopbackHttp: true };

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
  const policy = options.policy ?? LOCAL_WEBHOOK_POLICY;
  const post = options.post ?? createPostWebhook(policy);
  const now = options.now ?? (() => new Date());
  const inFlight = new Set<Promise<unknown>>();
  const deps = (ctx: ServerContext): LeadRoutingDeps => ({
    db: serverDbFromSync(ctx.db),
    now,
    post,
    policy,
  });
  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  };

  return {
    trigger(change, ctx) {
      if (change.before !== null || change.after === null) return;
      if (!change.path.startsWith('analytics/') || !change.path.includes('/entries/')) return;
      track(
        routeNewLead(deps(ctx), change).catch((err: unknown) => {
          // The error names the lead, never a secret (the sender's errors carry none).
          console.error(`[lead-webhooks] routing ${change.path} failed`, err);
        }),
      );
    },
    route: callableRoute(LEAD_WEBHOOKS_CALLABLE, (data, auth, ctx) =>
      track(manageLeadWebhooks(deps(ctx), callerAuth(auth), data)),
    ),
    sweep: (ctx) => track(sweepDueDeliveries(deps(ctx))),
    startSweeping(ctx, intervalMs = 30_000) {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        track(sweepDueDeliveries(deps(ctx)))
          .catch((err: unknown) => console.error('[lead-webhooks] sweep failed', err))
          .finally(() => {
            running = false;
          });
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
