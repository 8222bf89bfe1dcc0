import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAccount } from '../../stores/account-store';
import { useAuth } from '../../stores/auth-store';
import { Button } from '../../ui/button';
import { Alert, Page, PageHeader, PageLoader } from '../../ui/page';
import { useDocumentTitle } from '../../ui/use-document-title';
import { mainSubscription, planTypeOf } from './billing-format';
import type { BillingInterval } from './billing-format';
import { useBilling, useBillingStoreApi } from './billing-store';
import { useBillingLifecycle } from './use-billing-lifecycle';
import { PricingTable } from './pricing-table';
import { isSubscriptionCurrent } from '../../domain/subscriptions';
import './billing.css';

/**
 * /pricing: the pricing table with a monthly/yearly switch; choosing a plan starts the payment
 * provider's checkout (spec 7) and its error, if any, is shown above the table.
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
  const checkout = useBilling((s) => s.checkout);
  const [interval, setInterval] = useState<BillingInterval>('month');
  useBillingLifecycle(user?.id ?? null);

  useEffect(() => {
    store.getState().dismissCheckoutError();
  }, [store, interval]);

  const current = mainSubscription(subscriptions);
  const plan = account?.plan;
  // The product paid for now: the current subscription's, else the product of the plan's type.
  const currentProductId =
    current && isSubscriptionCurrent(current.status) && current.productId
      ? current.productId
      : plan?.isPaidAccount
        ? (products.find((p) => planTypeOf(p) === plan.type)?.id ?? null)
        : null;

  function choose(priceId: string) {
    if (!user || !account) return;
    void store.getState().startCheckout({
      uid: user.id,
      priceId,
      accountId: account.id,
      accountName: account.name,
    });
  }

  const busyPriceId =
    checkout.status === 'starting' || checkout.status === 'redirecting' ? checkout.priceId : null;

  return (
    <Page className="billing-page">
      <PageHeader
        title="Choose your plan"
        lead={
          <>
            Every plan includes live cards, contact saving and lead capture.{' '}
            <Link to="/settings/billing">Back to billing</Link>
          </>
        }
      />
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
          currentProductId={currentProductId}
          busyPriceId={busyPriceId}
          onChoose={choose}
        />
      )}
      {plan && !plan.isPaidAccount ? (
        <p className="pricing__footnote">
          You are on the Free plan: one card, no paid features. Upgrade any time; you can cancel in
          the billing portal.
        </p>
      ) : null}
    </Page>
  );
}
