import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import type { DocData, QuerySpec } from '@/backend/port';
import { BACKFILL_REST_MS } from '@/services/jobs/backfill-name-lower';
import {
  BACKFILL_TEAM_USAGE_STATE,
  SETTLE_MS,
  backfillTeamUsageStep,
} from '@/services/jobs/backfill-team-usage';
import { teamUsagePath } from '@/services/team-usage';

const T0 = Date.parse('2026-11-26T10:00:00Z');

function setup() {
  const db = createMemoryServerDb();
  const cardQueries: QuerySpec[] = [];
  const query = db.query.bind(db);
  db.query = (spec) => {
    if (spec.collection === 'cards') cardQueries.push(spec);
    return query(spec);
  };
  const account = (id: string, teams: string[] = []) => {
    db.seed(`accounts/${id}`, { id, plan: { cardsInUse: 0 } });
    for (const team of teams) db.seed(`accounts/${id}/teams/${team}`, { name: team });
  };
  const card = (id: string, accountId: string, teamId: string, extra: DocData = {}) =>
    db.seed(`cards/${id}`, {
      id,
      accountId,
      teamId,
      isArchived: false,
      bulkSync: { syncTeamLinks: true, syncBranding: false },
      ...extra,
    });
  const usage = async (accountId: string, teamId: string) =>
    (await db.get(teamUsagePath(accountId, teamId))).data;
  const setUsage = (accountId: string, teamId: string, data: DocData) =>
    db.batch([{ kind: 'set', path: teamUsagePath(accountId, teamId), data }]);
  const step = (at: number, options: { cards?: number; accounts?: number } = {}) =>
    backfillTeamUsageStep(db, { ...options, clock: () => at });
  return { db, cardQueries, account, card, usage, setUsage, step };
}

describe('the scheduled team-usage repair', () => {
  it('repairs a drifted count once it has settled, and then finds nothing to do', async () => {
    const { account, card, usage, setUsage, step } = setup();
    account('acme', ['sales']);
    card('c1', 'acme', 'sales');
    card('c2', 'acme', 'sales', { bulkSync: { syncTeamLinks: false, syncBranding: true } });
    card('c3', 'acme', 'sales', { isArchived: true });
    await setUsage('acme', 'sales', { cards: 9, linksCoupled: 9, brandingCoupled: 9 });

    // Seen, but not repaired yet: the changes of recent card writes may still be on their way.
    expect(await step(T0)).toEqual({ outcome: 'finished', repaired: 0, suspected: 1 });
    expect(await usage('acme', 'sales')).toMatchObject({ cards: 9 });
    // Too early to settle.
    expect(await step(T0 + SETTLE_MS - 1)).toMatchObject({ repaired: 0 });

    expect(await step(T0 + SETTLE_MS)).toMatchObject({ outcome: 'resting', repaired: 1 });
    expect(await usage('acme', 'sales')).toEqual({
      cards: 2,
      linksCoupled: 1,
      brandingCoupled: 1,
      accountId: 'acme',
      teamId: 'sales',
    });

    // The next pass (a day on) finds every count right.
    expect(await step(T0 + BACKFILL_REST_MS + 1)).toEqual({
      outcome: 'finished',
      repaired: 0,
      suspected: 0,
    });
  });

  it('counts a team whose cards predate the counts, and zeroes one whose cards are gone', async () => {
    const { account, card, usage, setUsage, step } = setup();
    account('acme', ['sales', 'support']);
    card('c1', 'acme', 'sales');
    // No team document any more, but a count left behind.
    await setUsage('acme', 'old', { cards: 3, linksCoupled: 3, brandingCoupled: 0 });

    expect(await step(T0)).toMatchObject({ suspected: 2 });
    expect(await step(T0 + SETTLE_MS)).toMatchObject({ repaired: 2 });
    expect(await usage('acme', 'sales')).toMatchObject({ cards: 1, linksCoupled: 1 });
    expect(await usage('acme', 'old')).toMatchObject({ cards: 0, linksCoupled: 0 });
    // A team without cards or counts gets no document.
    expect(await usage('acme', 'support')).toBeNull();
  });

  it('leaves a count that moved while it settled (a card write’s change arrived)', async () => {
    const { db, account, card, usage, setUsage, step } = setup();
    account('acme', ['sales']);
    card('c1', 'acme', 'sales');
    card('c2', 'acme', 'sales');
    // The trigger of c2's creation has not run yet: the stored count is one behind the cards.
    await setUsage('acme', 'sales', { cards: 1, linksCoupled: 1, brandingCoupled: 0 });
    expect(await step(T0)).toMatchObject({ suspected: 1 });
    // It runs now, and adds c2: the count is right, and a repair would have counted c2 twice.
    await setUsage('acme', 'sales', { cards: 2, linksCoupled: 2, brandingCoupled: 0 });
    expect(await step(T0 + SETTLE_MS)).toMatchObject({ repaired: 0 });
    expect(await usage('acme', 'sales')).toMatchObject({ cards: 2, linksCoupled: 2 });
    expect((await db.get(BACKFILL_TEAM_USAGE_STATE)).data?.suspects).toEqual([]);
  });

  it('works through any number of accounts in steps of bounded size, from its cursor', async () => {
    const { account, card, usage, cardQueries, step } = setup();
    for (const id of ['a1', 'a2', 'a3', 'a4', 'a5']) {
      account(id, ['t']);
      card(`${id}-c1`, id, 't');
      card(`${id}-c2`, id, 't');
    }
    const outcomes: string[] = [];
    let suspected = 0;
    for (let n = 0; n < 10; n++) {
      cardQueries.length = 0;
      const result = await step(T0 + n, { cards: 4 });
      outcomes.push(result.outcome);
      suspected += result.suspected;
      // At most the budget, and the account that crossed it: two accounts of two cards.
      expect(cardQueries.length).toBeLessThanOrEqual(2);
      if (result.outcome === 'finished') break;
    }
    expect(outcomes).toEqual(['continues', 'continues', 'finished']);
    expect(suspected).toBe(5);
    expect(await step(T0 + SETTLE_MS + 10)).toMatchObject({ repaired: 5 });
    for (const id of ['a1', 'a2', 'a3', 'a4', 'a5']) {
      expect(await usage(id, 't')).toMatchObject({ cards: 2 });
    }
  });
});
