/**
 * The members tab when the account's cards cannot be read: it says so, rather than claiming the
 * team has no members yet.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import { renderTeam, seedAcme, seedCard } from './render-team';

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  vi.restoreAllMocks();
});

describe('the members tab', () => {
  it('lists the people of the team’s cards', async () => {
    const db = createMemoryBackend();
    seedAcme(db);
    seedCard(db, 'ada', { name: 'Ada Lovelace', email: 'ada@acme.example' });
    stop = renderTeam('/team/sales?tab=members', { db }).stop;
    expect(await screen.findByText('Ada Lovelace')).toBeVisible();
  });

  it('says the members could not be loaded when the cards cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const db = createMemoryBackend({
      refuse: (access) => access.kind === 'query' && access.spec.collection === 'cards',
    });
    seedAcme(db);
    seedCard(db, 'ada', { name: 'Ada Lovelace', email: 'ada@acme.example' });
    stop = renderTeam('/team/sales?tab=members', { db }).stop;
    expect(
      await screen.findByText('The members couldn’t be loaded. Please reload the page.'),
    ).toBeVisible();
    expect(screen.queryByText(/No members yet/)).toBeNull();
    expect(screen.queryByText(/The people of/)).toBeNull();
  });
});
