/**
 * Reads a team's card counts (`accounts/{accountId}/teamUsage/{teamId}`, kept by the server, see
 * `src/services/team-usage.ts`): one document for the team page however many cards the team has.
 */
import { backend } from '../backend/current';
import type { ListenError, Unsubscribe } from '../backend/port';
import type { TeamUsage } from '../domain/team-usage';

/** The usage a team has before the server first counted it: no cards. */
export const NO_USAGE: TeamUsage = { cards: 0, linksCoupled: 0, brandingCoupled: 0 };

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
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
    (snap) => {
      const data = snap.exists ? snap.data : undefined;
      next(
        data
          ? {
              cards: count(data.cards),
              linksCoupled: count(data.linksCoupled),
              brandingCoupled: count(data.brandingCoupled),
            }
          : NO_USAGE,
      );
    },
    error,
  );
}
