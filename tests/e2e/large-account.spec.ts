/**
 * A 1,000-card account in the builder: the list opens on one page with the account's true count,
 * pages on, and finds a card far down the alphabet by name, by handle and after a filter; then its
 * team page shows the team's true counts. The cards
 * are seeded server-side (the e2e stack's admin endpoint, local-server/admin-route.ts): no screen makes
 * 1,000 cards, and the importer is measured by the bench.
 */
import { expect, expectAccessible, test } from './fixtures';

const ADMIN_SECRET = 'e2e-admin-secret-not-for-production';
const TOTAL = 1000;
const SEED_COMMIT = 100;

async function admin(baseURL: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseURL}/api/admin/db`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_SECRET}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`admin ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

function pad(n: number): string {
  return String(n).padStart(4, '0');
}

test.describe('a large account', () => {
  test('pages and searches 1,000 cards', async ({ page, signUpWithPassword, baseURL }) => {
    const { email } = await signUpWithPassword();
    const base = baseURL ?? '';
    const users = (await admin(base, {
      op: 'query',
      query: { collection: 'users', where: [{ field: 'email', op: '==', value: email }], limit: 1 },
    })) as { docs: { id: string; data: { accountId: string; defaultTeam: string } }[] };
    const me = users.docs[0];
    if (!me) throw new Error('the signed-up user has no document');
    const { accountId, defaultTeam } = me.data;
    await admin(base, {
      op: 'commit',
      ops: [
        {
          kind: 'update',
          path: `accounts/${accountId}`,
          data: { 'plan.cardLimit': 5000, 'plan.type': 'corporate', 'plan.isPaidAccount': true },
        },
      ],
    });
    // In commits of 100: the local server counts each card after the commit on its one thread (a
    // transaction each); when each count was a recount of the account, 250 at a time kept it busy
    // past its keep-alive timeout, and the next request's socket was reset.
    for (let start = 0; start < TOTAL; start += SEED_COMMIT) {
      const ops = [];
      for (let i = start; i < start + SEED_COMMIT; i += 1) {
        const id = `${accountId.slice(0, 8)}-large-${pad(i)}`;
        const name = `Member ${pad(i)}`;
        const handle = `m-${accountId.slice(0, 8).toLowerCase()}-${pad(i)}`;
        ops.push(
          {
            kind: 'set',
            path: `cards/${id}`,
            data: {
              id,
              handle,
              handleAllowIndex: true,
              name,
              nameLower: name.toLowerCase(),
              title: 'Sales',
              accountId,
              isArchived: false,
              contacts: [],
              appForm: {},
              template: {},
              signatureBasic: {},
              appShare: {},
              teamId: defaultTeam,
              ownerId: me.id,
              company: '',
              email: '',
              bulkSync: { syncTeamLinks: i % 100 !== 7, syncBranding: true },
            },
          },
          { kind: 'set', path: `handles/${handle}`, data: { cardId: id, accountId } },
        );
      }
      await admin(base, { op: 'commit', ops });
    }

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Your cards' })).toBeVisible();
    await expect(page.getByText(`Showing 40 of ${TOTAL} cards`)).toBeVisible({ timeout: 30_000 });
    // Only the rows in view are in the page.
    expect(
      await page.getByRole('list', { name: 'Your cards' }).getByRole('listitem').count(),
    ).toBeLessThan(40);

    await page.getByRole('button', { name: 'Load more cards' }).click();
    await expect(page.getByText(`Showing 80 of ${TOTAL} cards`)).toBeVisible();
    // Scrolling to the end of the loaded cards reads the next page.
    await page.locator('.card-list__viewport').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(page.getByText(`Showing 120 of ${TOTAL} cards`)).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Search cards' });
    await search.fill('member 0987');
    await expect(page.getByText('1 match', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: /Member 0987/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Member 0987' })).toBeVisible();

    await search.fill(`m-${accountId.slice(0, 8).toLowerCase()}-095`);
    await expect(page.getByText('10 matches')).toBeVisible();

    await search.fill('');
    await page.getByRole('combobox', { name: 'Team sync' }).selectOption('links-off');
    await expect(page.getByText('10 cards in this view')).toBeVisible();
    await expect(page.getByRole('button', { name: /Member 0907/ })).toBeVisible();

    // The team page counts every card of the team from the server's team counts, not a page.
    await page.goto(`/team/${defaultTeam}?tab=links`);
    await expect(page.getByText(`${TOTAL} cards`, { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(/These links appear on 990 cards of/)).toBeVisible();
    await expect(page.getByText(/10 cards have opted out/)).toBeVisible();
    await page.getByRole('tab', { name: 'Members' }).click();
    await expect(page.getByText(`The people of 100 of ${TOTAL} cards.`)).toBeVisible();
    await expectAccessible(page);
  });
});
