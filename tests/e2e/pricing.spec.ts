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
  await growth.getByRole('link', { name: 'Start with Growth' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
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
  await expect(page.getByRole('button', { name: /choose growth/i })).toBeEnabled();
});
