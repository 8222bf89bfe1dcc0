/**
 * A checkout on the Firebase stack: the app writes a checkout session, the payments stand-in
 * answers it with its local checkout page (as the Stripe extension answers with Stripe Checkout),
 * paying writes the subscription, and the functions bundle's planSync trigger, fired by that write,
 * raises the account's plan: a tab that is never reloaded sees the limit and the paid features.
 */
import { checkAccessible, DEMO_PASSWORD, deliveredMailTo, expect, readDoc, test } from './fixtures';

const GLOBEX_OWNER = 'owner@globex.example';

test('a free account at its cap upgrades through checkout; plan sync unlocks the features', async ({
  page,
  context,
  signIn,
}) => {
  await signIn(GLOBEX_OWNER, DEMO_PASSWORD);
  await page.goto('/settings/billing');
  await expect(page.getByText('You have reached your card limit.')).toBeVisible();
  await expect(page.locator('.feature-list li', { hasText: 'Custom colours' })).toContainText(
    'not included',
  );
  await checkAccessible(page);

  // A second tab stays on the billing page, never reloaded, to watch the plan change live.
  const watcher = await context.newPage();
  await watcher.goto('/settings/billing');
  await expect(watcher.getByText('You have reached your card limit.')).toBeVisible();

  await page.goto('/pricing');
  await expect(page.getByRole('article', { name: 'Growth' })).toBeVisible();
  await page.getByRole('button', { name: /choose growth/i }).click();

  await expect(page).toHaveURL(/\/__\/checkout\//, { timeout: 30_000 });
  await expect(page.getByText('Local test checkout — no real payment')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Growth' })).toBeVisible();
  await checkAccessible(page);
  await page.getByRole('button', { name: /start trial|pay/i }).click();

  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.locator('.billing-plan__name')).toHaveText('Growth', { timeout: 30_000 });
  await checkAccessible(page);

  // planSync wrote the plan; the tab that was never reloaded follows it.
  await expect(watcher.getByText('1 of 10 cards used')).toBeVisible({ timeout: 30_000 });
  await expect(watcher.getByText('You have reached your card limit.')).toHaveCount(0);
  await expect(watcher.locator('.feature-list li', { hasText: 'Custom colours' })).toContainText(
    ': included',
  );
  const account = await readDoc('accounts/globex');
  expect((account?.plan as { type?: string }).type).toBe('growth');
  await watcher.close();

  // The billingMail trigger's e-mail, delivered by the mail stand-in.
  const mail = await deliveredMailTo(GLOBEX_OWNER, 2);
  expect(JSON.stringify(mail.map((m) => m.data.message))).toContain(
    'Your Growth subscription has started',
  );
});
