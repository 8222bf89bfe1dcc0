/**
 * Sign-up, sign-in, account setup, the shell's routing rules and the account list, end to end
 * against `npm start`'s stack with a fresh Auth emulator. Every page visited is checked with axe.
 */
import {
  DEMO_OWNER,
  DEMO_PASSWORD,
  DEMO_SUPER_ADMIN,
  expect,
  expectAccessible,
  latestOobLink,
  test,
  uniqueEmail,
} from './fixtures';
import type { Page } from '@playwright/test';

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

async function setUpAccount(page: Page, accountName: string): Promise<void> {
  await page.waitForURL('**/register/step2');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible();
  await page.getByLabel('Account name').fill(accountName);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/builder');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cards' })).toBeVisible();
}

function accountRows(page: Page) {
  return page.getByRole('list', { name: 'Accounts' }).getByRole('heading', { level: 2 });
}

test('a visitor signs up with e-mail and password, sets up an account and reaches the builder', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('banner').getByRole('link', { name: 'Get started' }).click();
  await page.waitForURL('**/sign-up');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Create your free account' }),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('weakpass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('Password should be 8 characters or more, contain a number and capital letter.'),
  ).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('Sturdy-pass9');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/register/step2');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible();
  await expectAccessible(page);

  const accountName = `Signup Co ${Date.now().toString(36)}`;
  await page.getByLabel('Account name').fill(accountName);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/builder');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cards' })).toBeVisible();
  await expect(page.getByTitle('Current account')).toHaveText(accountName);
  await expectAccessible(page);
});

test('a user signs out and signs back in', async ({ page, signUpWithPassword, signIn }) => {
  const { email, password } = await signUpWithPassword();
  await signOut(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await signIn(email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cards' })).toBeVisible();
});

test('a wrong password shows the catalogue message', async ({ page, signUpWithPassword }) => {
  const { email } = await signUpWithPassword();
  await signOut(page);
  await page.goto('/sign-in');
  await expectAccessible(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Not-the-pass1');
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password. Please try again.');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expectAccessible(page);
});

test('a visitor signs in with a magic link from the e-mail', async ({ page }) => {
  const email = uniqueEmail('magic');
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page);

  const link = await latestOobLink(email, 'EMAIL_SIGNIN');
  await page.goto(link);
  await setUpAccount(page, `Magic Co ${Date.now().toString(36)}`);
});

test('an account name typed while the magic-link sign-in finishes stays in the field', async ({
  page,
}) => {
  const email = uniqueEmail('magic-late');
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  // The new user's document is written only once the person has typed: the sign-in finishes
  // while account setup is already open.
  let release: () => void = () => undefined;
  const typed = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/db', async (route) => {
    const body = route.request().postData() ?? '';
    if (body.includes('"op":"set"') && body.includes('"path":"users/')) await typed;
    await route.continue();
  });
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });

  await page.goto(await latestOobLink(email, 'EMAIL_SIGNIN'));
  await page.waitForURL('**/register/step2');
  const accountName = `Late Co ${Date.now().toString(36)}`;
  await page.getByLabel('Account name').fill(accountName);
  release();

  // The sign-in has finished once it forgets the address it kept for the link.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('cardbuilder.magicLinkEmail')))
    .toBeNull();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await expect(page.getByLabel('Account name')).toHaveValue(accountName);
  await page.getByRole('button', { name: 'Continue' }).click();
  // Mounted afresh, the form would have lost the name and refused to continue.
  await expect(page.getByRole('heading', { level: 1, name: 'Your cards' })).toBeVisible();
  await expect(page.getByTitle('Current account')).toHaveText(accountName);
  expect(visited.filter((path) => path === '/builder')).toHaveLength(1);
});

test('a magic link opened on another device asks for the e-mail first', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('magic-other');
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const link = await latestOobLink(email, 'EMAIL_SIGNIN');

  const other = await browser.newContext();
  const phone = await other.newPage();
  try {
    await phone.goto(link);
    await expect(
      phone.getByRole('heading', { level: 1, name: 'Confirm your email' }),
    ).toBeVisible();
    await expectAccessible(phone);
    await phone.getByLabel('Email', { exact: true }).fill(email);
    await phone.getByRole('button', { name: 'Continue' }).click();
    await phone.waitForURL('**/register/step2');
  } finally {
    await other.close();
  }
});

test('a visitor signs up with Google through the local account chooser', async ({ page }) => {
  const email = uniqueEmail('google');
  await page.goto('/sign-up');
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a Google account' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Google account email').fill(email);
  await dialog.getByLabel('Name on the Google account').fill('Grace Hopper');
  await dialog.getByRole('button', { name: 'Use this account' }).click();
  await setUpAccount(page, `Google Co ${Date.now().toString(36)}`);
  await expect(page.getByRole('button', { name: /Grace Hopper/ })).toBeVisible();
});

test('a signed-out visitor who opens /builder lands on the landing page', async ({ page }) => {
  await page.goto('/builder');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(
    page.getByRole('heading', { level: 1, name: /make every introduction count/i }),
  ).toBeVisible();
});

test('a super admin sees every active account and a normal user only their own', async ({
  page,
  signIn,
}) => {
  await signIn(DEMO_SUPER_ADMIN, DEMO_PASSWORD);
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'All accounts' })).toBeVisible();
  await expect(accountRows(page).filter({ hasText: /^Acme Co$/ })).toHaveCount(1);
  await expect(accountRows(page).filter({ hasText: /^Globex$/ })).toHaveCount(1);
  expect(await accountRows(page).count()).toBeGreaterThanOrEqual(2);
  await expectAccessible(page);

  await page.getByLabel('Search accounts').fill('Globex');
  await expect(accountRows(page)).toHaveText(['Globex']);
  await page.getByRole('button', { name: 'Switch to Globex' }).click();
  await page.waitForURL('**/builder');
  await expect(page.getByTitle('Current account')).toHaveText('Globex');

  await signOut(page);
  await signIn(DEMO_OWNER, DEMO_PASSWORD);
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(accountRows(page)).toHaveText(['Acme Co']);
  await expectAccessible(page);
});
