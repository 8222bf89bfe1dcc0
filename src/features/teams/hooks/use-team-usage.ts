import { useEffect, useState } from 'react';
import { followTeamUsage } from '@/data/team-usage';
import type { TeamUsage } from '@/domain/team-usage';

/** Follows a team's card counts (one document, kept by the server); null until the first answer. */
export function useTeamUsage(
  accountId: string | null,
  teamId: string | undefined,
): TeamUsage | null {
  const [state, setState] = useState<{ key: string; usage: TeamUsage } | null>(null);
  const key = `${accountId ?? ''}/${teamId ?? ''}`;
  useEffect(() => {
    if (!accountId || !teamId) return;
    return followTeamUsage(
      accountId,
      teamId,
      (usage) => setState({ key, usage }),
      (err) => console.error('[teams] following the team counts failed', err),
    );
  }, [accountId, teamId, key]);
  return state && state.key === key ? state.usage : null;
}
