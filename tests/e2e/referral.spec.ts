/**
 * A referral link kept through sign-up, clicked as a person would: `?via=CODE` opened on a public
 * page (pre-rendered ones included, which run no app), then the page's "Get started", then a
 * sign-up by password, e-mail link (opened in another tab) or Google. The affiliate must reach the
 * sign-up notice the product team receives (docs/product.md §7.3, §7.6), and only once.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, latestOobLink, test, uniqueEmail } from './fixtures';

const TEAM_EMAIL = 'team@cardbuilder.local';

function referralCode(): string {
  return `partner-${Math.random().toString(36).slice(2, 8)}`;
}

/** Opens `path?via=code` and clicks the banner's "Get started" as a visitor would. */
async function arriveByReferral(page: Page, path: string, code: string | null): Promise<void> {
  await page.goto(code === null ? path : `${path}?via=${code}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Get started' }).click();
  await page.waitForURL('**/sign-up**');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Create your free account' }),
  ).toBeVisible();
}

async function setUpAccount(page: Page): Promise<void> {
  await page.waitForURL('**/register/step2');
  await page.getByLabel('Account name').fill(`Referred Co ${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/builder');
}

/** The body of the product team's sign-up notice for `email`, from the local mailbox. */
async function signUpNotice(page: Page, email: string): Promise<string> {
  await page.goto('/__/mailbox');
  const notice = page.locator('article', { hasText: `New Cardbuilder sign-up: ${email}` });
  await expect(notice.locator('.meta')).toContainText(`To ${TEAM_EMAIL}`);
  return (await notice.locator('iframe').getAttribute('srcdoc')) ?? '';
}

test('a referral from the landing page reaches the sign-up notice of a password sign-up', async ({
  page,
}) => {
  const code = referralCode();
  const email = uniqueEmail('referred');
  await arriveByReferral(page, '/', code);
  await expectAccessible(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Sturdy-pass9');
  await page.getByRole('button', { name: 'Create account' }).click();
  await setUpAccount(page);
  // Recorded once: a later sign-up in this browser is nobody's referral.
  expect(await page.evaluate(() => localStorage.getItem('cardbuilder.via'))).toBeNull();

  expect(await signUpNotice(page, email)).toContain(`Affiliate: ${code}`);
});

test('a referral from a legal page survives a sign-up by an e-mail link opened in a new tab', async ({
  page,
  context,
}) => {
  const code = referralCode();
  const email = uniqueEmail('referred-link');
  await arriveByReferral(page, '/terms', code);
  await page.getByRole('button', { name: 'Sign up with an email link instead' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  // The e-mail's link opens in a new tab: no session storage, no `via` in its address.
  const link = await latestOobLink(email, 'EMAIL_SIGNIN');
  expect(link).not.toContain(code);
  const tab = await context.newPage();
  await tab.goto(link);
  await setUpAccount(tab);

  expect(await signUpNotice(tab, email)).toContain(`Affiliate: ${code}`);
  await tab.close();
});

test('a referral from the pricing page reaches the sign-up notice of a Google sign-up', async ({
  page,
}) => {
  const code = referralCode();
  const email = uniqueEmail('referred-google');
  await arriveByReferral(page, '/pricing', code);
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a Google account' });
  await dialog.getByLabel('Google account email').fill(email);
  await dialog.getByLabel('Name on the Google account').fill('Ada Referred');
  await dialog.getByRole('button', { name: 'Use this account' }).click();
  await setUpAccount(page);

  expect(await signUpNotice(page, email)).toContain(`Affiliate: ${code}`);
});

test('a sign-up without a referral records no affiliate', async ({ page }) => {
  const email = uniqueEmail('unreferred');
  await arriveByReferral(page, '/', null);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Sturdy-pass9');
  await page.getByRole('button', { name: 'Create account' }).click();
  await setUpAccount(page);

  expect(await signUpNotice(page, email)).toContain('Affiliate: none');
});
