/**
 * Provisioning end to end (issue 29, docs/scim.md): Initech's owner (Corporate plan) creates a
 * SCIM token on Account settings, shown once; a SCIM client (plain fetch, the requests Okta and
 * Entra ID send) creates a user, and People and access lists their card as invited; Entra ID's
 * deactivation archives it and it leaves the list; the delete removes the user. The owner revokes
 * the token and it stops working.
 */
import { DEMO_PASSWORD, expect, expectAccessible, test, uniqueEmail } from './fixtures';

const INITECH_OWNER = 'owner@initech.example';
const SCIM = 'application/scim+json';

test('an identity provider adds, deactivates and deletes a person with the owner’s SCIM token', async ({
  page,
  signIn,
}) => {
  const email = uniqueEmail('scim');
  const suffix =
    email
      .split('@')[0]
      ?.replace(/[^a-z0-9]/g, '')
      .slice(-6) ?? 'x';
  const name = `Provisioned Person${suffix}`;
  const label = `E2E ${suffix}`;
  await signIn(INITECH_OWNER, DEMO_PASSWORD);

  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: 'Provisioning (SCIM)' });
  const origin = new URL(page.url()).origin;
  await expect(section.getByLabel('SCIM base URL')).toHaveValue(`${origin}/scim/v2`);
  await section.getByLabel('Token name').fill(label);
  await section.getByRole('button', { name: 'Create token' }).click();
  const tokenField = section.getByLabel('New SCIM token');
  await expect(tokenField).toHaveValue(/^scim_/);
  const token = await tokenField.inputValue();
  await expect(section.getByRole('list', { name: 'SCIM tokens' })).toContainText(label);
  await expectAccessible(page);

  const scim = (method: string, path: string, body?: unknown) =>
    fetch(`${origin}/scim/v2${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': SCIM },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });

  const created = await scim('POST', '/Users', {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: email,
    displayName: name,
    emails: [{ value: email, type: 'work', primary: true }],
    active: true,
  });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { id: string }).id;

  await page.goto('/settings/people#seats');
  const seat = page.locator('.people-seats__row').filter({ hasText: name });
  await expect(seat.getByText('Invited')).toBeVisible();

  const off = await scim('PATCH', `/Users/${id}`, {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
  });
  expect(off.status).toBe(200);
  await expect(seat).toHaveCount(0);

  expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
  expect((await scim('GET', `/Users/${id}`)).status).toBe(404);

  await page.goto('/settings/account');
  const item = section.getByRole('listitem').filter({ hasText: label });
  await item.getByRole('button', { name: 'Revoke…' }).click();
  await item.getByRole('button', { name: `Revoke ${label}` }).click();
  await expect(item).toHaveCount(0);
  expect((await scim('GET', '/Users')).status).toBe(401);
});
