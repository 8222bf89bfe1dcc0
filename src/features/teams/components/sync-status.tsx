import { Button } from '@/ui/button';
import type { TeamSyncView } from '../hooks/use-team-sync';

/**
 * The progress of applying the team to its cards, from the server job's document: a bar while it
 * runs, the result when it is done, a retry (resume) when it failed.
 */
export function SyncStatus({ sync }: { sync: TeamSyncView }) {
  if (sync.error) {
    return (
      <div className="sync-status sync-status--error" role="alert">
        <span>
          Some cards were not updated yet ({sync.error}). Nothing is lost: retrying continues where
          it stopped.
        </span>
        <div>
          <Button size="small" variant="secondary" onClick={sync.retry}>
            Retry now
          </Button>
        </div>
      </div>
    );
  }
  if (!sync.running) {
    if (sync.lastUpdated === null) return null;
    return (
      <p className="muted" role="status">
        {sync.lastUpdated === 0
          ? 'Every card is up to date with this team.'
          : `Updated ${sync.lastUpdated} ${sync.lastUpdated === 1 ? 'card' : 'cards'} with the team’s links and branding.`}
      </p>
    );
  }
  const p = sync.progress;
  const total = p?.total ?? 0;
  const done = p?.done ?? 0;
  const label =
    p?.phase === 'writing' && total > 0
      ? `Updating cards: ${done} of ${total}`
      : 'Reading the team’s cards';
  return (
    <div className="sync-status" role="status" aria-live="polite">
      <span>{label}. The server does this: you can leave the page.</span>
      <progress
        className="meter"
        aria-label="Applying the team to its cards"
        max={Math.max(total, 1)}
        value={p?.phase === 'writing' ? done : undefined}
      />
    </div>
  );
}
