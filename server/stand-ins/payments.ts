/**
 * The local stand-in for the Stripe payments extension (firestore-stripe-payments 0.3.x), writing the
 * documents the extension writes so the app's code is the same on both backends:
 * - `checkoutSessionTrigger`: a new `users/{uid}/checkout_sessions/{id}` gets `{ client, mode,
 *   sessionId, url, created }` merged in, or `{ error: { message } }` for an unknown or inactive price;
 * - `checkoutPage`: the session's `url`, a local checkout page ("Local test checkout — no real
 *   payment"); paying writes `users/{uid}/subscriptions/{subId}` the way the extension does and
 *   redirects to the session's success_url, cancelling redirects to its cancel_url;
 * - `createPortalLinkCallable`: the `ext-firestore-stripe-payments-createPortalLink` callable;
 * - `portalPage`: the local billing portal: cancel or resume subscriptions, return to the app.
 *
 * Choices: a subscription's `product`, `price` and `prices[]` are document references, as the
 * extension writes them (`DocumentRef` of src/backend/value-types.ts), so every reader of
 * subscriptions meets here what it meets in production. The checkout session id is
 * `cs_test_{checkout document id}` and the subscription id `sub_{checkout document id}`, so paying
 * twice for one session writes one subscription. A portal link carries a server-only
 * `portal_sessions/{id}` token (1 hour) so that knowing a user id is not enough to cancel their
 * subscription, and its return URL is the one given to the callable. Dev-only pages: no real
 * payment happens.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DocData } from '../../src/backend/port';
import { BackendError } from '../../src/backend/errors';
import { DocumentRef } from '../../src/backend/value-types';
import { escapeHtml } from '../../src/domain/html';
import { callableRoute } from '../callable';
import { readBody } from '../http-util';
import type { AdminDb, CommitTrigger, RouteHandler, ServerContext } from '../types';

export const PORTAL_SESSIONS = 'portal_sessions';
const PORTAL_SESSION_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const SESSION_PATH = /^users\/([^/]+)\/checkout_sessions\/([^/]+)$/;
const CHECKOUT_URL = /^\/__\/checkout\/([^/]+)\/(cs_test_[^/]+)$/;
const PORTAL_URL = /^\/__\/portal\/([^/]+)$/;

// ---- Lookups ----------------------------------------------------------------------------------------

interface FoundPrice {
  productId: string;
  priceId: string;
  product: DocData;
  price: DocData;
}

/** Finds a price by id under any product (prices live at `products/{id}/prices/{priceId}`). */
function findPrice(db: AdminDb, priceId: string): FoundPrice | null {
  if (priceId === '' || priceId.includes('/')) return null;
  for (const product of db.query({ collection: 'products' })) {
    const price = db.get(`products/${product.id}/prices/${priceId}`);
    if (price.exists && price.data) {
      return { productId: product.id, priceId, product: product.data, price: price.data };
    }
  }
  return null;
}

function isWebUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function stringMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (typeof item === 'string') out[key] = item;
  }
  return out;
}

function addInterval(from: Date, interval: string, count: number): Date {
  const date = new Date(from.getTime());
  const n = Number.isFinite(count) && count > 0 ? count : 1;
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + n);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * n);
  else if (interval === 'day') date.setUTCDate(date.getUTCDate() + n);
  else date.setUTCMonth(date.getUTCMonth() + n);
  return date;
}

function priceInterval(price: DocData): { interval: string; count: number } {
  const recurring = (price.recurring ?? {}) as { interval?: unknown; interval_count?: unknown };
  return {
    interval: str(price.interval, str(recurring.interval, 'month')),
    count: Number(price.interval_count ?? recurring.interval_count ?? 1),
  };
}

function trialDays(price: DocData): number {
  const days = Number(price.trial_period_days);
  return Number.isFinite(days) && days > 0 ? Math.floor(days) : 0;
}

/** "$29.00 / month" */
function formatPrice(price: DocData): string {
  const amount = Number(price.unit_amount ?? 0) / 100;
  let money: string;
  try {
    money = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: str(price.currency, 'usd').toUpperCase(),
    }).format(amount);
  } catch {
    money = `${amount.toFixed(2)} ${str(price.currency).toUpperCase()}`;
  }
  if (price.type !== 'recurring') return money;
  const { interval, count } = priceInterval(price);
  return count > 1 ? `${money} every ${count} ${interval}s` : `${money} / ${interval}`;
}

function formatDate(value: unknown): string {
  return value instanceof Date
    ? value.toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      })
    : '—';
}

// ---- (a) Checkout sessions --------------------------------------------------------------------------

/** Answers a new checkout session document the way the extension does (creation only). */
export const checkoutSessionTrigger: CommitTrigger = (change, ctx) => {
  const match = SESSION_PATH.exec(change.path);
  if (!match?.[1] || !match[2] || change.before !== null || change.after === null) return;
  const [, uid, docId] = match;
  const session = change.after;
  if (session.sessionId !== undefined || session.error !== undefined) return;
  const fail = (message: string) =>
    ctx.db.set(change.path, { error: { message } }, { merge: true });

  const priceId = str(session.price);
  const found = findPrice(ctx.db, priceId);
  if (!found) return fail(`No such price: '${priceId}'`);
  if (found.price.active !== true || found.product.active !== true) {
    return fail('The price specified is inactive. This field only accepts active prices.');
  }
  const mode = str(session.mode, 'subscription');
  if (mode !== 'subscription' && mode !== 'payment' && mode !== 'setup') {
    return fail(`Invalid mode: '${mode}'. Must be one of payment, setup, or subscription.`);
  }
  if (mode === 'subscription' && found.price.type !== 'recurring') {
    return fail('You must provide at least one recurring price in `subscription` mode.');
  }
  if (!isWebUrl(session.success_url)) return fail('Not a valid URL: success_url');
  if (!isWebUrl(session.cancel_url)) return fail('Not a valid URL: cancel_url');

  const sessionId = `cs_test_${docId}`;
  ctx.db.set(
    change.path,
    {
      client: 'web',
      mode,
      sessionId,
      url: `${ctx.publicOrigin}/__/checkout/${encodeURIComponent(uid)}/${sessionId}`,
      created: new Date(),
    },
    { merge: true },
  );
};

/** The subscription document the extension writes for a paid checkout session. */
export function subscriptionFromCheckout(
  found: FoundPrice,
  session: DocData,
  subscriptionItemId: string,
  now: Date,
): DocData {
  const days = trialDays(found.price);
  const { interval, count } = priceInterval(found.price);
  const trialEnd = days > 0 ? new Date(now.getTime() + days * DAY_MS) : null;
  const quantity = Number.isFinite(Number(session.quantity)) ? Number(session.quantity) || 1 : 1;
  const pricePath = `products/${found.productId}/prices/${found.priceId}`;
  return {
    status: days > 0 ? 'trialing' : 'active',
    product: new DocumentRef(`products/${found.productId}`),
    price: new DocumentRef(pricePath),
    prices: [new DocumentRef(pricePath)],
    quantity,
    items: [
      {
        id: subscriptionItemId,
        object: 'subscription_item',
        quantity,
        created: Math.floor(now.getTime() / 1000),
        metadata: {},
        price: {
          id: found.priceId,
          object: 'price',
          active: found.price.active === true,
          currency: str(found.price.currency, 'usd'),
          unit_amount: Number(found.price.unit_amount ?? 0),
          type: str(found.price.type, 'recurring'),
          recurring: { interval, interval_count: count },
          metadata: stringMap(found.price.metadata),
          product: found.productId,
        },
      },
    ],
    metadata: stringMap(session.metadata),
    role: typeof found.product.role === 'string' ? found.product.role : null,
    cancel_at_period_end: false,
    created: now,
    current_period_start: now,
    current_period_end: trialEnd ?? addInterval(now, interval, count),
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    trial_start: trialEnd ? now : null,
    trial_end: trialEnd,
  };
}

// ---- Pages -------------------------------------------------------------------------------------------

const STYLE = `
:root{color-scheme:light}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a;background:#f1f5f9}
.banner{background:#78350f;color:#fff;text-align:center;padding:.6rem 1rem;font-weight:600;font-size:.9rem}
main{max-width:560px;margin:2.5rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:16px;box-shadow:0 4px 16px rgb(15 23 42/8%);padding:2rem}
h1{font-size:1.5rem;margin:0 0 .25rem;line-height:1.2}
h2{font-size:1.125rem;margin:0 0 .25rem}
.muted{color:#475569;margin:0 0 1rem}
.price{font-size:2rem;font-weight:700;margin:1rem 0 .25rem}
.note{background:#eef2ff;color:#3730a3;border-radius:10px;padding:.6rem .9rem;font-size:.9rem;margin:1rem 0}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.5rem}
form{margin:0}
button,.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 1.25rem;border-radius:10px;border:1px solid transparent;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.primary{background:#4f46e5;color:#fff}.primary:hover{background:#4338ca}
.secondary{background:#fff;color:#0f172a;border-color:#cbd5e1}.secondary:hover{background:#f8fafc}
.danger{background:#fff;color:#b91c1c;border-color:#fca5a5}.danger:hover{background:#fef2f2}
button:focus-visible,a:focus-visible{outline:3px solid #4f46e5;outline-offset:2px}
ul.subs{list-style:none;margin:1rem 0 0;padding:0;display:grid;gap:1rem}
ul.subs li{border:1px solid #e2e8f0;border-radius:12px;padding:1rem 1.25rem}
.row{display:flex;justify-content:space-between;gap:1rem;align-items:center;flex-wrap:wrap}
.badge{display:inline-block;border-radius:999px;padding:.1rem .6rem;font-size:.8rem;font-weight:600}
.badge.on{background:#dcfce7;color:#14532d}.badge.off{background:#f1f5f9;color:#334155}.badge.warn{background:#fef3c7;color:#78350f}
dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem 1rem;margin:.75rem 0 0;font-size:.9rem}
dt{color:#475569}dd{margin:0}
a{color:#4338ca}
`;

function page(
  title: string,
  body: string,
  banner = 'Local test checkout — no real payment',
): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Cardbuilder (local)</title><style>${STYLE}</style></head><body><div class="banner" role="note">${escapeHtml(banner)}</div><main>${body}</main></body></html>`;
}

const PORTAL_BANNER = 'Local test billing portal — no real payment';

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy':
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  });
  res.end(html);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, 'Cache-Control': 'no-store' });
  res.end();
}

function notFound(res: ServerResponse, title: string, message: string): void {
  sendHtml(
    res,
    404,
    page(
      title,
      `<div class="card"><h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(message)}</p></div>`,
    ),
  );
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const raw = await readBody(req, 64 * 1024);
  return new URLSearchParams(raw.toString('utf8'));
}

// ---- (b) The local checkout page ---------------------------------------------------------------------

/** GET shows the checkout page; POST `action=pay|cancel` pays or cancels. */
export const checkoutPage: RouteHandler = async (req, res, url, ctx) => {
  const match = CHECKOUT_URL.exec(url.pathname);
  if (!match?.[1] || !match[2]) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return false;
  const uid = decodeURIComponent(match[1]);
  const sessionId = match[2];
  const docId = sessionId.slice('cs_test_'.length);
  const sessionPath = `users/${uid}/checkout_sessions/${docId}`;
  const session = ctx.db.get(sessionPath).data;
  if (!session || session.sessionId !== sessionId) {
    notFound(res, 'Checkout not found', 'This checkout session does not exist or has expired.');
    return true;
  }
  const found = findPrice(ctx.db, str(session.price));
  const subscriptionPath = `users/${uid}/subscriptions/sub_${docId}`;

  if (req.method === 'POST') {
    const form = await formBody(req);
    const action = form.get('action');
    if (action === 'cancel') {
      redirect(res, str(session.cancel_url));
      return true;
    }
    if (action !== 'pay' || !found) {
      notFound(res, 'Checkout not available', 'This price can no longer be bought.');
      return true;
    }
    if (!ctx.db.get(subscriptionPath).exists) {
      ctx.db.set(
        subscriptionPath,
        subscriptionFromCheckout(found, session, `si_${docId}`, new Date()),
      );
    }
    redirect(res, str(session.success_url));
    return true;
  }

  if (!found) {
    notFound(res, 'Checkout not available', 'This price can no longer be bought.');
    return true;
  }
  const metadata = stringMap(session.metadata);
  const days = trialDays(found.price);
  const paid = ctx.db.get(subscriptionPath).exists;
  const body = `<div class="card">
<p class="muted">${metadata.accountName ? `Subscribe ${escapeHtml(metadata.accountName)} to` : 'Subscribe to'}</p>
<h1>${escapeHtml(found.product.name ?? found.productId)}</h1>
<p class="muted">${escapeHtml(found.product.description ?? '')}</p>
<p class="price">${escapeHtml(formatPrice(found.price))}</p>
${days > 0 ? `<p class="note">${days}-day free trial: nothing is charged today.</p>` : ''}
${paid ? '<p class="note">This checkout is already paid.</p>' : ''}
<div class="actions">
<form method="post"><input type="hidden" name="action" value="pay"><button type="submit" class="primary">${paid ? 'Continue' : days > 0 ? 'Start trial' : 'Pay'}</button></form>
<form method="post"><input type="hidden" name="action" value="cancel"><button type="submit" class="secondary">Cancel</button></form>
</div>
<p class="muted" style="margin:1.5rem 0 0;font-size:.85rem">Session ${escapeHtml(sessionId)}. In production this is Stripe Checkout.</p>
</div>`;
  sendHtml(res, 200, page('Checkout', body));
  return true;
};

// ---- (c) The createPortalLink callable ---------------------------------------------------------------

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
    };
    if (!isWebUrl(input.returnUrl)) {
      return Promise.reject(
        new BackendError('invalid-argument', 'returnUrl must be an http(s) URL.'),
      );
    }
    const id = `bps_${randomBytes(12).toString('hex')}`;
    const created = new Date();
    ctx.db.set(`${PORTAL_SESSIONS}/${id}`, {
      uid: auth.uid,
      returnUrl: input.returnUrl,
      created,
      expiresAt: new Date(created.getTime() + PORTAL_SESSION_MS),
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

// ---- (d) The local billing portal --------------------------------------------------------------------

function portalSession(
  ctx: ServerContext,
  uid: string,
  id: string | null,
): { returnUrl: string } | null {
  if (!id || !/^bps_[0-9a-f]+$/.test(id)) return null;
  const data = ctx.db.get(`${PORTAL_SESSIONS}/${id}`).data;
  if (!data || data.uid !== uid || !isWebUrl(data.returnUrl)) return null;
  const expires = data.expiresAt instanceof Date ? data.expiresAt.getTime() : 0;
  if (expires < Date.now()) return null;
  return { returnUrl: data.returnUrl };
}

function statusBadge(status: string): string {
  const tone =
    status === 'active' || status === 'trialing' ? 'on' : status === 'canceled' ? 'off' : 'warn';
  const label = status.replace(/_/g, ' ');
  return `<span class="badge ${tone}">${escapeHtml(label.charAt(0).toUpperCase() + label.slice(1))}</span>`;
}

function productIdOf(value: unknown): string {
  const text = value instanceof DocumentRef ? value.path : str(value);
  return text.startsWith('products/') ? (text.split('/')[1] ?? '') : text;
}

/** GET lists the user's subscriptions; POST `action=cancel|resume&subscription={id}` changes one. */
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

  if (req.method === 'POST') {
    const form = await formBody(req);
    const subId = form.get('subscription') ?? '';
    const action = form.get('action');
    const path = `users/${uid}/subscriptions/${subId}`;
    const current = /^[^/]+$/.test(subId) ? ctx.db.get(path).data : null;
    if (current && (action === 'cancel' || action === 'resume')) {
      const now = new Date();
      // The extension rewrites the whole subscription document on every change.
      if (action === 'cancel') {
        ctx.db.set(path, {
          ...current,
          status: 'canceled',
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: now,
          ended_at: now,
        });
      } else {
        // A resumed subscription starts a new period now, so its state is newer than the cancellation.
        const item = (Array.isArray(current.items) ? current.items[0] : null) as {
          price?: { recurring?: { interval?: unknown; interval_count?: unknown } };
        } | null;
        const recurring = item?.price?.recurring ?? {};
        ctx.db.set(path, {
          ...current,
          status: 'active',
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: null,
          ended_at: null,
          current_period_start: now,
          current_period_end: addInterval(
            now,
            str(recurring.interval, 'month'),
            Number(recurring.interval_count ?? 1),
          ),
        });
      }
    }
    redirect(res, self);
    return true;
  }

  const subs = ctx.db.query({ collection: `users/${uid}/subscriptions` });
  subs.sort((a, b) => {
    const ta = a.data.created instanceof Date ? a.data.created.getTime() : 0;
    const tb = b.data.created instanceof Date ? b.data.created.getTime() : 0;
    return tb - ta;
  });
  const items = subs
    .map((sub) => {
      const productId = productIdOf(sub.data.product);
      const product = productId ? ctx.db.get(`products/${productId}`).data : null;
      const pricePath =
        sub.data.price instanceof DocumentRef ? sub.data.price.path : str(sub.data.price);
      const price = pricePath.split('/').length === 4 ? ctx.db.get(pricePath).data : null;
      const status = str(sub.data.status, 'incomplete');
      const name = str(product?.name, productId || 'Subscription');
      const ended = status === 'canceled' || status === 'incomplete_expired';
      const action = ended ? 'resume' : 'cancel';
      const label = ended ? 'Resume' : 'Cancel subscription';
      return `<li><div class="row"><div><h2>${escapeHtml(name)}</h2>${price ? `<span class="muted">${escapeHtml(formatPrice(price))}</span>` : ''}</div>${statusBadge(status)}</div>
<dl>
<dt>Started</dt><dd>${escapeHtml(formatDate(sub.data.created))}</dd>
${status === 'trialing' ? `<dt>Trial ends</dt><dd>${escapeHtml(formatDate(sub.data.trial_end))}</dd>` : ''}
${ended ? `<dt>Canceled</dt><dd>${escapeHtml(formatDate(sub.data.canceled_at))}</dd>` : `<dt>Renews</dt><dd>${escapeHtml(formatDate(sub.data.current_period_end))}</dd>`}
</dl>
<div class="actions"><form method="post" action="${escapeHtml(self)}"><input type="hidden" name="subscription" value="${escapeHtml(sub.id)}"><input type="hidden" name="action" value="${action}"><button type="submit" class="${ended ? 'primary' : 'danger'}" aria-label="${escapeHtml(`${label}: ${name}`)}">${label}</button></form></div></li>`;
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

/** Everything to wire into the local server: `routes` and `triggers` of `startServer`. */
export const paymentsRoutes: readonly RouteHandler[] = [
  checkoutPage,
  createPortalLinkCallable,
  portalPage,
];
export const paymentsTriggers: readonly CommitTrigger[] = [checkoutSessionTrigger];
