import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '../../../src/backend/memory/memory-server-db';
import type { DocData, WriteOp } from '../../../src/backend/port';
import { recountCardsInUse } from '../../../src/server/card-count';
import { teamUsagePath } from '../../../src/server/team-usage';

function setup() {
  const commits: WriteOp[][] = [];
  const db = createMemoryServerDb({ onCommit: (ops) => commits.push([...ops]) });
  db.seed('accounts/acme', { id: 'acme', plan: { cardsInUse: 0 } });
  /** Writes a card and runs the card-count trigger on the change, as both hosts do. */
  async function write(id: string, after: DocData | null) {
    const before = (await db.get(`cards/${id}`)).data ?? null;
    await db.batch([
      after
        ? { kind: 'set', path: `cards/${id}`, data: after }
        : { kind: 'delete', path: `cards/${id}` },
    ]);
    await recountCardsInUse(db, before, after);
  }
  const usage = async (teamId: string) => (await db.get(teamUsagePath('acme', teamId))).data;
  return { db, commits, write, usage };
}

const card = (extra: DocData = {}): DocData => ({
  accountId: 'acme',
  teamId: 'sales',
  isArchived: false,
  name: 'Ada',
  bulkSync: { syncTeamLinks: true, syncBranding: true },
  ...extra,
});

describe('the team counts the card-count trigger keeps', () => {
  it('counts created cards, uncoupled ones, moves, archiving and deletes', async () => {
    const { write, usage } = setup();
    await write('c1', card());
    await write('c2', card());
    expect(await usage('sales')).toMatchObject({ cards: 2, linksCoupled: 2, brandingCoupled: 2 });
    await write('c2', card({ bulkSync: { syncTeamLinks: false, syncBranding: true } }));
    expect(await usage('sales')).toMatchObject({ cards: 2, linksCoupled: 1, brandingCoupled: 2 });
    await write('c1', card({ teamId: 'support' }));
    expect(await usage('sales')).toMatchObject({ cards: 1, linksCoupled: 0 });
    expect(await usage('support')).toMatchObject({ cards: 1, linksCoupled: 1 });
    await write('c2', card({ isArchived: true }));
    expect(await usage('sales')).toMatchObject({ cards: 0, linksCoupled: 0, brandingCoupled: 0 });
    await write('c1', null);
    expect(await usage('support')).toMatchObject({ cards: 0 });
  });

  it('writes nothing more for an edit that cannot change a count', async () => {
    const { write, commits } = setup();
    await write('c1', card());
    const before = commits.length;
    await write('c1', card({ name: 'Ada Lovelace' }));
    // Only the card's own write: no recount of the account or the team.
    expect(commits.length).toBe(before + 1);
  });

  it('counts a team never counted before whole, then applies each write to it', async () => {
    const { db, write, usage } = setup();
    // Cards written before the counts existed (no trigger ran for them).
    for (const id of ['old1', 'old2', 'old3'])
      await db.batch([{ kind: 'set', path: `cards/${id}`, data: card() }]);
    await write('c1', card({ bulkSync: { syncTeamLinks: false, syncBranding: false } }));
    expect(await usage('sales')).toMatchObject({ cards: 4, linksCoupled: 3, brandingCoupled: 3 });
    await write('c2', card());
    expect(await usage('sales')).toMatchObject({ cards: 5, linksCoupled: 4, brandingCoupled: 4 });
  });
});
