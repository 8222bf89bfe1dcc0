/**
 * A deactivated account, end to end (docs/access.md, "Deactivated accounts"): a super admin
 * deactivates an account; its owner, signed in elsewhere, sees the deactivated page instead of the
 * editor and can save nothing; a visitor of its card sees the plain "not available" page with
 * nothing of the card on it; the super admin reactivates it and the editor, the card and saving
 * are all back as they were. Every page visited is checked with axe-core; the two new pages are
 * also photographed at desktop and phone widths under .shots/ (git-ignored) for a person to look at.
 */
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { setBackend } from '@/backend/current';
import { BackendError } from 'firestore-engine/errors';
import { createLocalBackend } from '@/backend/local/local-backend';
import type { Backend } from '@/backend/port';
import { serverTimestamp } from 'firestore-engine/transforms';
import { cardCreateOps, newCardId, readCardCountBase } from '@/data/cards';
import {
  authEmulatorUrl,
  DEMO_PASSWORD,
  DEMO_SUPER_ADMIN,
  expect,
  expectAccessible,
  test,
} from './fixtures';

const SHOTS = '.shots';

/** The owner on another device: the real local driver with their own ID token. */
async function backendOf(
  baseURL: string,
  email: string,
  password: string,
): Promise<{ backend: Backend; uid: string }> {
  const res = await fetch(
    `${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string; localId?: string };
  if (!body.idToken || !body.localId) throw new Error(`could not sign ${email} in`);
  const token = body.idToken;
  const backend = createLocalBackend({
    baseUrl: baseURL,
    getIdToken: () => Promise.resolve(token),
  });
  // The repositories' helpers (newCardId) ask the installed backend.
  setBackend(backend);
  return { backend, uid: body.localId };
}

async function refusal(write: Promise<unknown>): Promise<string> {
  try {
    await write;
  } catch (err) {
    if (err instanceof BackendError) return err.code;
    throw err;
  }
  return 'allowed';
}

async function newPage(browser: Browser, baseURL: string): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ baseURL });
  return [context, await context.newPage()];
}

/** Desktop and phone photographs of the page as it is now. */
async function photograph(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

function accountRow(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Accounts' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

/** The super admin switches the account off or on from the account list. */
async function setActive(admin: Page, accountName: string, active: boolean): Promise<void> {
  await admin.goto('/accounts');
  // Active accounts are searched; the deactivated ones are one short list, with no search.
  if (active) await admin.getByText('Deactivated', { exact: true }).click();
  else await admin.getByLabel('Search accounts').fill(accountName);
  const row = accountRow(admin, accountName);
  if (active) {
    await row.getByRole('button', { name: `Reactivate ${accountName}` }).click();
    await expect(admin.getByText(`${accountName} is active again.`)).toBeVisible();
  } else {
    await row.getByRole('button', { name: `Deactivate ${accountName}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Deactivate ${accountName}?` });
    await dialog.getByRole('button', { name: `Deactivate ${accountName}` }).click();
    await expect(admin.getByText(`${accountName} has been deactivated.`)).toBeVisible();
  }
}

test('a deactivated account shows its owner why, hides its card from visitors, and comes back whole', async ({
  page,
  browser,
  baseURL,
  signUpWithPassword,
}) => {
  const base = baseURL ?? '';
  // The owner signs up and gets a card on the new account's free slot.
  const owner = await signUpWithPassword({
    accountName: `Dormant ${Math.random().toString(36).slice(2, 7)}`,
  });
  const { backend, uid } = await backendOf(base, owner.email, owner.password);
  const user = (await backend.get(`users/${uid}`)).data ?? {};
  const accountId = String(user.accountId);
  const cardId = newCardId();
  const handle = `dora-${cardId
    .slice(0, 8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`;
  await backend.batch(
    cardCreateOps(
      {
        id: cardId,
        accountId,
        ownerId: uid,
        teamId: String(user.defaultTeam),
        handle,
        handleAllowIndex: true,
        name: 'Dora Dormant',
        title: 'Chief Sleeper',
        company: 'Dormant Co',
        email: 'dora@dormant.example',
        contacts: [
          { id: 'p1', name: 'Phone', label: 'Mobile', value: '+1 555 0199', isTeamLink: false },
        ],
        appForm: { enabled: true, fields: { name: true, email: true, phone: false, note: true } },
        template: { templateId: 'classic', accentColor: '#4F46E5' },
        signatureBasic: { enabled: true },
        appShare: {},
      },
      await readCardCountBase(accountId),
    ),
  );
  let [visitorContext, visitor] = await newPage(browser, base);
  const [adminContext, admin] = await newPage(browser, base);
  try {
    await visitor.goto(`/c/${handle}`);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Dora Dormant');

    // The super admin, in a browser of their own, deactivates the account.
    await admin.goto('/sign-in');
    await admin.waitForFunction(
      () => !document.getElementById('root')?.hasAttribute('data-prerendered'),
    );
    await admin.getByLabel('Email', { exact: true }).fill(DEMO_SUPER_ADMIN);
    await admin.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await admin.getByRole('button', { name: /^sign in$/i }).click();
    await admin.waitForURL('**/builder');
    await setActive(admin, owner.accountName, false);

    // The owner, still signed in, sees the deactivated page at once, on every app page.
    const gone = page.getByRole('region', { name: `${owner.accountName} is deactivated` });
    await expect(gone).toBeVisible();
    await expect(gone).toContainText('Nothing in it has been deleted.');
    await expect(gone.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByRole('heading', { name: 'Your cards' })).toHaveCount(0);
    await expect(page.locator('#nprogress')).toHaveCount(0);
    await expectAccessible(page);
    await photograph(page, 'deactivated-member');
    await page.goto(`/team/${String(user.defaultTeam)}`);
    await expect(gone).toBeVisible();
    // Saving is refused by the rules whatever the screen: here straight through the driver.
    expect(
      await refusal(
        backend.update(`cards/${cardId}`, { title: 'Awake', dateUpdated: serverTimestamp() }),
      ),
    ).toBe('permission-denied');
    // Their own profile stays open.
    await gone.getByRole('link', { name: 'Account settings and export' }).click();
    await expect(page.getByText(`${owner.accountName} is deactivated: nothing`)).toBeVisible();

    // A new visitor sees the plain page: 404, noindex, nothing of the card. (A new one: the
    // first visitor's browser may keep the live page for its max-age of 60 s, as a CDN would.)
    await visitorContext.close();
    [visitorContext, visitor] = await newPage(browser, base);
    const answer = await visitor.goto(`/c/${handle}`);
    expect(answer?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(
      'This card is not available',
    );
    const html = await visitor.content();
    for (const detail of ['Dora Dormant', 'Chief Sleeper', '555 0199', 'dora@dormant.example']) {
      expect(html).not.toContain(detail);
    }
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectAccessible(visitor);
    await photograph(visitor, 'deactivated-visitor');
    expect((await visitor.goto(`/c/${cardId}/vcard.vcf`))?.status()).toBe(404);

    // Reactivated: the editor, the card and saving come back as they were.
    await setActive(admin, owner.accountName, true);
    await page.goto('/builder');
    await expect(page.getByRole('heading', { level: 1, name: 'Your cards' })).toBeVisible();
    await expect(gone).toHaveCount(0);
    const back = await visitor.goto(`/c/${handle}`);
    expect(back?.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Dora Dormant');
    await expect(visitor.getByText('Chief Sleeper')).toBeVisible();
    expect(
      await refusal(
        backend.update(`cards/${cardId}`, { title: 'Awake', dateUpdated: serverTimestamp() }),
      ),
    ).toBe('allowed');
  } finally {
    await visitorContext.close();
    await adminContext.close();
  }
});
