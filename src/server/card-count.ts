/**
 * Card counting, the one implementation both hosts run: after a write of `cards/{cardId}` that
 * created or deleted a card, changed its `isArchived` or moved it to another account, it recounts
 * the affected accounts' cards with the shared rule (`src/domain/card-count.ts`) and writes
 * `plan.cardsInUse` and the card-cap document's `inUse` with server privileges, only when the
 * count changed. Clients never write the plan, and only raise `inUse` (by the cards each batch
 * brings into use, which the rules' card cap checks at commit time); this recount is what lowers it
 * after archives and deletes, and puts right a count a client raised more than it used.
 * Recounting (not incrementing) keeps both right after retries, races and repairs, and the count
 * and its writes share one transaction, so two card writes at once cannot store a stale count.
 */
import type { DocData } from '../backend/port';
import type { ServerDb } from '../backend/server-port';
import { accountsToRecount, cardUsagePath, cardsInUse } from '../domain/card-count';
import { teamUsageOf, type TeamUsage } from '../domain/team-usage';
import { isCountedByImportJob } from './jobs/job-cards';
import type { EventKey } from './processed-events';
import { applyCardToTeamUsage, recountTeamUsage } from './team-usage';

/** The document path the trigger listens to. */
export const CARD_DOCUMENT = 'cards/{cardId}';

const CARD_PATH = /^cards\/[^/]+$/;

/** True for the path of a card document. */
export function isCardPath(path: string): boolean {
  return CARD_PATH.test(path);
}

/**
 * Recounts one account's cards in use and stores the count where it differs: `plan.cardsInUse`
 * (what the app shows) and the card-cap document's `inUse` (what the rules' cap adds to; clients
 * only ever raise it). False: no account. In one transaction with the cards it reads, so a client
 * batch that raises the count at the same moment is either counted or conflicts, never lost.
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
    if (usage.data?.inUse !== count)
      tx.set(cardUsagePath(accountId), { inUse: count }, { merge: true });
    return true;
  });
}

/**
 * The cheap path for a new card (issue 26: a recount reads every card of the account, and creates
 * are the common write): the batch that created it raised the card-cap document's count already
 * (the rules require it), so when that count is ahead of `plan.cardsInUse` it is copied there, in a
 * transaction, without reading a card. False when it is not ahead (a card written with server
 * privileges, or a count another trigger has copied already): the caller recounts, which is always
 * right. Archives and deletes still recount, which also puts right a count a client raised by more
 * than it used.
 */
async function copyRaisedCount(db: ServerDb, accountId: string): Promise<boolean> {
  return db.runTransaction(async (tx) => {
    const account = await tx.get(`accounts/${accountId}`);
    const usage = await tx.get(cardUsagePath(accountId));
    const raised = usage.data?.inUse;
    const shown = storedCardsInUse(account.data);
    if (!account.exists || typeof raised !== 'number' || raised <= (shown ?? 0)) return false;
    tx.update(`accounts/${accountId}`, { 'plan.cardsInUse': raised });
    return true;
  });
}

/**
 * Recounts the accounts a card write from `before` to `after` affects, and moves its teams' usage
 * (none for most edits). Safe to repeat: the account counts are recounted, and the team usage is
 * applied once per event `once`.
 */
export async function recountCardsInUse(
  db: ServerDb,
  before: DocData | null,
  after: DocData | null,
  once?: EventKey,
  now: Date = new Date(),
): Promise<void> {
  // An import job recounts its account after each chunk of cards it creates (jobs/job-cards.ts).
  if (before === null && after !== null && (await isCountedByImportJob(db, after))) return;
  const created = before === null && after !== null && cardsInUse([after]) === 1;
  for (const accountId of accountsToRecount(before, after)) {
    if (created && (await copyRaisedCount(db, accountId))) continue;
    await recountAccount(db, accountId);
  }
  // The team page's counts (./team-usage.ts) move with the same writes, so the same trigger keeps them.
  // Applied as a change, so only once per event (`once`: the event, when a host delivers events).
  await applyCardToTeamUsage(db, before, after, once, now);
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
  const plan = account?.['plan'];
  if (typeof plan !== 'object' || plan === null) return undefined;
  const value = (plan as Record<string, unknown>)['cardsInUse'];
  return typeof value === 'number' ? value : undefined;
}

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
      const { accountId, teamId } = doc.data;
      if (typeof accountId !== 'string' || accountId === '') continue;
      inUse.set(accountId, (inUse.get(accountId) ?? 0) + cardsInUse([doc.data]));
      if (typeof teamId !== 'string' || teamId === '') continue;
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
    after = typeof last.data.id === 'string' ? last.data.id : last.id;
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
    const counted = (await db.get(cardUsagePath(accountId))).data?.inUse;
    const drifted =
      (stored ?? 0) !== real ||
      (stored === undefined && inUse.has(accountId)) ||
      (typeof counted === 'number' && counted !== real);
    // An account whose cards predate the card-cap count gets its first count here: not a repair.
    const uncounted = typeof counted !== 'number';
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
