/**
 * The paper-card scanner, one journey: the owner opens it from a card's Analytics tab, picks a photo
 * of a paper business card (drawn by the test: scripts/lib/paper-cards.ts), the browser reads it
 * with the OCR engine served by the app itself (any request elsewhere than the app and the Auth
 * emulator fails the test),
 * the owner checks the found fields, adds a note and saves, and the lead appears in the card's
 * leads marked as a scanned card, counted.
 */
import { PAPER_CARDS, renderPaperCard } from '../../scripts/lib/paper-cards';
import {
  authEmulatorUrl,
  DEMO_OWNER,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  test,
} from './fixtures';

const CARD = PAPER_CARDS[0]!;

test('an owner scans a paper card into a lead of their card', async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  // Reading in a browser on a busy 2-core machine takes a while; the figures are in npm run bench.
  test.setTimeout(180_000);
  const drawing = await browser.newPage({ deviceScaleFactor: 1.5 });
  const photo = await renderPaperCard(drawing, CARD);
  await drawing.close();

  const elsewhere: string[] = [];
  // Our own origin, and the Auth emulator (sign-in's stand-in for Google's servers).
  const allowed = new Set([new URL(baseURL ?? '').origin, new URL(authEmulatorUrl).origin]);
  await page.route(
    (url) =>
      !allowed.has(url.origin) &&
      !url.protocol.startsWith('blob') &&
      !url.protocol.startsWith('data'),
    async (route) => {
      elsewhere.push(route.request().url());
      await route.abort();
    },
  );

  await signIn(DEMO_OWNER, DEMO_PASSWORD);
  await page
    .getByRole('complementary', { name: 'Cards' })
    .getByRole('button', { name: /Grace Hopper/ })
    .click();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const leadCount = page.locator('dl.stat-row > div', { hasText: 'Leads' }).locator('dd');
  await expect(leadCount).toHaveText(/^\d+$/);
  const before = Number(await leadCount.textContent());

  await page.getByRole('button', { name: 'Scan a paper card' }).click();
  const scanner = page.getByRole('dialog', { name: 'Scan a paper card' });
  await expect(scanner.getByText('Take a photo')).toBeVisible();
  await expectAccessible(page);
  await scanner
    .getByLabel('Choose a photo')
    .setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: photo });

  // The fields the scanner found, for the owner to check.
  const started = Date.now();
  await expect(scanner.getByLabel('E-mail')).toHaveValue(CARD.expected.email, { timeout: 150_000 });
  console.log(`[scanner] read the card in the browser in ${Date.now() - started} ms`);
  await expect(scanner.getByLabel('Phone')).toHaveValue(CARD.expected.phone);
  await expect(scanner.getByLabel('Name')).toHaveValue(CARD.expected.name);
  await expect(scanner.getByLabel('Company')).toHaveValue(CARD.expected.company);
  await expectAccessible(page);
  const note = `Met at the booth ${Date.now().toString(36)}`;
  await scanner.getByLabel('Notes').fill(note);
  await scanner.getByRole('button', { name: 'Save lead' }).click();
  await expect(scanner).toBeHidden();

  const entry = page
    .getByRole('region', { name: 'Lead entries' })
    .getByRole('listitem')
    .filter({ hasText: note });
  await expect(entry).toContainText(CARD.expected.name);
  await expect(entry).toContainText('Scanned card');
  await expect(entry).toContainText(CARD.expected.email);
  await expect(leadCount).toHaveText(String(before + 1));
  await expectAccessible(page);
  expect(elsewhere).toEqual([]);
});
