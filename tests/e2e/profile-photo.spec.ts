/**
 * The profile photo, end to end: picked through the app's own styled button (not the browser's
 * plain file control), shown before saving, kept after saving; the page stays accessible on a
 * desktop and a phone. With SHOTS_DIR set, it saves the section at 1280 and 390 px.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

/** A 64 × 64 red PNG, made in the page so the test needs no image file. */
async function redPng(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = '#dc2626';
      context.fillRect(0, 0, 64, 64);
    }
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  return Buffer.from(data, 'base64');
}

test('a user picks a profile photo with the app’s own button and saves it', async ({
  page,
  signUpWithPassword,
}) => {
  await signUpWithPassword();
  await page.goto('/settings/profile');
  await page.getByLabel('Full name').fill('Pat Photo');
  const group = page.getByRole('group', { name: 'Profile photo' });
  const pick = group.getByLabel('Upload profile photo');
  // The file input is inside a styled button, hidden itself; the button is what people see.
  await expect(group.locator('label.button', { hasText: 'Upload' })).toBeVisible();
  await expect(pick).toHaveClass(/visually-hidden/);
  await pick.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await redPng(page) });
  await expect(group.getByText('Saved with the profile.')).toBeVisible();
  await expect(group.locator('img')).toHaveAttribute('src', /^data:image\/png/);
  await expectAccessible(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: join(process.env.SHOTS_DIR, `profile-photo-${width}.png`) });
    }
  }
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(group.getByText('Replace', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Profile photo' }).locator('img')).toBeVisible();
});
