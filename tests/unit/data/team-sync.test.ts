/**
 * Moving a deleted team's cards reads every card of the team in pages ordered by the cards' own
 * id field; a card whose id field is not text is paged past by its document id.
 */
import { describe, expect, it } from 'vitest';
import { setBackend } from '@/backend/current';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import { readTeamCards, SYNC_PAGE_SIZE } from '@/data/team-sync';

describe('reading a team’s cards', () => {
  it('reads every page, past a page whose last card’s id field is not text', async () => {
    const db = createMemoryBackend();
    setBackend(db);
    const card = (id: unknown) => ({ id, accountId: 'acme', teamId: 'sales', name: 'Ada' });
    const ids = Array.from({ length: SYNC_PAGE_SIZE }, (_, i) => `c${String(i).padStart(4, '0')}`);
    // Numbers sort before text: the first page is these cards, and its cursor their document ids.
    ids.forEach((id, i) => db.seed(`cards/${id}`, card(i)));
    db.seed('cards/c9999', card('c9999'));
    db.seed('cards/other', { ...card('other'), teamId: 'support' });
    const read = await readTeamCards('acme', 'sales');
    expect(read.map((doc) => doc.id)).toEqual([...ids, 'c9999']);
  });
});
