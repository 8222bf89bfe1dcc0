/**
 * Smoke journeys of the foundation: the landing page renders on the built app, and a live
 * listener in the browser shows a write that another client (a Node process with its own sign-in,
 * through the real local driver) makes on the server, with no reload.
 */
import { setBackend } from '@/backend/current';
import { createLocalBackend } from '@/backend/local/local-backend';
import { cardCreateOps, newCardId, readCardCountBase } from '@/data/cards';
import { WebSocket } from 'ws';
import { authEmulatorUrl, expect, expectAccessible, test } from './fixtures';

async function idTokenFor(email: string, password: string): Promise<string> {
  const res = await fetch(
    `${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`could not sign ${email} in: ${JSON.stringify(body)}`);
  return body.idToken;
}

test('the landing page renders and is accessible', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page.getByRole('link', { name: /get started|create your free card/i }).first(),
  ).toBeVisible();
  await expectAccessible(page);
});

test('a live listener in the browser shows a card another client creates', async ({
  page,
  baseURL,
  signUpWithPassword,
}) => {
  const { email, password } = await signUpWithPassword();
  await expect(page.getByText(/0 of 1 cards used/)).toBeVisible();

  // Another client: the same person on another device, through the real local driver.
  const token = await idTokenFor(email, password);
  const other = createLocalBackend({
    baseUrl: baseURL ?? '',
    getIdToken: () => Promise.resolve(token),
    WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
  });
  setBackend(other);
  const uid = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    user_id: string;
  };
  const user = await other.get(`users/${uid.user_id}`);
  const accountId = String(user.data?.accountId);
  const name = `Remote Writer ${Math.random().toString(36).slice(2, 7)}`;
  const id = newCardId();
  await other.batch(
    cardCreateOps(
      {
        id,
        accountId,
        ownerId: uid.user_id,
        teamId: String(user.data?.defaultTeam),
        handle: `remote-${id.toLowerCase()}`,
        handleAllowIndex: true,
        name,
        title: 'Created elsewhere',
        company: '',
        email: '',
        contacts: [],
        appForm: {},
        template: {},
        signatureBasic: {},
        appShare: {},
      },
      await readCardCountBase(accountId),
    ),
  );

  const cards = page.getByRole('complementary', { name: 'Cards' });
  await expect(cards.getByText(name)).toBeVisible();
  await expect(page.getByText(/1 of 1 cards used/)).toBeVisible();
});
