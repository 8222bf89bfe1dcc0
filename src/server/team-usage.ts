/**
 * Team usage, the one implementation both hosts run: the card counts of each team
 * (`src/domain/team-usage.ts`) in `accounts/{accountId}/teamUsage/{teamId}`, written with server
 * privileges only (firestore.rules: clients read it), so the counts the team page shows cannot be
 * forged. The card-count trigger (`./card-count.ts`) applies each card write's change to them, a
 * constant cost per write, once per event (`./processed-events.ts`). An import job recounts its
 * team whole after each chunk of cards it creates (its cards skip the trigger), which also repairs
 * any drift (docs/access.md, "Team usage").
 */
import type { DocData } from '../backend/port';
import type { ServerDb } from '../backend/server-port';
import { teamUsageChanges, teamUsageOf } from '../domain/team-usage';
import type { TeamUsage } from '../domain/team-usage';
import { markHandled, wasHandled, type EventKey } from './processed-events';

/** Where a team's usage lives. */
export function teamUsagePath(accountId: string, teamId: string): string {
  return `accounts/${accountId}/teamUsage/${teamId}`;
}

function sameUsage(stored: DocData | null | undefined, usage: TeamUsage): boolean {
  return (
    !!stored &&
    stored['cards'] === usage.cards &&
    stored['linksCoupled'] === usage.linksCoupled &&
    stored['brandingCoupled'] === usage.brandingCoupled
  );
}

/** The query of one team's cards, archived ones included (what a recount reads). */
export function teamCardsQuery(accountId: string, teamId: string) {
  return {
    collection: 'cards',
    where: [
      { field: 'accountId', op: '==' as const, value: accountId },
      { field: 'teamId', op: '==' as const, value: teamId },
    ],
  };
}

/** Recounts one team's cards and stores the counts if they changed; false: no such account. */
export async function recountTeamUsage(
  db: ServerDb,
  accountId: string,
  teamId: string,
): Promise<boolean> {
  return db.runTransaction(async (tx) => {
    const account = await tx.get(`accounts/${accountId}`);
    if (!account.exists) return false;
    const path = teamUsagePath(accountId, teamId);
    const stored = await tx.get(path);
    const cards = await tx.query(teamCardsQuery(accountId, teamId));
    const usage = teamUsageOf(cards.map((doc) => doc.data));
    if (!sameUsage(stored.data, usage)) tx.set(path, { ...usage, accountId, teamId });
    return true;
  });
}

function asCount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * Applies a card write from `before` to `after` to the counts of the teams it touches (none for
 * most edits). The teams' changes are one transaction over their usage documents alone, so a
 * write costs the same in a team of 10 cards or 10,000. A team without a usage document starts from
 * zero: recounting it here instead would also count the cards of the same commit whose triggers
 * have not run yet, and count them twice when they do.
 *
 * Deltas are not safe to apply twice, and Firestore delivers an event at least once: given the
 * event (`once`), the transaction also records it (`./processed-events.ts`) and a repeated or
 * retried event changes nothing. Deltas commute, so events delivered out of order still add up.
 */
export async function applyCardToTeamUsage(
  db: ServerDb,
  before: DocData | null,
  after: DocData | null,
  once?: EventKey,
  now: Date = new Date(),
): Promise<void> {
  const changes = teamUsageChanges(before, after);
  if (changes.length === 0) return;
  await db.runTransaction(async (tx) => {
    if (once && (await wasHandled(tx, once))) return;
    const stored = [];
    for (const change of changes) {
      const path = teamUsagePath(change.team.accountId, change.team.teamId);
      stored.push({ ...change, path, data: (await tx.get(path)).data ?? {} });
    }
    for (const { team, delta, path, data } of stored) {
      tx.set(path, {
        cards: Math.max(0, asCount(data['cards']) + delta.cards),
        linksCoupled: Math.max(0, asCount(data['linksCoupled']) + delta.linksCoupled),
        brandingCoupled: Math.max(0, asCount(data['brandingCoupled']) + delta.brandingCoupled),
        accountId: team.accountId,
        teamId: team.teamId,
      });
    }
    if (once) markHandled(tx, once, now);
  });
}
