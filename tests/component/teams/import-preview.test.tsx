import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import { renderTeam, seedAcme, seedCard } from './render-team';

vi.setConfig({ testTimeout: 20_000 });

let stop: (() => void) | undefined;
afterEach(() => stop?.());

const CSV = [
  'Name,Email,Title,Phone',
  'Ada Lovelace,ada@acme.example,Engineer,+1 555 0100',
  'Bad Mail,not-an-email,Sales,',
  'Ada Twin,ADA@acme.example,Engineer,',
  'Grace Hopper,grace@acme.example,Admiral,',
  'Taken Handle,taken@acme.example,,',
  'Existing Person,existing@acme.example,,',
].join('\n');

function row(position: number): HTMLElement {
  const found = document.querySelector<HTMLElement>(`tr[data-row="${position}"]`);
  if (!found) throw new Error(`No row ${position}`);
  return found;
}

async function paste(text: string) {
  fireEvent.change(await screen.findByLabelText('Or paste rows'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Preview pasted rows' }));
}

function setup(plan: Record<string, unknown> = {}) {
  const db = createMemoryBackend();
  seedAcme(db, { plan });
  seedCard(db, 'someone', {
    handle: 'taken-handle',
    email: 'someone@elsewhere.example',
    accountId: 'other',
  });
  seedCard(db, 'existing', { email: 'existing@acme.example' });
  const view = renderTeam('/team/sales?tab=import', { db });
  stop = view.stop;
  return view;
}

describe('import preview', () => {
  it('shows a clear message on each bad row', async () => {
    setup();
    await paste(CSV);
    await waitFor(() => expect(within(row(5)).getByText(/is taken/)).toBeInTheDocument());
    expect(within(row(1)).getByText('Ready')).toBeInTheDocument();
    expect(
      within(row(2)).getByText('“not-an-email” is not a valid e-mail address.'),
    ).toBeInTheDocument();
    expect(within(row(3)).getByText('Same e-mail as row 1.')).toBeInTheDocument();
    expect(
      within(row(5)).getByText('The handle “taken-handle” is taken: edit the handle.'),
    ).toBeInTheDocument();
    expect(
      within(row(6)).getByText('Already has a card in this account: skipped.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 2 cards' })).toBeEnabled();
  });

  it('fixes a row by editing it and drops a row by removing it', async () => {
    setup();
    const user = userEvent.setup();
    await paste(CSV);
    await waitFor(() => expect(within(row(5)).getByText(/is taken/)).toBeInTheDocument());

    await user.click(within(row(2)).getByRole('button', { name: 'Edit row 2' }));
    const email = screen.getByLabelText('E-mail, row 2');
    await user.clear(email);
    await user.type(email, 'bad.mail@acme.example');
    await user.click(screen.getByRole('button', { name: 'Save row 2' }));
    await waitFor(() => expect(within(row(2)).getByText('Ready')).toBeInTheDocument());

    await user.click(within(row(5)).getByRole('button', { name: 'Edit row 5' }));
    const handle = screen.getByLabelText('Handle, row 5');
    await user.clear(handle);
    await user.type(handle, 'taken-handle-acme');
    await user.click(screen.getByRole('button', { name: 'Save row 5' }));
    await waitFor(() => expect(within(row(5)).getByText('Ready')).toBeInTheDocument());

    await user.click(within(row(3)).getByRole('button', { name: 'Remove row 3' }));
    const table = screen.getByRole('table', { name: 'Rows to import' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 5);
    expect(screen.queryByText('Same e-mail as row 1.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 4 cards' })).toBeEnabled();
  });

  it('flags rows over the card cap', async () => {
    setup({ cardLimit: 3, cardsInUse: 2 });
    await paste(CSV);
    await waitFor(() =>
      expect(within(row(4)).getByText(/Over your card limit/)).toBeInTheDocument(),
    );
    expect(
      within(row(4)).getByText('Over your card limit: only 1 more card fits your plan.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 1 card' })).toBeEnabled();
  });

  it('imports the valid rows with the team links, and a second run creates nothing new', async () => {
    const view = setup();
    const user = userEvent.setup();
    await paste(CSV);
    await user.click(await screen.findByRole('button', { name: 'Import 2 cards' }));
    expect(await screen.findByText(/Imported 2 cards into Sales/)).toBeInTheDocument();
    const cards = () =>
      Object.entries(view.db.dump()).filter(
        ([path, data]) =>
          path.startsWith('cards/') &&
          data.accountId === 'acme' &&
          data.email !== 'existing@acme.example',
      );
    expect(
      cards()
        .map(([, d]) => d.handle)
        .sort(),
    ).toEqual(['ada-lovelace', 'grace-hopper']);
    expect(cards().every(([, d]) => d.teamId === 'sales' && d.bulkSync !== undefined)).toBe(true);
    expect(screen.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();

    // The same rows again: each now has a card, so they are skipped and nothing is created.
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    await paste(CSV);
    await waitFor(() =>
      expect(
        within(row(1)).getByText('Already has a card in this account: skipped.'),
      ).toBeInTheDocument(),
    );
    expect(within(row(4)).getByText('Skipped')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
    expect(cards()).toHaveLength(2);
  });
});

describe('import result', () => {
  function stat(label: string): string {
    const group = screen.getByRole('group', { name: 'Rows by status' });
    const value = within(group).getByText(label).previousElementSibling;
    return value?.textContent ?? '';
  }

  it('shows the imported rows as imported, with counts that add up and a link to the new cards', async () => {
    setup();
    const user = userEvent.setup();
    await paste(CSV);
    await user.click(await screen.findByRole('button', { name: 'Import 2 cards' }));
    expect(await screen.findByText('Imported 2 cards into Sales.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Import result' })).toBeInTheDocument();

    // Rows 1 and 4 made cards: they say so, with the handle they got, and cannot be edited away.
    await waitFor(() => expect(within(row(1)).getByText('Imported')).toBeInTheDocument());
    expect(within(row(1)).getByText('ada-lovelace')).toBeInTheDocument();
    expect(within(row(4)).getByText('Imported')).toBeInTheDocument();
    expect(within(row(4)).getByText('grace-hopper')).toBeInTheDocument();
    expect(within(row(1)).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row(1)).queryByText(/Already has a card/)).not.toBeInTheDocument();

    // The rows that were not imported keep their reasons, the twin of row 1 included.
    expect(within(row(3)).getByText('Same e-mail as row 1.')).toBeInTheDocument();
    expect(
      within(row(6)).getByText('Already has a card in this account: skipped.'),
    ).toBeInTheDocument();

    // 2 imported + 0 ready + 3 need attention + 1 skipped = the 6 rows.
    expect(stat('imported')).toBe('2');
    expect(stat('ready to import')).toBe('0');
    expect(stat('need attention')).toBe('3');
    expect(stat('already had a card')).toBe('1');
    expect(
      screen.getByText(
        'Of 6 rows: 2 imported, 3 need attention, 1 already had a card and were skipped.',
      ),
    ).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Open the new cards in the builder' })).toHaveAttribute(
      'href',
      '/builder',
    );
  });

  it('imports a row fixed after the first run, and counts both runs', async () => {
    setup();
    const user = userEvent.setup();
    await paste(CSV);
    await user.click(await screen.findByRole('button', { name: 'Import 2 cards' }));
    expect(await screen.findByText('Imported 2 cards into Sales.')).toBeInTheDocument();

    await user.click(within(row(2)).getByRole('button', { name: 'Edit row 2' }));
    const email = screen.getByLabelText('E-mail, row 2');
    await user.clear(email);
    await user.type(email, 'bad.mail@acme.example');
    await user.click(screen.getByRole('button', { name: 'Save row 2' }));
    await user.click(await screen.findByRole('button', { name: 'Import 1 card' }));

    expect(await screen.findByText('Imported 1 card into Sales.')).toBeInTheDocument();
    await waitFor(() => expect(within(row(2)).getByText('Imported')).toBeInTheDocument());
    expect(stat('imported')).toBe('3');
    expect(within(row(1)).getByText('Imported')).toBeInTheDocument();
  });
});
