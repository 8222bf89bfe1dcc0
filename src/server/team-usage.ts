/**
 * Team usage, the one implementation both hosts run: the card counts of each team
 * (`src/domain/team-usage.ts`) in `accounts/{accountId}/teamUsage/{teamId}`, written with server
 * privileges only (firestore.rules: clients read it), so the counts the team page shows cannot be
 * forged. The card-count trigger (`./card-count.ts`) applies each card write's change to them, a
 * constant cost per write; a team never counted yet, and an import job after each chunk of cards it
 * creates, recount the team whole, which also repairs any drift (docs/access.md, "Team usage").
 */
import type { DocData } from '../backend/port';
import type { ServerDb } from '../backend/server-port';
import { teamUsageChanges, teamUsageOf } from '../domain/team-usage';
import type { TeamUsage } from '../domain/team-usage';

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
    const cards = await tx.query({
      collection: 'cards',
      where: [
        { field: 'accountId', op: '==', value: accountId },
        { field: 'teamId', op: '==', value: teamId },
      ],
    });
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
 * most edits). Each team's change is one transaction over its usage document alone, so a write
 * costs the same in a team of 10 cards or 10,000; a team never counted yet is recounted whole
 * instead, once (this also counts the card of this write).
 */
export async function applyCardToTeamUsage(
  db: ServerDb,
  before: DocData | null,
  after: DocData | null,
): Promise<void> {
  for (const { team, delta } of teamUsageChanges(before, after)) {
    const path = teamUsagePath(team.accountId, team.teamId);
    const counted = await db.runTransaction(async (tx) => {
      const stored = await tx.get(path);
      if (!stored.exists || !stored.data) return false;
      const data = stored.data;
      tx.set(path, {
        cards: Math.max(0, asCount(data['cards']) + delta.cards),
        linksCoupled: Math.max(0, asCount(data['linksCoupled']) + delta.linksCoupled),
        brandingCoupled: Math.max(0, asCount(data['brandingCoupled']) + delta.brandingCoupled),
        accountId: team.accountId,
        teamId: team.teamId,
      });
      return true;
    });
    if (!counted) await recountTeamUsage(db, team.accountId, team.teamId);
  }
}
