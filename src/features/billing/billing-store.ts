/**
 * The billing feature's store: the pricing table's products, the user's subscriptions (followed
 * live), and the ways out to the payment provider: checkout, the billing portal, Resume and a plan
 * change (a portal flow that updates the one subscription instead of buying a second). A checkout
 * first reads the subscriptions fresh, so neither a stale screen nor a second tab buys twice.
 * Leaving the app is a dependency (`navigate`) so tests watch it instead of leaving jsdom.
 */
import { createContext, useContext } from 'react';
import { create, useStore } from 'zustand';
import type { StateCreator } from 'zustand';
import {
  createCheckoutSession,
  createPlanChangeLink,
  createPortalLink,
  followCheckoutSession,
  followSubscriptions,
  listActiveProducts,
  readSubscriptions,
  resumeSubscription,
} from '@/data/billing';
import { liveSubscriptionOf } from '@/domain/subscriptions';
import type { ProductWithPrices, Subscription } from '@/data/billing';

/** Checkout and the portal both come back here (docs/product.md §7). */
export const BILLING_SETTINGS_PATH = '/settings/billing';
export const CHECKOUT_TIMEOUT_MS = 30_000;

export const CHECKOUT_TIMEOUT_MESSAGE =
  'Checkout did not start: the payment provider did not answer in time. Please try again in a moment.';
const UNEXPECTED = 'An unexpected error occurred. Please try again.';

/** Said instead of starting a second checkout for an account that already holds a subscription. */
export const ALREADY_SUBSCRIBED_MESSAGE =
  'This account already has a subscription. Choose a plan again to change it: your subscription is updated, not doubled.';

export interface BillingDeps {
  /** Leaves the app for the checkout or portal page. */
  navigate: (url: string) => void;
  /** The app's origin, for the return URLs. */
  origin: () => string;
  checkoutTimeoutMs: number;
}

export type CheckoutState =
  | { status: 'idle' }
  | { status: 'starting'; priceId: string }
  | { status: 'redirecting'; priceId: string }
  | { status: 'error'; priceId: string; message: string };

export type PortalState =
  | { status: 'idle' }
  | { status: 'opening' }
  | { status: 'redirecting' }
  | { status: 'error'; message: string };

/** Resume of a subscription cancelled at period end, done in the app (no trip to the portal). */
export type ResumeState =
  | { status: 'idle' }
  | { status: 'resuming' }
  /** Asked and accepted: waiting for the provider's change to reach the subscription. */
  | { status: 'resumed'; subscriptionId: string }
  /** The followed subscription shows it: a later cancellation starts afresh. */
  | { status: 'done'; subscriptionId: string }
  | { status: 'error'; message: string };

/** `resume`, moved on to `done` once `subscriptions` show the resumed one no longer ending. */
function settledResume(resume: ResumeState, subscriptions: readonly Subscription[]): ResumeState {
  if (resume.status !== 'resumed') return resume;
  const sub = subscriptions.find((s) => s.id === resume.subscriptionId);
  return sub !== undefined && !sub.cancelAtPeriodEnd
    ? { status: 'done', subscriptionId: resume.subscriptionId }
    : resume;
}

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface CheckoutInput {
  uid: string;
  priceId: string;
  accountId: string;
  accountName: string;
}

export type BillingStore = {
  products: ProductWithPrices[];
  productsStatus: LoadStatus;
  productsError: string | null;
  subscriptions: Subscription[];
  subscriptionsStatus: LoadStatus;
  checkout: CheckoutState;
  portal: PortalState;
  resume: ResumeState;
  configure: (deps: Partial<BillingDeps>) => void;
  /** Reads the active products and their prices (once; again after an error). */
  loadProducts: () => Promise<void>;
  /** Follows the user's subscriptions; returns the stop function. */
  followSubscriptions: (uid: string) => () => void;
  startCheckout: (input: CheckoutInput) => Promise<void>;
  /** Moves the live subscription to `priceId` through the portal's update flow. */
  changePlan: (input: { subscription: Subscription; priceId: string }) => Promise<void>;
  openPortal: () => Promise<void>;
  /** Resumes the user's subscription `subscriptionId`, cancelled at period end. */
  resumeSubscription: (subscriptionId: string) => Promise<void>;
  dismissCheckoutError: () => void;
  /** Back from the provider's page through the browser's history: the buttons work again. */
  clearRedirects: () => void;
  reset: () => void;
};

function messageOf(err: unknown): string {
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : UNEXPECTED;
}

function defaultDeps(): BillingDeps {
  return {
    navigate: (url) => window.location.assign(url),
    origin: () => (typeof window !== 'undefined' ? window.location.origin : ''),
    checkoutTimeoutMs: CHECKOUT_TIMEOUT_MS,
  };
}

type Outcome = { url: string } | { error: string };

export function billingStoreCreator(
  overrides: Partial<BillingDeps> = {},
): StateCreator<BillingStore> {
  return (set, get) => {
    let deps: BillingDeps = { ...defaultDeps(), ...overrides };

    /** Waits for the extension to answer the checkout session, or for the timeout. */
    function awaitSession(uid: string, sessionId: string): Promise<Outcome> {
      return new Promise((resolve) => {
        let settled = false;
        let stop: (() => void) | null = null;
        const finish = (outcome: Outcome) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          stop?.();
          resolve(outcome);
        };
        const timer = setTimeout(
          () => finish({ error: CHECKOUT_TIMEOUT_MESSAGE }),
          deps.checkoutTimeoutMs,
        );
        stop = followCheckoutSession(
          uid,
          sessionId,
          (state) => {
            if (state.error !== null) finish({ error: state.error });
            else if (state.url !== null) finish({ url: state.url });
          },
          (err) => finish({ error: `Checkout could not start: ${messageOf(err)}` }),
        );
        if (settled) stop();
      });
    }

    const initial = {
      products: [],
      productsStatus: 'idle' as LoadStatus,
      productsError: null,
      subscriptions: [],
      subscriptionsStatus: 'idle' as LoadStatus,
      checkout: { status: 'idle' } as CheckoutState,
      portal: { status: 'idle' } as PortalState,
      resume: { status: 'idle' } as ResumeState,
    };

    return {
      ...initial,

      configure: (next) => {
        deps = { ...deps, ...next };
      },

      loadProducts: async () => {
        const status = get().productsStatus;
        if (status === 'loading' || status === 'ready') return;
        set({ productsStatus: 'loading', productsError: null });
        try {
          const products = await listActiveProducts();
          set({ products, productsStatus: 'ready' });
        } catch (err) {
          console.error('[billing] reading the products failed', err);
          set({ productsStatus: 'error', productsError: messageOf(err) });
        }
      },

      followSubscriptions: (uid) => {
        set({ subscriptions: [], subscriptionsStatus: 'loading' });
        return followSubscriptions(
          uid,
          (subscriptions) =>
            set({
              subscriptions,
              subscriptionsStatus: 'ready',
              resume: settledResume(get().resume, subscriptions),
            }),
          (err) => {
            console.error('[billing] following the subscriptions failed', err);
            set({ subscriptions: [], subscriptionsStatus: 'error' });
          },
        );
      },

      startCheckout: async ({ uid, priceId, accountId, accountName }) => {
        const current = get().checkout.status;
        if (current === 'starting' || current === 'redirecting') return;
        set({ checkout: { status: 'starting', priceId } });
        let outcome: Outcome;
        try {
          // Read fresh, not from the followed list: it may not have arrived yet (right after
          // account setup) or be another tab's stale view.
          if (liveSubscriptionOf(await readSubscriptions(uid)) !== null) {
            set({ checkout: { status: 'error', priceId, message: ALREADY_SUBSCRIBED_MESSAGE } });
            return;
          }
          const sessionId = await createCheckoutSession(uid, {
            priceId,
            accountId,
            accountName,
            returnUrl: `${deps.origin()}${BILLING_SETTINGS_PATH}`,
          });
          outcome = await awaitSession(uid, sessionId);
        } catch (err) {
          console.error('[billing] creating the checkout session failed', err);
          outcome = { error: `Checkout could not start: ${messageOf(err)}` };
        }
        if ('url' in outcome) {
          set({ checkout: { status: 'redirecting', priceId } });
          deps.navigate(outcome.url);
        } else {
          set({ checkout: { status: 'error', priceId, message: outcome.error } });
        }
      },

      changePlan: async ({ subscription, priceId }) => {
        const current = get().checkout.status;
        if (current === 'starting' || current === 'redirecting') return;
        set({ checkout: { status: 'starting', priceId } });
        try {
          const url = await createPlanChangeLink(
            `${deps.origin()}${BILLING_SETTINGS_PATH}`,
            subscription,
            priceId,
          );
          set({ checkout: { status: 'redirecting', priceId } });
          deps.navigate(url);
        } catch (err) {
          console.error('[billing] opening the plan change failed', err);
          set({
            checkout: {
              status: 'error',
              priceId,
              message: `The plan change could not start: ${messageOf(err)}`,
            },
          });
        }
      },

      openPortal: async () => {
        const current = get().portal.status;
        if (current === 'opening' || current === 'redirecting') return;
        set({ portal: { status: 'opening' } });
        try {
          const url = await createPortalLink(`${deps.origin()}${BILLING_SETTINGS_PATH}`);
          set({ portal: { status: 'redirecting' } });
          deps.navigate(url);
        } catch (err) {
          console.error('[billing] opening the billing portal failed', err);
          set({
            portal: {
              status: 'error',
              message: `The billing portal could not open: ${messageOf(err)}`,
            },
          });
        }
      },

      resumeSubscription: async (subscriptionId) => {
        if (get().resume.status === 'resuming') return;
        set({ resume: { status: 'resuming' } });
        try {
          await resumeSubscription(subscriptionId);
          // The change may have reached the followed subscription before this answer did.
          set({
            resume: settledResume({ status: 'resumed', subscriptionId }, get().subscriptions),
          });
        } catch (err) {
          console.error('[billing] resuming the subscription failed', err);
          set({ resume: { status: 'error', message: messageOf(err) } });
        }
      },

      dismissCheckoutError: () => {
        if (get().checkout.status === 'error') set({ checkout: { status: 'idle' } });
      },

      clearRedirects: () => {
        const { checkout, portal } = get();
        if (checkout.status === 'redirecting') set({ checkout: { status: 'idle' } });
        if (portal.status === 'redirecting') set({ portal: { status: 'idle' } });
      },

      reset: () => set({ ...initial }),
    };
  };
}

/** A fresh billing store (tests build one per test). */
export function createBillingStore(deps: Partial<BillingDeps> = {}) {
  return create<BillingStore>()(billingStoreCreator(deps));
}

export const useBillingStore = create<BillingStore>()(billingStoreCreator());

export type BillingStoreApi = ReturnType<typeof createBillingStore>;

/** Which billing store the screens below use: the app's, or a test's fresh one. */
export const BillingStoreContext = createContext<BillingStoreApi>(useBillingStore);

export function useBilling<T>(selector: (state: BillingStore) => T): T {
  return useStore(useContext(BillingStoreContext), selector);
}

export function useBillingStoreApi(): BillingStoreApi {
  return useContext(BillingStoreContext);
}
