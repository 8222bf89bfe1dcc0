import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import type { DocData, WriteOp } from '@/backend/port';
import { countCardWrite, repairCardCounts } from '@/services/card-count';
import type { EventKey } from '@/services/processed-events';
import { recountTeamUsage, teamUsagePath } from '@/services/team-usage';

function setup() {
  const commits: WriteOp[][] = [];
  const db = createMemoryServerDb({ onCommit: (ops) => commits.push([...ops]) });
  db.seed('accounts/acme', { id: 'acme', plan: { cardsInUse: 0 } });
  let events = 0;
  /** Writes a card and runs the card-count trigger on the change, as both hosts do. */
  async function write(id: string, after: DocData | null): Promise<EventKey> {
    const before = (await db.get(`cards/${id}`)).data ?? null;
    await db.batch([
      after
        ? { kind: 'set', path: `cards/${id}`, data: after }
        : { kind: 'delete', path: `cards/${id}` },
    ]);
    const once = { trigger: 'countCardsInUse', eventId: `e${++events}` };
    await countCardWrite(db, before, after, once);
    return once;
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
    for (const [id, data] of cards)
      await countCardWrite(db, null, data, { trigger: 'countCardsInUse', eventId: id });
    expect(await usage('sales')).toMatchObject({ cards: 3, linksCoupled: 3, brandingCoupled: 3 });
  });

  it('moves a malformed stored count from 0, and keeps a well-formed one', async () => {
    const { db, write, usage } = setup();
    const path = teamUsagePath('acme', 'sales');
    await db.batch([
      { kind: 'set', path, data: { cards: '3', linksCoupled: null, brandingCoupled: 4 } },
    ]);
    await write('c1', card());
    expect(await usage('sales')).toEqual({
      cards: 1,
      linksCoupled: 1,
      brandingCoupled: 5,
      accountId: 'acme',
      teamId: 'sales',
    });
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
  /** Counts the queries of the cards collection, in transactions and out. */
  function countCardQueries(db: ReturnType<typeof setup>['db']): number[] {
    const cardReads: number[] = [];
    const query = db.query.bind(db);
    db.query = (spec) => {
      if (spec.collection === 'cards') cardReads.push(1);
      return query(spec);
    };
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
    return cardReads;
  }

  const plan = async (db: ReturnType<typeof setup>['db']) =>
    ((await db.get('accounts/acme')).data?.plan as DocData).cardsInUse;
  const capCount = async (db: ReturnType<typeof setup>['db']) =>
    (await db.get('accounts/acme/usage/cards')).data?.inUse;

  it('moves both counts by one per create, archive, restore and delete, reading no card', async () => {
    const { db, write } = setup();
    const cardReads = countCardQueries(db);
    // As the app's batch does: the card and the cap's count raised by it.
    await db.batch([{ kind: 'set', path: 'accounts/acme/usage/cards', data: { inUse: 1 } }]);
    await write('c1', card());
    expect([await plan(db), await capCount(db)]).toEqual([1, 1]);
    // A card written with server privileges raised nothing: the trigger raises both.
    await write('c2', card());
    expect([await plan(db), await capCount(db)]).toEqual([2, 2]);
    await write('c2', card({ isArchived: true }));
    expect([await plan(db), await capCount(db)]).toEqual([1, 1]);
    await write('c2', card({ isArchived: false }));
    expect([await plan(db), await capCount(db)]).toEqual([2, 2]);
    await write('c1', null);
    expect([await plan(db), await capCount(db)]).toEqual([1, 1]);
    // An archived card's delete moves nothing.
    await write('c2', card({ isArchived: true }));
    await write('c2', null);
    expect([await plan(db), await capCount(db)]).toEqual([0, 0]);
    expect(cardReads).toHaveLength(0);
  });

  it('counts an event delivered twice once', async () => {
    const { db, write } = setup();
    const created = await write('c1', card());
    await write('c2', card());
    // Firestore redelivers, or retries after a failure: the same event id again.
    await countCardWrite(db, null, card(), created);
    expect(await plan(db)).toBe(2);
    const before = (await db.get('cards/c2')).data;
    const archived = await write('c2', card({ isArchived: true }));
    await countCardWrite(db, before, card({ isArchived: true }), archived);
    expect([await plan(db), await capCount(db)]).toEqual([1, 1]);
  });

  it('moves a card between accounts: one down, the other up', async () => {
    const { db, write } = setup();
    db.seed('accounts/other', { id: 'other', plan: { cardsInUse: 0 } });
    await write('c1', card());
    await write('c1', card({ accountId: 'other', teamId: 'general' }));
    expect(await plan(db)).toBe(0);
    expect(((await db.get('accounts/other')).data?.plan as DocData).cardsInUse).toBe(1);
  });

  it('leaves a count raised for a card still to be counted above the exact one', async () => {
    const { db, write } = setup();
    // A client batch raised the cap's count for a card whose trigger has not run yet.
    await db.batch([{ kind: 'set', path: 'accounts/acme/usage/cards', data: { inUse: 1 } }]);
    await write('s1', card());
    expect([await plan(db), await capCount(db)]).toEqual([1, 1]);
    await write('c1', card());
    expect([await plan(db), await capCount(db)]).toEqual([2, 2]);
  });

  it('the start-up check repairs a drifted account count and reports it, once', async () => {
    const { db, write } = setup();
    await write('c1', card({ id: 'c1' }));
    await write('c2', card({ id: 'c2' }));
    // A crash between a commit and its trigger: the archive was never counted.
    await db.batch([{ kind: 'set', path: 'cards/c2', data: card({ id: 'c2', isArchived: true }) }]);
    expect(await plan(db)).toBe(2);
    expect((await repairCardCounts(db)).accounts).toBe(1);
    expect([await plan(db), await capCount(db)]).toEqual([1, 1]);
    expect((await repairCardCounts(db)).accounts).toBe(0);
  });
});
