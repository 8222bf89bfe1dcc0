import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ProductWithPrices } from '@/data/billing';
import type { Price } from '@/domain/model';
import { Button, ButtonLink } from '@/ui/button';
import { bestYearlySaving, formatMoney, priceFor } from './billing-format';
import type { BillingInterval } from './billing-format';
import { EVERY_PLAN_FEATURES, FREE_PLAN_ID, pricingPlans } from './pricing-plans';
import type { PricingPlan } from './pricing-plans';
import './pricing.css';

/**
 * Who is reading the table, which decides what each plan's button does: a visitor signs up; the
 * account's owner buys (checkout); anyone else signed in (a collaborator, a super admin looking at a
 * customer's account) reads only, since only the owner may pay for an account.
 */
export type PricingAudience = 'visitor' | 'owner' | 'viewer';

export interface PricingTableProps {
  products: readonly ProductWithPrices[];
  interval: BillingInterval;
  onIntervalChange: (interval: BillingInterval) => void;
  audience: PricingAudience;
  /** The plan the account is on now (`FREE_PLAN_ID` or a product id), marked "Current plan". */
  currentPlanId: string | null;
  /** The price whose checkout is starting (its button shows a spinner); all buttons wait meanwhile. */
  busyPriceId: string | null;
  onChoose: (priceId: string) => void;
  /**
   * The owner's account holds a live subscription: choosing another plan changes it ("Switch to"),
   * it never buys a second one (docs/decisions/013-one-subscription-per-account.md).
   */
  subscribed?: boolean;
  /** Whether a price's free trial is offered to this reader (not to an account that had one). */
  trialOffered?: boolean;
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

/** The days of free trial of a price (Stripe's `trial_period_days`), 0 without one. */
export function trialDaysOf(price: Pick<Price, 'trial_period_days'> | null): number {
  const days = Number(price?.trial_period_days);
  return Number.isFinite(days) && days > 0 ? Math.floor(days) : 0;
}

function PlanPrice(props: { plan: PricingPlan; interval: BillingInterval; trialOffered: boolean }) {
  const per = props.interval === 'month' ? ' per month' : ' per year';
  if (!props.plan.product) {
    return (
      <p className="plan-card__price">
        <span className="plan-card__amount">$0</span>
        <span className="plan-card__per">{per}</span>
      </p>
    );
  }
  const price = priceFor(props.plan.product, props.interval);
  const trial = props.trialOffered ? trialDaysOf(price) : 0;
  return (
    <>
      <p className="plan-card__price">
        {price ? (
          <>
            <span className="plan-card__amount">
              {formatMoney(price.unit_amount, price.currency)}
            </span>
            <span className="plan-card__per">{per}</span>
          </>
        ) : (
          <span className="plan-card__per">
            Not offered {props.interval === 'month' ? 'monthly' : 'yearly'}
          </span>
        )}
      </p>
      {trial > 0 ? <p className="plan-card__trial">{trial}-day free trial</p> : null}
    </>
  );
}

/** What the plan's card offers at its foot, for this reader. */
function PlanAction(props: { plan: PricingPlan; table: PricingTableProps; isCurrent: boolean }) {
  const { plan, table, isCurrent } = props;
  if (table.audience === 'visitor') {
    // The chosen plan travels through sign-up and account setup into its checkout.
    const chosen = plan.product ? priceFor(plan.product, table.interval) : null;
    return (
      <ButtonLink
        to={chosen ? `/sign-up?plan=${encodeURIComponent(chosen.id)}` : '/sign-up'}
        block
        variant={plan.recommended ? 'primary' : 'secondary'}
        className="plan-card__action"
      >
        {plan.product ? `Start with ${plan.name}` : 'Create your free card'}
      </ButtonLink>
    );
  }
  if (isCurrent) return <p className="plan-card__current-note">You are on this plan.</p>;
  if (table.audience === 'viewer') return null;
  if (!plan.product) {
    // Leaving a paid plan is a cancellation, which the billing portal handles.
    return (
      <p className="plan-card__note">
        {/* One grid item: the note is a centred grid, which split the link and the full stop. */}
        <span>
          To move to Free, cancel your subscription in <Link to="/settings/billing">Billing</Link>.
        </span>
      </p>
    );
  }
  const price = priceFor(plan.product, table.interval);
  if (!price) return null;
  const amount = formatMoney(price.unit_amount, price.currency);
  return (
    <Button
      block
      variant={plan.recommended ? 'primary' : 'secondary'}
      busy={table.busyPriceId === price.id}
      disabled={table.busyPriceId !== null}
      onClick={() => table.onChoose(price.id)}
      aria-label={`${table.subscribed ? 'Switch to' : 'Choose'} ${plan.name}, ${amount} per ${table.interval}`}
    >
      {table.subscribed ? `Switch to ${plan.name}` : `Choose ${plan.name}`}
    </Button>
  );
}

/**
 * The pricing table (docs/product.md §3, §9): the Free plan, then the products shown (active,
 * showOnPricingTable) in card-limit order, each with its price for the chosen period, its card
 * limit and which gated features it opens; the recommended plan is marked. Below, what every plan
 * includes.
 */
export function PricingTable(props: PricingTableProps) {
  const plans = pricingPlans(props.products);
  const saving = bestYearlySaving(plans.flatMap((plan) => (plan.product ? [plan.product] : [])));
  return (
    <div className="pricing">
      <IntervalSwitch interval={props.interval} onChange={props.onIntervalChange} saving={saving} />
      <ul className="pricing__grid" aria-label="Plans">
        {plans.map((plan) => {
          const isCurrent = plan.id === props.currentPlanId;
          const headingId = `plan-${plan.id}`;
          const classes = [
            'plan-card',
            plan.recommended ? 'plan-card--recommended' : '',
            isCurrent ? 'plan-card--current' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <li key={plan.id} className="pricing__item">
              <article className={classes} aria-labelledby={headingId}>
                <div className="plan-card__head">
                  <h2 id={headingId}>{plan.name}</h2>
                  {isCurrent ? (
                    <span className="badge badge--current">Current plan</span>
                  ) : plan.recommended ? (
                    <span className="badge badge--recommended">Recommended</span>
                  ) : null}
                </div>
                {plan.description ? (
                  <p className="plan-card__description">{plan.description}</p>
                ) : null}
                <PlanPrice
                  plan={plan}
                  interval={props.interval}
                  trialOffered={props.trialOffered ?? true}
                />
                <p className="plan-card__limit">
                  {plan.cardLimit === null
                    ? 'Cards by arrangement'
                    : plan.cardLimit === 1
                      ? '1 card'
                      : `Up to ${plan.cardLimit} cards`}
                </p>
                <ul className="plan-card__features" aria-label={`${plan.name} features`}>
                  {plan.features.map((feature) => (
                    <li
                      key={feature.gate}
                      className={feature.included ? 'is-included' : 'is-excluded'}
                    >
                      {feature.label}
                      <span className="visually-hidden">
                        {feature.included ? ': included' : ': not included'}
                      </span>
                    </li>
                  ))}
                </ul>
                <PlanAction plan={plan} table={props} isCurrent={isCurrent} />
              </article>
            </li>
          );
        })}
      </ul>
      <section className="pricing__every-plan" aria-labelledby="every-plan-title">
        <h2 id="every-plan-title">Every plan includes, Free too</h2>
        <ul>
          {EVERY_PLAN_FEATURES.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </section>
      {props.currentPlanId === FREE_PLAN_ID && props.audience === 'owner' ? (
        <p className="pricing__footnote">
          You are on the Free plan: one card, no paid features. Upgrade any time; you can cancel in
          the billing portal.
        </p>
      ) : null}
    </div>
  );
}
