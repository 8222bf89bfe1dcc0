// @vitest-environment jsdom
/**
 * The people of a deactivated account see the deactivated page instead of the app (docs/access.md,
 * "Deactivated accounts"), their profile stays open, and the super admin's switch takes effect
 * live both ways.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfig } from '@/app/config';
import { createFakeAuth } from '../support/fake-auth';
import { renderApp, seedAccount, seedUser } from '../support/render-app';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

function openAs(path: string, who: { uid: string; email: string; isSuperAdmin?: boolean }) {
  const auth = createFakeAuth();
  auth.addUser({ uid: who.uid, email: who.email }, 'Right-pass1');
  const app = renderApp(path, { auth });
  stop = app.stop;
  seedAccount(app.db, {
    id: 'acc1',
    name: 'Acme Co',
    slug: 'acme-co',
    ownerId: 'owner',
    isActive: false,
  });
  app.db.update('accounts/acc1', { collaborators: ['collab'] });
  seedUser(app.db, { ...who, accountId: 'acc1' });
  auth.restore(who.uid);
  return app;
}

describe('a deactivated account', () => {
  it('shows its owner what deactivation means and whom to write to, instead of the builder', async () => {
    openAs('/builder', { uid: 'owner', email: 'ada@example.com' });
    const page = await screen.findByRole('region', { name: 'Acme Co is deactivated' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(page).toHaveTextContent('Nothing in it has been deleted.');
    expect(page).toHaveTextContent('visitors see “This card is not available”');
    const support = appConfig().supportEmail;
    expect(within(page).getByRole('link', { name: support })).toHaveAttribute(
      'href',
      `mailto:${support}`,
    );
    expect(within(page).getByRole('link', { name: 'Account settings and export' })).toHaveAttribute(
      'href',
      '/settings/account',
    );
    expect(within(page).getByRole('link', { name: 'Your profile' })).toHaveAttribute(
      'href',
      '/settings/profile',
    );
    expect(within(page).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your cards' })).not.toBeInTheDocument();
  });

  it('sends a collaborator to the owner or support, and keeps the team pages closed', async () => {
    openAs('/team/acc1-team', { uid: 'collab', email: 'bo@example.com' });
    const page = await screen.findByRole('region', { name: 'Acme Co is deactivated' });
    expect(page).toHaveTextContent('Ask the account’s owner, or write to');
    expect(within(page).getByRole('link', { name: 'Your profile' })).toBeInTheDocument();
  });

  it('leaves the profile open, saying the account is deactivated', async () => {
    openAs('/settings/profile', { uid: 'owner', email: 'ada@example.com' });
    expect(
      await screen.findByText('Acme Co is deactivated: nothing in it can be changed for now.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Acme Co is deactivated' })).toBeNull();
  });

  it('gives the builder back the moment it is reactivated, and takes it away again', async () => {
    const app = openAs('/builder', { uid: 'owner', email: 'ada@example.com' });
    await screen.findByRole('region', { name: 'Acme Co is deactivated' });
    await act(() => app.db.update('accounts/acc1', { isActive: true }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your cards' }),
    ).toBeInTheDocument();
    await act(() => app.db.update('accounts/acc1', { isActive: false }));
    expect(
      await screen.findByRole('region', { name: 'Acme Co is deactivated' }),
    ).toBeInTheDocument();
  });

  it('lets the super admin work in it as before', async () => {
    openAs('/builder', { uid: 'admin', email: 'root@example.com', isSuperAdmin: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your cards' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Super admin' })).toHaveTextContent('(deactivated)');
  });
});
