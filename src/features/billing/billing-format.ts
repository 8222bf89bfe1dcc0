/**
 * What the billing screens say about products, prices, plans and subscriptions: display names,
 * money, the paid features a plan opens (docs/product.md §6) and which prices the pricing table shows.
 */
import type { ProductWithPrices, Subscription } from '@/data/billing';
import { computeGates } from '@/domain/gates';
import type { Gates } from '@/domain/gates';
import type { Plan, Price } from '@/domain/model';
import { isSubscriptionCurrent } from '@/domain/subscriptions';

export type BillingInterval = 'month' | 'year';

/** The paid features of docs/product.md §6, in the order the screens list them. */
export const PLAN_FEATURES: ReadonlyArray<{ gate: keyof Gates; label: string }> = [
  { gate: 'canPickColors', label: 'Custom colours' },
  { gate: 'canUploadBgImage', label: 'Background images' },
  { gate: 'canUploadLogo', label: 'Your logo on every card' },
  { gate: 'canAddDisclaimer', label: 'E-mail signature disclaimer' },
  { gate: 'canHideBranding', label: 'Hide Cardbuilder branding' },
];

/** The gates a paid plan of this type opens (the pricing table's feature list). */
export function gatesOfPaidPlan(planType: string): Gates {
  return computeGates({
    account: { id: '', plan: { type: planType, isPaidAccount: true } },
    user: null,
    collaboratorLimit: 0,
  });
}

export function planTypeOf(product: ProductWithPrices): string {
  const fromField = product.stripe_metadata_planType;
  if (typeof fromField === 'string' && fromField !== '') return fromField;
  return product.metadata?.['planType'] ?? '';
}

export function productCardLimit(product: ProductWithPrices): number | null {
  const n = Number(product.stripe_metadata_cardLimit ?? product.metadata?.['cardLimit']);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** A price is on the pricing table when active and marked `metadata.showOnPricingTable` (docs/product.md §3). */
export function isPricingTablePrice(price: Price): boolean {
  const shown = price.metadata?.['showOnPricingTable'];
  return price.active && (shown === 'true' || shown === true);
}

/** The product's price shown for an interval, or null. */
export function priceFor(product: ProductWithPrices, interval: BillingInterval): Price | null {
  return (
    product.prices.find((price) => isPricingTablePrice(price) && price.interval === interval) ??
    null
  );
}

export function formatMoney(minor: number, currency: string): string {
  const amount = minor / 100;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** The largest yearly saving against twelve monthly payments, in whole percent (0 when none). */
export function bestYearlySaving(products: readonly ProductWithPrices[]): number {
  let best = 0;
  for (const product of products) {
    const month = priceFor(product, 'month');
    const year = priceFor(product, 'year');
    if (!month || !year || month.unit_amount <= 0) continue;
    const saving = Math.floor((1 - year.unit_amount / (month.unit_amount * 12)) * 100);
    best = Math.max(best, saving);
  }
  return best;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Growth" for a plan of type growth (the product's name when known), "Free" for the free plan. */
export function planDisplayName(
  plan: Pick<Plan, 'type' | 'isPaidAccount'>,
  products: readonly ProductWithPrices[],
): string {
  const product = products.find((p) => planTypeOf(p) === plan.type);
  if (product && plan.isPaidAccount) return product.name;
  return plan.type ? capitalize(plan.type) : plan.isPaidAccount ? 'Paid' : 'Free';
}

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Payment overdue',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  paused: 'Paused',
  unpaid: 'Unpaid',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? capitalize(status.replace(/_/g, ' '));
}

/** The subscription the billing screen talks about: the newest current one, else the newest. */
export function mainSubscription(subscriptions: readonly Subscription[]): Subscription | null {
  return subscriptions.find((s) => isSubscriptionCurrent(s.status)) ?? subscriptions[0] ?? null;
}

export function formatDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
