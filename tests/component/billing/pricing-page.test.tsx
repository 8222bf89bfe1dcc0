import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemoryBackend } from '@/backend/memory/memory-backend';
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  CHECKOUT_TIMEOUT_MESSAGE,
} from '@/features/billing/billing-store';
import { PricingPage } from '@/features/billing/pricing-page';
import { ACCOUNT_ID, APP_ORIGIN, FREE_AT_CAP, UID, USER, renderBilling } from './render-billing';

let stop: (() => void) | undefined;

afterEach(() => {
  stop?.();
  stop = undefined;
});

/** Plays the payments extension: answers the next checkout session with `answer`. */
function answerCheckout(db: MemoryBackend, answer: Record<string, unknown>): Promise<string> {
  return new Promise((resolve) => {
    const stopQuery = db.onQuery(
      { collection: `users/${UID}/checkout_sessions` },
      (docs) => {
        const doc = docs[0];
        if (!doc || 'url' in doc.data || 'error' in doc.data) return;
        queueMicrotask(stopQuery);
        void db.set(doc.path, answer, { merge: true }).then(() => resolve(doc.path));
      },
      () => undefined,
    );
  });
}

function planNames(): string[] {
  const list = screen.getByRole('list', { name: 'Plans' });
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent ?? '');
}

/** The plan's feature list as read out: "Custom colours: included", "...: not included". */
function features(plan: string): string[] {
  return within(screen.getByRole('list', { name: `${plan} features` }))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');
}

describe('/pricing', () => {
  it('shows Free, then the pricing-table products by card limit with their monthly and yearly prices', async () => {
    const view = renderBilling(<PricingPage />);
    stop = view.stop;

    await screen.findByRole('list', { name: 'Plans' });
    expect(planNames()).toEqual(['Free', 'Starter', 'Growth', 'Corporate']);
    const free = screen.getByRole('article', { name: 'Free' });
    expect(free).toHaveTextContent('$0 per month');
    expect(free).toHaveTextContent('1 card');
    const growth = screen.getByRole('article', { name: 'Growth' });
    expect(growth).toHaveTextContent('$29 per month');
    expect(growth).toHaveTextContent('Up to 10 cards');

    await userEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    expect(screen.getByRole('radio', { name: /Yearly/ })).toBeChecked();
    expect(screen.getByRole('article', { name: 'Growth' })).toHaveTextContent('$290 per year');
    expect(screen.getByRole('radio', { name: /Yearly/ })).toHaveAccessibleName(/Save up to 16%/);
  });

  it('lists each plan’s features from the gates the app enforces', async () => {
    const view = renderBilling(<PricingPage />);
    stop = view.stop;
    await screen.findByRole('list', { name: 'Plans' });

    // Free: no paid feature. Starter: paid features, but not branding-free (plan type) nor
    // collaborators (3 cards, the gate opens above 5). Growth and Corporate: everything.
    expect(features('Free').every((f) => f.endsWith(': not included'))).toBe(true);
    expect(features('Starter')).toEqual([
      'Custom colours: included',
      'Background images: included',
      'Your logo on every card: included',
      'E-mail signature disclaimer: included',
      'Hide Cardbuilder branding: not included',
      'Collaborators who edit cards with you: not included',
    ]);
    expect(features('Growth').every((f) => f.endsWith(': included'))).toBe(true);
    expect(features('Corporate').every((f) => f.endsWith(': included'))).toBe(true);

    // What no gate holds back is said once, for every plan.
    const everyPlan = screen.getByRole('region', { name: 'Every plan includes, Free too' });
    expect(everyPlan).toHaveTextContent('Teams with shared links and branding');
    expect(everyPlan).toHaveTextContent('Bulk import of members from a spreadsheet');
    expect(everyPlan).toHaveTextContent('A public directory');
    expect(everyPlan).toHaveTextContent('Promotions');
  });

  it('recommends the smallest plan that opens every feature', async () => {
    const view = renderBilling(<PricingPage />);
    stop = view.stop;
    const growth = await screen.findByRole('article', { name: 'Growth' });
    expect(within(growth).getByText('Recommended')).toBeInTheDocument();
    expect(screen.getAllByText('Recommended')).toHaveLength(1);
  });

  it('lets a signed-out visitor compare the plans and sign up, without starting a checkout', async () => {
    const view = renderBilling(<PricingPage />, { user: null });
    stop = view.stop;
    const free = await screen.findByRole('article', { name: 'Free' });
    expect(within(free).getByRole('link', { name: 'Create your free card' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
    const growth = screen.getByRole('article', { name: 'Growth' });
    // The chosen plan travels through sign-up and setup into its checkout.
    expect(within(growth).getByRole('link', { name: 'Start with Growth' })).toHaveAttribute(
      'href',
      '/sign-up?plan=price_growth_monthly',
    );
    expect(screen.queryByRole('button', { name: /Choose/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Current plan')).not.toBeInTheDocument();
  });

  it('tells someone who is not the owner who can change the plan, and offers no checkout', async () => {
    const view = renderBilling(<PricingPage />, {
      user: { ...USER, id: 'u-collaborator', email: 'pat@globex.example', isAccountOwner: false },
    });
    stop = view.stop;
    expect(
      await screen.findByText('Only the owner of Globex can change its plan.'),
    ).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Plans' });
    expect(screen.queryByRole('button', { name: /Choose/ })).not.toBeInTheDocument();
    const free = screen.getByRole('article', { name: 'Free' });
    expect(within(free).getByText('Current plan')).toBeInTheDocument();
  });

  it('marks the plan the account is on', async () => {
    const view = renderBilling(<PricingPage />, {
      plan: {
        type: 'growth',
        isPaidAccount: true,
        cardLimit: 10,
        compCards: 0,
        cardsInUse: 1,
        trialEndDate: null,
      },
    });
    stop = view.stop;
    const growth = await screen.findByRole('article', { name: 'Growth' });
    expect(within(growth).getByText('Current plan')).toBeInTheDocument();
    expect(within(growth).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Choose Corporate/ })).toBeEnabled();
    // Leaving a paid plan is a cancellation: Free points to the billing portal instead.
    const free = screen.getByRole('article', { name: 'Free' });
    expect(within(free).getByRole('link', { name: 'Billing' })).toHaveAttribute(
      'href',
      '/settings/billing',
    );
  });

  it('marks Free as the current plan of a free account', async () => {
    const view = renderBilling(<PricingPage />);
    stop = view.stop;
    const free = await screen.findByRole('article', { name: 'Free' });
    expect(within(free).getByText('Current plan')).toBeInTheDocument();
    expect(within(free).queryByRole('link')).not.toBeInTheDocument();
  });

  it('creates the checkout session of docs/product.md §7 and goes to the url the extension writes', async () => {
    const view = renderBilling(<PricingPage />);
    stop = view.stop;
    const answered = answerCheckout(view.db, {
      url: 'https://checkout.test/cs_1',
      sessionId: 'cs_1',
    });

    await userEvent.click(await screen.findByRole('button', { name: /Choose Starter/ }));
    const path = await answered;
    expect(view.db.dump()[path]).toMatchObject({
      price: 'price_starter_monthly',
      allow_promotion_codes: true,
      success_url: `${APP_ORIGIN}/settings/billing`,
      cancel_url: `${APP_ORIGIN}/settings/billing`,
      metadata: { accountId: ACCOUNT_ID, accountName: 'Globex' },
      client_reference_id: ACCOUNT_ID,
      mode: 'subscription',
      quantity: 1,
    });
    await waitFor(() => expect(view.navigate).toHaveBeenCalledWith('https://checkout.test/cs_1'));
  });

  it('shows the checkout error the extension writes and stays on the page', async () => {
    const view = renderBilling(<PricingPage />);
    stop = view.stop;
    void answerCheckout(view.db, { error: { message: "No such price: 'price_growth_yearly'" } });

    await userEvent.click(await screen.findByRole('radio', { name: /Yearly/ }));
    await userEvent.click(screen.getByRole('button', { name: /Choose Growth/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "No such price: 'price_growth_yearly'",
    );
    expect(view.navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Choose Growth/ })).toBeEnabled();
  });

  it('says so when the payment provider never answers', async () => {
    const view = renderBilling(<PricingPage />, { checkoutTimeoutMs: 100 });
    stop = view.stop;

    await userEvent.click(await screen.findByRole('button', { name: /Choose Corporate/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CHECKOUT_TIMEOUT_MESSAGE);
    expect(view.navigate).not.toHaveBeenCalled();
  });

  it('shows a refused checkout session as an error', async () => {
    const view = renderBilling(<PricingPage />, {
      backend: {
        refuse: (access) => access.kind === 'write' && access.path.includes('checkout_sessions'),
      },
    });
    stop = view.stop;
    await userEvent.click(await screen.findByRole('button', { name: /Choose Starter/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Checkout could not start:/);
  });

  it('shows the free trial of a plan whose price has one, for the period chosen', async () => {
    const view = renderBilling(<PricingPage />, { user: null });
    stop = view.stop;
    const growth = await screen.findByRole('article', { name: 'Growth' });
    expect(growth).toHaveTextContent('14-day free trial');
    expect(screen.getByRole('article', { name: 'Starter' })).not.toHaveTextContent('free trial');
    await userEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    expect(screen.getByRole('article', { name: 'Growth' })).not.toHaveTextContent('free trial');
  });

  it('changes the plan of a live subscription through the portal’s update flow, never a second checkout', async () => {
    const createPortalLink = vi.fn(() => Promise.resolve({ url: 'https://portal.test/update' }));
    const view = renderBilling(<PricingPage />, {
      plan: { ...FREE_AT_CAP, type: 'growth', isPaidAccount: true, cardLimit: 10 },
      backend: { createPortalLink },
    });
    stop = view.stop;
    view.db.seed(`users/${UID}/subscriptions/sub_growth`, liveGrowthSubscription());

    const corporate = await screen.findByRole('article', { name: 'Corporate' });
    await userEvent.click(
      await within(corporate).findByRole('button', { name: /^Switch to Corporate/ }),
    );
    await waitFor(() => expect(view.navigate).toHaveBeenCalledWith('https://portal.test/update'));
    expect(createPortalLink).toHaveBeenCalledWith({
      returnUrl: `${APP_ORIGIN}/settings/billing`,
      locale: 'auto',
      flow_data: {
        type: 'subscription_update_confirm',
        subscription_update_confirm: {
          subscription: 'sub_growth',
          items: [{ id: 'si_growth', price: 'price_corporate_monthly', quantity: 1 }],
        },
        after_completion: {
          type: 'redirect',
          redirect: { return_url: `${APP_ORIGIN}/settings/billing` },
        },
      },
    });
    expect(Object.keys(view.db.dump()).some((path) => path.includes('checkout_sessions'))).toBe(
      false,
    );
  });

  it('the store refuses a checkout for a user who holds a live subscription', async () => {
    const view = renderBilling(<PricingPage />);
    stop = view.stop;
    await screen.findByRole('list', { name: 'Plans' });
    // A subscription the screen has not seen yet (another tab bought it a moment ago).
    view.db.seed(`users/${UID}/subscriptions/sub_growth`, liveGrowthSubscription());
    await view.billingStore.getState().startCheckout({
      uid: UID,
      priceId: 'price_corporate_monthly',
      accountId: ACCOUNT_ID,
      accountName: 'Globex',
    });
    expect(view.billingStore.getState().checkout).toMatchObject({
      status: 'error',
      message: ALREADY_SUBSCRIBED_MESSAGE,
    });
    expect(Object.keys(view.db.dump()).some((path) => path.includes('checkout_sessions'))).toBe(
      false,
    );
    expect(view.navigate).not.toHaveBeenCalled();
  });
});

/** A Growth trial as the payments extension writes it (one item). */
function liveGrowthSubscription(): Record<string, unknown> {
  return {
    status: 'trialing',
    product: 'products/prod_growth',
    price: 'products/prod_growth/prices/price_growth_monthly',
    quantity: 1,
    items: [{ id: 'si_growth', price: { id: 'price_growth_monthly' } }],
    metadata: { accountId: ACCOUNT_ID },
    created: new Date('2026-01-02T00:00:00Z'),
    cancel_at_period_end: false,
  };
}
