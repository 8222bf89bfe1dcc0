import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BillingSettingsPage,
  OWNER_MANAGES_BILLING,
  capMessage,
  subscriptionSummary,
} from '@/features/billing/billing-settings';
import { BackendError } from 'firestore-engine/errors';
import type { MemoryBackendOptions } from '@/backend/memory/memory-backend';
import { RESUME_MESSAGES } from '@/domain/resume-subscription';
import { ACCOUNT_ID, APP_ORIGIN, FREE_AT_CAP, UID, USER, renderBilling } from './render-billing';

const DAY = 24 * 60 * 60 * 1000;
let stop: (() => void) | undefined;

afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('/settings/billing', () => {
  it('shows a free account at its cap: usage, a full progress bar and the cap warning', async () => {
    const view = renderBilling(<BillingSettingsPage />);
    stop = view.stop;

    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    const plan = screen.getByRole('region', { name: 'Current plan' });
    expect(within(plan).getByText('Free', { selector: '.billing-plan__name' })).toBeInTheDocument();
    // "Free" once: no badge repeating the plan's name.
    expect(within(plan).getAllByText(/\bFree\b/)).toHaveLength(1);
    expect(within(plan).getByText('None: the free plan needs none.')).toBeInTheDocument();

    expect(screen.getByText(/of/, { selector: '.usage__figure' })).toHaveTextContent(
      '1 of 1 cards used',
    );
    const bar = screen.getByRole('progressbar', { name: 'Cards used' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '1 of 1 cards used (100%)');
    expect(screen.getByText('No cards left')).toBeInTheDocument();

    expect(screen.getByText('You have reached your card limit.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to add more cards' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(screen.getByRole('link', { name: 'Upgrade plan' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();

    const features = screen.getByRole('region', { name: 'Features' });
    expect(within(features).getByText('Custom colours').closest('li')).toHaveTextContent(
      'Custom colours: not included',
    );
  });

  it('shows a paid trial: plan name, trial days left, current status and the remaining cards', async () => {
    const trialEnd = new Date(Date.now() + 14 * DAY - 60_000);
    const view = renderBilling(<BillingSettingsPage />, {
      plan: {
        type: 'growth',
        isPaidAccount: true,
        cardLimit: 10,
        compCards: 2,
        cardsInUse: 3,
        trialEndDate: trialEnd,
      },
    });
    stop = view.stop;
    view.db.seed(`users/${UID}/subscriptions/sub_1`, {
      status: 'trialing',
      product: 'products/prod_growth',
      price: 'products/prod_growth/prices/price_growth_monthly',
      created: new Date(Date.now() - DAY),
      current_period_end: trialEnd,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      metadata: { accountId: ACCOUNT_ID },
    });

    const plan = await screen.findByRole('region', { name: 'Current plan' });
    await waitFor(() =>
      expect(
        within(plan).getByText('Growth', { selector: '.billing-plan__name' }),
      ).toBeInTheDocument(),
    );
    expect(await within(plan).findByText('Trialing')).toBeInTheDocument();
    // The status badge alone: no "Trialing current", no "Paid" badge.
    expect(within(plan).getByText('Trialing').parentElement).toHaveTextContent(/^Trialing$/);
    expect(within(plan).queryByText('Paid')).not.toBeInTheDocument();
    expect(within(plan).getByText(/14 days left/)).toBeInTheDocument();

    // Limit 10 + 2 complimentary = 12; 3 used = floor(25%).
    expect(screen.getByText(/of/, { selector: '.usage__figure' })).toHaveTextContent(
      '3 of 12 cards used',
    );
    expect(screen.getByRole('progressbar', { name: 'Cards used' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(screen.getByText(/9 cards left/)).toHaveTextContent('includes 2 complimentary cards');
    expect(screen.queryByText('You have reached your card limit.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change plan' })).toBeInTheDocument();
  });

  it('says why a paid plan has no subscription instead of "Paid" beside "No subscription"', async () => {
    const view = renderBilling(<BillingSettingsPage />, {
      plan: {
        type: 'growth',
        isPaidAccount: true,
        cardLimit: 10,
        compCards: 0,
        cardsInUse: 3,
        trialEndDate: null,
      },
    });
    stop = view.stop;
    const plan = await screen.findByRole('region', { name: 'Current plan' });
    expect(await within(plan).findByText('None: nothing is billed for this plan.')).toBeVisible();
    expect(plan).not.toHaveTextContent(/Paid|No subscription/);
  });

  it('tells a collaborator the owner is billed, and an active subscription without "current"', async () => {
    expect(
      subscriptionSummary({
        plan: { isPaidAccount: true },
        subscription: null,
        isOwner: false,
        inTrial: false,
      }),
    ).toEqual({ badge: null, current: false, note: 'Billed to the account owner.' });
    expect(
      subscriptionSummary({
        plan: { isPaidAccount: true },
        subscription: { status: 'active' },
        isOwner: true,
        inTrial: false,
      }),
    ).toEqual({ badge: 'Active', current: true, note: null });
    expect(
      subscriptionSummary({
        plan: { isPaidAccount: false },
        subscription: { status: 'canceled' },
        isOwner: true,
        inTrial: false,
      }),
    ).toEqual({
      badge: 'Canceled',
      current: false,
      note: 'Not current: the paid features are off.',
    });
  });

  it('follows the account live: a new plan lifts the cap and opens the paid features', async () => {
    const view = renderBilling(<BillingSettingsPage />);
    stop = view.stop;
    expect(await screen.findByText('You have reached your card limit.')).toBeInTheDocument();

    await view.db.update(`accounts/${ACCOUNT_ID}`, {
      'plan.type': 'growth',
      'plan.isPaidAccount': true,
      'plan.cardLimit': 10,
    });

    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Cards used' })).toHaveAttribute(
        'aria-valuenow',
        '10',
      ),
    );
    expect(screen.queryByText('You have reached your card limit.')).not.toBeInTheDocument();
    expect(screen.getByText('Custom colours').closest('li')).toHaveTextContent(
      'Custom colours: included',
    );
  });

  it('opens the billing portal with the billing page as return URL', async () => {
    const createPortalLink = vi.fn(() => Promise.resolve({ url: 'https://portal.test/session' }));
    const view = renderBilling(<BillingSettingsPage />, { backend: { createPortalLink } });
    stop = view.stop;
    view.db.seed(`users/${UID}/subscriptions/sub_1`, {
      status: 'active',
      product: 'products/prod_starter',
      created: new Date(),
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(view.navigate).toHaveBeenCalledWith('https://portal.test/session'));
    expect(createPortalLink).toHaveBeenCalledWith({
      returnUrl: `${APP_ORIGIN}/settings/billing`,
      locale: 'auto',
    });
  });

  /** A starter plan whose subscription is cancelled at period end, with `backend` options. */
  function endingPlan(backend: MemoryBackendOptions) {
    const periodEnd = new Date(Date.now() + 10 * DAY);
    const view = renderBilling(<BillingSettingsPage />, {
      plan: {
        type: 'starter',
        isPaidAccount: true,
        cardLimit: 3,
        compCards: 0,
        cardsInUse: 1,
        trialEndDate: null,
      },
      backend,
    });
    stop = view.stop;
    view.db.seed(`users/${UID}/subscriptions/sub_1`, {
      status: 'active',
      product: 'products/prod_starter',
      created: new Date(Date.now() - 20 * DAY),
      current_period_end: periodEnd,
      cancel_at_period_end: true,
      cancel_at: periodEnd,
      canceled_at: new Date(),
    });
    const dateText = periodEnd.toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
    return { view, dateText };
  }

  it('a subscription cancelled at period end: "Your plan ends on {date}", and Resume resumes it here', async () => {
    let resolveResume: (() => void) | undefined;
    const resumeSubscription = vi.fn(
      () =>
        new Promise<{ resumed: boolean }>((done) => {
          resolveResume = () => done({ resumed: true });
        }),
    );
    const { view, dateText } = endingPlan({ resumeSubscription });
    const banner = await screen.findByText(`Your plan ends on ${dateText}.`);
    const status = banner.closest('[role="status"]') as HTMLElement;
    expect(status).toHaveTextContent('The paid features stay until then');
    await userEvent.click(within(status).getByRole('button', { name: 'Resume' }));
    expect(resumeSubscription).toHaveBeenCalledWith({ subscriptionId: 'sub_1' });
    // Busy while the server asks the provider, and until its change reaches the subscription.
    expect(within(status).getByRole('button', { name: 'Resume' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    resolveResume?.();
    await waitFor(() => expect(resumeSubscription).toHaveBeenCalledTimes(1));
    expect(within(status).getByRole('button', { name: 'Resume' })).toHaveAttribute(
      'aria-busy',
      'true',
    );

    // The provider's change arrives: the banner goes, and the page says what happens now.
    await view.db.update(`users/${UID}/subscriptions/sub_1`, {
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
    });
    await waitFor(() => expect(screen.queryByText(/Your plan ends on/)).not.toBeInTheDocument());
    expect(screen.getByText('Your plan carries on.').closest('[role="status"]')).toHaveTextContent(
      `Your plan carries on. It renews on ${dateText}.`,
    );
    expect(screen.getByText('Renews')).toBeInTheDocument();
    expect(view.navigate).not.toHaveBeenCalled();

    // Cancelled again elsewhere while the page stays open: the banner is back, Resume ready.
    await view.db.update(`users/${UID}/subscriptions/sub_1`, {
      cancel_at_period_end: true,
      cancel_at: new Date(Date.now() + 10 * DAY),
      canceled_at: new Date(),
    });
    const again = (await screen.findByText(/Your plan ends on/)).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(within(again).getByRole('button', { name: 'Resume' })).not.toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.queryByText('Your plan carries on.')).not.toBeInTheDocument();
  });

  it('a resumed trial says when the first payment is taken', async () => {
    const resumeSubscription = vi.fn(() => Promise.resolve({ resumed: true }));
    const { view, dateText } = endingPlan({ resumeSubscription });
    await view.db.update(`users/${UID}/subscriptions/sub_1`, { status: 'trialing' });
    const banner = await screen.findByText(`Your plan ends on ${dateText}.`);
    const status = banner.closest('[role="status"]') as HTMLElement;
    await userEvent.click(within(status).getByRole('button', { name: 'Resume' }));
    await view.db.update(`users/${UID}/subscriptions/sub_1`, {
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
    });
    expect(
      (await screen.findByText('Your plan carries on.')).closest('[role="status"]'),
    ).toHaveTextContent(
      `Your plan carries on. The trial ends on ${dateText}, when the first payment is taken.`,
    );
  });

  it('a resume the server refuses says why under the banner, and the plan still reads as ending', async () => {
    const resumeSubscription = vi.fn(() =>
      Promise.reject(new BackendError('failed-precondition', RESUME_MESSAGES.ended)),
    );
    const { view, dateText } = endingPlan({ resumeSubscription });
    const banner = await screen.findByText(`Your plan ends on ${dateText}.`);
    const status = banner.closest('[role="status"]') as HTMLElement;
    await userEvent.click(within(status).getByRole('button', { name: 'Resume' }));
    expect(await within(status).findByRole('alert')).toHaveTextContent(
      `Your plan could not be resumed: ${RESUME_MESSAGES.ended}`,
    );
    expect(within(status).getByRole('button', { name: 'Resume' })).not.toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.getByText(`Your plan ends on ${dateText}.`)).toBeInTheDocument();
    expect(view.navigate).not.toHaveBeenCalled();
  });

  it('no banner once the end has passed or when the subscription is not cancelled', async () => {
    const view = renderBilling(<BillingSettingsPage />, {
      plan: {
        type: 'starter',
        isPaidAccount: true,
        cardLimit: 3,
        compCards: 0,
        cardsInUse: 1,
        trialEndDate: null,
      },
    });
    stop = view.stop;
    view.db.seed(`users/${UID}/subscriptions/sub_1`, {
      status: 'active',
      product: 'products/prod_starter',
      created: new Date(Date.now() - 40 * DAY),
      current_period_end: new Date(Date.now() - DAY),
      cancel_at_period_end: true,
      cancel_at: new Date(Date.now() - DAY),
    });
    expect(await screen.findByRole('button', { name: 'Manage billing' })).toBeInTheDocument();
    expect(screen.queryByText(/Your plan ends on/)).not.toBeInTheDocument();
  });

  it('a second trial is not paid for: it says so instead of "Trialing" beside a free plan', () => {
    expect(
      subscriptionSummary({
        plan: { isPaidAccount: false },
        subscription: { status: 'trialing' },
        isOwner: true,
        inTrial: false,
      }),
    ).toEqual({
      badge: 'Trialing',
      current: false,
      note: 'This account has already had its free trial: the paid features start with the first payment.',
    });
  });

  it('shows why the billing portal did not open', async () => {
    const view = renderBilling(<BillingSettingsPage />, {
      backend: {
        createPortalLink: () => Promise.reject(new Error('No Stripe customer for this user.')),
      },
    });
    stop = view.stop;
    view.db.seed(`users/${UID}/subscriptions/sub_1`, { status: 'canceled', created: new Date() });

    await userEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The billing portal could not open: No Stripe customer for this user.',
    );
    expect(view.navigate).not.toHaveBeenCalled();
  });

  it('a collaborator reads the plan: no Change plan, Resume or Manage billing, a plain sentence instead', async () => {
    const view = renderBilling(<BillingSettingsPage />, {
      plan: {
        type: 'growth',
        isPaidAccount: true,
        cardLimit: 10,
        compCards: 0,
        cardsInUse: 3,
        trialEndDate: null,
      },
      user: {
        ...USER,
        id: 'u-collaborator',
        email: 'pat@globex.example',
        isAccountOwner: false,
      },
    });
    stop = view.stop;
    expect(await screen.findByText(OWNER_MANAGES_BILLING)).toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: /Change plan|Upgrade plan/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resume|Manage billing/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/permission/i)).not.toBeInTheDocument();
  });

  it('after a downgrade below the cards in use: the cards stay live, no new card until under the limit', async () => {
    const view = renderBilling(<BillingSettingsPage />, {
      plan: {
        type: 'starter',
        isPaidAccount: true,
        cardLimit: 3,
        compCards: 0,
        cardsInUse: 5,
        trialEndDate: null,
      },
    });
    stop = view.stop;
    const warning = await screen.findByText('Your plan includes 3 cards; this account has 5.');
    expect(warning.closest('[role="status"]')).toHaveTextContent(
      'Every card stays live, but no new card can be created until fewer than 3 are in use.',
    );
    expect(screen.getByText('2 cards over the limit')).toBeInTheDocument();
    expect(capMessage({ ...FREE_AT_CAP, cardsInUse: 0 })).toBeNull();
  });
});
