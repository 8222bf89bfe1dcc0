/**
 * Keeps a team's cards in step with its links and brand kit: whenever the team document says a
 * version has not reached every card (`syncVersion > syncedVersion`, after a save or on opening a
 * team whose last apply was interrupted), runs `runTeamSync` and reports its progress. A failed run
 * is not retried in a loop: it waits for `retry()` (or the next save / page load). The run's state
 * lives in a small store of its own, so the effect only starts work outside React.
 */
import { useEffect, useState } from 'react';
import { create, useStore } from 'zustand';
import { runTeamSync } from '../../../data/team-sync';
import { needsResume } from '../../../domain/team-sync-plan';
import type { SyncProgress } from '../../../data/team-sync';
import type { TeamDoc } from '../../../data/team-settings';

export interface TeamSyncView {
  running: boolean;
  progress: SyncProgress | null;
  /** Cards the last finished run wrote, for the status line. */
  lastUpdated: number | null;
  error: string | null;
  retry: () => void;
}

type SyncStore = Omit<TeamSyncView, 'retry'> & {
  /** The version whose run failed; not started again until `retry`. */
  failedVersion: number | null;
  run: (accountId: string, teamId: string, version: number) => Promise<void>;
  retry: () => void;
};

export function createSyncStore() {
  return create<SyncStore>()((set, get) => ({
    running: false,
    progress: null,
    lastUpdated: null,
    error: null,
    failedVersion: null,
    run: async (accountId, teamId, version) => {
      if (get().running) return;
      set({ running: true, error: null });
      try {
        const result = await runTeamSync(accountId, teamId, {
          onProgress: (progress) => set({ progress }),
        });
        set({ lastUpdated: result.updated, failedVersion: null });
      } catch (err) {
        console.error('[teams] applying the team to its cards failed', err);
        set({
          error: (err as { message?: string }).message ?? 'Something went wrong.',
          failedVersion: version,
        });
      } finally {
        set({ running: false });
      }
    },
    retry: () => set({ failedVersion: null, error: null }),
  }));
}

export function useTeamSync(team: TeamDoc | null, enabled = true): TeamSyncView {
  const [store] = useState(createSyncStore);
  const state = useStore(store);
  const accountId = team?.accountId ?? '';
  const teamId = team?.id ?? '';
  const version = team?.syncVersion ?? 0;
  const pending = team !== null && needsResume(team);

  useEffect(() => {
    const { running, failedVersion, run } = store.getState();
    if (!enabled || !pending || running || failedVersion === version || !accountId || !teamId)
      return;
    void run(accountId, teamId, version);
  }, [store, enabled, pending, version, accountId, teamId, state.running, state.failedVersion]);

  return {
    running: state.running,
    progress: state.progress,
    lastUpdated: state.lastUpdated,
    error: state.error,
    retry: state.retry,
  };
}
