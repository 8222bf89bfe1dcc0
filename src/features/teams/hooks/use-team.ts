import { useEffect, useState } from 'react';
import { followTeam } from '@/data/team-settings';
import type { TeamDoc } from '@/data/team-settings';

export type TeamState =
  | { status: 'loading'; team: null }
  | { status: 'ready'; team: TeamDoc }
  | { status: 'missing'; team: null }
  | { status: 'error'; team: null; message: string };

const LOADING: TeamState = { status: 'loading', team: null };
const MISSING: TeamState = { status: 'missing', team: null };

/** Follows one team of the account live (archived teams count as missing). */
export function useTeam(accountId: string | null, teamId: string | undefined): TeamState {
  const key = accountId && teamId ? `${accountId}/${teamId}` : null;
  const [state, setState] = useState<{ key: string; value: TeamState } | null>(null);
  useEffect(() => {
    if (!accountId || !teamId) return;
    const at = `${accountId}/${teamId}`;
    return followTeam(
      accountId,
      teamId,
      (team) =>
        setState({
          key: at,
          value: team && !team.isArchived ? { status: 'ready', team } : MISSING,
        }),
      (err) => setState({ key: at, value: { status: 'error', team: null, message: err.message } }),
    );
  }, [accountId, teamId]);
  if (key === null) return accountId ? MISSING : LOADING;
  return state && state.key === key ? state.value : LOADING;
}
