/**
 * Keeps a team's cards in step with its links and brand kit: when the team document says a version
 * has not reached every card, asks the server for that version's sync job (one per version) and
 * follows its progress. The server does the work, so the person may leave and come back to the
 * same job; a failed job resumes from where it stopped with `retry()`.
 */
import { useEffect, useState } from 'react';

/** How long the result of a finished sync stays on the page. */
export const SYNC_RESULT_MS = 8000;
import { resumeJob, watchJob } from '@/data/jobs';
import { requestTeamSync, teamSyncJobId } from '@/data/team-sync';
import { needsResume } from '@/domain/team-sync-plan';
import type { TeamDoc } from '@/data/team-settings';
import type { Job } from '@/domain/jobs';
import { plainWriteError } from '@/domain/access-errors';

export interface SyncProgress {
  phase: 'reading' | 'writing' | 'done';
  /** Cards gone through so far. */
  done: number;
  /** Cards of the team (known once the job has counted them). */
  total: number;
}

export interface TeamSyncView {
  running: boolean;
  progress: SyncProgress | null;
  /**
   * Cards the job this person started changed, for the status line while it is news (see above);
   * null otherwise.
   */
  lastUpdated: number | null;
  error: string | null;
  retry: () => void;
  /**
   * Takes the result off the page at once: a new save calls it, so that the previous sync's
   * "Updated 2 cards…" is never read as the new one's while the new version is on its way.
   */
  dismissResult: () => void;
}

/** What the page shows of a team sync job. */
export function syncViewOf(
  job: Job | null,
  pending: boolean,
): Omit<TeamSyncView, 'retry' | 'dismissResult'> {
  if (job === null) {
    return {
      running: pending,
      progress: pending ? { phase: 'reading', done: 0, total: 0 } : null,
      lastUpdated: null,
      error: null,
    };
  }
  switch (job.state) {
    case 'queued':
    case 'running':
      return {
        running: true,
        progress: {
          phase: job.total > 0 ? 'writing' : 'reading',
          done: job.done,
          total: job.total,
        },
        lastUpdated: null,
        error: null,
      };
    case 'done':
      return { running: false, progress: null, lastUpdated: job.written, error: null };
    case 'failed':
      return {
        running: false,
        progress: null,
        lastUpdated: null,
        error: job.error ?? 'Something went wrong.',
      };
    case 'cancelled':
      return { running: false, progress: null, lastUpdated: null, error: null };
  }
}

export function useTeamSync(
  team: TeamDoc | null,
  uid: string | null,
  enabled = true,
): TeamSyncView {
  const accountId = team?.accountId ?? '';
  const teamId = team?.id ?? '';
  const version = team?.syncVersion ?? 0;
  const pending = team !== null && needsResume(team);
  const [followed, setFollowed] = useState<{ key: string; job: Job | null } | null>(null);
  const key = `${accountId}/${teamId}/${version}`;
  // An error of asking for (or resuming) this version's job; another version's does not show.
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const requestError = failure?.key === key ? failure.message : null;

  useEffect(() => {
    if (!enabled || !pending || !accountId || !teamId || !uid) return;
    let active = true;
    requestTeamSync(accountId, teamId, version, uid).catch((err: unknown) => {
      console.error('[teams] asking for the team sync failed', err);
      const message = plainWriteError(err, 'Something went wrong.');
      if (active) setFailure({ key, message });
    });
    return () => {
      active = false;
    };
  }, [enabled, pending, accountId, teamId, version, uid, key]);

  useEffect(() => {
    if (!enabled || !accountId || !teamId || version < 1) return;
    return watchJob(
      accountId,
      teamSyncJobId(teamId, version),
      (job) => setFollowed({ key, job }),
      (err) => console.error('[teams] following the team sync failed', err),
    );
  }, [enabled, accountId, teamId, version, key]);

  const job = followed?.key === key ? followed.job : null;
  const view = syncViewOf(job, pending && job === null);

  // The result ("Updated 2 cards…") is a moment's news for the person who saved: only to the one
  // whose save started the job, only if this page followed it while it ran, for `SYNC_RESULT_MS`.
  // The version this page saw in progress, and the one whose result has had its moment.
  const [watched, setWatched] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  // Noted while rendering (React's way to keep state in step with what a render sees).
  if (view.running && watched !== key) setWatched(key);
  const news =
    view.lastUpdated !== null && watched === key && dismissed !== key && job?.createdBy === uid;
  useEffect(() => {
    if (!news) return;
    const timer = setTimeout(() => setDismissed(key), SYNC_RESULT_MS);
    return () => clearTimeout(timer);
  }, [news, key]);

  return {
    ...view,
    lastUpdated: news ? view.lastUpdated : null,
    error: requestError ?? view.error,
    dismissResult: () => setDismissed(key),
    retry: () => {
      setFailure(null);
      if (job?.state === 'failed') {
        void resumeJob(accountId, job.id).catch((err: unknown) =>
          setFailure({
            key,
            message: plainWriteError(err, 'Something went wrong.'),
          }),
        );
      }
    },
  };
}
