// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS_PAGE_SIZE } from '@/features/admin/use-accounts-list';
import type { QuerySpec } from '@/backend/port';
import { BackendError } from 'firestore-engine/errors';
import { createFakeAuth } from '../support/fake-auth';
import { renderApp, seedAccount, seedUser } from '../support/render-app';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function day(n: number): Date {
  return new Date(Date.UTC(2025, 0, 1 + n));
}

function setup(options: { superAdmin: boolean; extraAccounts?: number; queries?: QuerySpec[] }) {
  const auth = createFakeAuth();
  auth.addUser({ uid: 'admin', email: 'admin@example.com' }, 'Right-pass1');
  const app = renderApp('/accounts', {
    auth,
    backendOptions: {
      refuse: (access) => {
        if (access.kind === 'query') options.queries?.push(access.spec);
        return false;
      },
    },
  });
  stop = app.stop;
  seedAccount(app.db, {
    id: 'acme',
    name: 'Acme Co',
    slug: 'acme-co',
    ownerId: 'admin',
    dateUpdated: day(300),
  });
  seedAccount(app.db, {
    id: 'globex',
    name: 'Globex',
    slug: 'globex',
    ownerId: 'x',
    dateUpdated: day(301),
  });
  seedAccount(app.db, {
    id: 'gone',
    name: 'Gone Ltd',
    slug: 'gone',
    ownerId: 'y',
    isActive: false,
    dateUpdated: day(302),
  });
  for (let i = 0; i < (options.extraAccounts ?? 0); i += 1) {
    seedAccount(app.db, {
      id: `bulk${i}`,
      name: `Bulk ${i}`,
      slug: `bulk-${i}`,
      ownerId: 'z',
      dateUpdated: day(i),
    });
  }
  seedUser(app.db, {
    uid: 'admin',
    email: 'admin@example.com',
    accountId: 'acme',
    isSuperAdmin: options.superAdmin,
  });
  seedUser(app.db, {
    uid: 'x',
    email: 'hank@globex.example',
    accountId: 'globex',
    name: 'Hank Scorpio',
  });
  app.db.seed('cards/globex-card', {
    id: 'globex-card',
    handle: 'hank',
    accountId: 'globex',
    ownerId: 'x',
    isArchived: false,
    dateUpdated: day(310),
  });
  auth.restore('admin');
  return app;
}

function rowOf(name: string): HTMLElement {
  const heading = within(screen.getByRole('list', { name: 'Accounts' })).getByRole('heading', {
    level: 2,
    name,
  });
  const row = heading.closest('li');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

/** The row's facts as "label: value" pairs. */
function factsOf(name: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const term of within(rowOf(name)).getAllByRole('term')) {
    out[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  }
  return out;
}

function rowNames(): string[] {
  const list = screen.getByRole('list', { name: 'Accounts' });
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent ?? '');
}

describe('the account list', () => {
  it('shows a super admin every active account, most recently updated first', async () => {
    setup({ superAdmin: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'All accounts' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['Globex', 'Acme Co']));
  });

  it('shows a normal user only their own account', async () => {
    setup({ superAdmin: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['Acme Co']));
    expect(screen.queryByLabelText('Search accounts')).not.toBeInTheDocument();
  });

  it('names the owner of a normal user’s own account, instead of “…” for good', async () => {
    setup({ superAdmin: false });
    await waitFor(() =>
      expect(factsOf('Acme Co')['Owner']).toBe('Test Person (admin@example.com)'),
    );
  });

  it('lets a super admin search by name or slug and switch into an account', async () => {
    const app = setup({ superAdmin: true });
    const user = userEvent.setup();
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    await user.type(screen.getByLabelText('Search accounts'), 'glob');
    await waitFor(() => expect(rowNames()).toEqual(['Globex']));
    await user.click(screen.getByRole('button', { name: 'Switch to Globex' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your cards' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(app.accountStore.getState().account?.name).toBe('Globex'));
  });

  it('pages through many accounts without reading them all at once', async () => {
    const queries: QuerySpec[] = [];
    setup({ superAdmin: true, extraAccounts: ACCOUNTS_PAGE_SIZE + 5, queries });
    await waitFor(() => expect(rowNames()).toHaveLength(ACCOUNTS_PAGE_SIZE));
    expect(rowNames().slice(0, 2)).toEqual(['Globex', 'Acme Co']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more accounts' }));
    await waitFor(() => expect(rowNames()).toHaveLength(ACCOUNTS_PAGE_SIZE + 7));
    const accountQueries = queries.filter((q) => q.collection === 'accounts');
    expect(accountQueries.length).toBeGreaterThan(0);
    for (const query of accountQueries) expect(query.limit).toBe(ACCOUNTS_PAGE_SIZE);
    expect(screen.queryByRole('button', { name: 'Load more accounts' })).not.toBeInTheDocument();
  });

  it('shows each account’s owner e-mail, plan, cards in use and last activity', async () => {
    setup({ superAdmin: true });
    await waitFor(() =>
      expect(factsOf('Globex')['Owner']).toBe('Hank Scorpio (hank@globex.example)'),
    );
    expect(factsOf('Globex')).toMatchObject({
      Plan: 'Free',
      'Cards in use': '0 of 1',
      // The card changed after the account did: the latest change is the card's.
      'Last activity': 'Nov 7, 2025',
      Directory: '/globex',
    });
    expect(factsOf('Acme Co')['Last activity']).toBe('Oct 28, 2025');
  });

  it('deactivates an account after asking, lists it with the deactivated ones, and reactivates it', async () => {
    const app = setup({ superAdmin: true });
    const user = userEvent.setup();
    await waitFor(() => expect(rowNames()).toEqual(['Globex', 'Acme Co']));

    await user.click(screen.getByRole('button', { name: 'Deactivate Globex' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Globex?' });
    expect(dialog).toHaveTextContent('its public directory goes offline');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate Globex' }));

    await waitFor(() => expect(rowNames()).toEqual(['Acme Co']));
    expect(await screen.findByText('Globex has been deactivated.')).toBeInTheDocument();
    const stored = app.db.dump()['accounts/globex'];
    expect(stored?.isActive).toBe(false);
    // dateUpdated follows the status change.
    expect((stored?.dateUpdated as Date).getTime()).toBeGreaterThan(day(301).getTime());

    await user.click(screen.getByRole('radio', { name: 'Deactivated' }));
    // Globex changed just now, so it comes first.
    await waitFor(() => expect(rowNames()).toEqual(['Globex', 'Gone Ltd']));
    expect(within(rowOf('Globex')).getByText('Deactivated')).toBeInTheDocument();
    expect(within(rowOf('Globex')).queryByRole('button', { name: 'Switch to Globex' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reactivate Globex' }));
    await waitFor(() => expect(rowNames()).toEqual(['Gone Ltd']));
    expect(app.db.dump()['accounts/globex']?.isActive).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Active' }));
    await waitFor(() => expect(rowNames()).toEqual(['Globex', 'Acme Co']));
  });

  it('says so when the server refuses the change, and keeps the account where it was', async () => {
    const auth = createFakeAuth();
    auth.addUser({ uid: 'admin', email: 'admin@example.com' }, 'Right-pass1');
    const app = renderApp('/accounts', {
      auth,
      backendOptions: {
        setAccountActive: () =>
          Promise.reject(
            new BackendError(
              'permission-denied',
              'Only a super admin may deactivate or reactivate accounts.',
            ),
          ),
      },
    });
    stop = app.stop;
    seedAccount(app.db, { id: 'acme', name: 'Acme Co', slug: 'acme-co', ownerId: 'admin' });
    seedUser(app.db, {
      uid: 'admin',
      email: 'admin@example.com',
      accountId: 'acme',
      isSuperAdmin: true,
    });
    auth.restore('admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Acme Co' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate Acme Co' }),
    );
    expect(
      await screen.findByText(
        'Acme Co could not be deactivated: Only a super admin may deactivate or reactivate accounts.',
      ),
    ).toBeInTheDocument();
    expect(rowNames()).toEqual(['Acme Co']);
  });
});

describe('the super admin banner', () => {
  it('says whose account a super admin is in, on every page, with the way back', async () => {
    setup({ superAdmin: true });
    const user = userEvent.setup();
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    // In their own account there is nothing to say.
    expect(screen.queryByRole('region', { name: 'Super admin' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Switch to Globex' }));
    await screen.findByRole('heading', { level: 1, name: 'Your cards' });
    const banner = await screen.findByRole('region', { name: 'Super admin' });
    expect(banner).toHaveTextContent('Viewing Globex as super admin');

    await user.click(within(banner).getByRole('link', { name: 'Back to all accounts' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'All accounts' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Super admin' })).toHaveTextContent(
      'Viewing Globex as super admin',
    );
  });

  it('is not shown to an account’s own people', async () => {
    setup({ superAdmin: false });
    await screen.findByRole('heading', { level: 1, name: 'Your account' });
    await waitFor(() => expect(rowNames()).toEqual(['Acme Co']));
    expect(screen.queryByRole('region', { name: 'Super admin' })).not.toBeInTheDocument();
  });
});
