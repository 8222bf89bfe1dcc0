import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { chosenPlanFromSearch } from '@/data/chosen-plan';
import { useAccount } from '@/stores/account-store';
import { useAuth } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { Alert, Page, PageHeader, PageLoader } from '@/ui/page';
import { useDocumentTitle } from '@/ui/use-document-title';
import { mainSubscription, planTypeOf } from './billing-format';
import type { BillingInterval } from './billing-format';
import { useBilling, useBillingStoreApi } from './billing-store';
import { useBillingLifecycle } from './use-billing-lifecycle';
import { FREE_PLAN_ID } from './pricing-plans';
import { PricingTable } from './pricing-table';
import type { PricingAudience } from './pricing-table';
import { isSubscriptionCurrent, liveSubscriptionOf } from '@/domain/subscriptions';
import './billing.css';

/**
 * /pricing, public: the pricing table with a monthly/yearly switch. A visitor compares the plans
 * and signs up; the account's owner chooses a plan, which starts the payment provider's checkout
 * (docs/product.md §7), its error, if any, shown above the table; anyone else signed in reads the plans and
 * is told who can change them.
 */
export function PricingPage() {
  useDocumentTitle('Pricing');
  const store = useBillingStoreApi();
  const user = useAuth((s) => s.user);
  const account = useAccount((s) => s.account);
  const products = useBilling((s) => s.products);
  const productsStatus = useBilling((s) => s.productsStatus);
  const productsError = useBilling((s) => s.productsError);
  const subscriptions = useBilling((s) => s.subscriptions);
  const subscriptionsStatus = useBilling((s) => s.subscriptionsStatus);
  const checkout = useBilling((s) => s.checkout);
  const [interval, setInterval] = useState<BillingInterval>('month');
  useBillingLifecycle(user?.id ?? null);

  useEffect(() => {
    store.getState().dismissCheckoutError();
  }, [store, interval]);

  const current = mainSubscription(subscriptions);
  const plan = account?.plan;
  // The plan paid for now: the current subscription's product, else the product of the plan's
  // type; an account that pays for nothing is on Free.
  const currentPlanId = !plan
    ? null
    : current && isSubscriptionCurrent(current.status) && current.productId
      ? current.productId
      : plan.isPaidAccount
        ? (products.find((p) => planTypeOf(p) === plan.type)?.id ?? null)
        : FREE_PLAN_ID;
  // Only the owner may pay for an account (the checkout session rule); the rest read.
  const audience: PricingAudience = !user
    ? 'visitor'
    : account && account.ownerId === user.id
      ? 'owner'
      : 'viewer';

  // A live subscription is changed, never doubled (docs/decisions/013-one-subscription-per-account.md).
  const live = liveSubscriptionOf(subscriptions);

  function choose(priceId: string) {
    if (!user || !account || audience !== 'owner') return;
    if (live) {
      void store.getState().changePlan({ subscription: live, priceId });
      return;
    }
    void store.getState().startCheckout({
      uid: user.id,
      priceId,
      accountId: account.id,
      accountName: account.name,
    });
  }

  // `/pricing?plan={priceId}`: the plan chosen before sign-up (src/data/chosen-plan.ts) goes on to
  // its checkout once, when the owner's subscriptions are known and none is live.
  const chosenPriceId = chosenPlanFromSearch(useLocation().search);
  const chosenStarted = useRef(false);
  useEffect(() => {
    if (!chosenPriceId || chosenStarted.current || audience !== 'owner') return;
    if (subscriptionsStatus !== 'ready' || productsStatus !== 'ready') return;
    chosenStarted.current = true;
    if (live) return;
    choose(chosenPriceId);
  });

  const busyPriceId =
    checkout.status === 'starting' || checkout.status === 'redirecting' ? checkout.priceId : null;

  return (
    <Page className="billing-page">
      <PageHeader
        title="Plans and pricing"
        lead={
          audience === 'visitor' ? (
            <>
              Start free with one card; move to a paid plan when your team needs more cards and your
              own branding. <Link to="/sign-in">Already have an account? Sign in</Link>
            </>
          ) : (
            <>
              Every plan includes live cards, contact saving and lead capture.{' '}
              <Link to="/settings/billing">Back to billing</Link>
            </>
          )
        }
      />
      {audience === 'viewer' && account ? (
        <Alert tone="info">
          <p>Only the owner of {account.name} can change its plan.</p>
        </Alert>
      ) : null}
      {checkout.status === 'error' ? (
        <Alert tone="error">
          <p>{checkout.message}</p>
          <Button variant="link" onClick={() => store.getState().dismissCheckoutError()}>
            Dismiss
          </Button>
        </Alert>
      ) : null}
      {checkout.status === 'starting' || checkout.status === 'redirecting' ? (
        <p className="visually-hidden" role="status">
          {checkout.status === 'starting' ? 'Starting checkout…' : 'Opening checkout…'}
        </p>
      ) : null}
      {productsStatus === 'error' ? (
        <Alert tone="error">
          <p>The plans could not be loaded: {productsError}</p>
          <Button
            variant="link"
            onClick={() => {
              void store.getState().loadProducts();
            }}
          >
            Try again
          </Button>
        </Alert>
      ) : productsStatus !== 'ready' ? (
        <PageLoader label="Loading plans…" />
      ) : (
        <PricingTable
          products={products}
          interval={interval}
          onIntervalChange={setInterval}
          audience={audience}
          currentPlanId={currentPlanId}
          busyPriceId={busyPriceId}
          onChoose={choose}
          subscribed={audience === 'owner' && live !== null}
          trialOffered={audience === 'visitor' || subscriptions.length === 0}
        />
      )}
    </Page>
  );
}
