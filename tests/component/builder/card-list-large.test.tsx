/**
 * The builder's card list on a large account: it opens on one page of cards (a bounded read),
 * draws only the rows in view, pages on, searches names, handles and teams as queries, filters by
 * team sync and counts against the plan's card count rather than the page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MemoryAccess } from '@/backend/memory/memory-backend';
import { CARD_PAGE_SIZE } from '@/data/cards';
import { visibleRange } from '@/features/builder/components/card-list';
import { cardDoc, PAID_PLAN, renderBuilder } from './builder-harness';

const TOTAL = 300;

function pad(n: number): string {
  return String(n).padStart(3, '0');
}

function renderLarge() {
  const queries: MemoryAccess[] = [];
  const view = renderBuilder({
    cards: false,
    plan: { ...PAID_PLAN, cardLimit: 1000, cardsInUse: TOTAL },
    backend: {
      refuse: (access) => {
        if (access.kind === 'query' && access.spec.collection === 'cards') queries.push(access);
        return false;
      },
    },
  });
  for (let i = 0; i < TOTAL; i += 1) {
    const name = `Person ${pad(i)}`;
    view.db.seed(`cards/c${pad(i)}`, {
      ...cardDoc(`c${pad(i)}`, { handle: `handle-${pad(i)}`, name }),
      nameLower: name.toLowerCase(),
      // Every tenth card opted out of the team's links.
      bulkSync: { syncTeamLinks: i % 10 !== 0, syncBranding: true },
    });
  }
  return { ...view, queries };
}

function rows(): HTMLElement[] {
  return within(screen.getByRole('list', { name: 'Your cards' })).getAllByRole('listitem');
}

describe('the card list of a large account', () => {
  it('opens on one page, draws only the rows in view and counts the whole account', async () => {
    const { queries } = renderLarge();
    expect(await screen.findByText(`Showing ${CARD_PAGE_SIZE} of ${TOTAL} cards`)).toBeVisible();
    // Every card read is a limited query: no read of the whole account.
    expect(queries.length).toBeGreaterThan(0);
    for (const access of queries) {
      if (access.kind === 'query') expect(access.spec.limit ?? Infinity).toBeLessThanOrEqual(40);
    }
    expect(rows().length).toBeLessThan(CARD_PAGE_SIZE);
    expect(screen.getByRole('button', { name: /Person 000/ })).toBeVisible();
  });

  it('pages on by cursor without repeating or skipping a card', async () => {
    const user = userEvent.setup();
    const { builderStore } = renderLarge();
    await screen.findByText(`Showing ${CARD_PAGE_SIZE} of ${TOTAL} cards`);
    await user.click(screen.getByRole('button', { name: 'Load more cards' }));
    expect(
      await screen.findByText(`Showing ${CARD_PAGE_SIZE * 2} of ${TOTAL} cards`),
    ).toBeVisible();
    const ids = builderStore.getState().cards.map((card) => card.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => /^c\d{3}$/.test(id)).sort()).toEqual(
      Array.from({ length: CARD_PAGE_SIZE * 2 }, (_, i) => `c${pad(i)}`),
    );
  });

  it('searches by name or handle prefix, and by team name', async () => {
    const user = userEvent.setup();
    renderLarge();
    await screen.findByText(`Showing ${CARD_PAGE_SIZE} of ${TOTAL} cards`);
    const search = screen.getByRole('searchbox', { name: 'Search cards' });
    await user.type(search, 'person 25');
    expect(await screen.findByText('10 matches')).toBeVisible();
    expect(screen.getByRole('button', { name: /Person 250/ })).toBeVisible();
    await user.clear(search);
    await user.type(search, 'HANDLE-12');
    expect(await screen.findByText('10 matches')).toBeVisible();
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText('No cards match.')).toBeVisible();
    await user.clear(search);
    await user.type(search, 'sal');
    expect(await screen.findByText(/^First \d+ matches/)).toBeVisible();
  });

  it('keeps the pages it had read, still live, through a search', async () => {
    const user = userEvent.setup();
    const { db } = renderLarge();
    await screen.findByText(`Showing ${CARD_PAGE_SIZE} of ${TOTAL} cards`);
    await user.click(screen.getByRole('button', { name: 'Load more cards' }));
    await screen.findByText(`Showing ${CARD_PAGE_SIZE * 2} of ${TOTAL} cards`);
    const search = screen.getByRole('searchbox', { name: 'Search cards' });
    await user.type(search, 'z');
    expect(await screen.findByText('No cards match.')).toBeVisible();
    await user.clear(search);
    // A card added after the search was cleared joins the pages read before it.
    await db.batch([
      {
        kind: 'set',
        path: 'cards/c-new',
        data: {
          ...cardDoc('c-new', { handle: 'aaron', name: 'Aaron New' }),
          nameLower: 'aaron new',
        },
      },
    ]);
    expect(
      await screen.findByText(`Showing ${CARD_PAGE_SIZE * 2 + 1} of ${TOTAL} cards`),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: /Aaron New/ })).toBeVisible();
  });

  it('filters the cards that opted out of the team links', async () => {
    const user = userEvent.setup();
    renderLarge();
    await screen.findByText(`Showing ${CARD_PAGE_SIZE} of ${TOTAL} cards`);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Team sync' }),
      'Not taking team links',
    );
    expect(await screen.findByText('30 cards in this view')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Person 001/ })).toBeNull());
    expect(screen.getByRole('button', { name: /Person 010/ })).toBeVisible();
  });

  it('windows the rows: a scroll position draws only its rows and a few around them', () => {
    expect(visibleRange(10_000, 0, 600)).toEqual({ start: 0, end: 16 });
    expect(visibleRange(10_000, 60 * 5_000, 600)).toEqual({ start: 4_994, end: 5_016 });
    expect(visibleRange(3, 0, 600)).toEqual({ start: 0, end: 3 });
  });
});

describe('the card list while cards change', () => {
  it('keeps a card that a new card pushes off the first page once later pages are loaded', async () => {
    const user = userEvent.setup();
    const { builderStore, db } = renderLarge();
    await screen.findByText(`Showing ${CARD_PAGE_SIZE} of ${TOTAL} cards`);
    await user.click(screen.getByRole('button', { name: 'Load more cards' }));
    await screen.findByText(`Showing ${CARD_PAGE_SIZE * 2} of ${TOTAL} cards`);
    // Another editor adds a card that sorts first: Person 039 leaves the live first page.
    await db.batch([
      {
        kind: 'set',
        path: 'cards/c-new',
        data: {
          ...cardDoc('c-new', { handle: 'aaron', name: 'Aaron New' }),
          nameLower: 'aaron new',
        },
      },
    ]);
    await waitFor(() =>
      expect(builderStore.getState().cards.map((card) => card.id)).toContain('c-new'),
    );
    const ids = builderStore.getState().cards.map((card) => card.id);
    expect(ids).toContain(`c${pad(CARD_PAGE_SIZE - 1)}`);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
