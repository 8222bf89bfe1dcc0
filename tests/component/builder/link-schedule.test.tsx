// @vitest-environment jsdom
/**
 * Link visibility in the builder: switching a link off shows "Hidden" at a glance, leaves it out
 * of the preview and stores `hidden: true`; a start and an end are stored as instants and shown
 * as the link's state; an end before its start is refused with a message and nothing is saved;
 * a team link's schedule shows on the card it reached.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderBuilder, seedCard } from './builder-harness';

async function openedAda() {
  await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
}

type StoredLink = { id: string; hidden?: boolean; startsAt?: string; endsAt?: string };

function storedLinks(dump: Record<string, unknown>, id: string): StoredLink[] {
  return (dump[`cards/${id}`] as { contacts: StoredLink[] }).contacts;
}

describe('link visibility in the builder', { timeout: 20_000 }, () => {
  it('hides a link: badge, preview and stored field', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('tab', { name: 'Contacts & links' }));
    await user.click(screen.getByLabelText('Show Website on the card'));
    const row = screen.getByLabelText('Show Website on the card').closest('li')!;
    expect(within(row).getByTestId('link-state')).toHaveTextContent('Hidden');
    await waitFor(() =>
      expect(screen.getAllByTestId('preview-link').map((li) => li.textContent)).toEqual([
        'Mobile: +1 555 0100',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(storedLinks(db.dump(), 'card-ada').find((l) => l.hidden === true)).toBeDefined(),
    );
    const hidden = storedLinks(db.dump(), 'card-ada').find((l) => l.hidden === true);
    expect(hidden).toMatchObject({ hidden: true });
    expect(Object.keys(hidden!)).not.toContain('startsAt');
  });

  it('schedules a link in the future: “Scheduled from …”, stored as instants', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('tab', { name: 'Contacts & links' }));
    fireEvent.change(screen.getByLabelText('Show Website from'), {
      target: { value: '2099-06-01T09:30' },
    });
    fireEvent.change(screen.getByLabelText('Show Website until'), {
      target: { value: '2099-06-30T18:00' },
    });
    expect(screen.getByText(/^Scheduled from 1 Jun 2099, 09:30$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(storedLinks(db.dump(), 'card-ada').find((l) => l.startsAt)).toMatchObject({
        startsAt: new Date(2099, 5, 1, 9, 30).toISOString(),
        endsAt: new Date(2099, 5, 30, 18, 0).toISOString(),
      }),
    );
  });

  it('refuses an end before the start and saves nothing', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('tab', { name: 'Contacts & links' }));
    fireEvent.change(screen.getByLabelText('Show Website from'), {
      target: { value: '2099-06-30T09:30' },
    });
    fireEvent.change(screen.getByLabelText('Show Website until'), {
      target: { value: '2099-06-01T09:30' },
    });
    expect(screen.getAllByText('The end must be after the start.').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/need(s)? fixing before this card can be saved/);
    expect(storedLinks(db.dump(), 'card-ada').some((l) => l.startsAt !== undefined)).toBe(false);
  });

  it('shows the state of a team link that ended', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder({ cards: false });
    seedCard(db, 'card-team', {
      handle: 'team-card',
      name: 'Team Card',
      contacts: [
        {
          id: 't-site',
          name: 'Website',
          label: 'Launch',
          value: 'https://launch.example',
          isTeamLink: true,
          endsAt: '2020-01-01T00:00:00.000Z',
        },
      ],
    });
    await screen.findByRole('heading', { level: 2, name: 'Team Card' });
    await user.click(screen.getByRole('tab', { name: 'Contacts & links' }));
    expect(screen.getByText(/^Ended 1 Jan 2020/)).toBeInTheDocument();
    expect(screen.queryAllByTestId('preview-link')).toHaveLength(0);
  });
});
