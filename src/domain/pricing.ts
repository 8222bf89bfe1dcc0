/** The pricing table (docs/product.md §9). */
import type { Product } from './model';

type PricingProduct = Pick<
  Product,
  'active' | 'stripe_metadata_showOnPricingTable' | 'stripe_metadata_cardLimit'
>;

function limitOf(product: PricingProduct): number {
  const n = Number(product.stripe_metadata_cardLimit);
  return Number.isNaN(n) ? Number.POSITIVE_INFINITY : n;
}

/**
 * The products shown on the pricing table (docs/product.md §9): active ones whose showOnPricingTable is true (the
 * boolean or the string `'true'`), sorted by card limit ascending. Choice: a product without a
 * readable card limit sorts last; equal limits keep their input order. The input is not mutated.
 */
export function pricingTableProducts<T extends PricingProduct>(products: readonly T[]): T[] {
  return products
    .filter(
      (product) =>
        product.active === true &&
        (product.stripe_metadata_showOnPricingTable === true ||
          product.stripe_metadata_showOnPricingTable === 'true'),
    )
    .map((product, index) => ({ product, index, limit: limitOf(product) }))
    .sort((a, b) => (a.limit === b.limit ? a.index - b.index : a.limit < b.limit ? -1 : 1))
    .map(({ product }) => product);
}
