/**
 * Team journeys on the Firebase stack, on the seeded Initech account (corporate plan): an
 * invitation e-mailed by the sendInviteMail trigger and accepted through the acceptInvite callable
 * (the Functions emulator), a CSV import and a team sync, both server jobs run by the runJobs
 * trigger from the job document the app writes.
 */
import type { Browser, Page } from '@playwright/test';
import {
  checkAccessible,
  DEMO_PASSWORD,
  deliveredMailTo,
  expect,
  test,
  uniqueEmail,
} from './fixtures';

const INITECH_OWNER = 'owner@initech.example';

function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36).slice(-5)}`;
}

async function asGuest(browser: Browser, work: (guest: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  try {
    await work(await context.newPage());
  } finally {
    await context.close();
  }
}

test('an invited person signs up from the e-mailed link and joins the account', async ({
  page,
  browser,
  signIn,
}) => {
  const invitee = uniqueEmail('invitee');
  await signIn(INITECH_OWNER, DEMO_PASSWORD);
  await page.goto('/team/initech-sales?tab=members');
  await expect(page.getByRole('heading', { level: 2, name: 'Collaborators' })).toBeVisible();
  await page.getByLabel('Invite by e-mail').fill(invitee);
  await page.getByLabel('Role').selectOption({ label: 'Card editor' });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${invitee}.`)).toBeVisible();
  await checkAccessible(page);

  // The sendInviteMail trigger wrote the e-mail with the secret link; the stand-in delivered it.
  const [mail] = await deliveredMailTo(invitee);
  const token = /sign-up\?invite=([A-Za-z0-9_-]{43})/.exec(JSON.stringify(mail?.data.message));
  expect(token?.[1]).toBeTruthy();

  await asGuest(browser, async (guest) => {
    await guest.goto(`/sign-up?invite=${token?.[1]}`);
    await guest.getByLabel('Full name').fill('Pat Invitee');
    await guest.getByLabel('Email', { exact: true }).fill(invitee);
    await guest.getByLabel('Password', { exact: true }).fill('Sturdy-pass9');
    await guest.getByRole('button', { name: 'Create account' }).click();
    await guest.waitForURL('**/builder');
    await expect(guest.getByText("You've joined Initech")).toBeVisible();
    await expect(guest.locator('.account-chip')).toHaveText('Initech');
    await checkAccessible(guest);
  });

  // Used up: the owner's pending list empties, and the owner is told by e-mail.
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);
  const told = await deliveredMailTo(INITECH_OWNER);
  expect(JSON.stringify(told.map((m) => m.data.message))).toContain(`${invitee} joined Initech`);
});

test('a CSV of 5 rows with a bad one imports 4 cards through the import job', async ({
  page,
  signIn,
}) => {
  await signIn(INITECH_OWNER, DEMO_PASSWORD);
  const tag = Date.now().toString(36);
  await page.goto('/team/initech-sales?tab=settings');
  const team = unique('Import');
  await page.getByRole('button', { name: 'New team' }).click();
  const dialog = page.getByRole('dialog', { name: 'New team' });
  await dialog.getByLabel('Team name').fill(team);
  await dialog.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: team })).toBeVisible();
  await page.getByRole('tab', { name: 'Import' }).click();

  const rows = ['Name,Email,Title,Phone'];
  for (let i = 1; i <= 4; i += 1) {
    rows.push(`Person ${tag} ${i},p${i}.${tag}@initech.example,Analyst,+1 555 010${i}`);
  }
  rows.push(`Bad Mail ${tag},not-an-email,Analyst,`);
  await page.locator('input[type=file]').setInputFiles({
    name: 'members.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(rows.join('\n')),
  });
  await expect(page.getByText('“not-an-email” is not a valid e-mail address.')).toBeVisible();
  await checkAccessible(page);
  await page.getByRole('button', { name: 'Import 4 cards' }).click();
  await expect(page.getByText(`Imported 4 cards into ${team}.`, { exact: false })).toBeVisible({
    timeout: 60_000,
  });

  await page.goto(`/c/person-${tag}-3`);
  await expect(page.getByRole('heading', { level: 1, name: `Person ${tag} 3` })).toBeVisible();
});

test('team links and branding reach coupled cards and not a card that opted out', async ({
  page,
  signIn,
}) => {
  await signIn(INITECH_OWNER, DEMO_PASSWORD);
  const website = `https://initech.example/${Date.now().toString(36)}`;
  await page.goto('/team/initech-sales?tab=links');
  await page.getByRole('button', { name: 'Add a team link' }).click();
  const last = page.getByRole('listitem').last();
  await last.getByLabel('Label').fill('Company site');
  await last.getByLabel('Link').fill(website);
  await checkAccessible(page);
  await page.getByRole('button', { name: 'Save and apply to cards' }).click();
  await expect(page.getByText(/Updated \d+ cards? with the team/)).toBeVisible({
    timeout: 60_000,
  });

  await page.getByRole('tab', { name: 'Brand kit' }).click();
  await page.getByRole('radio', { name: 'Square' }).check();
  await page.getByRole('button', { name: 'Save brand kit and apply' }).click();
  await expect(page.getByText(/Updated \d+ cards? with the team/)).toBeVisible({
    timeout: 60_000,
  });

  // A save takes the previous "Updated …" away, so the line above is the brand kit's job; the
  // public card is read again until it shows both changes, as a page served from a cache may lag.
  await expect(async () => {
    await page.goto('/c/peter-gibbons');
    await expect(page.getByRole('link', { name: /Company site/ })).toBeVisible({ timeout: 2000 });
    await expect(page.locator('article.cb-card')).toHaveClass(/cb-shape-square/, {
      timeout: 2000,
    });
  }).toPass({ timeout: 60_000 });
  await page.goto('/c/milton-waddams');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Company site/ })).toHaveCount(0);
  await expect(page.locator('article.cb-card')).not.toHaveClass(/cb-shape-square/);
});
