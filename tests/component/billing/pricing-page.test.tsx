import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MemoryBackend } from '../../../src/backend/memory/memory-backend';
import { CHECKOUT_TIMEOUT_MESSAGE } from '../../../src/features/billing/billing-store';
import { PricingPage } from '../../../src/features/billing/pricing-page';
import { ACCOUNT_ID, APP_ORIGIN, UID, renderBilling } from './render-billing';

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

describe('/pricing', () => {
  it('shows the pricing-table products by card limit with their monthly and yearly prices', async () => {
    const view = renderBilling(<PricingPage />);
    stop = view.stop;

    await screen.findByRole('list', { name: 'Plans' });
    expect(planNames()).toEqual(['Starter', 'Growth', 'Corporate']);
    const growth = screen.getByRole('article', { name: 'Growth' });
    expect(growth).toHaveTextContent('$29 per month');
    expect(growth).toHaveTextContent('Up to 10 cards');
    expect(growth).toHaveTextContent('Hide Cardbuilder branding');
    expect(screen.getByRole('article', { name: 'Starter' })).not.toHaveTextContent(
      'Hide Cardbuilder branding',
    );
    expect(screen.getByRole('article', { name: 'Starter' })).toHaveTextContent('Custom colours');

    await userEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    expect(screen.getByRole('radio', { name: /Yearly/ })).toBeChecked();
    expect(screen.getByRole('article', { name: 'Growth' })).toHaveTextContent('$290 per year');
    expect(screen.getByRole('radio', { name: /Yearly/ })).toHaveAccessibleName(/Save up to 16%/);
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
  });

  it('creates the checkout session of spec 7 and goes to the url the extension writes', async () => {
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
});
