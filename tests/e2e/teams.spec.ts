/**
 * Team journeys: creating a team, sharing links and branding with the team's cards (and not with a
 * card that opted out), importing members from a CSV, scheduling a promotion and the default-team
 * rule.
 */
import { DEMO_OWNER, DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures';

// Initech (local-server/demo-seed.ts), on a corporate plan: Acme's growth plan holds too few cards
// for a 17-card import beside the other journeys. Its team initech-sales holds peter-gibbons,
// synced with the team's links and branding, and milton-waddams, which opted out.
const INITECH_OWNER = 'owner@initech.example';

function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36).slice(-5)}`;
}

test.describe('teams', () => {
  test('an owner creates a team and lands on its page', async ({ page, signIn }) => {
    await signIn(DEMO_OWNER, DEMO_PASSWORD);
    await page.goto('/team/acme-sales');
    await expect(page.getByRole('heading', { level: 1, name: /Sales/ })).toBeVisible();
    await expectAccessible(page);
    const name = unique('Partners');
    await page.getByRole('button', { name: 'New team' }).click();
    const dialog = page.getByRole('dialog', { name: 'New team' });
    await dialog.getByLabel('Team name').fill(name);
    await dialog.getByRole('button', { name: 'Create team' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveURL(/\/team\/[^/]+\?tab=settings$/);
  });

  test('the default team cannot be deleted', async ({ page, signIn }) => {
    await signIn(DEMO_OWNER, DEMO_PASSWORD);
    await page.goto('/team/acme-sales?tab=settings');
    // Offered disabled, with the reason beside it, rather than as a live button that errors.
    await expect(page.getByRole('button', { name: 'Delete team' })).toBeDisabled();
    await expect(page.getByText(/You cannot delete your default team\./)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /Sales/ })).toBeVisible();
  });

  test('a scheduled promotion shows its status', async ({ page, signIn }) => {
    await signIn(DEMO_OWNER, DEMO_PASSWORD);
    await page.goto('/team/acme-support?tab=promotions');
    const title = unique('Spring offer');
    await page.getByRole('button', { name: 'New promotion' }).click();
    const dialog = page.getByRole('dialog', { name: 'New promotion' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('radio', { name: 'Live' }).check();
    await dialog.getByRole('checkbox', { name: /between two dates/ }).check();
    await dialog.getByLabel('Starts').fill('2099-03-01T09:00');
    await dialog.getByLabel('Ends').fill('2099-03-31T18:00');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save promotion' }).click();
    await expect(
      page.getByRole('row', { name: new RegExp(title) }).getByText('Scheduled'),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('team links and branding reach coupled cards and not a card that opted out', async ({
    page,
    signIn,
  }) => {
    await signIn(INITECH_OWNER, DEMO_PASSWORD);
    const website = `https://initech.example/${Date.now().toString(36)}`;
    await page.goto('/team/initech-sales?tab=links');
    await page.getByRole('button', { name: 'Add a team link' }).click();
    const last = page.getByRole('listitem').last();
    await last.getByLabel('Label').fill('Company site');
    await last.getByLabel('Link').fill(website);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save and apply to cards' }).click();
    await expect(page.getByText(/Updated \d+ cards? with the team/)).toBeVisible();

    await page.getByRole('tab', { name: 'Brand kit' }).click();
    await page.getByRole('radio', { name: 'Square' }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save brand kit and apply' }).click();
    await expect(page.getByText(/Updated \d+ cards? with the team/)).toBeVisible();

    // A save takes the previous "Updated …" away, so the line above is the brand kit's job. The
    // card page is cacheable: it is read with a query of its own until it shows both changes.
    let attempt = 0;
    await expect(async () => {
      attempt += 1;
      await page.goto(`/c/peter-gibbons?attempt=${attempt}`);
      await expect(page.getByRole('link', { name: /Company site/ })).toBeVisible();
      await expect(page.locator('article.cb-card')).toHaveClass(/cb-shape-square/, {
        timeout: 1000,
      });
    }).toPass({ timeout: 30_000 });
    await page.goto('/c/milton-waddams');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Company site/ })).toHaveCount(0);
    await expect(page.locator('article.cb-card')).not.toHaveClass(/cb-shape-square/);
  });

  test('a CSV of 20 rows with 3 bad rows imports 17 cards and explains the 3', async ({
    page,
    signIn,
  }) => {
    await signIn(INITECH_OWNER, DEMO_PASSWORD);
    const tag = Date.now().toString(36);
    await page.goto('/team/initech-sales?tab=settings');
    const team = unique('Import');
    await page.getByRole('button', { name: 'New team' }).click();
    await page.getByRole('dialog', { name: 'New team' }).getByLabel('Team name').fill(team);
    await page
      .getByRole('dialog', { name: 'New team' })
      .getByRole('button', { name: 'Create team' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: team })).toBeVisible();
    await page.getByRole('tab', { name: 'Import' }).click();

    const rows = ['Name,Email,Title,Phone'];
    for (let i = 1; i <= 17; i += 1)
      rows.push(
        `Person ${tag} ${i},p${i}.${tag}@initech.example,Analyst,+1 555 01${String(i).padStart(2, '0')}`,
      );
    rows.push(`Bad Mail ${tag},not-an-email,Analyst,`);
    rows.push(`Twin ${tag},p1.${tag}@initech.example,Analyst,`);
    rows.push(`,nobody.${tag}@initech.example,Analyst,`);
    await page.locator('input[type=file]').setInputFiles({
      name: 'members.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(rows.join('\n')),
    });

    await expect(page.getByText('“not-an-email” is not a valid e-mail address.')).toBeVisible();
    await expect(page.getByText('Same e-mail as row 1.')).toBeVisible();
    await expect(page.getByText('Add a name.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Import 17 cards' }).click();
    await expect(page.getByText(`Imported 17 cards into ${team}.`, { exact: false })).toBeVisible({
      timeout: 20_000,
    });

    await page.goto(`/c/person-${tag}-5`);
    await expect(page.getByRole('heading', { level: 1, name: `Person ${tag} 5` })).toBeVisible();
  });
});
