/**
 * Card counting, run by both hosts: each card write moves its accounts' counts by exactly its
 * change (src/domain/card-count.ts), so a write costs the same in any size of account:
 * `plan.cardsInUse`, the teams' usage, and the card-cap `inUse` the rules read (a client batch
 * raises it for cards it brings into use; this lowers it as they leave use). Events arrive at
 * least once, so each writes a once-only marker (`./processed-events.ts`). Import jobs count their
 * own cards (`./jobs/job-cards.ts`), and `repairCardCounts` recounts after a crash.
 */
import type { DocData } from '../backend/port';
import type { ServerDb, ServerTransaction } from '../backend/server-port';
import {
  cardUsagePath,
  cardsInUse,
  cardsInUseChanges,
  countsAfterChange,
  type CardsInUseChange,
} from '../domain/card-count';
import { storedCardSchema } from '../domain/schemas/card';
import { storedCardUsageSchema } from '../domain/schemas/card-usage';
import { storedPick } from '../domain/schemas/fields';
import { scanCursorOf } from '../domain/schemas/scan-cursor';
import { storedCardsInUseSchema } from '../domain/schemas/plan';
import { teamUsageChanges, teamUsageOf, type TeamUsage } from '../domain/team-usage';
import { isCountedByImportJob } from './jobs/job-cards';
import { markHandled, wasHandled, type EventKey } from './processed-events';
import { readTeamUsage, recountTeamUsage, writeTeamUsage } from './team-usage';

/** The document path the trigger listens to. */
export const CARD_DOCUMENT = 'cards/{cardId}';

const CARD_PATH = /^cards\/[^/]+$/;

/** True for the path of a card document. */
export function isCardPath(path: string): boolean {
  return CARD_PATH.test(path);
}

/**
 * Recounts one account's cards in use and stores the count where it differs: `plan.cardsInUse`
 * and the card-cap document's `inUse`. False: no account. It reads every card of the account, so
 * only the start-up check calls it; in one transaction with the cards it reads, so a client batch
 * that raises the count at the same moment is either counted or conflicts, never lost.
 */
export async function recountAccount(db: ServerDb, accountId: string): Promise<boolean> {
  return db.runTransaction(async (tx) => {
    const account = await tx.get(`accounts/${accountId}`);
    if (!account.exists || !account.data) return false;
    const usage = await tx.get(cardUsagePath(accountId));
    const cards = await tx.query({
      collection: 'cards',
      where: [{ field: 'accountId', op: '==', value: accountId }],
    });
    const count = cardsInUse(cards.map((doc) => doc.data));
    if (storedCardsInUse(account.data) !== count)
      tx.update(`accounts/${accountId}`, { 'plan.cardsInUse': count });
    if (storedCardUsageSchema.parse(usage.data).inUse !== count)
      tx.set(cardUsagePath(accountId), { inUse: count }, { merge: true });
    return true;
  });
}

/** Inside a transaction: reads an account's counts, for `writeAccountCounts` to move. */
async function readAccountCounts(tx: ServerTransaction, change: CardsInUseChange) {
  const account = await tx.get(`accounts/${change.accountId}`);
  const usage = await tx.get(cardUsagePath(change.accountId));
  return {
    ...change,
    exists: account.exists,
    stored: {
      cardsInUse: storedCardsInUse(account.data) ?? 0,
      inUse: storedCardUsageSchema.parse(usage.data).inUse,
    },
  };
}

/**
 * Moves the counts of the accounts and teams a card write from `before` to `after` touches, once
 * per event (`once`: the event's id is the same on every redelivery and retry), in one transaction
 * of a few documents: the marker, each account and its card-cap document, each team's usage. An
 * account that no longer exists is left alone (its team usage still moves).
 */
export async function countCardWrite(
  db: ServerDb,
  before: DocData | null,
  after: DocData | null,
  once: EventKey,
  now: Date = new Date(),
): Promise<void> {
  if (before === null && after !== null && (await isCountedByImportJob(db, after))) return;
  const changes = cardsInUseChanges(before, after);
  // Most edits (names, links) move no count: no transaction at all.
  if (changes.length === 0 && teamUsageChanges(before, after).length === 0) return;
  await db.runTransaction(async (tx) => {
    if (await wasHandled(tx, once)) return;
    const teams = await readTeamUsage(tx, before, after);
    const accounts = [];
    for (const change of changes) accounts.push(await readAccountCounts(tx, change));
    for (const { accountId, delta, exists, stored } of accounts) {
      if (!exists) continue;
      const next = countsAfterChange(stored, delta);
      if (next.cardsInUse !== stored.cardsInUse)
        tx.update(`accounts/${accountId}`, { 'plan.cardsInUse': next.cardsInUse });
      if (next.inUse !== stored.inUse)
        tx.set(cardUsagePath(accountId), { inUse: next.inUse }, { merge: true });
    }
    writeTeamUsage(tx, teams);
    markHandled(tx, once, now);
  });
}

/** Cards read per page by the start-up check. */
const CHECK_PAGE = 1000;

/** What the start-up check repaired. */
export interface CountRepair {
  /** Accounts whose `plan.cardsInUse` was not their real count. */
  readonly accounts: number;
  /** Team usage documents that were not their team's real counts. */
  readonly teams: number;
}

function storedCardsInUse(account: DocData | null | undefined): number | undefined {
  return storedCardsInUseSchema.parse(account?.['plan']).cardsInUse;
}

/** The two fields the start-up check reads of every card. */
const cardOwners = storedPick(storedCardSchema, { accountId: true, teamId: true });

function usageDiffers(stored: DocData | null | undefined, usage: TeamUsage): boolean {
  return (
    !stored ||
    stored['cards'] !== usage.cards ||
    stored['linksCoupled'] !== usage.linksCoupled ||
    stored['brandingCoupled'] !== usage.brandingCoupled
  );
}

/**
 * The check a host runs at start, while no card write is pending (issue 26): commit triggers run
 * after the write is durable, so a crash between the two leaves `plan.cardsInUse` (and a team's
 * usage) behind the cards. It counts every card once, in pages by id, compares each account's and
 * each team's stored counts with the real ones and recounts, in a transaction, only those that
 * drifted (an account with a stale count but no cards left is found by its non-zero count). Safe to
 * run any number of times: a second run repairs nothing.
 */
export async function repairCardCounts(db: ServerDb): Promise<CountRepair> {
  const inUse = new Map<string, number>();
  const teams = new Map<string, { accountId: string; teamId: string; usage: TeamUsage }>();
  let after: string | null = null;
  for (;;) {
    const page = await db.query({
      collection: 'cards',
      ...(after !== null ? { where: [{ field: 'id', op: '>' as const, value: after }] } : {}),
      orderBy: [{ field: 'id', direction: 'asc' }],
      limit: CHECK_PAGE,
    });
    for (const doc of page) {
      const { accountId, teamId } = cardOwners.parse(doc.data);
      if (accountId === '') continue;
      inUse.set(accountId, (inUse.get(accountId) ?? 0) + cardsInUse([doc.data]));
      if (teamId === undefined || teamId === '') continue;
      const key = `${accountId}/${teamId}`;
      const one = teamUsageOf([doc.data]);
      const team = teams.get(key);
      if (team === undefined) teams.set(key, { accountId, teamId, usage: one });
      else
        team.usage = {
          cards: team.usage.cards + one.cards,
          linksCoupled: team.usage.linksCoupled + one.linksCoupled,
          brandingCoupled: team.usage.brandingCoupled + one.brandingCoupled,
        };
    }
    const last = page.at(-1);
    if (page.length < CHECK_PAGE || !last) break;
    after = scanCursorOf(last);
  }

  // The accounts with cards, and those whose stored count says they have some.
  const accounts = new Set(inUse.keys());
  const counted = await db.query({
    collection: 'accounts',
    where: [{ field: 'plan.cardsInUse', op: '>', value: 0 }],
  });
  for (const doc of counted) accounts.add(doc.id);

  let repairedAccounts = 0;
  let repairedTeams = 0;
  for (const accountId of accounts) {
    const account = await db.get(`accounts/${accountId}`);
    if (!account.exists) continue;
    const stored = storedCardsInUse(account.data);
    const real = inUse.get(accountId) ?? 0;
    const counted = storedCardUsageSchema.parse(
      (await db.get(cardUsagePath(accountId))).data,
    ).inUse;
    const drifted =
      (stored ?? 0) !== real ||
      (stored === undefined && inUse.has(accountId)) ||
      (counted !== undefined && counted !== real);
    // An account whose cards predate the card-cap count gets its first count here: not a repair.
    const uncounted = counted === undefined;
    if ((drifted || uncounted) && (await recountAccount(db, accountId)) && drifted) {
      repairedAccounts++;
    }
    // Its teams: the usage documents stored, and the teams that have cards.
    const usageDocs = await db.query({ collection: `accounts/${accountId}/teamUsage` });
    const teamIds = new Set(usageDocs.map((doc) => doc.id));
    for (const team of teams.values()) if (team.accountId === accountId) teamIds.add(team.teamId);
    for (const teamId of teamIds) {
      const real = teams.get(`${accountId}/${teamId}`)?.usage ?? teamUsageOf([]);
      const storedUsage = usageDocs.find((doc) => doc.id === teamId)?.data;
      // A team with no cards and no usage document has nothing to repair.
      if (storedUsage === undefined && real.cards === 0) continue;
      if (usageDiffers(storedUsage, real) && (await recountTeamUsage(db, accountId, teamId))) {
        repairedTeams++;
      }
    }
  }
  return { accounts: repairedAccounts, teams: repairedTeams };
}
