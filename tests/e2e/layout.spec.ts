/**
 * What a demanding person notices at a glance, at a laptop width (1280 px) and a phone width
 * (390 px): nothing of the builder's controls or the analytics tables is cut off or hidden in a
 * scroll with no hint, and toasts never cover the top navigation. Layout exists only in a real
 * browser, so these checks live here rather than in the jsdom component tests.
 */
import type { Page } from '@playwright/test';
import { DEMO_OWNER, DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures';

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

function cardList(page: Page) {
  return page.getByRole('complementary', { name: 'Cards' });
}

/** Fails when an element sticks out of its container horizontally or scrolls sideways. */
async function expectFitsHorizontally(page: Page, selector: string): Promise<void> {
  const overflow = await page.locator(selector).evaluateAll((nodes) =>
    nodes.map((node) => ({
      scrollWidth: node.scrollWidth,
      clientWidth: node.clientWidth,
    })),
  );
  expect(overflow.length).toBeGreaterThan(0);
  for (const box of overflow) expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth + 1);
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('every builder tab is in sight, whichever is chosen', async ({ page, signIn }) => {
      await signIn(DEMO_OWNER, DEMO_PASSWORD);
      await cardList(page)
        .getByRole('button', { name: /Ada Lovelace/ })
        .click();
      const tablist = page.getByRole('tablist', { name: 'Card settings' });
      await expect(tablist).toBeVisible();
      const names = await tablist.getByRole('tab').allInnerTexts();
      expect(names).toEqual([
        'Profile',
        'Contacts & links',
        'Lead form',
        'Design',
        'Signature',
        'Share',
        'Handle',
        'Analytics',
      ]);
      for (const chosen of ['Profile', 'Handle', 'Analytics']) {
        await tablist.getByRole('tab', { name: chosen }).click();
        // The card list above the editor may push the tabs below the fold on a phone: what must
        // hold is that every tab is on screen once the tab row itself is.
        await tablist.scrollIntoViewIfNeeded();
        const list = await tablist.boundingBox();
        expect(list).not.toBeNull();
        for (const tab of await tablist.getByRole('tab').all()) {
          await expect(tab).toBeInViewport();
          const box = await tab.boundingBox();
          expect(box).not.toBeNull();
          if (!box || !list) continue;
          expect(box.x).toBeGreaterThanOrEqual(list.x - 1);
          expect(box.x + box.width).toBeLessThanOrEqual(list.x + list.width + 1);
        }
        await expectFitsHorizontally(page, '.builder-tabs__list');
      }
      await expectAccessible(page);
    });

    test('lead entries and charts of the analytics fit the editor', async ({ page, signIn }) => {
      // Leads with the long values that broke the table: a phone with an extension, a long
      // e-mail address and a long name.
      const card = await page.request.get('/c/ada-lovelace');
      const action =
        /<form[^>]*data-cb-lead[^>]*action="([^"]+)"|action="([^"]+)"[^>]*data-cb-lead/.exec(
          await card.text(),
        );
      const leadUrl = (action?.[1] ?? action?.[2] ?? '').replace(/&amp;/g, '&');
      expect(leadUrl).not.toBe('');
      const lead = await page.request.post(leadUrl, {
        headers: { accept: 'application/json' },
        data: {
          name: `Bartholomew Featherstonehaugh-Smythe ${viewport.width}`,
          email: 'bartholomew.featherstonehaugh@example-long-domain.co.uk',
          phone: '+44 20 7946 0958 ext. 1234',
          note: 'Met at the booth.',
        },
      });
      expect(lead.status()).toBe(201);

      await signIn(DEMO_OWNER, DEMO_PASSWORD);
      await cardList(page)
        .getByRole('button', { name: /Ada Lovelace/ })
        .click();
      await page.getByRole('tab', { name: 'Analytics' }).click();
      const entries = page.getByRole('region', { name: 'Lead entries' });
      const entry = entries
        .getByRole('listitem')
        .filter({ hasText: `Featherstonehaugh-Smythe ${viewport.width}` });
      await expect(entry).toBeVisible();
      await expectFitsHorizontally(page, '.lead-list');
      await expectFitsHorizontally(page, '.card-analytics');

      // The phone on one line, the date whole inside its entry.
      const phone = await entry.locator('.lead__phone').boundingBox();
      const label = await entry.getByText('Phone', { exact: true }).boundingBox();
      expect(phone && label).toBeTruthy();
      if (phone && label) expect(phone.height).toBeLessThanOrEqual(label.height + 1);
      const box = await entry.boundingBox();
      const date = await entry.locator('time').boundingBox();
      expect(box && date).toBeTruthy();
      if (box && date) expect(date.x + date.width).toBeLessThanOrEqual(box.x + box.width);
      await expectAccessible(page);
    });

    test('a toast never covers the top navigation', async ({ page, signIn }) => {
      await signIn(DEMO_OWNER, DEMO_PASSWORD);
      await cardList(page)
        .getByRole('button', { name: /Grace Hopper/ })
        .click();
      await page.getByRole('button', { name: 'Save changes' }).click();
      const message = page.getByText('Changes saved.');
      await expect(message).toBeVisible();
      const header = await page.getByRole('banner').boundingBox();
      expect(header).not.toBeNull();
      const bottom = (header?.y ?? 0) + (header?.height ?? 0);
      // The toast slides in; where it comes to rest is what counts.
      await expect
        .poll(async () => (await message.boundingBox())?.y ?? -1, { timeout: 3000 })
        .toBeGreaterThanOrEqual(bottom);
    });

    test('every team tab is in sight', async ({ page, signIn }) => {
      await signIn(DEMO_OWNER, DEMO_PASSWORD);
      await page.goto('/team/acme-sales?tab=settings');
      const tablist = page.locator('.team-tabs__list');
      await expect(tablist.getByRole('tab', { name: 'Settings' })).toBeVisible();
      const list = await tablist.boundingBox();
      for (const tab of await tablist.getByRole('tab').all()) {
        const box = await tab.boundingBox();
        expect(box && list).toBeTruthy();
        if (!box || !list) continue;
        expect(box.x + box.width).toBeLessThanOrEqual(list.x + list.width + 1);
      }
      await expectFitsHorizontally(page, '.team-tabs__list');
    });

    test('the brand kit preview sits beside the form, or above it on a phone', async ({
      page,
      signIn,
    }) => {
      await signIn(DEMO_OWNER, DEMO_PASSWORD);
      await page.goto('/team/acme-sales?tab=branding');
      const preview = page.getByRole('region', { name: 'Live preview of the brand kit' });
      await expect(preview.getByRole('article')).toBeVisible();
      const card = await preview.boundingBox();
      const form = await page.getByRole('heading', { name: 'Cover and logo' }).boundingBox();
      expect(card && form).toBeTruthy();
      if (!card || !form) return;
      if (viewport.width >= 960) {
        expect(card.x).toBeGreaterThan(form.x + form.width);
        expect(card.y).toBeLessThan(viewport.height);
      } else {
        expect(card.y + card.height).toBeLessThanOrEqual(form.y);
      }
      await expectFitsHorizontally(page, '.brand-kit');
    });
  });
}
