/**
 * The teams repository: `accounts/{accountId}/teams/{teamId}` documents (docs/product.md §3).
 */
import { backend } from '../backend/current';
import type { DocData, Unsubscribe, WriteOp } from '../backend/port';
import { newTeamDocument, teamFromDoc } from '../domain/schemas/team';
import type { Team } from '../domain/model';

export function teamsPath(accountId: string): string {
  return `accounts/${accountId}/teams`;
}

export function teamPath(accountId: string, teamId: string): string {
  return `${teamsPath(accountId)}/${teamId}`;
}

export function newTeamId(): string {
  return backend().newId();
}

/** The fields of a new team (the team schema's `newTeamDocument`). */
export function newTeamData(accountId: string, name: string): DocData {
  return { ...newTeamDocument(accountId, name) };
}

/** The batch write that creates a team. */
export function teamCreateOp(accountId: string, teamId: string, name: string): WriteOp {
  return { kind: 'set', path: teamPath(accountId, teamId), data: newTeamData(accountId, name) };
}

export async function getTeam(accountId: string, teamId: string): Promise<Team | null> {
  const snap = await backend().get(teamPath(accountId, teamId));
  return snap.exists && snap.data ? teamFromDoc(snap.id, snap.data) : null;
}

/** Follows the account's teams that are not archived, by name. */
export function followTeams(
  accountId: string,
  next: (teams: Team[]) => void,
  error: (err: { code: string; message: string }) => void,
): Unsubscribe {
  return backend().onQuery(
    {
      collection: teamsPath(accountId),
      where: [{ field: 'isArchived', op: '==', value: false }],
    },
    (docs) =>
      next(
        docs
          .map((doc) => teamFromDoc(doc.id, doc.data))
          .sort((a, b) => String(a.name).localeCompare(String(b.name))),
      ),
    error,
  );
}
