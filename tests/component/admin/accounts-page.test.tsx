// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS_PAGE_SIZE } from '../../../src/features/admin/use-accounts-list';
import type { QuerySpec } from '../../../src/backend/port';
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
  auth.restore('admin');
  return app;
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
});
