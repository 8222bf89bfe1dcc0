/**
 * Team usage, run by both hosts: each team's card counts in
 * `accounts/{accountId}/teamUsage/{teamId}`, written only with server privileges so the counts the
 * team page shows cannot be forged. The card-count trigger (`./card-count.ts`) moves them by each
 * card write's change, once per event; an import job recounts its team after each chunk, which
 * also repairs drift (docs/access.md, "Team usage").
 */
import type { DocData } from '../backend/port';
import type { ServerDb, ServerTransaction } from '../backend/server-port';
import { storedTeamUsageSchema } from '../domain/schemas/team-usage';
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

/** A team's usage as read inside a transaction, with the change a card write makes to it. */
export interface TeamUsageRead {
  readonly path: string;
  readonly team: { readonly accountId: string; readonly teamId: string };
  readonly delta: TeamUsage;
  readonly data: DocData;
}

/**
 * Inside a transaction: reads the usage of each team a card write from `before` to `after`
 * touches (none for most edits), for `writeTeamUsage` to apply after the transaction's other
 * reads. A team without a usage document starts from zero: recounting it here instead would also
 * count the cards of the same commit whose triggers have not run yet, and count them twice when
 * they do. So a write costs the same in a team of 10 cards or 10,000.
 */
export async function readTeamUsage(
  tx: ServerTransaction,
  before: DocData | null,
  after: DocData | null,
): Promise<TeamUsageRead[]> {
  const reads: TeamUsageRead[] = [];
  for (const change of teamUsageChanges(before, after)) {
    const path = teamUsagePath(change.team.accountId, change.team.teamId);
    reads.push({ ...change, path, data: (await tx.get(path)).data ?? {} });
  }
  return reads;
}

/**
 * Inside a transaction, after its reads: applies the changes `readTeamUsage` read. Deltas are not
 * safe to apply twice, so the caller's transaction records the event once
 * (`./processed-events.ts`); deltas commute, so events delivered out of order still add up.
 */
export function writeTeamUsage(tx: ServerTransaction, reads: readonly TeamUsageRead[]): void {
  for (const { team, delta, path, data } of reads) {
    const stored = storedTeamUsageSchema.parse(data);
    tx.set(path, {
      cards: Math.max(0, stored.cards + delta.cards),
      linksCoupled: Math.max(0, stored.linksCoupled + delta.linksCoupled),
      brandingCoupled: Math.max(0, stored.brandingCoupled + delta.brandingCoupled),
      accountId: team.accountId,
      teamId: team.teamId,
    });
  }
}
