/**
 * The bundled image library, end to end: a new user chooses a stock photo for a card's background
 * in the builder's picker (keyboard and mouse), sees it in the preview at once, saves, and a
 * visitor of the public card page gets the same image, loaded (the page's Content-Security-Policy
 * lets it in); a team owner picks the brand kit's artwork the same way and it is kept.
 *
 * With SHOTS_DIR set, it also saves the picker, the builder and the public card at 1280 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEMO_OWNER, DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures';

const SHOTS_DIR = process.env.SHOTS_DIR;

function shot(name: string): { path: string } | Record<string, never> {
  if (!SHOTS_DIR) return {};
  mkdirSync(SHOTS_DIR, { recursive: true });
  return { path: join(SHOTS_DIR, `${name}.png`) };
}

/** The cover image a card draws, once the browser has loaded it: its address and pixel width. */
async function loadedCover(card: Locator): Promise<{ src: string; width: number }> {
  const img = card.locator('.cb-cover img');
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
    .toBeGreaterThan(0);
  return img.evaluate((el: HTMLImageElement) => ({ src: el.src, width: el.naturalWidth }));
}

function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test.describe('image library', () => {
  test('a new user chooses a stock photo for the card and the public card shows it', async ({
    page,
    browser,
    signUpWithPassword,
  }) => {
    await signUpWithPassword();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: /New card/ }).click();
    await page.getByLabel('Full name').fill('Sky Stock');
    await page.getByLabel('Job title').fill('Photographer');
    await page.getByRole('button', { name: 'Create card' }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();
    // The "Card created." toast fades; axe would read its colours half-way.
    await expect(page.getByText('Card created.')).toBeHidden({ timeout: 10_000 });
    await page.getByRole('tab', { name: 'Handle' }).click();
    const publicUrl = ((await page.getByTestId('public-url').textContent()) ?? '').trim();

    await page.getByRole('tab', { name: 'Design' }).click();
    await page.getByRole('radio', { name: 'Stock photo' }).check();
    const open = page.getByRole('button', { name: 'Choose a stock photo' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Choose a stock photo' });
    await expect(dialog).toBeVisible();
    const items = dialog.getByRole('list', { name: 'Stock photos' }).getByRole('button');
    expect(await items.count()).toBeGreaterThanOrEqual(5);
    await expect(items.first()).toBeFocused();
    await expectAccessible(page);
    await page.screenshot(shot('picker-1280'));

    // Escape leaves the card as it was; the keyboard alone then chooses the second photo.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    const preview = page.getByTestId('builder-canvas').locator('.cb-card');
    await expect(preview.locator('.cb-cover img')).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(items.first()).toBeFocused();
    const label = ((await items.nth(1).textContent()) ?? '').trim();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();

    const chosen = await loadedCover(preview);
    expect(chosen.src).toMatch(/\/library\/stock\/[a-z-]+\.svg$/);
    await expect(page.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.screenshot({ fullPage: true, ...shot('builder-stock-1280') });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Change stock photo' })).toBeVisible();
    await page.screenshot({ fullPage: true, ...shot('builder-stock-390') });
    await page.getByRole('button', { name: 'Change stock photo' }).click();
    await expect(dialog).toBeVisible();
    // The photo in use is marked and has focus; on a phone the grid is two across.
    await expect(items.nth(1)).toBeFocused();
    await expect(items.nth(1)).toHaveAttribute('aria-current', 'true');
    await expectAccessible(page);
    await page.screenshot(shot('picker-390'));
    await page.keyboard.press('Escape');

    // A fresh visitor: the public page draws the same image, and nothing was refused.
    const visit = await browser.newContext();
    const visitor = await visit.newPage();
    const refused = cspViolations(visitor);
    for (const width of [390, 1280]) {
      await visitor.setViewportSize({ width, height: 900 });
      await visitor.goto(new URL(publicUrl, page.url()).href);
      await expect(visitor.getByRole('heading', { level: 1, name: 'Sky Stock' })).toBeVisible();
      expect((await loadedCover(visitor.locator('main .cb-card'))).src).toBe(chosen.src);
      await visitor.screenshot({ fullPage: true, ...shot(`public-stock-${width}`) });
    }
    expect(refused).toEqual([]);
    await visit.close();
  });

  test('a team owner picks the brand kit’s artwork from the library and it is kept', async ({
    page,
    signIn,
  }) => {
    await signIn(DEMO_OWNER, DEMO_PASSWORD);
    // A team of its own, so no other journey's cards take the cover.
    await page.goto('/team/acme-sales');
    await page.getByRole('button', { name: 'New team' }).click();
    const create = page.getByRole('dialog', { name: 'New team' });
    await create.getByLabel('Team name').fill(`Artful ${Date.now().toString(36).slice(-5)}`);
    await create.getByRole('button', { name: 'Create team' }).click();
    await expect(page).toHaveURL(/\?tab=settings$/);
    await page.getByRole('tab', { name: 'Brand kit' }).click();

    await page.getByRole('button', { name: 'Choose artwork' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose abstract artwork' });
    const artwork = dialog.getByRole('list', { name: 'Abstract artwork' }).getByRole('button');
    expect(await artwork.count()).toBeGreaterThanOrEqual(12);
    const label = ((await artwork.nth(4).textContent()) ?? '').trim();
    await artwork.nth(4).click();
    await expect(dialog).toBeHidden();

    const preview = page.getByRole('region', { name: 'Live preview of the brand kit' });
    const cover = await loadedCover(preview.locator('.cb-card'));
    expect(cover.src).toMatch(/\/library\/abstract\/[a-z-]+\.svg$/);
    await expect(page.getByLabel('Or paste a link to artwork')).toHaveValue('');
    await expectAccessible(page);
    await page.screenshot({ fullPage: true, ...shot('brand-kit-artwork-1280') });
    await page.getByRole('button', { name: 'Save brand kit and apply' }).click();
    await expect(page.getByText('Brand kit saved', { exact: false })).toBeVisible();

    await page.reload();
    await expect(
      page.getByRole('group', { name: 'Abstract artwork' }).getByText(label),
    ).toBeVisible();
    await expect(preview.locator('.cb-cover img')).toHaveAttribute('src', cover.src);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('group', { name: 'Abstract artwork' }).scrollIntoViewIfNeeded();
    await page.screenshot(shot('brand-kit-artwork-390'));
  });
});
