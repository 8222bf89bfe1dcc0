// @vitest-environment jsdom
/**
 * People and access (issue 24): the owner sees everyone with access and manages them; a
 * collaborator only reads; a card editor is kept out of team settings with plain words; someone
 * whose access ends sees "You no longer have access to …" instead of the account's pages.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAuth } from '../support/fake-auth';
import { renderApp, seedAccount, seedUser } from '../support/render-app';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

/** Acme Co: owner Olivia (u1), collaborator Carl (u2), card editor Edna (u3), an invitation. */
function acme(
  as: 'u1' | 'u2' | 'u3',
  path: string,
  options: { refuseAccount?: () => boolean } = {},
) {
  const auth = createFakeAuth();
  auth.addUser({ uid: 'u1', email: 'olivia@acme.test', displayName: 'Olivia' }, 'Right-pass1');
  auth.addUser({ uid: 'u2', email: 'carl@acme.test', displayName: 'Carl' }, 'Right-pass1');
  auth.addUser({ uid: 'u3', email: 'edna@acme.test', displayName: 'Edna' }, 'Right-pass1');
  const refuseAccount = options.refuseAccount ?? (() => false);
  const app = renderApp(path, {
    auth,
    backendOptions: {
      refuse: (access) =>
        access.kind === 'read' && access.path === 'accounts/acc1' && refuseAccount(),
    },
  });
  stop = app.stop;
  seedAccount(app.db, { id: 'acc1', name: 'Acme Co', slug: 'acme-co', ownerId: 'u1' });
  app.db.seed('accounts/acc1', {
    ...app.db.dump()['accounts/acc1'],
    plan: { type: 'growth', isPaidAccount: true, cardLimit: 10, compCards: 0, cardsInUse: 2 },
    collaborators: ['u2'],
    editors: ['u3'],
  });
  app.db.seed('accounts/acc1/teams/acc1-team', {
    name: 'Sales',
    accountId: 'acc1',
    links: [],
    isArchived: false,
  });
  seedUser(app.db, {
    uid: 'u1',
    email: 'olivia@acme.test',
    accountId: 'acc1',
    name: 'Olivia Owner',
  });
  seedUser(app.db, { uid: 'u2', email: 'carl@acme.test', accountId: 'acc1', name: 'Carl Collab' });
  seedUser(app.db, { uid: 'u3', email: 'edna@acme.test', accountId: 'acc1', name: 'Edna Editor' });
  for (const [id, ownerId] of [
    ['c1', 'u3'],
    ['c2', 'u3'],
    ['c3', 'u1'],
  ] as const) {
    app.db.seed(`cards/${id}`, {
      id,
      accountId: 'acc1',
      ownerId,
      handle: id,
      name: id,
      isArchived: false,
    });
  }
  app.db.seed('accounts/acc1/invites/new@example.test', {
    email: 'new@example.test',
    invitedBy: 'u1',
    status: 'pending',
    role: 'editor',
    dateCreated: new Date('2026-11-20T10:00:00Z'),
    sentAt: new Date('2026-11-20T10:00:00Z'),
    expiresAt: new Date('2099-11-27T10:00:00Z'),
  });
  auth.restore(as);
  return app;
}

function rowOf(name: RegExp): HTMLElement {
  const row = within(screen.getByRole('table'))
    .getByText(name, { selector: '.people-who__name' })
    .closest('tr');
  if (!row) throw new Error(`no row for ${String(name)}`);
  return row;
}

describe('People and access', () => {
  it('shows the owner everyone with access: role, status and cards', async () => {
    acme('u1', '/settings/people');
    expect(await screen.findByRole('heading', { name: 'People and access' })).toBeVisible();
    await screen.findByText('Edna Editor');
    await waitFor(() => expect(within(rowOf(/Edna Editor/)).getByText('2 cards')).toBeVisible());
    expect(within(rowOf(/Olivia Owner/)).getByText('Owner')).toBeVisible();
    expect(within(rowOf(/Carl Collab/)).getByText('Collaborator')).toBeVisible();
    expect(within(rowOf(/Edna Editor/)).getByText('Card editor')).toBeVisible();
    expect(within(rowOf(/Edna Editor/)).getByText('Active')).toBeVisible();
    const invite = rowOf(/new@example\.test/);
    expect(within(invite).getByText('Invited')).toBeVisible();
    expect(within(invite).getByRole('button', { name: /Resend the invitation/ })).toBeVisible();
    expect(within(invite).getByRole('button', { name: /Revoke the invitation/ })).toBeVisible();
    // The owner's own row has no actions.
    expect(within(rowOf(/Olivia Owner/)).queryByRole('button')).toBeNull();
  });

  it('says when each person last signed in, and records the owner’s own visit', async () => {
    const app = acme('u1', '/settings/people');
    app.db.seed('users/u3', {
      ...app.db.dump()['users/u3'],
      lastSignInAt: new Date(Date.now() - 3 * 24 * 3600 * 1000 - 60_000),
    });
    await screen.findByText('Edna Editor');
    await waitFor(() =>
      expect(within(rowOf(/Edna Editor/)).getByText(/Signed in (3|4) days ago/)).toBeVisible(),
    );
    expect(within(rowOf(/Carl Collab/)).getByText('Not signed in yet')).toBeVisible();
    // Opening the app signed in recorded Olivia's visit on her user document.
    await waitFor(() => expect(app.db.dump()['users/u1']?.lastSignInAt).toBeInstanceOf(Date));
    await waitFor(() =>
      expect(within(rowOf(/Olivia Owner/)).getByText('Signed in today')).toBeVisible(),
    );
  });

  it('removes a card editor at once; their row says Removed and their cards stay', async () => {
    const app = acme('u1', '/settings/people');
    await screen.findByText('Edna Editor');
    await userEvent.click(within(rowOf(/Edna Editor/)).getByRole('button', { name: /Remove/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/lose access to Acme Co at once/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove access' }));
    await waitFor(() => expect(app.db.dump()['accounts/acc1']?.editors).toEqual([]));
    await waitFor(() => expect(within(rowOf(/Edna Editor/)).getByText('Removed')).toBeVisible());
    expect(app.db.dump()['cards/c1']?.ownerId).toBe('u3');
  });

  it('hands the cards of a removed person to someone who still has access', async () => {
    const app = acme('u1', '/settings/people');
    await screen.findByText('Edna Editor');
    await waitFor(() => expect(within(rowOf(/Edna Editor/)).getByText('2 cards')).toBeVisible());
    await userEvent.click(within(rowOf(/Edna Editor/)).getByRole('button', { name: /Remove/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove access' }),
    );
    await waitFor(() => expect(within(rowOf(/Edna Editor/)).getByText('Removed')).toBeVisible());
    const row = rowOf(/Edna Editor/);
    await userEvent.selectOptions(within(row).getByLabelText('Give Edna Editor’s cards to'), 'u2');
    await userEvent.click(within(row).getByRole('button', { name: 'Give their cards' }));
    await waitFor(() => expect(app.db.dump()['cards/c1']?.ownerId).toBe('u2'));
    expect(app.db.dump()['cards/c2']?.ownerId).toBe('u2');
    expect(app.db.dump()['cards/c3']?.ownerId).toBe('u1');
    expect(await screen.findByText('Their cards now belong to Carl Collab.')).toBeInTheDocument();
  });

  it('lists someone removed before this visit from the server’s record, cards and all', async () => {
    const app = acme('u1', '/settings/people');
    app.db.seed('accounts/acc1/departures/u9', {
      uid: 'u9',
      name: 'Dora Departed',
      email: 'dora@acme.test',
      role: 'editor',
      removedAt: new Date('2026-11-20T10:00:00Z'),
    });
    app.db.seed('cards/c9', {
      id: 'c9',
      accountId: 'acc1',
      ownerId: 'u9',
      handle: 'c9',
      name: 'c9',
      isArchived: false,
    });
    const row = await waitFor(() => rowOf(/Dora Departed/));
    expect(within(row).getByText('Removed')).toBeVisible();
    expect(within(row).getByText('Card editor')).toBeVisible();
    await waitFor(() => expect(within(rowOf(/Dora Departed/)).getByText('1 card')).toBeVisible());
    await userEvent.selectOptions(
      within(rowOf(/Dora Departed/)).getByLabelText('Give Dora Departed’s cards to'),
      'u2',
    );
    await userEvent.click(
      within(rowOf(/Dora Departed/)).getByRole('button', { name: 'Give their cards' }),
    );
    await waitFor(() => expect(app.db.dump()['cards/c9']?.ownerId).toBe('u2'));
  });

  it('moves a card editor to collaborator and back, one uid between the two lists', async () => {
    const app = acme('u1', '/settings/people');
    await screen.findByText('Edna Editor');
    await userEvent.click(screen.getByRole('button', { name: 'Make Edna Editor a collaborator' }));
    await waitFor(() =>
      expect(app.db.dump()['accounts/acc1']).toMatchObject({
        collaborators: ['u2', 'u3'],
        editors: [],
      }),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Make Carl Collab a card editor' }),
    );
    await waitFor(() =>
      expect(app.db.dump()['accounts/acc1']).toMatchObject({
        collaborators: ['u3'],
        editors: ['u2'],
      }),
    );
  });

  it('invites everyone not yet invited to claim their cards at once, one invitation per address', async () => {
    const app = acme('u1', '/settings/people#seats');
    for (const [id, email] of [
      ['s1', 'ann@acme.test'],
      ['s2', 'Bo@acme.test'],
      ['s3', 'bo@acme.test'],
      ['s4', 'olivia@acme.test'],
    ] as const) {
      app.db.seed(`cards/${id}`, {
        id,
        accountId: 'acc1',
        ownerId: 'u1',
        handle: id,
        name: `Seat ${id}`,
        email,
        isArchived: false,
      });
    }
    await userEvent.click(
      await screen.findByRole('button', { name: 'Invite all 2 not yet invited' }),
    );
    // Opened from the importer's result at #seats, the page scrolls to the seats.
    expect(document.getElementById('seats')).toHaveAttribute('data-scrolled-into-view', 'true');
    expect(
      await screen.findByText('Invitations to claim their cards are on their way to 2 people.'),
    ).toBeInTheDocument();
    const invites = app.db.dump();
    expect(invites['accounts/acc1/invites/ann@acme.test']).toMatchObject({
      role: 'employee',
      cardId: 's1',
      invitedBy: 'u1',
    });
    expect(invites['accounts/acc1/invites/bo@acme.test']).toMatchObject({ cardId: 's2' });
    expect(invites['accounts/acc1/invites/olivia@acme.test']).toBeUndefined();
    // Every listed seat is now invited or the owner's own: nothing is left for "Invite all".
    await waitFor(() => expect(screen.queryByRole('button', { name: /Invite all/ })).toBeNull());
  });

  it('shows a collaborator the list without any action', async () => {
    acme('u2', '/settings/people');
    await screen.findByText('Edna Editor');
    expect(
      screen.getByText('Only the account’s owner can change roles or remove access.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Remove|Make|Resend|Revoke/ })).toBeNull();
  });

  it('says in plain words when a change is refused, never the raw permission text', async () => {
    const auth = acme('u1', '/settings/people');
    await screen.findByText('Edna Editor');
    auth.db.seed('accounts/acc1', { ...auth.db.dump()['accounts/acc1'] });
    const original = auth.db.update.bind(auth.db);
    auth.db.update = async () => {
      throw Object.assign(new Error('Missing or insufficient permissions: write accounts/acc1'), {
        code: 'permission-denied',
      });
    };
    await userEvent.click(screen.getByRole('button', { name: 'Make Edna Editor a collaborator' }));
    expect(
      await screen.findByText(/You don’t have permission to make this change/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Missing or insufficient permissions/)).toBeNull();
    auth.db.update = original;
  });
});

describe('handing the account on', () => {
  it('lets the owner offer the account to a collaborator and withdraw the offer', async () => {
    const app = acme('u1', '/settings/people');
    await screen.findByText('Carl Collab', { selector: '.people-who__name' });
    const panel = screen.getByRole('region', { name: 'Hand the account on' });
    await waitFor(() =>
      expect(within(panel).getByLabelText('Offer ownership to')).toHaveDisplayValue('Carl Collab'),
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Offer ownership' }));
    await waitFor(() =>
      expect(app.db.dump()['accounts/acc1']?.ownershipOffer).toMatchObject({ to: 'u2', by: 'u1' }),
    );
    expect(app.db.dump()['accounts/acc1']?.ownerId).toBe('u1');
    expect(
      await within(panel).findByText(/You offered ownership of Acme Co to Carl Collab/),
    ).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Withdraw the offer' }));
    await waitFor(() =>
      expect(app.db.dump()['accounts/acc1']).not.toHaveProperty('ownershipOffer'),
    );
  });

  it('lets the collaborator it is offered to accept: they own the account, the old owner collaborates', async () => {
    const app = acme('u2', '/settings/people');
    app.db.seed('accounts/acc1', {
      ...app.db.dump()['accounts/acc1'],
      ownershipOffer: { to: 'u2', by: 'u1', at: new Date() },
    });
    expect(await screen.findByText('Olivia Owner offers you ownership of Acme Co.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Accept ownership' }));
    await waitFor(() => expect(app.db.dump()['accounts/acc1']?.ownerId).toBe('u2'));
    const account = app.db.dump()['accounts/acc1'];
    expect(account?.collaborators).toEqual(['u1']);
    expect(account).not.toHaveProperty('ownershipOffer');
    // Now the owner: the page offers the owner's actions.
    expect(await screen.findByRole('region', { name: 'Hand the account on' })).toBeVisible();
  });

  it('lets the collaborator decline, and shows nobody else the offer', async () => {
    const app = acme('u2', '/settings/people');
    app.db.seed('accounts/acc1', {
      ...app.db.dump()['accounts/acc1'],
      ownershipOffer: { to: 'u2', by: 'u1', at: new Date() },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(app.db.dump()['accounts/acc1']).not.toHaveProperty('ownershipOffer'),
    );
    expect(app.db.dump()['accounts/acc1']?.ownerId).toBe('u1');
  });

  it('does not show a lapsed offer', async () => {
    const app = acme('u2', '/settings/people');
    app.db.seed('accounts/acc1', {
      ...app.db.dump()['accounts/acc1'],
      ownershipOffer: { to: 'u2', by: 'u1', at: new Date(Date.now() - 8 * 24 * 3600 * 1000) },
    });
    await screen.findByText('Carl Collab');
    expect(screen.queryByText(/offers you ownership/)).toBeNull();
  });
});

describe('card editors and team settings', () => {
  it('tells a card editor who opens /team/… that team settings are not theirs, plainly', async () => {
    acme('u3', '/team/acc1-team');
    expect(
      await screen.findByText(
        "Only the account's owner and collaborators can change team settings.",
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your cards' })).toBeVisible();
    expect(screen.queryByText(/Missing or insufficient permissions/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'People' })).toBeNull();
  });
});

describe('losing access while the app is open', () => {
  it('replaces the pages with "You no longer have access to Acme Co"', async () => {
    const app = acme('u3', '/builder');
    await waitFor(() => expect(app.accountStore.getState().account?.name).toBe('Acme Co'));
    // What the server does after the owner removed them: the account drops them, the trigger
    // clears their accountId.
    app.db.seed('accounts/acc1', { ...app.db.dump()['accounts/acc1'], editors: [] });
    const { accountId: _a, defaultTeam: _d, teams: _t, ...rest } = app.db.dump()['users/u3'] ?? {};
    app.db.seed('users/u3', rest);
    expect(
      await screen.findByRole('heading', { name: 'You no longer have access to Acme Co' }),
    ).toBeVisible();
    expect(screen.queryByText(/Missing or insufficient permissions/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Set up your own account' })).toBeVisible();
  });

  it('says so as well when the account listener is refused before the user document changes', async () => {
    let removed = false;
    const app = acme('u3', '/builder', { refuseAccount: () => removed });
    await waitFor(() => expect(app.accountStore.getState().account?.name).toBe('Acme Co'));
    removed = true;
    app.db.seed('accounts/acc1', { ...app.db.dump()['accounts/acc1'], editors: [] });
    expect(
      await screen.findByRole('heading', { name: 'You no longer have access to Acme Co' }),
    ).toBeVisible();
    expect(screen.queryByText(/Missing or insufficient permissions/)).toBeNull();
    expect(screen.queryByText(/couldn’t load your account/)).toBeNull();
  });
});
