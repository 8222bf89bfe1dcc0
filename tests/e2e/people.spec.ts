/**
 * People and access end to end (issue 24): Initech's owner invites a collaborator and a card
 * editor, who join in browsers of their own; removed on People and access, each loses access at
 * once, without a reload. A card editor on /team/… reads plain words, never a raw permission
 * error, and the invitation page reports a revoked link before anyone creates an account.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  invitationLink,
  test,
  uniqueEmail,
} from './fixtures';

const INITECH_OWNER = 'owner@initech.example';
const RAW_DENIAL = /Missing or insufficient permissions/i;

/** Signed in as Initech's owner: invites `email` in `role` from the team's Members tab. */
async function invite(page: Page, email: string, role: 'Collaborator' | 'Card editor') {
  await page.goto('/team/initech-sales?tab=members');
  await page.getByLabel('Invite by e-mail').fill(email);
  await page.getByLabel('Role').selectOption({ label: role });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
}

/** A browser of the invitee's own, signed up from the link and working in Initech. */
async function joinFromLink(
  browser: Browser,
  link: string,
  name: string,
): Promise<{ context: BrowserContext; guest: Page }> {
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { level: 1, name: 'Join Initech' })).toBeVisible();
  await guest.getByLabel('Full name').fill(name);
  await guest.getByLabel('Password', { exact: true }).fill('Sturdy-pass9');
  await guest.getByRole('button', { name: 'Create account' }).click();
  await guest.waitForURL('**/builder');
  await expect(guest.locator('.account-chip')).toHaveText('Initech');
  return { context, guest };
}

/** On People and access: removes the person named `name` after confirming. */
async function removeOnPeoplePage(page: Page, name: string) {
  await page.goto('/settings/people');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Active')).toBeVisible();
  await row.getByRole('button', { name: `Remove ${name}'s access` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('They lose access to Initech at once');
  await dialog.getByRole('button', { name: 'Remove access' }).click();
  await expect(page.getByText(`${name} no longer has access to Initech.`)).toBeVisible();
  await expect(row.getByText('Removed')).toBeVisible();
}

/** The removed person's open app says so at once, and the server cleared their account. */
async function expectLostAccess(guest: Page) {
  await expect(
    guest.getByRole('heading', { level: 1, name: 'You no longer have access to Initech' }),
  ).toBeVisible();
  await expect(guest.getByText(RAW_DENIAL)).toHaveCount(0);
  await expectAccessible(guest);
  // The server cleared accountId: a fresh load is account setup, not Initech's builder.
  await guest.goto('/builder');
  await guest.waitForURL('**/register/step2');
  await expect(guest.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible();
}

test('an owner removes a collaborator and a card editor; each loses access at once, open browser included', async ({
  page,
  browser,
  signIn,
}) => {
  const collaboratorEmail = uniqueEmail('people-collab');
  const editorEmail = uniqueEmail('people-editor');
  // Names of this run only: people removed by an earlier run (a retry) stay listed as Removed.
  const run = (collaboratorEmail.split('@')[0] ?? '').replace(/[^a-z0-9]/g, '').slice(-5);
  const cora = `Cora Collab ${run}`;
  const eddie = `Eddie Edit ${run}`;
  await signIn(INITECH_OWNER, DEMO_PASSWORD);
  await invite(page, collaboratorEmail, 'Collaborator');
  await invite(page, editorEmail, 'Card editor');
  const collaborator = await joinFromLink(
    browser,
    await invitationLink(page, collaboratorEmail),
    cora,
  );
  const editor = await joinFromLink(browser, await invitationLink(page, editorEmail), eddie);
  try {
    await page.goto('/settings/people');
    await expect(page.getByRole('heading', { level: 1, name: 'People and access' })).toBeVisible();
    const owner = page.getByRole('row').filter({ hasText: 'Bill Lumbergh' });
    await expect(owner.getByRole('cell', { name: 'Owner', exact: true })).toBeVisible();
    const coraRow = page.getByRole('row').filter({ hasText: cora });
    await expect(coraRow.getByRole('cell', { name: 'Collaborator', exact: true })).toBeVisible();
    await expect(coraRow.getByText(collaboratorEmail)).toBeVisible();
    const eddieRow = page.getByRole('row').filter({ hasText: eddie });
    await expect(eddieRow.getByRole('cell', { name: 'Card editor', exact: true })).toBeVisible();
    await expectAccessible(page);

    // The collaborator's app is on the builder when the owner removes them.
    await removeOnPeoplePage(page, cora);
    await expectLostAccess(collaborator.guest);

    // The card editor is on their cards too.
    await removeOnPeoplePage(page, eddie);
    await expectLostAccess(editor.guest);
  } finally {
    await collaborator.context.close();
    await editor.context.close();
  }
});

test('a card editor who opens /team/… reads plain words, never a raw permission error', async ({
  page,
  browser,
  signIn,
}) => {
  const editorEmail = uniqueEmail('people-team-editor');
  await signIn(INITECH_OWNER, DEMO_PASSWORD);
  await invite(page, editorEmail, 'Card editor');
  const editor = await joinFromLink(browser, await invitationLink(page, editorEmail), 'Tess Team');
  try {
    const guest = editor.guest;
    await guest.goto('/team/initech-sales?tab=branding');
    await expect(
      guest.getByText("Only the account's owner and collaborators can change team settings."),
    ).toBeVisible();
    await expect(guest.getByRole('link', { name: 'Go to your cards' })).toBeVisible();
    await expect(guest.getByText(RAW_DENIAL)).toHaveCount(0);
    const nav = guest.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'People' })).toHaveCount(0);
    await expectAccessible(guest);
    await guest.getByRole('link', { name: 'Go to your cards' }).click();
    await guest.waitForURL('**/builder');
  } finally {
    await editor.context.close();
  }
});

test('the invitation page names the account and the inviter, and reports a revoked link at once', async ({
  page,
  browser,
  signIn,
}) => {
  const invitee = uniqueEmail('people-invitee');
  await signIn(INITECH_OWNER, DEMO_PASSWORD);
  await invite(page, invitee, 'Collaborator');
  const link = await invitationLink(page, invitee);

  const context = await browser.newContext();
  try {
    const guest = await context.newPage();
    await guest.goto(link);
    await expect(guest.getByRole('heading', { level: 1, name: 'Join Initech' })).toBeVisible();
    await expect(guest.getByText(/^Bill Lumbergh invited you to join/)).toContainText(
      `Bill Lumbergh invited you to join Initech on Cardbuilder. Use ${invitee}`,
    );
    await expect(guest.getByLabel('Email', { exact: true })).toHaveValue(invitee);
    await expectAccessible(guest);

    // The owner revokes it on People and access; the same link, opened again, says so at once.
    await page.goto('/settings/people');
    await page.getByRole('button', { name: `Revoke the invitation of ${invitee}` }).click();
    await expect(
      page.getByText(`Invitation of ${invitee} revoked: its link no longer works.`),
    ).toBeVisible();

    await guest.goto(link);
    await expect(
      guest.getByText(
        'This invitation link is no longer valid: it was used, revoked or replaced by a newer one. Ask the account owner to send it again.',
      ),
    ).toBeVisible();
    await expect(
      guest.getByRole('heading', { level: 1, name: 'Create your free account' }),
    ).toBeVisible();
    await expectAccessible(guest);
  } finally {
    await context.close();
  }
});
