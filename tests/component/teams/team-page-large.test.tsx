/**
 * The team page of a large account (1,220 cards, more than the 500 the page once read): its counts
 * are the server's per-team counts, exact whatever the size, and opening it reads one usage
 * document and limited pages of cards, never the account's whole card list.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import type { MemoryAccess } from '@/backend/memory/memory-backend';
import { MEMBER_PAGE_SIZE } from '@/features/teams/hooks/use-card-pages';
import { recountTeamUsage } from '@/services/team-usage';
import { serverDbOver } from '../support/job-runner';
import { renderTeam, seedAcme, seedCard } from './render-team';

const SALES = 700;
const SUPPORT = 520;

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

function pad(n: number): string {
  return String(n).padStart(4, '0');
}

async function renderLarge(path: string) {
  const accesses: MemoryAccess[] = [];
  let recording = false;
  const db = createMemoryBackend({
    refuse: (access) => {
      if (recording) accesses.push(access);
      return false;
    },
  });
  seedAcme(db, { plan: { cardLimit: 10_000, cardsInUse: SALES + SUPPORT } });
  for (let i = 0; i < SALES; i += 1) {
    seedCard(db, `s${pad(i)}`, {
      name: `Seller ${pad(i)}`,
      email: `seller${i}@acme.example`,
      // Every 7th card keeps its own links; every 10th its own branding; every 100th is archived.
      bulkSync: { syncTeamLinks: i % 7 !== 0, syncBranding: i % 10 !== 0 },
      ...(i % 100 === 99 ? { isArchived: true } : {}),
    });
  }
  for (let i = 0; i < SUPPORT; i += 1) {
    seedCard(db, `h${pad(i)}`, { name: `Helper ${pad(i)}`, teamId: 'support' });
  }
  // What the card-count trigger stores after the cards were written.
  const server = serverDbOver(db);
  await recountTeamUsage(server, 'acme', 'sales');
  await recountTeamUsage(server, 'acme', 'support');
  recording = true;
  const view = renderTeam(path, { db, countTeams: false });
  stop = view.stop;
  return { ...view, accesses };
}

// Sales: 700 cards, 7 archived (i = 99, 199, ..., 699) → 693 listed.
const listed = Array.from({ length: SALES }, (_, i) => i).filter((i) => i % 100 !== 99);
const LISTED = listed.length;
const LINKS_OFF = listed.filter((i) => i % 7 === 0).length;
const BRANDING_ON = listed.filter((i) => i % 10 !== 0).length;

function cardReads(accesses: readonly MemoryAccess[]) {
  return accesses.filter(
    (a) =>
      (a.kind === 'query' && a.spec.collection === 'cards') ||
      (a.kind === 'read' && a.path.startsWith('cards/')),
  );
}

describe('the team page of a 1,220-card account', () => {
  it('shows exact counts in the header, the danger zone and the links tab', async () => {
    const user = userEvent.setup();
    await renderLarge('/team/sales?tab=links');
    expect(await screen.findByText(`${LISTED} cards`)).toBeVisible();
    expect(
      await screen.findByText(new RegExp(`These links appear on ${LISTED - LINKS_OFF} cards of`)),
    ).toBeVisible();
    expect(screen.getByText(new RegExp(`${LINKS_OFF} cards have opted out`))).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Brand kit' }));
    expect(
      await screen.findByText(new RegExp(`Applied to ${BRANDING_ON} cards that follow`)),
    ).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Switch team'), 'support');
    expect(await screen.findByText(`${SUPPORT} cards`)).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(await screen.findByText(new RegExp(`its ${SUPPORT} cards move`))).toBeVisible();
  });

  it('does not delete a team of more cards than a delete moves from the page, and says why', async () => {
    const user = userEvent.setup();
    const { db } = await renderLarge('/team/support');
    await screen.findByText(`${SUPPORT} cards`);
    await user.click(screen.getByRole('button', { name: 'Delete team' }));
    expect(
      await screen.findByText(
        `This team has ${SUPPORT} cards, more than the 500 a delete can move to your default team. Archive the team instead: its cards stay as they are.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(db.dump()['accounts/acme/teams/support']).toBeDefined();
    expect(db.dump()['cards/h0000']).toMatchObject({ teamId: 'support' });
  });

  it('opens with one usage document and limited pages of cards', async () => {
    const { accesses } = await renderLarge('/team/sales?tab=branding');
    await screen.findByText(`${LISTED} cards`);
    await screen.findByText(new RegExp(`Applied to ${BRANDING_ON} cards`));
    const reads = cardReads(accesses);
    expect(reads.length).toBeGreaterThan(0);
    for (const access of reads) {
      expect(access.kind).toBe('query');
      if (access.kind === 'query') expect(access.spec.limit ?? Infinity).toBeLessThanOrEqual(20);
    }
    expect(
      accesses.some((a) => a.kind === 'read' && a.path === 'accounts/acme/teamUsage/sales'),
    ).toBe(true);
  });

  it('lists members a page at a time, with the true total', async () => {
    const user = userEvent.setup();
    const { accesses } = await renderLarge('/team/sales?tab=members');
    expect(
      await screen.findByText(`The people of ${MEMBER_PAGE_SIZE} of ${LISTED} cards.`),
    ).toBeVisible();
    const list = screen.getByRole('list', { name: 'Members' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(MEMBER_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: 'Load more members' }));
    expect(
      await screen.findByText(`The people of ${MEMBER_PAGE_SIZE * 2} of ${LISTED} cards.`),
    ).toBeVisible();
    for (const access of cardReads(accesses)) {
      if (access.kind === 'query')
        expect(access.spec.limit ?? Infinity).toBeLessThanOrEqual(MEMBER_PAGE_SIZE);
    }
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')).toHaveLength(MEMBER_PAGE_SIZE * 2),
    );
  });
});
