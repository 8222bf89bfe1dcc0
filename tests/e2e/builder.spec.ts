/**
 * The card builder, end to end on the demo account (Acme Co): create a card, edit it with a live
 * preview, have a `javascript:` link refused, duplicate it, delete both. Every page state visited
 * is checked with axe-core. The test makes its own cards (unique names) and deletes them.
 */
import type { Page } from '@playwright/test';
import { DEMO_OWNER, DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures';

const UNSAFE_MESSAGE =
  "This link can't be used: only web, e-mail, phone and SMS links are allowed.";

function cardList(page: Page) {
  return page.getByRole('complementary', { name: 'Cards' });
}

async function deleteOpenCard(page: Page, name: string) {
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete card' }).click();
  await expect(dialog).toBeHidden();
  await expect(cardList(page).getByRole('button', { name: new RegExp(name) })).toHaveCount(0);
}

test.describe('card builder', () => {
  test('an owner creates, edits, previews, duplicates and deletes a card', async ({
    page,
    signIn,
  }) => {
    const suffix = Math.random()
      .toString(36)
      .slice(2, 7)
      .replace(/[^a-z]/g, 'x');
    const name = `Quinn Tester${suffix}`;
    const handle = `quinn-tester${suffix}`;

    await signIn(DEMO_OWNER, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Your cards' })).toBeVisible();
    await expect(cardList(page).getByRole('button', { name: /Ada Lovelace/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
    await expectAccessible(page);

    // Create.
    await cardList(page)
      .getByRole('button', { name: /New card/ })
      .click();
    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('Job title').fill('Quality Lead');
    await expect(page.getByText('New card — not created yet')).toBeVisible();
    await expect(page.getByTestId('builder-canvas')).toContainText(name);
    await expect(page.getByTestId('builder-canvas')).toContainText('Quality Lead');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create card' }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();
    await expect(cardList(page).getByRole('button', { name: new RegExp(name) })).toBeVisible();

    // The handle followed the name; the public address is shown live.
    await page.getByRole('tab', { name: 'Handle' }).click();
    await expect(page.getByLabel('Your handle')).toHaveValue(handle);
    await expect(page.getByTestId('public-url')).toContainText(`/${handle}`);
    await expectAccessible(page);

    // Edit: the preview follows each keystroke and the unsaved state shows.
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByLabel('Job title').fill('Head of Quality');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await expect(page.getByTestId('builder-canvas')).toContainText('Head of Quality');

    // A javascript: link is refused and the card cannot be saved.
    await page.getByRole('tab', { name: 'Contacts & links' }).click();
    await page.getByRole('button', { name: 'Add Custom' }).click();
    await page.getByLabel('Link', { exact: true }).fill('javascript:alert(1)');
    await expect(page.getByText(UNSAFE_MESSAGE)).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(/needs? fixing before this card can be saved/)).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Link', { exact: true }).fill('https://quality.example');
    await expect(page.getByText(UNSAFE_MESSAGE)).toHaveCount(0);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();

    // Design and the desktop canvas.
    await page.getByRole('tab', { name: 'Design' }).click();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Desktop' }).click();
    await expect(page.getByTestId('builder-canvas')).toHaveClass(/builder-canvas--desktop/);
    await page.getByRole('button', { name: 'Mobile' }).click();

    // Duplicate: "Copy of …" with a new unique handle.
    await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
    const duplicate = page.getByRole('dialog', { name: `Duplicate ${name}` });
    await expect(duplicate.getByLabel('Name of the copy')).toHaveValue(`Copy of ${name}`);
    await expect(duplicate.getByLabel('Handle of the copy')).toHaveValue(`${handle}-2`);
    await expectAccessible(page);
    await duplicate.getByRole('button', { name: 'Duplicate card' }).click();
    await expect(duplicate).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: `Copy of ${name}` })).toBeVisible();

    // Delete the copy: it leaves the list and its public link stops working.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Delete Copy of ${name}?` });
    await expect(confirm).toContainText(`Copy of ${name}`);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete card' }).click();
    await expect(confirm).toBeHidden();
    await expect(
      cardList(page).getByRole('button', { name: new RegExp(`Copy of ${name}`) }),
    ).toHaveCount(0);
    const gone = await page.request.get(`/c/${handle}-2`);
    expect(gone.status()).toBeGreaterThanOrEqual(400);

    // Clean up the original.
    await cardList(page)
      .getByRole('button', { name: new RegExp(name) })
      .click();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await deleteOpenCard(page, name);
    await expectAccessible(page);
  });

  test('a link that is not web, e-mail, phone or SMS is refused on an existing card', async ({
    page,
    signIn,
  }) => {
    await signIn(DEMO_OWNER, DEMO_PASSWORD);
    await cardList(page)
      .getByRole('button', { name: /Grace Hopper/ })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Grace Hopper' })).toBeVisible();
    await page.getByRole('tab', { name: 'Contacts & links' }).click();
    await page.getByRole('button', { name: 'Add Custom' }).click();
    await page.getByLabel('Link', { exact: true }).fill('javascript:alert(document.cookie)');
    await expect(page.getByText(UNSAFE_MESSAGE)).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(/needs? fixing before this card can be saved/)).toBeVisible();
    await expectAccessible(page);
    // Nothing was stored: after discarding, the card has no such link.
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await expect(page.getByText(UNSAFE_MESSAGE)).toHaveCount(0);
    await expect(page.getByLabel('Link', { exact: true })).toHaveCount(0);
  });

  test('the card’s actions stay on one line with unsaved changes, on a desktop and a phone', async ({
    page,
    signUpWithPassword,
  }) => {
    await signUpWithPassword();
    await page.getByRole('button', { name: /New card/ }).click();
    await page.getByLabel('Full name').fill('Wendy Wide-Actions');
    await page.getByRole('button', { name: 'Create card' }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();
    await page.getByLabel('Job title').fill('Head of Everything');
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    const header = page.locator('.card-editor__header');
    const actions = header.locator('.card-editor__actions').locator('a, button');
    // Every action a person needs at this moment is there...
    for (const name of ['Discard changes', 'Save changes', 'Duplicate', 'Delete']) {
      await expect(header.getByRole('button', { name, exact: true })).toBeVisible();
    }
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // ...on one line: no button wraps under the others or breaks its label over two lines.
      const boxes = await actions.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { top: Math.round(r.top), right: r.right, height: r.height };
        }),
      );
      const tops = new Set(boxes.map((b) => b.top));
      expect(tops.size, `${width} px: one row of actions`).toBe(1);
      // A label broken over two lines would make its button taller than the tallest one-line one.
      expect(
        Math.max(...boxes.map((b) => b.height)),
        `${width} px: one-line labels`,
      ).toBeLessThanOrEqual(44);
      const headerRight = await header.evaluate((el) => el.getBoundingClientRect().right);
      expect(Math.max(...boxes.map((b) => b.right))).toBeLessThanOrEqual(headerRight);
      await expectAccessible(page);
      if (process.env.SHOTS_DIR) {
        await header.screenshot({ path: `${process.env.SHOTS_DIR}/top-bar-unsaved-${width}.png` });
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/builder-unsaved-${width}.png` });
      }
    }
  });
});
