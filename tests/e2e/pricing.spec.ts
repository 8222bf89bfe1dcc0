/**
 * The public pricing page, end to end: a signed-out visitor finds it from the landing page and the
 * header and reads what each plan brings; an owner upgrades from it through the local checkout.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

/** Runs axe once the route-change progress bar (whose `role="bar"` axe reports) is gone. */
async function checkAccessible(page: Page): Promise<void> {
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expectAccessible(page);
}

function planNames(page: Page) {
  return page.getByRole('list', { name: 'Plans' }).getByRole('heading', { level: 2 });
}

test('a visitor reads the plans signed out, from the landing page and the header', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Compare plans and pricing' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();

  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeVisible();
  await expect(planNames(page)).toHaveText(['Free', 'Starter', 'Growth', 'Corporate']);
  const growth = page.getByRole('article', { name: 'Growth' });
  await expect(growth.getByText('Recommended')).toBeVisible();
  await expect(growth).toContainText('Up to 10 cards');
  await expect(
    page.getByRole('list', { name: 'Starter features' }).getByRole('listitem'),
  ).toContainText(['Custom colours: included', 'Hide Cardbuilder branding: not included']);
  await expect(page.getByRole('region', { name: 'Every plan includes, Free too' })).toContainText(
    'Teams with shared links and branding',
  );
  await checkAccessible(page);

  // Reloading keeps the visitor on the page (it is public), and a plan leads to sign-up.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeVisible();
  await expect(growth).toContainText('14-day free trial');
  await growth.getByRole('link', { name: 'Start with Growth' }).click();
  await expect(page).toHaveURL(/\/sign-up\?plan=price_growth_monthly$/);
});

test('"Start with Growth" carries the plan through sign-up and account setup into its checkout', async ({
  page,
}) => {
  await page.goto('/pricing');
  await page
    .getByRole('article', { name: 'Growth' })
    .getByRole('link', { name: 'Start with Growth' })
    .click();
  await expect(page).toHaveURL(/\/sign-up\?plan=price_growth_monthly$/);
  const email = `growth-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@e2e.example`;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Sturdy-pass9');
  await page.getByRole('button', { name: /create account/i }).click();
  await page.waitForURL('**/register/step2');
  await page.getByLabel(/account name|company/i).fill(`Growth Co ${Date.now()}`);
  await page.getByRole('button', { name: /continue|create/i }).click();

  // Not the free plan's builder: the chosen plan's checkout.
  await expect(page).toHaveURL(/\/__\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Growth' })).toBeVisible();
  await expect(page.getByText('14-day free trial: nothing is charged today.')).toBeVisible();
  await page.getByRole('button', { name: /start trial/i }).click();
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.locator('.billing-plan__name')).toHaveText('Growth');
});

test('an owner on the free plan upgrades from the pricing page', async ({
  page,
  signUpWithPassword,
}) => {
  await signUpWithPassword();
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  const free = page.getByRole('article', { name: 'Free' });
  await expect(free.getByText('Current plan')).toBeVisible();
  await checkAccessible(page);

  await page.getByRole('button', { name: /choose starter/i }).click();
  await expect(page).toHaveURL(/\/__\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Starter' })).toBeVisible();
  await page.getByRole('button', { name: /start trial|pay/i }).click();

  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.locator('.billing-plan__name')).toHaveText('Starter');

  await page.goto('/pricing');
  await expect(
    page.getByRole('article', { name: 'Starter' }).getByText('Current plan'),
  ).toBeVisible();
  // Holding a subscription, another plan is a switch of it, not a second checkout.
  await expect(page.getByRole('button', { name: /switch to growth/i })).toBeEnabled();
  await expect(page.getByRole('button', { name: /choose growth/i })).toHaveCount(0);
});
