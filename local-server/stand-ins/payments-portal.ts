/**
 * The local stand-in for the billing side of the Stripe payments extension: the createPortalLink
 * callable, and a local billing portal that behaves as Stripe's (cancel at period end after a
 * confirmation, Resume before the end, "Update plan", the `flow_data` flows). Opening it first
 * advances the user's subscriptions to now (`payments-clock.ts`).
 */
import { randomBytes } from 'node:crypto';
import type { DocData } from '@/backend/port';
import { BackendError } from 'firestore-engine/errors';
import { DocumentRef } from 'firestore-engine/value-types';
import { escapeHtml } from '@/domain/html';
import { isTerminalSubscriptionStatus } from '@/domain/plan-sync';
import { resumedSubscription } from '@/domain/resume-subscription';
import type { SubscriptionPayments } from '@/services/resume-subscription';
import { callableRoute } from '../callable';
import type { RouteHandler, ServerContext } from 'firestore-local/types';
import { advanceSubscriptions } from './payments-clock';
import {
  changeablePrices,
  currentPriceId,
  planChangeFlowFrom,
  subscriptionAfterPlanChange,
  type PlanChangeFlow,
} from './payments-plan-change';
import {
  PORTAL_BANNER,
  asDate,
  findPrice,
  formBody,
  formatDate,
  formatPrice,
  isWebUrl,
  page,
  redirect,
  sendHtml,
  str,
} from './payments-shared';

export const PORTAL_SESSIONS = 'portal_sessions';
const PORTAL_SESSION_MS = 60 * 60 * 1000;
const PORTAL_URL = /^\/__\/portal\/([^/]+)$/;

// ---- Resume from the app (the resumeSubscription callable's payment side) ----------------------------

/**
 * What Stripe and the extension do on a resume, as the portal's Resume does it: the scheduled
 * cancellation is dropped from the stored subscription. `resumeSubscription` has already decided
 * that it may be; the check here only keeps the write off a document that is gone.
 */
export function standInSubscriptionPayments(ctx: ServerContext): SubscriptionPayments {
  return {
    resume({ uid, id }) {
      const path = `users/${uid}/subscriptions/${id}`;
      const current = ctx.db.get(path).data;
      if (current) ctx.db.set(path, resumedSubscription(current));
      return Promise.resolve();
    },
  };
}

// ---- The createPortalLink callable ------------------------------------------------------------------

/** `ext-firestore-stripe-payments-createPortalLink`: `{ returnUrl, locale }` → a portal session. */
export const createPortalLinkCallable: RouteHandler = callableRoute(
  'ext-firestore-stripe-payments-createPortalLink',
  (data, auth, ctx) => {
    if (!auth) {
      return Promise.reject(
        new BackendError('unauthenticated', 'The function must be called while authenticated.'),
      );
    }
    const input = (typeof data === 'object' && data !== null ? data : {}) as {
      returnUrl?: unknown;
      locale?: unknown;
      flow_data?: unknown;
    };
    if (!isWebUrl(input.returnUrl)) {
      return Promise.reject(
        new BackendError('invalid-argument', 'returnUrl must be an http(s) URL.'),
      );
    }
    advanceSubscriptions(ctx.db, new Date(), auth.uid);
    // A plan change opens on its own step (Stripe's portal flows); a bad one is refused as Stripe
    // refuses it, so the app shows the error rather than a portal that cannot do what was asked.
    let flow: PlanChangeFlow | null = null;
    let afterFlowUrl: string | null = null;
    if (input.flow_data !== undefined && input.flow_data !== null) {
      const read = planChangeFlowFrom(ctx.db, auth.uid, input.flow_data);
      if ('error' in read) return Promise.reject(new BackendError('invalid-argument', read.error));
      flow = read.flow;
      const after = (input.flow_data as { after_completion?: unknown }).after_completion as
        { type?: unknown; redirect?: { return_url?: unknown } } | undefined;
      if (after?.type === 'redirect' && isWebUrl(after.redirect?.return_url)) {
        afterFlowUrl = after.redirect.return_url;
      }
    }
    const id = `bps_${randomBytes(12).toString('hex')}`;
    const created = new Date();
    ctx.db.set(`${PORTAL_SESSIONS}/${id}`, {
      uid: auth.uid,
      returnUrl: input.returnUrl,
      created,
      expiresAt: new Date(created.getTime() + PORTAL_SESSION_MS),
      flow,
      afterFlowUrl,
    });
    const portalUrl = `${ctx.publicOrigin}/__/portal/${encodeURIComponent(auth.uid)}?session=${id}&return=${encodeURIComponent(input.returnUrl)}`;
    return Promise.resolve({
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_local',
      created: Math.floor(created.getTime() / 1000),
      customer: `cus_local_${auth.uid}`,
      livemode: false,
      locale: typeof input.locale === 'string' ? input.locale : 'auto',
      on_behalf_of: null,
      return_url: input.returnUrl,
      url: portalUrl,
    });
  },
);

// ---- The local billing portal -----------------------------------------------------------------------

interface PortalSession {
  returnUrl: string;
  /** The flow the link was made for, until it is completed. */
  flow: PlanChangeFlow | null;
  /** Where the flow goes when done (`after_completion.redirect.return_url`), else the portal. */
  afterFlowUrl: string | null;
}

// A portal link carries a server-only session token (one hour), so knowing a user id is not enough
// to cancel their subscription; its return URL is the one given to the callable.
function portalSession(ctx: ServerContext, uid: string, id: string | null): PortalSession | null {
  if (!id || !/^bps_[0-9a-f]+$/.test(id)) return null;
  const data = ctx.db.get(`${PORTAL_SESSIONS}/${id}`).data;
  if (!data || data.uid !== uid || !isWebUrl(data.returnUrl)) return null;
  const expires = data.expiresAt instanceof Date ? data.expiresAt.getTime() : 0;
  if (expires < Date.now()) return null;
  const flow = (data.flow ?? null) as PlanChangeFlow | null;
  return {
    returnUrl: data.returnUrl,
    flow: data.flowDone === true ? null : flow,
    afterFlowUrl: isWebUrl(data.afterFlowUrl) ? data.afterFlowUrl : null,
  };
}

/** Stripe's "Update plan" step: the prices the subscription can move to. */
function choosePlanPage(
  ctx: ServerContext,
  self: string,
  subId: string,
  current: DocData,
  cancelHref: string,
): string {
  const onPrice = currentPriceId(current);
  const options = changeablePrices(ctx.db)
    .map((found) => {
      const name = str(found.product.name, found.productId);
      const isCurrent = found.priceId === onPrice;
      return `<li><div class="row"><div><h2>${escapeHtml(name)}</h2><span class="muted">${escapeHtml(formatPrice(found.price))}</span></div>${
        isCurrent
          ? '<span class="badge on">Current plan</span>'
          : `<form method="post" action="${escapeHtml(self)}"><input type="hidden" name="subscription" value="${escapeHtml(subId)}"><input type="hidden" name="price" value="${escapeHtml(found.priceId)}"><input type="hidden" name="action" value="confirm-update"><button type="submit" class="primary" aria-label="${escapeHtml(`Select ${name}, ${formatPrice(found.price)}`)}">Select</button></form>`
      }</div></li>`;
    })
    .join('');
  return page(
    'Update plan',
    `<div class="card">
<h1>Update your plan</h1>
<p class="muted">Your subscription moves to the plan you select; the change is prorated.</p>
<ul class="subs">${options}</ul>
<div class="actions"><a class="button secondary" href="${escapeHtml(cancelHref)}">Go back</a></div>
</div>`,
    PORTAL_BANNER,
  );
}

/** Stripe's confirmation step: the new price, what ends (a trial) and what is charged today. */
function confirmUpdatePage(
  ctx: ServerContext,
  self: string,
  subId: string,
  current: DocData,
  priceId: string,
  cancelHref: string,
): string | null {
  const found = findPrice(ctx.db, priceId);
  if (!found || currentPriceId(current) === priceId) return null;
  const change = subscriptionAfterPlanChange(current, found, new Date());
  const name = str(found.product.name, found.productId);
  const from = subscriptionName(ctx, current).name;
  const lines = (change.invoice.lines as { data: Array<{ description: string; amount: number }> })
    .data;
  const money = (minor: number) =>
    formatPrice({ unit_amount: minor, currency: change.invoice.currency, type: 'one_time' });
  return page(
    'Confirm your new plan',
    `<div class="card">
<h1>Confirm your new plan</h1>
<p class="muted">From ${escapeHtml(from)} to <strong>${escapeHtml(name)}</strong>, ${escapeHtml(formatPrice(found.price))}.</p>
${current.status === 'trialing' ? '<p class="note">Your free trial ends today: the new plan is paid from now on.</p>' : ''}
<dl>${lines.map((line) => `<dt>${escapeHtml(line.description)}</dt><dd>${escapeHtml(money(line.amount))}</dd>`).join('')}
<dt><strong>Due today</strong></dt><dd><strong>${escapeHtml(money(Number(change.invoice.amount_due)))}</strong></dd></dl>
<div class="actions">
<form method="post" action="${escapeHtml(self)}"><input type="hidden" name="subscription" value="${escapeHtml(subId)}"><input type="hidden" name="price" value="${escapeHtml(priceId)}"><input type="hidden" name="action" value="update"><button type="submit" class="primary" aria-label="${escapeHtml(`Confirm: move to ${name}`)}">Confirm</button></form>
<a class="button secondary" href="${escapeHtml(cancelHref)}">Go back</a>
</div>
</div>`,
    PORTAL_BANNER,
  );
}

function isTerminal(data: DocData): boolean {
  return isTerminalSubscriptionStatus(str(data.status));
}

function statusBadge(status: string, ending: boolean): string {
  const tone = ending
    ? 'warn'
    : status === 'active' || status === 'trialing'
      ? 'on'
      : status === 'canceled'
        ? 'off'
        : 'warn';
  const label = ending ? 'Ending' : status.replace(/_/g, ' ');
  return `<span class="badge ${tone}">${escapeHtml(label.charAt(0).toUpperCase() + label.slice(1))}</span>`;
}

function productIdOf(value: unknown): string {
  const text = value instanceof DocumentRef ? value.path : str(value);
  return text.startsWith('products/') ? (text.split('/')[1] ?? '') : text;
}

function subscriptionName(
  ctx: ServerContext,
  data: DocData,
): {
  name: string;
  price: DocData | null;
} {
  const productId = productIdOf(data.product);
  const product = productId ? ctx.db.get(`products/${productId}`).data : null;
  const pricePath = data.price instanceof DocumentRef ? data.price.path : str(data.price);
  const price = pricePath.split('/').length === 4 ? (ctx.db.get(pricePath).data ?? null) : null;
  return { name: str(product?.name, productId || 'Subscription'), price };
}

/** The form of one portal action on one subscription. */
function actionForm(
  self: string,
  subId: string,
  action: string,
  label: string,
  tone: string,
  accessibleName: string,
): string {
  return `<form method="post" action="${escapeHtml(self)}"><input type="hidden" name="subscription" value="${escapeHtml(subId)}"><input type="hidden" name="action" value="${escapeHtml(action)}"><button type="submit" class="${tone}" aria-label="${escapeHtml(accessibleName)}">${escapeHtml(label)}</button></form>`;
}

/** Stripe's portal asks before cancelling and says until when the plan stays. */
function confirmCancelPage(self: string, subId: string, name: string, data: DocData): string {
  const end = formatDate(data.current_period_end);
  return page(
    'Cancel subscription',
    `<div class="card">
<h1>Cancel your ${escapeHtml(name)} subscription?</h1>
<p class="muted">Your subscription stays active until the end of the current period, <strong>${escapeHtml(end)}</strong>. After that it ends and nothing more is charged. You can resume it until then.</p>
<div class="actions">
${actionForm(self, subId, 'cancel', 'Cancel at period end', 'danger', `Confirm: cancel ${name} at period end`)}
<a class="button secondary" href="${escapeHtml(self)}">Keep subscription</a>
</div>
</div>`,
    PORTAL_BANNER,
  );
}

/**
 * GET lists the user's subscriptions; POST `action=confirm-cancel|cancel|resume&subscription={id}`
 * asks to confirm a cancellation, cancels at period end, or resumes before the end.
 */
export const portalPage: RouteHandler = async (req, res, url, ctx) => {
  const match = PORTAL_URL.exec(url.pathname);
  if (!match?.[1]) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return false;
  const uid = decodeURIComponent(match[1]);
  const sessionId = url.searchParams.get('session');
  const session = portalSession(ctx, uid, sessionId);
  if (!session || !sessionId) {
    sendHtml(
      res,
      403,
      page(
        'Billing portal',
        '<div class="card"><h1>This portal link has expired</h1><p class="muted">Open “Manage billing” in the app again to get a new link.</p></div>',
        PORTAL_BANNER,
      ),
    );
    return true;
  }
  const self = `/__/portal/${encodeURIComponent(uid)}?session=${encodeURIComponent(sessionId)}&return=${encodeURIComponent(session.returnUrl)}`;
  advanceSubscriptions(ctx.db, new Date(), uid);

  if (req.method === 'POST') {
    const form = await formBody(req);
    const subId = form.get('subscription') ?? '';
    const action = form.get('action');
    const path = `users/${uid}/subscriptions/${subId}`;
    const current = /^[^/]+$/.test(subId) ? ctx.db.get(path).data : null;
    const live = current !== null && current !== undefined && !isTerminal(current);
    const priceId = form.get('price') ?? '';
    // Going back from a flow's step leaves the flow: the app, as Stripe's flows do.
    const back = session.flow ? session.returnUrl : self;
    if (live && action === 'choose-plan') {
      sendHtml(res, 200, choosePlanPage(ctx, self, subId, current, back));
      return true;
    }
    if (live && action === 'confirm-update') {
      const html = confirmUpdatePage(ctx, self, subId, current, priceId, back);
      if (html) {
        sendHtml(res, 200, html);
        return true;
      }
    }
    if (live && action === 'update') {
      const found = findPrice(ctx.db, priceId);
      if (found && currentPriceId(current) !== priceId) {
        const change = subscriptionAfterPlanChange(current, found, new Date());
        ctx.db.set(path, change.subscription);
        ctx.db.add(`${path}/invoices`, change.invoice);
      }
      if (session.flow) {
        ctx.db.set(`${PORTAL_SESSIONS}/${sessionId}`, { flowDone: true }, { merge: true });
        redirect(res, session.afterFlowUrl ?? self);
        return true;
      }
      redirect(res, self);
      return true;
    }
    if (live && action === 'confirm-cancel' && current.cancel_at_period_end !== true) {
      sendHtml(
        res,
        200,
        confirmCancelPage(self, subId, subscriptionName(ctx, current).name, current),
      );
      return true;
    }
    // The extension rewrites the whole subscription document on every change.
    if (live && action === 'cancel' && current.cancel_at_period_end !== true) {
      ctx.db.set(path, {
        ...current,
        cancel_at_period_end: true,
        cancel_at: asDate(current.current_period_end),
        canceled_at: new Date(),
      });
    } else if (live && action === 'resume' && current.cancel_at_period_end === true) {
      ctx.db.set(path, resumedSubscription(current));
    }
    redirect(res, self);
    return true;
  }

  // A link made for a plan change opens on that step.
  if (session.flow) {
    const flowSub = ctx.db.get(`users/${uid}/subscriptions/${session.flow.subscription}`).data;
    if (flowSub && !isTerminal(flowSub)) {
      const html =
        session.flow.type === 'subscription_update_confirm'
          ? confirmUpdatePage(
              ctx,
              self,
              session.flow.subscription,
              flowSub,
              session.flow.price,
              session.returnUrl,
            )
          : choosePlanPage(ctx, self, session.flow.subscription, flowSub, session.returnUrl);
      if (html) {
        sendHtml(res, 200, html);
        return true;
      }
    }
  }

  const subs = ctx.db.query({ collection: `users/${uid}/subscriptions` });
  subs.sort((a, b) => {
    const ta = a.data.created instanceof Date ? a.data.created.getTime() : 0;
    const tb = b.data.created instanceof Date ? b.data.created.getTime() : 0;
    return tb - ta;
  });
  const items = subs
    .map((sub) => {
      const { name, price } = subscriptionName(ctx, sub.data);
      const status = str(sub.data.status, 'incomplete');
      const ended = isTerminal(sub.data);
      const ending = !ended && sub.data.cancel_at_period_end === true;
      let facts: string;
      let action = '';
      if (ended) {
        facts = `<dt>Ended</dt><dd>${escapeHtml(formatDate(sub.data.ended_at ?? sub.data.canceled_at))}</dd>`;
      } else if (ending) {
        facts = `<dt>Ends</dt><dd>${escapeHtml(formatDate(sub.data.cancel_at ?? sub.data.current_period_end))}</dd>`;
        action = actionForm(self, sub.id, 'resume', 'Resume', 'primary', `Resume: ${name}`);
      } else {
        facts = `${status === 'trialing' ? `<dt>Trial ends</dt><dd>${escapeHtml(formatDate(sub.data.trial_end))}</dd>` : ''}<dt>Renews</dt><dd>${escapeHtml(formatDate(sub.data.current_period_end))}</dd>`;
        action =
          actionForm(
            self,
            sub.id,
            'choose-plan',
            'Update plan',
            'secondary',
            `Update plan: ${name}`,
          ) +
          actionForm(
            self,
            sub.id,
            'confirm-cancel',
            'Cancel subscription',
            'danger',
            `Cancel subscription: ${name}`,
          );
      }
      return `<li><div class="row"><div><h2>${escapeHtml(name)}</h2>${price ? `<span class="muted">${escapeHtml(formatPrice(price))}</span>` : ''}</div>${statusBadge(status, ending)}</div>
<dl>
<dt>Started</dt><dd>${escapeHtml(formatDate(sub.data.created))}</dd>
${facts}
</dl>
${action ? `<div class="actions">${action}</div>` : ''}</li>`;
    })
    .join('');
  const body = `<div class="card">
<h1>Billing portal</h1>
<p class="muted">Manage your subscriptions. In production this is Stripe's customer portal.</p>
${subs.length > 0 ? `<ul class="subs">${items}</ul>` : '<p class="note">You have no subscriptions yet.</p>'}
<div class="actions"><a class="button secondary" href="${escapeHtml(session.returnUrl)}">Return to app</a></div>
</div>`;
  sendHtml(res, 200, page('Billing portal', body, PORTAL_BANNER));
  return true;
};
