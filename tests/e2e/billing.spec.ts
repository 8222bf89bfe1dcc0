/**
 * Plans and billing, end to end on the local stack: a free account at its card cap upgrades through
 * the local checkout (the payments stand-in), its limit and paid features follow live in a tab that
 * is not reloaded; the billing portal asks before cancelling and cancels at the end of the period,
 * so the plan stays paid with a banner "Your plan ends on {date}" until Resume, pressed in the app;
 * the subscription e-mails reach the local mailbox; a checkout error is shown.
 */
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures';

const GLOBEX_OWNER = 'owner@globex.example';

/**
 * Runs axe once the route-change progress bar is gone: nprogress's bar carries `role="bar"`, an
 * invalid ARIA role that axe reports while it is on screen (a shell matter, src/ui/progress-bar.ts).
 */
async function checkAccessible(page: Page): Promise<void> {
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expectAccessible(page);
}

async function expectFreeAtCap(page: Page): Promise<void> {
  await expect(page.getByText('You have reached your card limit.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Cards used' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.locator('.feature-list li', { hasText: 'Custom colours' })).toContainText(
    'not included',
  );
}

test('a free account at its cap upgrades through checkout, cancels at period end, resumes', async ({
  page,
  context,
  signIn,
}) => {
  await signIn(GLOBEX_OWNER, DEMO_PASSWORD);

  // At the cap: the builder refuses a new card and points to an upgrade.
  await page.getByRole('button', { name: /new card/i }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: /every card your plan includes/i }),
  ).toBeVisible();
  await checkAccessible(page);

  await page.goto('/settings/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expectFreeAtCap(page);
  await checkAccessible(page);

  // A second tab stays on the billing page, never reloaded, to watch the plan change live.
  const watcher = await context.newPage();
  await watcher.goto('/settings/billing');
  await expectFreeAtCap(watcher);

  await page.getByRole('link', { name: 'Upgrade plan' }).first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('article', { name: 'Growth' })).toBeVisible();
  await checkAccessible(page);
  await page.getByRole('radio', { name: /yearly/i }).check();
  await expect(page.getByRole('article', { name: 'Growth' })).toContainText('per year');
  await page.getByRole('radio', { name: /monthly/i }).check();
  await page.getByRole('button', { name: /choose growth/i }).click();

  await expect(page).toHaveURL(/\/__\/checkout\//);
  await expect(page.getByText('Local test checkout — no real payment')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Growth' })).toBeVisible();
  await checkAccessible(page);
  await page.getByRole('button', { name: /start trial|pay/i }).click();

  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.locator('.billing-plan__name')).toHaveText('Growth');
  const planPanel = page.getByRole('region', { name: 'Current plan' });
  await expect(planPanel.getByText('Trialing')).toBeVisible();
  await expect(planPanel.getByText(/14 days left/)).toBeVisible();
  await checkAccessible(page);

  // The tab that was never reloaded: limit raised, cap gone, paid features open.
  await expect(watcher.getByRole('progressbar', { name: 'Cards used' })).toHaveAttribute(
    'aria-valuenow',
    '10',
  );
  await expect(watcher.getByText('1 of 10 cards used')).toBeVisible();
  await expect(watcher.getByText('You have reached your card limit.')).toHaveCount(0);
  await expect(watcher.locator('.feature-list li', { hasText: 'Custom colours' })).toContainText(
    ': included',
  );
  await expect(
    watcher.locator('.feature-list li', { hasText: 'Hide Cardbuilder branding' }),
  ).toContainText(': included');

  // The billing portal asks first, then cancels at the end of the period (the trial's end).
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/__\/portal\//);
  await expect(page.getByRole('heading', { name: 'Billing portal' })).toBeVisible();
  await checkAccessible(page);
  await page.getByRole('button', { name: 'Cancel subscription: Growth' }).click();
  await expect(
    page.getByRole('heading', { name: 'Cancel your Growth subscription?' }),
  ).toBeVisible();
  await checkAccessible(page);
  await page.getByRole('button', { name: 'Confirm: cancel Growth at period end' }).click();
  await expect(page.getByRole('button', { name: 'Resume: Growth' })).toBeVisible();

  // Still paid until the date: the tab that was never reloaded keeps the limit and features.
  await expect(watcher.locator('.billing-plan__name')).toHaveText('Growth');
  await expect(watcher.getByText(/Your plan ends on /)).toBeVisible();
  await expect(watcher.getByText('1 of 10 cards used')).toBeVisible();

  await page.getByRole('link', { name: 'Return to app' }).click();
  await expect(page).toHaveURL(/\/settings\/billing$/);
  const ending = page.getByRole('status').filter({ hasText: /Your plan ends on / });
  await expect(ending).toBeVisible();
  await expect(page.locator('.billing-plan__name')).toHaveText('Growth');
  await expect(page.getByText('You have reached your card limit.')).toHaveCount(0);
  await checkAccessible(page);

  // Resume, from the banner, in the app: no trip through the portal, and the banner goes.
  await ending.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText('Your plan carries on.')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.locator('.billing-plan__name')).toHaveText('Growth');
  await checkAccessible(page);
  await expect(page.getByText(/Your plan ends on /)).toHaveCount(0);
  await expect(watcher.getByText(/Your plan ends on /)).toHaveCount(0);
  await watcher.close();

  // The subscription's e-mails reached the local mailbox.
  await page.goto('/__/mailbox');
  await expect(
    page.getByRole('heading', { name: 'Your Growth subscription has started' }).first(),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /^Your Growth subscription ends on / }).first(),
  ).toBeVisible();
});

test('a checkout error from the payment provider is shown on the pricing page', async ({
  page,
  signUpWithPassword,
}) => {
  await signUpWithPassword();
  // Serve the pricing table a price the payment provider does not know, as after a catalogue change.
  await page.route('**/api/db', async (route) => {
    const body = route.request().postData() ?? '';
    if (!body.includes('"op":"query"') || !body.includes('prod_starter/prices')) {
      await route.continue();
      return;
    }
    const response = await route.fetch();
    const text = (await response.text()).replaceAll('price_starter_monthly', 'price_gone_e2e');
    await route.fulfill({ response, body: text });
  });

  await page.goto('/pricing');
  await page.getByRole('button', { name: /choose starter/i }).click();
  await expect(page.getByRole('alert')).toContainText("No such price: 'price_gone_e2e'");
  await expect(page).toHaveURL(/\/pricing$/);
  await checkAccessible(page);
});

/** The mails of the local mailbox sent to `email`, by subject. */
async function mailSubjects(page: Page, email: string): Promise<string[]> {
  await page.goto('/__/mailbox');
  return page
    .locator('article', { hasText: `To ${email}` })
    .getByRole('heading', { level: 3 })
    .allTextContents();
}

test('an owner changes plan twice and holds exactly one subscription, welcomed once', async ({
  page,
  signUpWithPassword,
}) => {
  const { email } = await signUpWithPassword();
  await page.goto('/pricing');
  await page.getByRole('button', { name: /choose growth/i }).click();
  await expect(page).toHaveURL(/\/__\/checkout\//);
  await page.getByRole('button', { name: /start trial/i }).click();
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.locator('.billing-plan__name')).toHaveText('Growth');
  const planPanel = page.getByRole('region', { name: 'Current plan' });
  await expect(planPanel.getByText('Trialing')).toBeVisible();

  // From the trial to Corporate: the portal's update flow, not a checkout.
  await page.getByRole('link', { name: 'Change plan' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await checkAccessible(page);
  await page.getByRole('button', { name: /switch to corporate/i }).click();
  await expect(page).toHaveURL(/\/__\/portal\//);
  await expect(page.getByRole('heading', { name: 'Confirm your new plan' })).toBeVisible();
  await expect(page.getByText('Your free trial ends today')).toBeVisible();
  await checkAccessible(page);
  await page.getByRole('button', { name: 'Confirm: move to Corporate' }).click();

  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.locator('.billing-plan__name')).toHaveText('Corporate');
  await expect(planPanel.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText(/days left/)).toHaveCount(0);
  const history = page.getByRole('region', { name: 'Subscriptions' });
  await expect(history.getByRole('row')).toHaveCount(2); // the header and one subscription
  await checkAccessible(page);

  // Down to Starter (3 cards): the same subscription again.
  await page.getByRole('link', { name: 'Change plan' }).click();
  await page.getByRole('button', { name: /switch to starter/i }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your new plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm: move to Starter' }).click();
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.locator('.billing-plan__name')).toHaveText('Starter');
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history).toContainText('Starter');

  // One subscription, one welcome; each change is announced as a change.
  const subjects = await mailSubjects(page, email);
  expect(subjects.filter((subject) => / subscription has started$/.test(subject))).toEqual([
    'Your Growth subscription has started',
  ]);
  expect(subjects).toContain('Your plan is now Corporate');
  expect(subjects).toContain('Your plan is now Starter');
  expect(subjects.filter((subject) => /has renewed/.test(subject))).toEqual([]);
});
