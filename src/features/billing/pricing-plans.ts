/**
 * What the pricing table says about each plan, derived from the rules the app enforces rather than
 * written by hand: the paid features come from `computeGates` (src/domain/gates.ts, docs/product.md §6) for the
 * plan's type, paid flag and card limit (the collaborator gate reads the limit, as the account
 * store does), the free plan from the plan sync's own constants, the card limits from the products.
 * So a plan never promises a feature the app would keep locked, or hides one it opens.
 */
import type { ProductWithPrices } from '@/data/billing';
import { computeGates } from '@/domain/gates';
import type { Gates } from '@/domain/gates';
import { cardLimit, FREE_PLAN_CARD_LIMIT, FREE_PLAN_TYPE } from '@/domain/plan';
import { pricingTableProducts } from '@/domain/pricing';
import { PLAN_FEATURES, planTypeOf, productCardLimit } from './billing-format';

/** The id of the free plan's column (products have Stripe ids, which never look like this). */
export const FREE_PLAN_ID = 'free';

/** Every gated feature, in the order the table lists them. */
export const PRICING_FEATURES: ReadonlyArray<{ gate: keyof Gates; label: string }> = [
  ...PLAN_FEATURES,
  { gate: 'canAddCollaborators', label: 'Collaborators who edit cards with you' },
];

/**
 * What every plan has, Free included: none of these is behind a gate in src/domain/gates.ts; only
 * the card limit bounds them (an import creates at most the cards the plan has left).
 */
export const EVERY_PLAN_FEATURES: readonly string[] = [
  'Teams with shared links and branding',
  'Bulk import of members from a spreadsheet, up to your card limit',
  'A public directory of your team’s cards',
  'Promotions on your team’s cards',
  'Lead capture, contact saving and link analytics',
  'An e-mail signature for every card',
];

export interface PlanFeature {
  gate: keyof Gates;
  label: string;
  included: boolean;
}

export interface PricingPlan {
  /** `FREE_PLAN_ID` or the product id. */
  id: string;
  name: string;
  description: string;
  planType: string;
  /** Cards the plan holds; null when the product does not say. */
  cardLimit: number | null;
  features: PlanFeature[];
  recommended: boolean;
  /** The product (and its prices) behind a paid plan; null for the free plan. */
  product: ProductWithPrices | null;
}

function featuresOf(planType: string, isPaidAccount: boolean, limit: number | null): PlanFeature[] {
  const gates = computeGates({
    account: { id: '', plan: { type: planType, isPaidAccount } },
    user: null,
    collaboratorLimit:
      limit === null ? 0 : cardLimit({ cardLimit: limit, compCards: 0, cardsInUse: 0 }),
  });
  return PRICING_FEATURES.map((feature) => ({ ...feature, included: gates[feature.gate] }));
}

/** Stripe metadata `recommended: true` on the product (the extension copies it into `metadata`). */
function markedRecommended(product: ProductWithPrices): boolean {
  return product.metadata?.['recommended'] === 'true';
}

/**
 * The plan to recommend: the product whose Stripe metadata says `recommended: true`, if any;
 * otherwise the smallest plan (first in card-limit order) that opens every gated feature.
 */
function recommendedId(plans: readonly PricingPlan[]): string | null {
  const paid = plans.filter((plan) => plan.product !== null);
  const marked = paid.find((plan) => plan.product !== null && markedRecommended(plan.product));
  if (marked) return marked.id;
  return paid.find((plan) => plan.features.every((f) => f.included))?.id ?? null;
}

/**
 * The columns of the pricing table: Free first, then the pricing-table products (docs/product.md §9: active,
 * shown, by card limit ascending), each with its features and one of them recommended.
 */
export function pricingPlans(products: readonly ProductWithPrices[]): PricingPlan[] {
  const free: PricingPlan = {
    id: FREE_PLAN_ID,
    name: 'Free',
    description: 'One card for you, free for as long as you like.',
    planType: FREE_PLAN_TYPE,
    cardLimit: FREE_PLAN_CARD_LIMIT,
    features: featuresOf(FREE_PLAN_TYPE, false, FREE_PLAN_CARD_LIMIT),
    recommended: false,
    product: null,
  };
  const paid = pricingTableProducts(products).map((product): PricingPlan => {
    const limit = productCardLimit(product);
    const planType = planTypeOf(product);
    return {
      id: product.id,
      name: product.name,
      description: product.description ?? '',
      planType,
      cardLimit: limit,
      features: featuresOf(planType, true, limit),
      recommended: false,
      product,
    };
  });
  const plans = [free, ...paid];
  const recommended = recommendedId(plans);
  return plans.map((plan) => ({ ...plan, recommended: plan.id === recommended }));
}
