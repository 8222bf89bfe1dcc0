/**
 * The super admin, end to end: a banner on every page says whose account they are working in, with
 * the way back to all accounts; the account list shows each account's owner, plan and cards; an
 * account is deactivated (through the server, since no client may write `isActive`), its owner
 * sees the deactivated page, and it is reactivated.
 */
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_SUPER_ADMIN, expect, expectAccessible, test } from './fixtures';

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Runs axe once the route-change progress bar (whose `role="bar"` axe reports) is gone. */
async function checkAccessible(page: Page): Promise<void> {
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expectAccessible(page);
}

function accountRow(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Accounts' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

test('a super admin sees whose account they are in, and deactivates and reactivates an account', async ({
  page,
  browser,
  signUpWithPassword,
  signIn,
}) => {
  // An account of its own owner's making, to deactivate.
  const owner = await signUpWithPassword();
  await signOut(page);

  await signIn(DEMO_SUPER_ADMIN, DEMO_PASSWORD);
  const banner = page.getByRole('region', { name: 'Super admin' });
  await expect(banner).toHaveText(/Viewing Acme Co as super admin/);
  await checkAccessible(page);
  await page.getByRole('link', { name: 'Team', exact: true }).click();
  await expect(banner).toHaveText(/Viewing Acme Co as super admin/);

  await banner.getByRole('link', { name: 'Back to all accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All accounts' })).toBeVisible();
  await page.getByLabel('Search accounts').fill(owner.accountName);
  const row = accountRow(page, owner.accountName);
  await expect(row).toContainText(owner.email);
  await expect(row).toContainText('Free');
  await expect(row).toContainText('0 of 1');
  await checkAccessible(page);

  await row.getByRole('button', { name: `Deactivate ${owner.accountName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Deactivate ${owner.accountName}?` });
  await checkAccessible(page);
  await dialog.getByRole('button', { name: `Deactivate ${owner.accountName}` }).click();
  await expect(page.getByText(`${owner.accountName} has been deactivated.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByText('Deactivated', { exact: true }).click();
  await expect(accountRow(page, owner.accountName)).toContainText('Deactivated');
  await checkAccessible(page);

  // The owner, in their own browser, is told.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  try {
    await ownerPage.goto('/sign-in');
    await ownerPage.getByLabel('Email', { exact: true }).fill(owner.email);
    await ownerPage.getByLabel('Password', { exact: true }).fill(owner.password);
    await ownerPage.getByRole('button', { name: /^sign in$/i }).click();
    await ownerPage.waitForURL('**/builder');
    // Every app page shows the deactivated page (deactivated-account.spec.ts has the details).
    const deactivated = ownerPage.getByRole('region', {
      name: `${owner.accountName} is deactivated`,
    });
    await expect(deactivated).toBeVisible();
    await ownerPage.goto('/accounts');
    await expect(deactivated).toBeVisible();
  } finally {
    await ownerContext.close();
  }

  await accountRow(page, owner.accountName)
    .getByRole('button', { name: `Reactivate ${owner.accountName}` })
    .click();
  await expect(page.getByText(`${owner.accountName} is active again.`)).toBeVisible();
  await page.getByText('Active', { exact: true }).click();
  await page.getByLabel('Search accounts').fill(owner.accountName);
  await accountRow(page, owner.accountName)
    .getByRole('button', { name: `Switch to ${owner.accountName}` })
    .click();
  await page.waitForURL('**/builder');
  await expect(banner).toHaveText(new RegExp(`Viewing ${owner.accountName} as super admin`));
});
