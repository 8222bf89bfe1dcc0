import { useId } from 'react';
import type { ProductWithPrices } from '../../data/billing';
import { pricingTableProducts } from '../../domain/pricing';
import { Button } from '../../ui/button';
import {
  PLAN_FEATURES,
  bestYearlySaving,
  formatMoney,
  gatesOfPaidPlan,
  planTypeOf,
  priceFor,
  productCardLimit,
} from './billing-format';
import type { BillingInterval } from './billing-format';

export interface PricingTableProps {
  products: readonly ProductWithPrices[];
  interval: BillingInterval;
  onIntervalChange: (interval: BillingInterval) => void;
  /** The product the account pays for now, marked "Current plan" (no checkout button). */
  currentProductId: string | null;
  /** The price whose checkout is starting (its button shows a spinner); all buttons wait meanwhile. */
  busyPriceId: string | null;
  onChoose: (priceId: string) => void;
}

/** The monthly/yearly switch: two radio buttons styled as a segmented control. */
function IntervalSwitch(props: {
  interval: BillingInterval;
  onChange: (interval: BillingInterval) => void;
  saving: number;
}) {
  const name = useId();
  const options: Array<{ value: BillingInterval; label: string }> = [
    { value: 'month', label: 'Monthly' },
    { value: 'year', label: 'Yearly' },
  ];
  return (
    <fieldset className="interval-switch">
      <legend className="visually-hidden">Billing period</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={`interval-switch__option${props.interval === option.value ? ' is-selected' : ''}`}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={props.interval === option.value}
            onChange={() => props.onChange(option.value)}
          />
          {option.label}
          {option.value === 'year' && props.saving > 0 ? (
            <span className="interval-switch__save">Save up to {props.saving}%</span>
          ) : null}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The pricing table (spec 3, 9): the products shown (active, showOnPricingTable) in card-limit
 * order, each with its price for the chosen period, its card limit and the paid features it opens.
 */
export function PricingTable(props: PricingTableProps) {
  const products = pricingTableProducts(props.products);
  const saving = bestYearlySaving(products);
  return (
    <div className="pricing">
      <IntervalSwitch interval={props.interval} onChange={props.onIntervalChange} saving={saving} />
      <ul className="pricing__grid" aria-label="Plans">
        {products.map((product) => {
          const price = priceFor(product, props.interval);
          const limit = productCardLimit(product);
          const gates = gatesOfPaidPlan(planTypeOf(product));
          const isCurrent = product.id === props.currentProductId;
          const headingId = `plan-${product.id}`;
          return (
            <li key={product.id} className="pricing__item">
              <article
                className={`plan-card${isCurrent ? ' plan-card--current' : ''}`}
                aria-labelledby={headingId}
              >
                <div className="plan-card__head">
                  <h2 id={headingId}>{product.name}</h2>
                  {isCurrent ? <span className="badge badge--current">Current plan</span> : null}
                </div>
                {product.description ? (
                  <p className="plan-card__description">{product.description}</p>
                ) : null}
                <p className="plan-card__price">
                  {price ? (
                    <>
                      <span className="plan-card__amount">
                        {formatMoney(price.unit_amount, price.currency)}
                      </span>
                      <span className="plan-card__per">
                        {props.interval === 'month' ? ' per month' : ' per year'}
                      </span>
                    </>
                  ) : (
                    <span className="plan-card__per">
                      Not offered {props.interval === 'month' ? 'monthly' : 'yearly'}
                    </span>
                  )}
                </p>
                <ul className="plan-card__features">
                  <li>
                    <strong>
                      {limit === null ? 'Cards by arrangement' : `Up to ${limit} cards`}
                    </strong>
                  </li>
                  {PLAN_FEATURES.filter((feature) => gates[feature.gate]).map((feature) => (
                    <li key={feature.gate}>{feature.label}</li>
                  ))}
                </ul>
                {isCurrent ? (
                  <p className="plan-card__current-note">You are on this plan.</p>
                ) : price ? (
                  <Button
                    block
                    busy={props.busyPriceId === price.id}
                    disabled={props.busyPriceId !== null}
                    onClick={() => props.onChoose(price.id)}
                    aria-label={`Choose ${product.name}, ${formatMoney(price.unit_amount, price.currency)} per ${props.interval}`}
                  >
                    Choose {product.name}
                  </Button>
                ) : null}
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
