/**
 * Employee seats end to end (issue 24): Initech's owner imports a card for an employee, invites
 * them from People and access (reached from the import's result) to claim it, and the employee — in a browser of their own — signs up
 * from the e-mailed link and lands on their card. They change their name, title and own links;
 * the team's design and links are shown as the company's and cannot be changed. The owner sees
 * the seat as claimed and takes it back, and the employee's open page says so at once.
 */
import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  invitationLink,
  test,
  uniqueEmail,
} from './fixtures';

const INITECH_OWNER = 'owner@initech.example';

test('an employee claims their imported card and edits only their own fields; the owner takes the seat back', async ({
  page,
  browser,
  signIn,
}) => {
  const email = uniqueEmail('seat');
  const suffix =
    email
      .split('@')[0]
      ?.replace(/[^a-z0-9]/g, '')
      .slice(-6) ?? 'x';
  const name = `Sam Seat${suffix}`;
  await signIn(INITECH_OWNER, DEMO_PASSWORD);

  // The owner imports the employee's card from a spreadsheet, with the address it is for…
  await page.goto('/team/initech-sales');
  await page.getByRole('tab', { name: 'Import' }).click();
  await page.locator('input[type=file]').setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Name,Email,Title\n${name},${email},Sales rep\n`),
  });
  await page.getByRole('button', { name: 'Import 1 card' }).click();
  await expect(page.getByText('Imported 1 card into Sales.')).toBeVisible({ timeout: 20_000 });

  // …and, from the import's result, invites them to claim it on People and access.
  await page.getByRole('link', { name: 'invite them to claim their cards' }).click();
  await page.waitForURL('**/settings/people#seats');
  const seat = page.locator('.people-seats__row').filter({ hasText: name });
  await expect(seat.getByText('Not invited')).toBeVisible();
  await seat.getByRole('button', { name: `Invite ${email} to claim their card` }).click();
  await expect(seat.getByText('Invited')).toBeVisible();
  await expectAccessible(page);

  const context = await browser.newContext();
  const employee = await context.newPage();
  try {
    await employee.goto(await invitationLink(page, email));
    await expect(
      employee.getByRole('heading', { level: 1, name: 'Claim your card at Initech' }),
    ).toBeVisible();
    await expect(employee.getByLabel('Email', { exact: true })).toHaveValue(email);
    await employee.getByLabel('Full name').fill(name);
    await employee.getByLabel('Password', { exact: true }).fill('Sturdy-pass9');
    await employee.getByRole('button', { name: 'Create account' }).click();
    await employee.waitForURL('**/my-card');
    await expect(employee.getByRole('heading', { level: 1, name: 'Your card' })).toBeVisible();
    await expect(employee.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expectAccessible(employee);

    // Their own fields: name, title and a link of their own.
    await employee.getByLabel('Title', { exact: true }).fill('Senior sales rep');
    await employee.getByLabel('Add a link').selectOption('Phone');
    await employee.getByRole('button', { name: 'Add', exact: true }).click();
    await employee.getByLabel('Phone: value').fill('+1 415 555 0142');
    await employee.getByRole('button', { name: 'Save' }).click();
    await expect(employee.getByText('Your card is saved and live.')).toBeVisible();
    await expect(employee.locator('.my-card__preview')).toContainText('Senior sales rep');

    // Nothing of the account's is within reach: the builder sends them back to their card.
    await employee.goto('/builder');
    await employee.waitForURL('**/my-card');

    // The owner sees the seat claimed and the employee's change, and takes the seat back.
    await page.reload();
    const claimed = page.locator('.people-seats__row').filter({ hasText: name });
    await expect(claimed.getByText('Claimed')).toBeVisible();
    await claimed.getByRole('button', { name: `Take back the seat of ${name}` }).click();
    await expect(claimed.getByText('Not invited')).toBeVisible();
    await expect(employee.getByText('You no longer have a card to edit here')).toBeVisible();
  } finally {
    await context.close();
  }
});
