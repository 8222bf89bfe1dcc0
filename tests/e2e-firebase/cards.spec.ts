/**
 * The first journeys on the Firebase stack: a person signs up and sets up an account, creates and
 * saves a card whose public page answers by handle and by id, and a visitor leaves their details,
 * which reaches the owner as a `mail` document. Every write goes through firestore.rules on
 * Google's emulator; the counts, the welcome e-mail, the public pages and the lead are the functions
 * bundle's work (triggers fired by the writes, HTTPS functions behind Hosting's rewrites).
 */
import {
  checkAccessible,
  createCard,
  deliveredMailTo,
  eventually,
  expect,
  findDocs,
  readDoc,
  test,
} from './fixtures';

function tag(): string {
  return Math.random()
    .toString(36)
    .slice(2, 8)
    .replace(/[^a-z]/g, 'q');
}

test('a visitor signs up, sets up an account, and is welcomed by e-mail', async ({
  page,
  signUpWithPassword,
}) => {
  const { email, accountName } = await signUpWithPassword();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cards' })).toBeVisible();
  await expect(page.getByTitle('Current account')).toHaveText(accountName);
  await checkAccessible(page);

  // Written by the app under firestore.rules, then the welcomeMail trigger and the mail stand-in.
  const [user] = await findDocs('users', 'email', email);
  expect(user?.data.accountId).toBeTruthy();
  const account = await readDoc(`accounts/${String(user?.data.accountId)}`);
  expect(account?.name).toBe(accountName);
  const [welcome] = await deliveredMailTo(email);
  expect(JSON.stringify(welcome?.data.message)).toContain('Welcome');
});

test('an owner creates and saves a card; its public page answers by handle and by id', async ({
  page,
  browser,
  signUpWithPassword,
}) => {
  await signUpWithPassword();
  const name = `Quinn Tester${tag()}`;
  const handle = await createCard(page, name, 'Quality Lead');
  // The countCardsInUse trigger counted it on the account, which the builder reads.
  await expect(page.getByText('1 of 1 cards used')).toBeVisible({ timeout: 30_000 });

  await page.getByLabel('Job title').fill('Head of Quality');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await checkAccessible(page);

  const [card] = await findDocs('cards', 'handle', handle);
  expect(card?.data.title).toBe('Head of Quality');

  // A visitor, signed out, through Hosting's rewrite to the cardPages function.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  try {
    await visitor.goto(`/c/${handle}`);
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(visitor.getByText('Head of Quality')).toBeVisible();
    await checkAccessible(visitor);
    await visitor.goto(`/c/${card?.id}/i`);
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a visitor leaves their details: the owner's lead arrives and is e-mailed", async ({
  page,
  browser,
  signUpWithPassword,
}) => {
  const owner = await signUpWithPassword();
  const t = tag();
  const name = `Owen Leads${t}`;
  const handle = await createCard(page, name, 'Account Director');
  await page.getByRole('tab', { name: 'Lead form' }).click();
  await page.getByLabel('Show the lead form on the card').check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  const leadName = `Vera Visitor ${t}`;

  const context = await browser.newContext();
  const visitor = await context.newPage();
  try {
    await visitor.goto(`/c/${handle}`);
    const form = visitor.getByRole('form', { name: /Share your details/ });
    await form.getByLabel('Your name').fill(leadName);
    await form.getByLabel('Email').fill(`vera.${t}@example.com`);
    const posted = visitor.waitForResponse(
      (res) => res.url().endsWith('/lead') && res.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Send' }).click();
    expect((await posted).status()).toBe(201);
    await expect(form.getByRole('status')).toHaveText('Thank you! Your details were sent.');
    await checkAccessible(visitor);
  } finally {
    await context.close();
  }

  // The lead e-mail: a `mail` document to the owner, delivered by the Trigger Email stand-in.
  const mail = await eventually(
    'the lead e-mail',
    () => findDocs('mail', 'to', owner.email),
    (docs) => docs.some((doc) => JSON.stringify(doc.data.message).includes(leadName)),
  );
  const lead = mail.find((doc) => JSON.stringify(doc.data.message).includes(leadName));
  expect(JSON.stringify(lead?.data.message)).toContain(`New lead on ${name}`);
});
