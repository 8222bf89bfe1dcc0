/**
 * Collaborator invitations end to end: the owner of Initech (seeded: corporate plan, so the
 * collaborator gate is open) invites a new address from the team's Members tab; the invited person
 * opens the invitation link, signs in with a magic link (a verified e-mail) and lands in the
 * builder, working in Initech. Every page visited is checked with axe.
 */
import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  latestOobLink,
  test,
  uniqueEmail,
} from './fixtures';

const INITECH_OWNER = 'owner@initech.example';
const BANNER =
  "You've been invited to join a team on Cardbuilder. Sign up with the e-mail address the invitation was sent to.";

test('an invited person signs in with a magic link and joins the account', async ({
  page,
  browser,
  signIn,
}) => {
  const invitee = uniqueEmail('invitee');

  await signIn(INITECH_OWNER, DEMO_PASSWORD);
  await page.goto('/team/initech-sales?tab=members');
  await expect(page.getByRole('heading', { level: 2, name: 'Collaborators' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Invite by e-mail').fill(invitee);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation for ${invitee} saved.`)).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Pending invitations' }).getByText(invitee),
  ).toBeVisible();

  // The invited person, in a browser of their own.
  const context = await browser.newContext();
  const guest = await context.newPage();
  try {
    await guest.goto('/sign-up?invite=initech');
    await expect(guest.getByText(BANNER)).toBeVisible();
    await expectAccessible(guest);

    await guest.getByRole('button', { name: 'Sign up with an email link instead' }).click();
    await guest.getByLabel('Email', { exact: true }).fill(invitee);
    await guest.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(guest.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(guest.getByText(BANNER)).toBeVisible();
    await expectAccessible(guest);

    await guest.goto(await latestOobLink(invitee, 'EMAIL_SIGNIN'));
    await guest.waitForURL('**/builder');
    await expect(guest.getByText("You've joined Initech")).toBeVisible();
    await expect(guest.getByRole('heading', { level: 1, name: 'Your cards' })).toBeVisible();
    await expect(guest.locator('.account-chip')).toHaveText('Initech');
    await expectAccessible(guest);
  } finally {
    await context.close();
  }

  // The owner sees the invitation used up.
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);
});
