/**
 * Invitations end to end: the owner of Initech (seeded: corporate plan, so the collaborator gate is
 * open) invites an address from the team's Members tab with a role; the server e-mails a secret
 * link (read here from the local mailbox, as a person would); the invited person joins however they
 * arrive — a password sign-up (no verified e-mail), a magic link, or already signed in — and lands
 * in the builder, working in Initech, with a toast. A revoked link is dead with a clear message, and
 * a signed-in person who has their own account is told so and keeps it. Pages are checked with axe.
 */
import type { Browser, Page } from '@playwright/test';
import {
  DEMO_OWNER,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  invitationLink,
  latestOobLink,
  test,
  uniqueEmail,
} from './fixtures';

const INITECH_OWNER = 'owner@initech.example';
/** The banner of a good link: it names the inviter and the account (issue 24). */
const BANNER = /^Bill Lumbergh invited you to join Initech on Cardbuilder/;
const DEAD_LINK =
  'This invitation link is no longer valid: it was used, revoked or replaced by a newer one. Ask the account owner to send it again.';

/** Signed in as Initech's owner on the Members tab: invites `email` in `role`. */
async function invite(page: Page, email: string, role: 'Collaborator' | 'Card editor') {
  await page.goto('/team/initech-sales?tab=members');
  await expect(page.getByRole('heading', { level: 2, name: 'Collaborators' })).toBeVisible();
  await page.getByLabel('Invite by e-mail').fill(email);
  await page.getByLabel('Role').selectOption({ label: role });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByText(email)).toBeVisible();
  // This address's row: other journeys may have invitations of Initech pending at the same time.
  const row = pending.locator(`[data-invite="${email}"]`);
  await expect(row.getByText(new RegExp(`^${role} · sent `))).toBeVisible();
}

/** Runs `work` in a browser of the invited person's own. */
async function asGuest(browser: Browser, work: (guest: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  try {
    await work(await context.newPage());
  } finally {
    await context.close();
  }
}

async function expectJoinedInitech(guest: Page): Promise<void> {
  await guest.waitForURL('**/builder');
  await expect(guest.getByText("You've joined Initech")).toBeVisible();
  await expect(guest.getByRole('heading', { level: 1, name: 'Your cards' })).toBeVisible();
  await expect(guest.locator('.account-chip')).toHaveText('Initech');
}

test('an invited person signs up with a password and joins as card editor; the owner is told', async ({
  page,
  browser,
  signIn,
}) => {
  const invitee = uniqueEmail('password-invitee');
  await signIn(INITECH_OWNER, DEMO_PASSWORD);
  await invite(page, invitee, 'Card editor');
  await expectAccessible(page);
  const link = await invitationLink(page, invitee);

  await asGuest(browser, async (guest) => {
    await guest.goto(link);
    await expect(guest.getByText(BANNER)).toBeVisible();
    await expectAccessible(guest);
    await guest.getByLabel('Full name').fill('Pat Invitee');
    await guest.getByLabel('Email', { exact: true }).fill(invitee);
    await guest.getByLabel('Password', { exact: true }).fill('Sturdy-pass9');
    await guest.getByRole('button', { name: 'Create account' }).click();
    await expectJoinedInitech(guest);
    await expectAccessible(guest);

    // A card editor edits the account's cards, and is offered nothing else.
    const nav = guest.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Billing' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Team' })).toHaveCount(0);
    await guest.getByLabel('Job title').fill('Edited by a card editor');
    await guest.getByRole('button', { name: 'Save changes' }).click();
    await expect(guest.getByText('All changes saved')).toBeVisible();
    await guest.reload();
    await expect(guest.getByLabel('Job title')).toHaveValue('Edited by a card editor');
  });

  // The invitation is used up, and the owner got an e-mail saying so.
  await expect(page.locator(`[data-invite="${invitee}"]`)).toHaveCount(0);
  const mailbox = await (await page.request.get('/__/mailbox')).text();
  expect(mailbox).toContain(`${invitee} joined Initech on Cardbuilder`);
});

test('an invited person signs in with a magic link and joins the account', async ({
  page,
  browser,
  signIn,
}) => {
  const invitee = uniqueEmail('invitee');
  await signIn(INITECH_OWNER, DEMO_PASSWORD);
  await invite(page, invitee, 'Collaborator');
  const link = await invitationLink(page, invitee);

  await asGuest(browser, async (guest) => {
    await guest.goto(link);
    await expect(guest.getByText(BANNER)).toBeVisible();
    await guest.getByRole('button', { name: 'Sign up with an email link instead' }).click();
    await guest.getByLabel('Email', { exact: true }).fill(invitee);
    await guest.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(guest.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(guest.getByText(BANNER)).toBeVisible();
    await expectAccessible(guest);

    await guest.goto(await latestOobLink(invitee, 'EMAIL_SIGNIN'));
    await expectJoinedInitech(guest);
  });

  await expect(page.locator(`[data-invite="${invitee}"]`)).toHaveCount(0);
});

test('a person already signed in (no account yet) opens the invitation and joins', async ({
  page,
  browser,
  signIn,
}) => {
  const invitee = uniqueEmail('signed-in-invitee');
  await asGuest(browser, async (guest) => {
    // They signed up on their own and stopped at account setup.
    await guest.goto('/sign-up');
    await guest.getByLabel('Email', { exact: true }).fill(invitee);
    await guest.getByLabel('Password', { exact: true }).fill('Sturdy-pass9');
    await guest.getByRole('button', { name: 'Create account' }).click();
    await guest.waitForURL('**/register/step2');

    await signIn(INITECH_OWNER, DEMO_PASSWORD);
    await invite(page, invitee, 'Collaborator');
    await guest.goto(await invitationLink(page, invitee));
    await expectJoinedInitech(guest);
  });
});

test('a revoked invitation link is dead, with a clear message; a resent one replaces the old', async ({
  page,
  browser,
  signIn,
}) => {
  const invitee = uniqueEmail('revoked');
  await signIn(INITECH_OWNER, DEMO_PASSWORD);
  await invite(page, invitee, 'Collaborator');
  const first = await invitationLink(page, invitee);

  await page.getByRole('button', { name: `Resend the invitation to ${invitee}` }).click();
  await expect(page.getByText(/A new invitation link is on its way/)).toBeVisible();
  const second = await invitationLink(page, invitee, first.split('=')[1]);
  expect(second).not.toBe(first);

  await page.getByRole('button', { name: `Revoke the invitation of ${invitee}` }).click();
  await expect(
    page.getByText(`Invitation of ${invitee} revoked: its link no longer works.`),
  ).toBeVisible();
  await expect(page.locator(`[data-invite="${invitee}"]`)).toHaveCount(0);

  await asGuest(browser, async (guest) => {
    // Said at once, before the person creates an account for nothing (issue 24).
    await guest.goto(second);
    await expect(guest.getByText(DEAD_LINK)).toBeVisible();
    await expectAccessible(guest);
    await guest.getByLabel('Email', { exact: true }).fill(invitee);
    await guest.getByLabel('Password', { exact: true }).fill('Sturdy-pass9');
    await guest.getByRole('button', { name: 'Create account' }).click();
    await guest.waitForURL('**/register/step2');
    await expect(
      guest.getByRole('heading', { level: 1, name: 'Set up your account' }),
    ).toBeVisible();
    await expectAccessible(guest);
  });
});

test('a signed-in person with their own account is told, and keeps their account', async ({
  page,
  browser,
  signIn,
}) => {
  await signIn(INITECH_OWNER, DEMO_PASSWORD);
  await invite(page, DEMO_OWNER, 'Collaborator');
  const link = await invitationLink(page, DEMO_OWNER);

  await asGuest(browser, async (guest) => {
    await guest.goto('/sign-in');
    await guest.getByLabel('Email', { exact: true }).fill(DEMO_OWNER);
    await guest.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await guest.getByRole('button', { name: /^sign in$/i }).click();
    await guest.waitForURL('**/builder');
    await guest.goto(link);
    await expect(
      guest.getByText(/You already have a Cardbuilder account.*your account stays as it is/),
    ).toBeVisible();
    await guest.goto('/builder');
    await expect(guest.locator('.account-chip')).toHaveText('Acme Co');
  });
});
