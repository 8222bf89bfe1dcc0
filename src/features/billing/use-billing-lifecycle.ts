import { useEffect } from 'react';
import { useBillingStoreApi } from './billing-store';

/**
 * What both billing screens need while shown: the products (read once), the user's subscriptions
 * (followed live while the screen is open), and working buttons again when the browser brings the
 * page back from its history cache after a trip to the checkout or portal page.
 */
export function useBillingLifecycle(uid: string | null): void {
  const store = useBillingStoreApi();

  useEffect(() => {
    void store.getState().loadProducts();
  }, [store]);

  useEffect(() => {
    if (!uid) return undefined;
    return store.getState().followSubscriptions(uid);
  }, [store, uid]);

  useEffect(() => {
    const onPageShow = () => store.getState().clearRedirects();
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [store]);
}
