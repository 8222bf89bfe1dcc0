/**
 * Firebase Auth's e-mail links end in the app's own handler (`/auth/action`), end to end: the
 * mailbox shows the reset link as production e-mails it, the handler applies the sign-up's
 * strength rule and signs the person in with the new password, which is the one that signs in
 * from then on.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, uniqueEmail } from './fixtures';

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

test('a user resets their password through the app’s handler and is signed in with the new one', async ({
  page,
  signUpWithPassword,
  signIn,
}) => {
  const { email, password: oldPassword } = await signUpWithPassword();
  await signOut(page);

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The sign-in page's own Email field stays on screen while the reset page's code loads.
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/a reset link is on its way/)).toBeVisible();

  // The local mailbox lists the link the way production e-mails it: on the app, not the emulator.
  await page.goto('/__/mailbox');
  const link = page.getByRole('link', { name: `Open the password reset for ${email}` });
  await expect(link).toHaveAttribute('href', /\/auth\/action\?mode=resetPassword&/);
  // No axe here: the mailbox is a developer's tool, not the product, and axe cannot enter its
  // sandboxed message frames (it waits on them until the test times out).
  const resetLink = new URL((await link.getAttribute('href')) ?? '', page.url()).href;
  await link.click();

  await expect(page).toHaveURL(/\/auth\/action\?mode=resetPassword&/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page);

  // Six characters satisfy the provider; the product asks for more, as at sign-up.
  await page.getByLabel('New password', { exact: true }).fill('weakpass');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(
    page.getByText('Password should be 8 characters or more, contain a number and capital letter.'),
  ).toBeVisible();

  // The new password signs the person in at once: no second round of typing on the sign-in page.
  const newPassword = 'Renewed-pass7';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await page.waitForURL('**/builder');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cards' })).toBeVisible();
  await expect(
    page.getByText('Your password has been changed and you are signed in.'),
  ).toBeVisible();
  await expectAccessible(page);

  // The link is spent: opening it again says so instead of failing obscurely.
  await signOut(page);
  await page.goto(resetLink);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This reset link can’t be used' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new reset link' })).toBeVisible();

  // The old password no longer works; the new one does.
  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(oldPassword);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn(email, newPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cards' })).toBeVisible();
});

test('a sign-in link from the mailbox goes through the handler and signs the visitor in', async ({
  page,
}) => {
  const email = uniqueEmail('handler-link');
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  await page.goto('/__/mailbox');
  const link = page.getByRole('link', { name: `Open the sign-in link for ${email}` });
  await expect(link).toHaveAttribute('href', /\/auth\/action\?mode=signIn&/);
  await link.click();

  // The handler hands the link to /magiclink, which completes the sign-in on this device.
  await page.waitForURL('**/register/step2');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible();
});
