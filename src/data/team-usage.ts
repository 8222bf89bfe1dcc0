/**
 * Reads a team's card counts (`accounts/{accountId}/teamUsage/{teamId}`, kept by the server, see
 * `src/services/team-usage.ts`): one document for the team page however many cards the team has.
 */
import { backend } from '../backend/current';
import type { ListenError, Unsubscribe } from '../backend/port';
import { storedTeamUsageSchema } from '../domain/schemas/team-usage';
import type { TeamUsage } from '../domain/team-usage';

/** The usage a team has before the server first counted it: no cards. */
export const NO_USAGE: TeamUsage = { cards: 0, linksCoupled: 0, brandingCoupled: 0 };

/** The stored counts; one below zero (only drift can write one) shows as none. */
function usageOf(data: unknown): TeamUsage {
  const { cards, linksCoupled, brandingCoupled } = storedTeamUsageSchema.parse(data);
  return {
    cards: Math.max(0, cards),
    linksCoupled: Math.max(0, linksCoupled),
    brandingCoupled: Math.max(0, brandingCoupled),
  };
}

/** Follows one team's counts live; a team never counted yet has none. */
export function followTeamUsage(
  accountId: string,
  teamId: string,
  next: (usage: TeamUsage) => void,
  error: (err: ListenError) => void,
): Unsubscribe {
  return backend().onDoc(
    `accounts/${accountId}/teamUsage/${teamId}`,
    (snap) => next(snap.exists && snap.data ? usageOf(snap.data) : NO_USAGE),
    error,
  );
}
