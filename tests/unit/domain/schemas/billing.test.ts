import { describe, expect, it } from 'vitest';
import { checkoutSessionPayload } from '@/data/billing';
import {
  CHECKOUT_FALLBACK_ERROR,
  priceIdFromField,
  storedCheckoutSessionSchema,
  storedPriceSchema,
} from '@/domain/schemas/billing';

describe('price schema', () => {
  it('reads a price as the Stripe extension syncs it', () => {
    const stored = storedPriceSchema.parse({
      active: true,
      currency: 'eur',
      unit_amount: 1200,
      type: 'recurring',
      interval: 'month',
      recurring: { interval: 'month', interval_count: 1 },
      metadata: { showOnPricingTable: 'true' },
      trial_period_days: 14,
      description: null,
    });
    expect(stored).toEqual({
      active: true,
      currency: 'eur',
      unit_amount: 1200,
      type: 'recurring',
      interval: 'month',
      recurring: { interval: 'month' },
      metadata: { showOnPricingTable: 'true' },
      trial_period_days: 14,
    });
  });

  it('gives a malformed price its defaults: inactive, usd, nothing to pay, recurring', () => {
    const stored = storedPriceSchema.parse({
      active: 'yes',
      currency: 5,
      unit_amount: '1200',
      type: 'weekly',
      interval: 7,
      recurring: 'month',
      metadata: 'shown',
      trial_period_days: '14',
    });
    expect(stored).toEqual({
      active: false,
      currency: 'usd',
      unit_amount: 0,
      type: 'recurring',
      recurring: {},
    });
  });
});

describe('price id', () => {
  it('reads a reference, a path, a bare id, and a reference given as a path alone', () => {
    expect(priceIdFromField({ id: 'p1', path: 'products/x/prices/p1' })).toBe('p1');
    expect(priceIdFromField('products/x/prices/p2')).toBe('p2');
    expect(priceIdFromField('p3')).toBe('p3');
    expect(priceIdFromField({ path: 'products/x/prices/p4' })).toBe('p4');
  });

  it('reads no price id from an empty or unknown value', () => {
    for (const value of ['', 'products/x/prices/', { id: '' }, { id: 4 }, 12, null, undefined]) {
      expect(priceIdFromField(value)).toBeNull();
    }
  });
});

describe('checkout session schema', () => {
  const request = checkoutSessionPayload({
    priceId: 'price_month',
    accountId: 'acc1',
    accountName: 'Acme',
    returnUrl: 'https://app.test/settings/billing',
  });

  it('reads the request a client writes back as written, with nothing answered yet', () => {
    expect(storedCheckoutSessionSchema.parse(request)).toEqual({
      ...request,
      url: null,
      error: null,
      sessionId: null,
    });
  });

  it('reads the url and session id the extension writes', () => {
    const stored = storedCheckoutSessionSchema.parse({
      ...request,
      url: 'https://checkout.test/cs_1',
      sessionId: 'cs_1',
      created: { seconds: 1, nanoseconds: 0 },
    });
    expect([stored.url, stored.sessionId, stored.error]).toEqual([
      'https://checkout.test/cs_1',
      'cs_1',
      null,
    ]);
  });

  it('reads the error the extension writes, and a fallback for an error without a message', () => {
    const refused = { ...request, error: { message: 'No such price' } };
    expect(storedCheckoutSessionSchema.parse(refused).error).toBe('No such price');
    expect(storedCheckoutSessionSchema.parse({ ...request, error: {} }).error).toBe(
      CHECKOUT_FALLBACK_ERROR,
    );
    expect(storedCheckoutSessionSchema.parse({ ...request, error: { message: '' } }).error).toBe(
      CHECKOUT_FALLBACK_ERROR,
    );
  });

  it('gives a malformed session its defaults: no url, no error, one subscription seat', () => {
    expect(
      storedCheckoutSessionSchema.parse({
        price: 3,
        url: '',
        error: 'refused',
        metadata: { accountId: 'acc1', seats: 2 },
        mode: 'setup',
        quantity: 1.5,
        sessionId: 7,
      }),
    ).toEqual({
      price: '',
      allow_promotion_codes: false,
      success_url: '',
      cancel_url: '',
      metadata: { accountId: 'acc1' },
      mode: 'subscription',
      quantity: 1,
      url: null,
      error: null,
      sessionId: null,
    });
    expect(storedCheckoutSessionSchema.parse(null).url).toBeNull();
  });
});
