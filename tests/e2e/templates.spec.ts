/**
 * The template gallery for a new user: every template's thumbnail is the card it gives. The test
 * clicks each thumbnail and compares the colours, layout and font the live preview then shows with
 * the thumbnail's; the saved card's public page is checked with axe in every layout, and the
 * Desktop preview shows it at a desktop width.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

// When set, the design panel and each layout's public page at 1280 and 390 px are saved there, for
// people to look at.
const SHOTS_DIR = process.env.SHOTS_DIR;

interface Drawn {
  layout: string;
  font: string;
  accent: string;
  background: string;
  text: string;
}

/** The look the card view drew an article with: its layout and font classes and its colours. */
async function drawn(card: Locator): Promise<Drawn> {
  return card.evaluate((el) => {
    const style = getComputedStyle(el);
    const cls = (prefix: string) =>
      [...el.classList].find((c) => c.startsWith(prefix))?.slice(prefix.length) ?? '';
    return {
      layout: cls('cb-layout-'),
      font: cls('cb-font-'),
      accent: style.getPropertyValue('--cb-accent').trim().toLowerCase(),
      background: style.getPropertyValue('--cb-bg').trim().toLowerCase(),
      text: style.getPropertyValue('--cb-text').trim().toLowerCase(),
    };
  });
}

/**
 * The share of a screenshot's pixels within a small distance of each colour, measured by the
 * browser from the PNG (no image library needed in the test).
 */
async function colourShares(
  page: Page,
  png: Buffer,
  colours: readonly string[],
): Promise<number[]> {
  return page.evaluate(
    async ({ data, colours }) => {
      const image = await createImageBitmap(
        await (await fetch(`data:image/png;base64,${data}`)).blob(),
      );
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext('2d');
      if (context === null) throw new Error('no 2d context');
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      const targets = colours.map((hex) => {
        const n = parseInt(hex.replace('#', '').slice(0, 6), 16);
        return [(n >> 16) & 255, (n >> 8) & 255, n & 255] as const;
      });
      const counts = targets.map(() => 0);
      for (let i = 0; i < pixels.length; i += 4) {
        targets.forEach(([r, g, b], t) => {
          const d =
            Math.abs((pixels[i] ?? 0) - r) +
            Math.abs((pixels[i + 1] ?? 0) - g) +
            Math.abs((pixels[i + 2] ?? 0) - b);
          if (d <= 12) counts[t] = (counts[t] ?? 0) + 1;
        });
      }
      return counts.map((c) => c / (pixels.length / 4));
    },
    { data: png.toString('base64'), colours },
  );
}

function shot(name: string): { path: string } | Record<string, never> {
  if (!SHOTS_DIR) return {};
  mkdirSync(SHOTS_DIR, { recursive: true });
  return { path: join(SHOTS_DIR, `${name}.png`) };
}

test.describe('card templates', () => {
  test('every template’s thumbnail shows the colours and layout its card gets, on the public page too', async ({
    page,
    browser,
    signUpWithPassword,
  }) => {
    test.setTimeout(300_000);
    await signUpWithPassword();
    await page.getByRole('button', { name: /New card/ }).click();
    await page.getByLabel('Full name').fill('Tess Template');
    await page.getByLabel('Job title').fill('Design Lead');
    await page.getByRole('button', { name: 'Create card' }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();
    await page.getByRole('tab', { name: 'Handle' }).click();
    const publicUrl = ((await page.getByTestId('public-url').textContent()) ?? '').trim();
    const publicPage = new URL(publicUrl, page.url()).href;

    await page.getByRole('tab', { name: 'Design' }).click();
    const gallery = page.getByRole('group', { name: 'Template' });
    const radios = gallery.getByRole('radio');
    const count = await radios.count();
    expect(count).toBeGreaterThanOrEqual(6);
    const preview = page.getByTestId('builder-canvas').locator('.cb-card');
    const layouts = new Set<string>();

    for (let index = 0; index < count; index += 1) {
      const radio = radios.nth(index);
      const name = (await radio.getAttribute('aria-labelledby')) ?? '';
      const templateName = (await page.locator(`[id="${name}"]`).textContent())?.trim() ?? '';
      const tile = gallery.locator('label').nth(index);
      const thumbnail = tile.locator('.cb-card');
      const promised = await drawn(thumbnail);
      layouts.add(promised.layout);

      await tile.click();
      await expect(radio).toBeChecked();
      // The preview follows the draft a moment later (it renders from a deferred copy).
      await expect(preview).toHaveClass(new RegExp(`cb-layout-${promised.layout}(\\s|$)`));
      expect(await drawn(preview), templateName).toEqual(promised);

      // The pixel check: the thumbnail's accent and background are the colours the card shows,
      // each covering a real part of both pictures.
      const colours = [promised.accent, promised.background];
      const [thumbShares, cardShares] = [
        await colourShares(page, await thumbnail.screenshot(), colours),
        await colourShares(page, await preview.screenshot(), colours),
      ];
      for (const [i, colour] of colours.entries()) {
        expect(thumbShares[i], `${templateName}: ${colour} in the thumbnail`).toBeGreaterThan(0.02);
        expect(cardShares[i], `${templateName}: ${colour} in the card`).toBeGreaterThan(0.02);
      }
      if (index === 0) await expectAccessible(page);

      // The saved card's public page draws the same layout and stays accessible.
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('All changes saved')).toBeVisible();
      // A fresh visitor each time: the public page may be cached for a minute.
      const visit = await browser.newContext();
      const visitor = await visit.newPage();
      for (const width of SHOTS_DIR ? [1280, 390] : [390]) {
        await visitor.setViewportSize({ width, height: 900 });
        await visitor.goto(publicPage);
        const card = visitor.locator('main .cb-card');
        expect(await drawn(card)).toEqual(promised);
        await expect(
          visitor.getByRole('heading', { level: 1, name: 'Tess Template' }),
        ).toBeVisible();
        if (width === 390) await expectAccessible(visitor);
        await visitor.screenshot({
          fullPage: true,
          ...shot(`public-${promised.layout}-${templateName}-${width}`),
        });
      }
      await visit.close();
    }
    // Six layouts, not one layout in six colours.
    expect(layouts.size).toBeGreaterThanOrEqual(6);
    await page.screenshot({ fullPage: true, ...shot('design-panel-1280') });
    // On a phone the gallery and its thumbnails stay usable and accessible.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(gallery.getByRole('radio').first()).toBeAttached();
    await expectAccessible(page);
    await page.screenshot({ fullPage: true, ...shot('design-panel-390') });
  });

  test('the Desktop preview shows the public page at a desktop width, the Mobile one a phone', async ({
    page,
    signUpWithPassword,
  }) => {
    await signUpWithPassword();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: /New card/ }).click();
    await page.getByLabel('Full name').fill('Dee Desktop');
    await page.getByRole('tab', { name: 'Design' }).click();
    await page
      .getByRole('group', { name: 'Template' })
      .getByText('Studio', { exact: true })
      .click();

    const canvas = page.getByTestId('builder-canvas');
    const card = canvas.locator('.cb-card');
    // Mobile: the phone frame, and the card as narrow as the phone.
    await expect(canvas.locator('.builder-canvas__device')).toBeVisible();
    const phone = await card.evaluate((el) => el.getBoundingClientRect().width);
    await page.screenshot(shot('preview-mobile-1280'));

    await page.getByRole('button', { name: 'Desktop' }).click();
    await expect(canvas.locator('.builder-canvas__device')).toHaveCount(0);
    const window = page.getByTestId('preview-page');
    await expect(window).toBeVisible();
    // Laid out as a desktop window: the split layout's two columns, wider than any phone.
    const laidOut = await card.evaluate((el) => ({
      width: (el as HTMLElement).offsetWidth,
      columns: getComputedStyle(el).gridTemplateColumns.split(' ').length,
    }));
    expect(laidOut.width).toBeGreaterThan(800);
    expect(laidOut.columns).toBe(2);
    expect(laidOut.width).toBeGreaterThan(phone);
    await expectAccessible(page);
    await page.screenshot(shot('preview-desktop-1280'));
  });
});
