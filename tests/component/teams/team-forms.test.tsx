import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import { renderTeam, seedAcme, seedCard } from './render-team';

vi.setConfig({ testTimeout: 20_000 });

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('team settings', () => {
  it('renames the team', async () => {
    const view = renderTeam('/team/support');
    stop = view.stop;
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Team name' });
    await user.clear(field);
    await user.type(field, 'Customer Care');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(view.db.dump()['accounts/acme/teams/support']?.name).toBe('Customer Care'),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: /Customer Care/ }),
    ).toBeInTheDocument();
  });

  it('offers no deletion of the default team, saying why with the spec’s message', async () => {
    const view = renderTeam('/team/sales');
    stop = view.stop;
    const user = userEvent.setup();
    const remove = await screen.findByRole('button', { name: 'Delete team' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(
      'You cannot delete your default team. Nor archive it: the cards of deleted teams move here.',
    );
    expect(screen.getByRole('button', { name: 'Archive team' })).toBeDisabled();
    await user.click(remove);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(view.db.dump()['accounts/acme/teams/sales']).toBeDefined();
  });

  it('offers deletion of a team that is not the default one', async () => {
    const view = renderTeam('/team/support');
    stop = view.stop;
    expect(await screen.findByRole('button', { name: 'Delete team' })).toBeEnabled();
    expect(screen.queryByText(/You cannot delete your default team/)).not.toBeInTheDocument();
  });

  it('deletes another team, moves its cards to the default team and goes to the default team', async () => {
    const db = createMemoryBackend();
    seedAcme(db);
    seedCard(db, 'alan', { teamId: 'support' });
    const view = renderTeam('/team/support', { db });
    stop = view.stop;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Support?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete team' }));
    expect(await screen.findByText('Support has been deleted.')).toBeInTheDocument();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/team/sales'));
    const docs = view.db.dump();
    expect(docs['accounts/acme/teams/support']).toBeUndefined();
    expect(docs['cards/alan']?.teamId).toBe('sales');
    expect(docs['users/owner-1']?.teams).toEqual(['sales']);
  });

  it('creates a team and opens it', async () => {
    const view = renderTeam('/team/sales');
    stop = view.stop;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New team' }));
    const dialog = await screen.findByRole('dialog', { name: 'New team' });
    await user.type(within(dialog).getByLabelText('Team name'), 'Marketing');
    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Marketing/ })).toBeInTheDocument();
    const id = view.router.state.location.pathname.split('/')[2] ?? '';
    expect(view.db.dump()[`accounts/acme/teams/${id}`]?.name).toBe('Marketing');
    expect(view.db.dump()['users/owner-1']?.teams).toContain(id);
  });

  it('archives a team: hidden from lists and removed from the user’s teams', async () => {
    const view = renderTeam('/team/support');
    stop = view.stop;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Archive team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Support?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive team' }));
    await waitFor(() =>
      expect(view.db.dump()['accounts/acme/teams/support']?.isArchived).toBe(true),
    );
    expect(view.db.dump()['users/owner-1']?.teams).toEqual(['sales']);
  });
});

describe('team links', () => {
  it('adds a team link and applies it to coupled cards only', async () => {
    const db = createMemoryBackend();
    seedAcme(db);
    seedCard(db, 'ada');
    seedCard(db, 'grace', { bulkSync: { syncTeamLinks: false, syncBranding: true } });
    const view = renderTeam('/team/sales?tab=links', { db });
    stop = view.stop;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a team link' }));
    await user.type(screen.getByLabelText('Link'), 'https://acme.example');
    await user.click(screen.getByRole('button', { name: 'Save and apply to cards' }));
    await waitFor(() =>
      expect(view.db.dump()['cards/ada']?.contacts).toEqual([
        expect.objectContaining({
          name: 'Website',
          value: 'https://acme.example',
          isTeamLink: true,
        }),
      ]),
    );
    expect(view.db.dump()['cards/grace']?.contacts).toEqual([]);
    expect(await screen.findByText(/Updated 1 card/)).toBeInTheDocument();
    const team = view.db.dump()['accounts/acme/teams/sales'];
    expect(team?.syncedVersion).toBe(team?.syncVersion);
  });

  it('hides a team link: the cards it reached are switched off too', async () => {
    const db = createMemoryBackend();
    seedAcme(db);
    seedCard(db, 'ada');
    const view = renderTeam('/team/sales?tab=links', { db });
    stop = view.stop;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a team link' }));
    await user.type(screen.getByLabelText('Link'), 'https://acme.example');
    await user.click(screen.getByLabelText('Show Website on the card'));
    expect(screen.getByTestId('link-state')).toHaveTextContent('Hidden');
    await user.click(screen.getByRole('button', { name: 'Save and apply to cards' }));
    await waitFor(() =>
      expect(view.db.dump()['cards/ada']?.contacts).toEqual([
        expect.objectContaining({ value: 'https://acme.example', isTeamLink: true, hidden: true }),
      ]),
    );
    expect(view.db.dump()['accounts/acme/teams/sales']?.links).toEqual([
      expect.objectContaining({ hidden: true }),
    ]);
  });

  it('resumes an unfinished apply when the team page opens', async () => {
    const db = createMemoryBackend();
    seedAcme(db, {
      sales: {
        links: [
          { id: 'w', name: 'Website', label: '', value: 'https://acme.example', isTeamLink: true },
        ],
        syncVersion: 2,
        syncedVersion: 1,
        syncScope: { links: true, branding: false },
      },
    });
    seedCard(db, 'ada', {
      teamSyncVersion: 2,
      contacts: [
        { id: 'w', name: 'Website', label: '', value: 'https://acme.example', isTeamLink: true },
      ],
    });
    seedCard(db, 'grace');
    const view = renderTeam('/team/sales', { db });
    stop = view.stop;
    await waitFor(() => expect(view.db.dump()['accounts/acme/teams/sales']?.syncedVersion).toBe(2));
    expect(view.db.dump()['cards/grace']?.contacts).toEqual([
      { id: 'w', name: 'Website', label: '', value: 'https://acme.example', isTeamLink: true },
    ]);
  });
});

describe('brand kit', () => {
  it('deletes the team template with the spec’s toast', async () => {
    const db = createMemoryBackend();
    seedAcme(db, { sales: { template: { accentColor: '#ff0000' } } });
    const view = renderTeam('/team/sales?tab=branding', { db });
    stop = view.stop;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete team template' }));
    expect(await screen.findByText('Team template deleted.')).toBeInTheDocument();
    expect(view.db.dump()['accounts/acme/teams/sales']?.template).toBeNull();
  });

  it('shows the error toast when deleting the team template fails', async () => {
    const db = createMemoryBackend({
      refuse: (access) => access.kind === 'write' && access.path === 'accounts/acme/teams/sales',
    });
    seedAcme(db, { sales: { template: { accentColor: '#ff0000' } } });
    const view = renderTeam('/team/sales?tab=branding', { db });
    stop = view.stop;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete team template' }));
    // In plain words (issue 24): never the backend's raw "Missing or insufficient permissions".
    expect(
      await screen.findByText(
        /^Error deleting team template: You don’t have permission to make this change\./,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Missing or insufficient permissions/)).not.toBeInTheDocument();
  });

  it('shows paid parts locked with an explanation on a free plan', async () => {
    const db = createMemoryBackend();
    seedAcme(db, { plan: { type: 'free', isPaidAccount: false, cardLimit: 1 } });
    const view = renderTeam('/team/sales?tab=branding', { db });
    stop = view.stop;
    expect(await screen.findByText('Team logo')).toBeInTheDocument();
    expect(screen.getByText(/Put your company logo on every card/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Upload logo')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Rounded' })).toBeEnabled();
  });
});
