import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import type { DocData, WriteOp } from '@/backend/port';
import { recountCardsInUse, repairCardCounts } from '@/server/card-count';
import { recountTeamUsage, teamUsagePath } from '@/server/team-usage';

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

  it('counts each card of a batch once, whatever order the triggers run in', async () => {
    const { db, usage } = setup();
    const cards = ['b1', 'b2', 'b3'].map((id) => [id, card()] as const);
    await db.batch(
      cards.map(([id, data]) => ({ kind: 'set' as const, path: `cards/${id}`, data })),
    );
    for (const [, data] of cards) await recountCardsInUse(db, null, data);
    expect(await usage('sales')).toMatchObject({ cards: 3, linksCoupled: 3, brandingCoupled: 3 });
  });

  it('repairs a drifted count with a whole recount', async () => {
    const { db, write, usage } = setup();
    await write('c1', card());
    await db.batch([{ kind: 'set', path: teamUsagePath('acme', 'sales'), data: { cards: 9 } }]);
    await recountTeamUsage(db, 'acme', 'sales');
    expect(await usage('sales')).toMatchObject({ cards: 1, linksCoupled: 1, brandingCoupled: 1 });
  });

  it('the start-up repair counts the teams whose cards predate the counts, once', async () => {
    const { db, write, usage } = setup();
    for (const id of ['old1', 'old2'])
      await db.batch([{ kind: 'set', path: `cards/${id}`, data: card({ id }) }]);
    await db.batch([
      { kind: 'set', path: 'cards/old3', data: card({ id: 'old3', teamId: 'support' }) },
    ]);
    await write('new1', card({ id: 'new1', teamId: 'partners' }));
    expect(await usage('sales')).toBeFalsy();
    expect((await repairCardCounts(db)).teams).toBe(2);
    expect(await usage('sales')).toMatchObject({ cards: 2, linksCoupled: 2 });
    expect(await usage('support')).toMatchObject({ cards: 1 });
    expect(await usage('partners')).toMatchObject({ cards: 1 });
    expect((await repairCardCounts(db)).teams).toBe(0);
  });
});

describe('the account count the card-count trigger keeps', () => {
  it('copies the count a creating batch raised, without reading a card; recounts otherwise', async () => {
    const { db, write } = setup();
    const cardReads: number[] = [];
    // The recount reads the cards in its transaction.
    const run = db.runTransaction.bind(db);
    db.runTransaction = (work) =>
      run((tx) =>
        work({
          get: (path) => tx.get(path),
          query: (spec) => {
            if (spec.collection === 'cards') cardReads.push(1);
            return tx.query(spec);
          },
          set: (path, data, options) => tx.set(path, data, options),
          update: (path, data) => tx.update(path, data),
          delete: (path) => tx.delete(path),
        }),
      );
    const plan = async () => ((await db.get('accounts/acme')).data?.plan as DocData).cardsInUse;
    // As the app's batch does: the card and the count raised by it.
    await db.batch([{ kind: 'set', path: 'accounts/acme/usage/cards', data: { inUse: 1 } }]);
    await write('c1', card());
    expect(await plan()).toBe(1);
    expect(cardReads).toHaveLength(0);
    // A card written with server privileges raised nothing: the trigger recounts.
    await write('c2', card());
    expect(await plan()).toBe(2);
    expect(cardReads).toHaveLength(1);
    expect((await db.get('accounts/acme/usage/cards')).data?.inUse).toBe(2);
    // An archive recounts, which also lowers the count a client may only raise.
    await write('c2', card({ isArchived: true }));
    expect(await plan()).toBe(1);
    expect((await db.get('accounts/acme/usage/cards')).data?.inUse).toBe(1);
  });
});
