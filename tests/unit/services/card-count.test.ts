/**
 * The start-up recount (`repairCardCounts`) over malformed stored documents: a card whose owner
 * fields are not text is no one's, an account whose `plan.cardsInUse` is not a number is recounted,
 * and a card whose stored `id` is not text is still counted once. The counting of well-formed
 * documents is pinned down in team-usage.test.ts, beside the team counts it moves with.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import type { DocData } from '@/backend/port';
import { repairCardCounts } from '@/services/card-count';
import { teamUsagePath } from '@/services/team-usage';

const card = (extra: DocData = {}): DocData => ({
  accountId: 'acme',
  teamId: 'sales',
  isArchived: false,
  name: 'Ada',
  bulkSync: { syncTeamLinks: true, syncBranding: true },
  ...extra,
});

function setup(plan: unknown) {
  const db = createMemoryServerDb();
  db.seed('accounts/acme', { id: 'acme', plan });
  db.seed('accounts/acme/usage/cards', { inUse: 1 });
  const account = async () => (await db.get('accounts/acme')).data as DocData;
  return { db, account };
}

describe('the start-up recount over malformed stored documents', () => {
  it('counts a card whose account id or team id is not text for no account and no team', async () => {
    const { db, account } = setup({ cardsInUse: 1 });
    db.seed('cards/c1', card({ id: 'c1' }));
    db.seed('cards/c2', card({ id: 'c2', accountId: 42 }));
    db.seed('cards/c3', card({ id: 'c3', accountId: ['acme'] }));
    db.seed('cards/c4', card({ id: 'c4', accountId: 'other', teamId: { id: 'sales' } }));
    expect(await repairCardCounts(db)).toEqual({ accounts: 0, teams: 1 });
    expect((await account()).plan).toEqual({ cardsInUse: 1 });
    expect((await db.get(teamUsagePath('acme', 'sales'))).data).toMatchObject({ cards: 1 });
    expect((await db.get(teamUsagePath('other', 'sales'))).exists).toBe(false);
  });

  it('recounts an account whose plan holds no number of cards, and leaves a right one be', async () => {
    for (const plan of [{ cardsInUse: '1' }, { cardsInUse: null }, {}, 'free', ['1']]) {
      const { db, account } = setup(plan);
      db.seed('cards/c1', card({ id: 'c1' }));
      expect((await repairCardCounts(db)).accounts).toBe(1);
      expect(((await account()).plan as DocData).cardsInUse).toBe(1);
    }
    const { db } = setup({ cardsInUse: 1, type: 'pro' });
    db.seed('cards/c1', card({ id: 'c1' }));
    expect((await repairCardCounts(db)).accounts).toBe(0);
  });

  it('writes the count of an account whose cards are all archived and which has none stored', async () => {
    const { db, account } = setup({ type: 'pro' });
    db.seed('accounts/acme/usage/cards', { inUse: 0 });
    db.seed('cards/c1', card({ id: 'c1', isArchived: true }));
    expect((await repairCardCounts(db)).accounts).toBe(1);
    expect((await account()).plan).toEqual({ type: 'pro', cardsInUse: 0 });
  });

  it('counts every card once over more than a page, one whose stored id is not text too', async () => {
    const { db, account } = setup({ cardsInUse: 0 });
    // One page of the check is 1,000 cards.
    for (let i = 0; i < 1001; i++) {
      const id = `c${String(i).padStart(4, '0')}`;
      db.seed(`cards/${id}`, card({ id: i === 999 ? 999 : id, teamId: '' }));
    }
    expect((await repairCardCounts(db)).accounts).toBe(1);
    expect((await account()).plan).toEqual({ cardsInUse: 1001 });
  });
});
