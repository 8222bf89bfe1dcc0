import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import type { DocData } from '@/backend/port';
import { renderTeam, seedAcme } from './render-team';

vi.setConfig({ testTimeout: 20_000 });

let stop: (() => void) | undefined;
afterEach(() => stop?.());

const DAY = 24 * 60 * 60 * 1000;

function promotion(title: string, fields: DocData): DocData {
  return {
    teamId: 'sales',
    isArchived: false,
    title,
    body: '',
    url: '',
    isScheduled: false,
    startDate: null,
    endDate: null,
    ...fields,
  };
}

function rowOf(title: string): HTMLElement {
  const cell = screen.getByRole('cell', { name: title });
  const tr = cell.closest('tr');
  if (!tr) throw new Error('no row');
  return tr;
}

describe('promotion list', () => {
  it('shows each promotion’s display status and hides archived ones', async () => {
    const db = createMemoryBackend();
    seedAcme(db);
    const now = Date.now();
    db.seed('accounts/acme/promotions/p1', promotion('Spring draft', { status: 'draft' }));
    db.seed('accounts/acme/promotions/p2', promotion('Always on', { status: 'live' }));
    db.seed(
      'accounts/acme/promotions/p3',
      promotion('Next week', {
        status: 'live',
        isScheduled: true,
        startDate: new Date(now + 7 * DAY),
        endDate: new Date(now + 14 * DAY),
      }),
    );
    db.seed(
      'accounts/acme/promotions/p4',
      promotion('Last month', {
        status: 'live',
        isScheduled: true,
        startDate: new Date(now - 40 * DAY),
        endDate: new Date(now - 10 * DAY),
      }),
    );
    db.seed('accounts/acme/promotions/p5', promotion('Gone', { status: 'live', isArchived: true }));
    db.seed(
      'accounts/acme/promotions/p6',
      promotion('Other team', { status: 'live', teamId: 'support' }),
    );
    const view = renderTeam('/team/sales?tab=promotions', { db });
    stop = view.stop;

    await screen.findByRole('table');
    expect(within(rowOf('Spring draft')).getByText('Draft')).toBeInTheDocument();
    expect(within(rowOf('Always on')).getByText('Live')).toBeInTheDocument();
    expect(within(rowOf('Next week')).getByText('Scheduled')).toBeInTheDocument();
    expect(within(rowOf('Last month')).getByText('Expired')).toBeInTheDocument();
    expect(screen.queryByText('Gone')).not.toBeInTheDocument();
    expect(screen.queryByText('Other team')).not.toBeInTheDocument();
  });

  it('creates a scheduled promotion and archives it', async () => {
    const view = renderTeam('/team/sales?tab=promotions');
    stop = view.stop;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New promotion' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promotion' });
    await user.type(within(dialog).getByLabelText('Title'), 'Summer sale');
    await user.click(within(dialog).getByRole('radio', { name: 'Live' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /between two dates/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save promotion' }));
    expect(await within(dialog).findByText('Choose a start and an end date.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Starts'), '2099-06-01T09:00');
    await user.type(within(dialog).getByLabelText('Ends'), '2099-06-30T18:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save promotion' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      within(await screen.findByRole('row', { name: /Summer sale/ })).getByText('Scheduled'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Archive Summer sale' }));
    await waitFor(() =>
      expect(screen.queryByText('Summer sale', { selector: 'td' })).not.toBeInTheDocument(),
    );
    const stored = Object.entries(view.db.dump()).find(([path]) =>
      path.startsWith('accounts/acme/promotions/'),
    );
    expect(stored?.[1]).toMatchObject({
      title: 'Summer sale',
      status: 'live',
      isScheduled: true,
      isArchived: true,
    });
  });
});
