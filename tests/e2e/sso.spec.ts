/**
 * Company sign-in end to end (issue 29, docs/sso.md): Initech's owner connects and requires an OIDC
 * provider for a domain; an employee with a seat signs in through the Auth emulator's OIDC flow and
 * reaches their card, while their password is refused with a message saying why. The employee and
 * the seat are seeded server-side: claiming a seat is seats.spec.ts's journey.
 */
import {
  authEmulatorUrl,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  PROJECT_ID,
  test,
} from './fixtures';

const INITECH_OWNER = 'owner@initech.example';
const ADMIN_SECRET = 'e2e-admin-secret-not-for-production';

async function admin(baseURL: string, body: unknown): Promise<void> {
  const res = await fetch(`${baseURL}/api/admin/db`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_SECRET}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`admin ${res.status}: ${await res.text()}`);
}

/** A password identity whose address is verified, as the Auth emulator's admin API sets it. */
async function verifiedPasswordUser(email: string, password: string): Promise<string> {
  const base = `${authEmulatorUrl}/identitytoolkit.googleapis.com/v1`;
  const made = await fetch(`${base}/accounts:signUp?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const { localId } = (await made.json()) as { localId: string };
  const verified = await fetch(`${base}/projects/${PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, emailVerified: true }),
  });
  if (!verified.ok) throw new Error(`verify ${verified.status}: ${await verified.text()}`);
  return localId;
}

test('an employee signs in through the company’s provider where the owner requires it; their password is refused', async ({
  page,
  browser,
  signIn,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const suffix = Math.random().toString(36).slice(2, 8);
  const domain = `sso-${suffix}.example`;
  const providerId = `oidc.initech-${suffix}`;
  const email = `pat.${suffix}@${domain}`;
  const password = 'Sturdy-pass9';
  const cardId = `sso-card-${suffix}`;
  const handle = `pat-sso-${suffix}`;
  const name = `Pat Sso${suffix}`;

  const uid = await verifiedPasswordUser(email, password);
  const now = { __date: new Date().toISOString() };
  await admin(base, {
    op: 'commit',
    ops: [
      {
        kind: 'set',
        path: `cards/${cardId}`,
        data: {
          id: cardId,
          handle,
          handleAllowIndex: true,
          name,
          nameLower: name.toLowerCase(),
          title: 'Sales rep',
          accountId: 'initech',
          isArchived: false,
          contacts: [],
          appForm: {},
          template: {},
          signatureBasic: {},
          appShare: {},
          teamId: 'initech-sales',
          ownerId: 'demo-initech-owner',
          company: 'Initech',
          email,
          bulkSync: { syncTeamLinks: true, syncBranding: true },
          claimedBy: uid,
        },
      },
      { kind: 'set', path: `handles/${handle}`, data: { cardId, accountId: 'initech' } },
      {
        kind: 'set',
        path: `users/${uid}`,
        data: {
          id: uid,
          source: 'password',
          email,
          displayName: name,
          photoURL: '',
          acceptedTOC: now,
          dateCreated: now,
          isAccountOwner: false,
          affiliate: null,
          cardSeat: { accountId: 'initech', cardId },
        },
      },
    ],
  });

  const employeeContext = await browser.newContext();
  const passwordContext = await browser.newContext();
  try {
    // The owner connects the provider for the domain and requires it.
    await signIn(INITECH_OWNER, DEMO_PASSWORD);
    await page.goto('/settings/account');
    const section = page.getByRole('region', { name: 'Company sign-in (SSO)' });
    await section.getByLabel('Provider ID').fill(providerId);
    await section.getByLabel('Name on the sign-in button').fill('Initech');
    await section.getByLabel('Email domains').fill(domain);
    await section.getByLabel('Require company sign-in').check();
    await section.getByRole('button', { name: 'Connect provider' }).click();
    await expect(section.getByText(`Everyone at ${domain} except you`)).toBeVisible();
    await expectAccessible(page);

    // The employee is offered the company's provider and signs in through it.
    const employee = await employeeContext.newPage();
    await employee.goto('/sign-in');
    await employee.waitForFunction(
      () => !document.getElementById('root')?.hasAttribute('data-prerendered'),
    );
    await employee.getByLabel('Email', { exact: true }).fill(email);
    await employee.getByRole('button', { name: 'Continue with Initech SSO' }).click();
    const chooser = employee.getByRole('dialog', { name: 'Sign in to Initech' });
    await expect(chooser.getByLabel('Work email')).toHaveValue(email);
    await expectAccessible(employee);
    await chooser.getByRole('button', { name: 'Sign in with Initech' }).click();
    await employee.waitForURL('**/my-card');
    await expect(employee.getByRole('heading', { level: 1, name: 'Your card' })).toBeVisible();
    await expect(employee.getByLabel('Name', { exact: true })).toHaveValue(name);

    // The same person with their password is refused, and told why.
    const withPassword = await passwordContext.newPage();
    await withPassword.goto('/sign-in');
    await withPassword.waitForFunction(
      () => !document.getElementById('root')?.hasAttribute('data-prerendered'),
    );
    await withPassword.getByLabel('Email', { exact: true }).fill(email);
    await expect(
      withPassword.getByText('Initech signs its people in with Initech SSO.'),
    ).toBeVisible();
    await withPassword.getByLabel('Password', { exact: true }).fill(password);
    await withPassword.getByRole('button', { name: /^sign in$/i }).click();
    await expect(withPassword.getByRole('alert')).toContainText(
      'Initech requires signing in with Initech SSO.',
    );
    await expect(withPassword).toHaveURL(/\/sign-in/);
    await expectAccessible(withPassword);

    // Past the page (the owner's way in, used by someone else), the rules refuse the session:
    // a password sign-in reaches nothing of the account, not even their own card.
    await withPassword.getByRole('button', { name: 'Account owner? Use your password' }).click();
    await withPassword.getByRole('button', { name: /^sign in$/i }).click();
    await withPassword.waitForURL('**/my-card');
    await expect(withPassword.getByText('You no longer have a card to edit here')).toBeVisible();
    await expect(withPassword.getByLabel('Name', { exact: true })).toHaveCount(0);

    // The owner, signed in with a password all along, disconnects the provider.
    await section.getByRole('button', { name: 'Disconnect' }).click();
    await expect(section.getByText('Company sign-in is off')).toBeVisible();
  } finally {
    await employeeContext.close();
    await passwordContext.close();
    // Whatever happened above, Initech never stays locked to this run's provider.
    await admin(base, {
      op: 'commit',
      ops: [
        { kind: 'update', path: 'accounts/initech', data: { sso: { __transform: 'deleteField' } } },
        { kind: 'delete', path: `ssoDomains/${domain}` },
        { kind: 'delete', path: `cards/${cardId}` },
        { kind: 'delete', path: `handles/${handle}` },
      ],
    }).catch(() => undefined);
  }
});
