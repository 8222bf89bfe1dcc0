/**
 * Team usage, the one implementation both hosts run: the card counts of each team
 * (`src/domain/team-usage.ts`) in `accounts/{accountId}/teamUsage/{teamId}`, recounted with server
 * privileges after each card write that can move them (called by the card-count trigger,
 * `./card-count.ts`, and by an import job after each chunk of cards it creates). Clients may only
 * read it (firestore.rules), so the counts the team page shows cannot be forged. As with
 * `plan.cardsInUse`, recounting (not incrementing) keeps the counts right after retries, races and
 * repairs; the read of the team's cards and the write share one transaction.
 */
import type { DocData } from '../backend/port';
import type { ServerDb } from '../backend/server-port';
import { teamsToRecount, teamUsageOf } from '../domain/team-usage';
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

/** Recounts the teams a card write from `before` to `after` affects (none for most edits). */
export async function recountTeamsOfCard(
  db: ServerDb,
  before: DocData | null,
  after: DocData | null,
): Promise<void> {
  for (const ref of teamsToRecount(before, after))
    await recountTeamUsage(db, ref.accountId, ref.teamId);
}
