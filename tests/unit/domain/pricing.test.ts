import { describe, it, expect } from 'vitest';
import { pricingTableProducts } from '@/domain/pricing';
import type { Product } from '@/domain/model';

function product(id: string, extra: Partial<Product> = {}): Product {
  return {
    id,
    name: id,
    active: true,
    stripe_metadata_showOnPricingTable: 'true',
    stripe_metadata_cardLimit: '1',
    ...extra,
  };
}

describe('pricingTableProducts', () => {
  it('keeps active products marked to show', () => {
    expect(pricingTableProducts([product('a')]).map((p) => p.id)).toEqual(['a']);
  });

  it('drops inactive products', () => {
    expect(pricingTableProducts([product('a', { active: false })])).toEqual([]);
  });

  it('accepts showOnPricingTable as the string "true" or the boolean true', () => {
    const result = pricingTableProducts([
      product('s', { stripe_metadata_showOnPricingTable: 'true' }),
      product('b', { stripe_metadata_showOnPricingTable: true }),
    ]);
    expect(result.map((p) => p.id)).toEqual(['s', 'b']);
  });

  it('drops products not marked to show', () => {
    const result = pricingTableProducts([
      product('f', { stripe_metadata_showOnPricingTable: 'false' }),
      product('F', { stripe_metadata_showOnPricingTable: false }),
      product('T', { stripe_metadata_showOnPricingTable: 'TRUE' }),
      { id: 'none', name: 'none', active: true },
    ]);
    expect(result).toEqual([]);
  });

  it('sorts by card limit ascending, numerically not alphabetically', () => {
    const result = pricingTableProducts([
      product('ten', { stripe_metadata_cardLimit: '10' }),
      product('two', { stripe_metadata_cardLimit: '2' }),
      product('hundred', { stripe_metadata_cardLimit: 100 }),
    ]);
    expect(result.map((p) => p.id)).toEqual(['two', 'ten', 'hundred']);
  });

  it('keeps input order for equal limits', () => {
    const result = pricingTableProducts([product('x'), product('y'), product('z')]);
    expect(result.map((p) => p.id)).toEqual(['x', 'y', 'z']);
  });

  it('puts products without a readable limit last', () => {
    const result = pricingTableProducts([
      product('bad', { stripe_metadata_cardLimit: 'lots' }),
      product('five', { stripe_metadata_cardLimit: '5' }),
    ]);
    expect(result.map((p) => p.id)).toEqual(['five', 'bad']);
  });

  it('does not mutate the input', () => {
    const input = [product('b', { stripe_metadata_cardLimit: '9' }), product('a')];
    pricingTableProducts(input);
    expect(input.map((p) => p.id)).toEqual(['b', 'a']);
  });
});
