/**
 * What the local payments stand-in's pieces share (`payments-checkout.ts`, `payments-portal.ts`,
 * `payments-clock.ts`): looking up prices as the Stripe extension syncs them, periods and money as
 * Stripe counts them, and the plain HTML pages of the local checkout and billing portal.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DocData } from '@/backend/port';
import { escapeHtml } from '@/domain/html';
import { readBody } from 'firestore-local/http-util';
import type { AdminDb } from 'firestore-local/types';

export const DAY_MS = 24 * 60 * 60 * 1000;

// ---- Lookups ----------------------------------------------------------------------------------------

export interface FoundPrice {
  productId: string;
  priceId: string;
  product: DocData;
  price: DocData;
}

/** A price Stripe would sell: it and its product are active. */
export function isOnSale(found: FoundPrice): boolean {
  return found.price.active === true && found.product.active === true;
}

/**
 * A subscription's item as Stripe writes it (`items[0]`), for `quantity` of `found`'s price: the
 * checkout's new subscription and a plan change's updated one carry the same shape.
 */
export function subscriptionItem(
  id: string,
  found: FoundPrice,
  quantity: number,
  now: Date,
): DocData {
  const { interval, count } = priceInterval(found.price);
  return {
    id,
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
  };
}

/** Finds a price by id under any product (prices live at `products/{id}/prices/{priceId}`). */
export function findPrice(db: AdminDb, priceId: string): FoundPrice | null {
  if (priceId === '' || priceId.includes('/')) return null;
  for (const product of db.query({ collection: 'products' })) {
    const price = db.get(`products/${product.id}/prices/${priceId}`);
    if (price.exists && price.data) {
      return { productId: product.id, priceId, product: product.data, price: price.data };
    }
  }
  return null;
}

export function isWebUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

export function stringMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (typeof item === 'string') out[key] = item;
  }
  return out;
}

export function addInterval(from: Date, interval: string, count: number): Date {
  const date = new Date(from.getTime());
  const n = Number.isFinite(count) && count > 0 ? count : 1;
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + n);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * n);
  else if (interval === 'day') date.setUTCDate(date.getUTCDate() + n);
  else date.setUTCMonth(date.getUTCMonth() + n);
  return date;
}

export function priceInterval(price: DocData): { interval: string; count: number } {
  const recurring = (price.recurring ?? {}) as { interval?: unknown; interval_count?: unknown };
  return {
    interval: str(price.interval, str(recurring.interval, 'month')),
    count: Number(price.interval_count ?? recurring.interval_count ?? 1),
  };
}

export function trialDays(price: DocData): number {
  const days = Number(price.trial_period_days);
  return Number.isFinite(days) && days > 0 ? Math.floor(days) : 0;
}

/** "$29.00 / month" */
export function formatPrice(price: DocData): string {
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

export function formatDate(value: unknown): string {
  return value instanceof Date
    ? value.toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      })
    : '—';
}

/** The price's period as a subscription item carries it (`items[0].price.recurring`). */
export function itemInterval(subscription: DocData): { interval: string; count: number } {
  const item = (Array.isArray(subscription.items) ? subscription.items[0] : null) as {
    price?: { recurring?: { interval?: unknown; interval_count?: unknown } };
  } | null;
  const recurring = item?.price?.recurring ?? {};
  return {
    interval: str(recurring.interval, 'month'),
    count: Number(recurring.interval_count ?? 1),
  };
}

export function asDate(value: unknown): Date | null {
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value : null;
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

export function page(
  title: string,
  body: string,
  banner = 'Local test checkout — no real payment',
): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Cardbuilder (local)</title><style>${STYLE}</style></head><body><div class="banner" role="note">${escapeHtml(banner)}</div><main>${body}</main></body></html>`;
}

export const PORTAL_BANNER = 'Local test billing portal — no real payment';

export function sendHtml(res: ServerResponse, status: number, html: string): void {
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

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, 'Cache-Control': 'no-store' });
  res.end();
}

export function notFound(res: ServerResponse, title: string, message: string): void {
  sendHtml(
    res,
    404,
    page(
      title,
      `<div class="card"><h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(message)}</p></div>`,
    ),
  );
}

export async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const raw = await readBody(req, 64 * 1024);
  return new URLSearchParams(raw.toString('utf8'));
}
