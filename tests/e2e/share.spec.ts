/**
 * Sharing from the builder, as a new user does it: sign up, create a card, open the Share tab,
 * copy the link (the clipboard holds the card's tracked link, which opens the card) and download
 * the QR code as PNG and SVG (a real PNG whose quiet zone and modules are in the card's colours; an
 * SVG that is the QR code of that link). Then the same tab on a 390 px phone, and the public
 * page's own Copy link, whose confirmation shows right under it.
 */
import QRCode from 'qrcode';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function downloaded(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = (await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ])) as [Download, unknown];
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

/** The colour of a PNG's pixel, decoded by the browser, as `#rrggbb`. */
async function pixel(page: Page, png: Buffer, x: number, y: number): Promise<string> {
  return page.evaluate(
    async ({ base64, x, y }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no canvas');
      ctx.drawImage(bitmap, 0, 0);
      const [r, g, b] = ctx.getImageData(x, y, 1, 1).data;
      return `#${[r, g, b].map((n) => (n ?? 0).toString(16).padStart(2, '0')).join('')}`;
    },
    { base64: png.toString('base64'), x, y },
  );
}

test('a new user copies the link and downloads the QR code from the builder', async ({
  page,
  signUpWithPassword,
}) => {
  await signUpWithPassword();
  await page
    .getByRole('button', { name: /New card/ })
    .first()
    .click();
  await page.getByLabel('Full name').fill('Sam Sharer');
  await page.getByRole('button', { name: 'Create card' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();

  await page.getByRole('tab', { name: 'Share' }).click();
  await expect(page.getByRole('img', { name: "QR code of your card's link" })).toBeVisible();
  await expectAccessible(page);
  const link = await page.getByLabel('Card link').inputValue();
  expect(link).toMatch(/\/c\/.+\?via=1$/);

  // Copy link: the clipboard holds the tracked link, said beside the button.
  const shareGroup = page.getByRole('group', { name: 'Share the link' });
  await shareGroup.getByRole('button', { name: 'Copy link' }).click();
  await expect(shareGroup.getByRole('status')).toHaveText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // The link opens the card.
  const opened = await page.request.get(link);
  expect(opened.status()).toBe(200);
  expect(await opened.text()).toContain('Sam Sharer');

  // SVG: exactly the QR code of the link, in the colours shown, with a 4-module quiet zone.
  const svg = await downloaded(page, 'Download SVG');
  expect(svg.name).toMatch(/-qr-code\.svg$/);
  const svgText = svg.bytes.toString('utf8');
  const dark = /stroke="(#[0-9a-f]{6})"/.exec(svgText)?.[1] ?? '';
  const light = /<path fill="(#[0-9a-f]{6})"/.exec(svgText)?.[1] ?? '';
  expect(dark).not.toBe('');
  expect(svgText).toBe(
    await QRCode.toString(link, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 4,
      width: 1024,
      color: { dark, light },
    }),
  );
  await expect(
    page.getByRole('group', { name: 'Download the QR code' }).getByRole('status'),
  ).toHaveText('QR code downloaded (SVG)');

  // PNG: a PNG file, light in its quiet zone, dark where the top-left finder pattern starts.
  const png = await downloaded(page, 'Download PNG');
  expect(png.name).toMatch(/-qr-code\.png$/);
  expect([...png.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(png.bytes.readUInt32BE(16)).toBe(1024); // IHDR width
  const modules = QRCode.create(link, { errorCorrectionLevel: 'M' }).modules.size;
  const scale = 1024 / (modules + 8);
  expect(await pixel(page, png.bytes, Math.floor(2 * scale), Math.floor(2 * scale))).toBe(light);
  expect(await pixel(page, png.bytes, Math.floor(4.5 * scale), Math.floor(4.5 * scale))).toBe(dark);

  // On a phone: the QR code and the buttons fit the screen, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Share' }).click();
  for (const part of [
    page.getByRole('img', { name: "QR code of your card's link" }),
    shareGroup.getByRole('button', { name: 'Copy link' }),
    page.getByRole('button', { name: 'Download SVG' }),
  ]) {
    await part.scrollIntoViewIfNeeded();
    const box = await part.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  await shareGroup.getByRole('button', { name: 'Copy link' }).click();
  await expect(shareGroup.getByRole('status')).toHaveText('Link copied');
  await expect(shareGroup.getByRole('status')).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  // The public page says "Link copied" right under its button too, not below the QR code.
  await page.goto(link);
  const copyOnCard = page.getByRole('button', { name: 'Copy link' });
  await copyOnCard.click();
  const said = page.getByRole('status').filter({ hasText: 'Link copied' });
  await expect(said).toBeInViewport();
  const buttonBox = await copyOnCard.boundingBox();
  const saidBox = await said.boundingBox();
  expect(buttonBox && saidBox && saidBox.y - (buttonBox.y + buttonBox.height)).toBeLessThan(40);
  expect(buttonBox && saidBox && saidBox.y > buttonBox.y).toBe(true);
});
