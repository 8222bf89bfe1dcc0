/**
 * The importer's last step: the button that starts the import (a server job), its progress from
 * the job's document while the server creates the cards, and the result: how many cards were
 * created, the rows the server did not import and why, and a resume when the job failed. The
 * server does the work, so the person may leave the page meanwhile.
 */
import { Link } from 'react-router-dom';
import { useStore } from 'zustand';
import type { ValidationResult } from '@/domain/import-rows';
import { Button } from '@/ui/button';
import { Alert } from '@/ui/page';
import type { ImporterStoreApi } from '../importer-store';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The rows by what became of them, in words; the numbers add up to every row shown. */
function resultSummary(validation: ValidationResult): string {
  const total = validation.imported + validation.ready + validation.errors + validation.skipped;
  const parts = [`${validation.imported} imported`];
  if (validation.ready > 0) parts.push(`${validation.ready} ready to import`);
  if (validation.errors > 0) parts.push(`${validation.errors} need attention`);
  if (validation.skipped > 0)
    parts.push(`${validation.skipped} already had a card and were skipped`);
  return `Of ${plural(total, 'row', 'rows')}: ${parts.join(', ')}.`;
}

export function ImportRun(props: {
  store: ImporterStoreApi;
  accountId: string;
  teamName: string;
  validation: ValidationResult;
  /** Row index → its position in the preview (1-based), for the problems list. */
  positions: ReadonlyMap<number, number>;
  checking: boolean;
  linksOrBranding: boolean;
  /** The account's owner, who alone invites people to claim their cards. */
  canInviteSeats: boolean;
  onRun: () => void;
}) {
  const { store, validation } = props;
  const status = useStore(store, (s) => s.importer.status);
  const progress = useStore(store, (s) => s.progress);
  const outcome = useStore(store, (s) => s.outcome);
  const job = useStore(store, (s) => s.job);
  const saving = status.saving;
  const total = progress?.total ?? 0;
  const done = progress?.done ?? 0;
  const problems = (job?.problems ?? []).filter((p) => p.state === 'error');

  return (
    <section className="team-section" aria-labelledby="run-heading">
      <h2 id="run-heading">Import</h2>
      {saving ? (
        <div className="sync-status" role="status" aria-live="polite">
          <span>
            {job === null || job.state === 'queued'
              ? 'Starting the import…'
              : `Importing: ${done} of ${total} rows, ${plural(progress?.imported ?? 0, 'card', 'cards')} created.`}{' '}
            The server does this: you can leave the page.
          </span>
          <progress
            className="meter"
            aria-label="Import progress"
            max={Math.max(total, 1)}
            value={done}
          />
        </div>
      ) : null}
      {status.submitted && outcome ? (
        <Alert tone={outcome.error ? 'error' : 'success'}>
          <p>
            {outcome.error
              ? `Imported ${plural(outcome.imported, 'card', 'cards')}, then stopped: ${outcome.error} Cards already created are kept.`
              : `Imported ${plural(outcome.imported, 'card', 'cards')} into ${props.teamName}.`}
          </p>
          <p>{resultSummary(validation)}</p>
          {problems.length > 0 ? (
            <>
              <p>The server did not import these rows:</p>
              <ul aria-label="Rows the server did not import">
                {problems.map((p) => (
                  <li key={p.row}>
                    Row {props.positions.get(p.row) ?? p.row + 1}: {p.message}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {outcome.error && job?.state === 'failed' ? (
            <p>
              <Button
                size="small"
                variant="secondary"
                onClick={() => void store.getState().resumeImport(props.accountId)}
              >
                Resume the import
              </Button>
            </p>
          ) : null}
          {validation.imported > 0 ? (
            <>
              <p>
                <Link to="/builder">Open the new cards in the builder</Link>
              </p>
              <p>
                {props.canInviteSeats ? (
                  <>
                    Each person can keep their own card up to date:{' '}
                    <Link to="/settings/people#seats">invite them to claim their cards</Link>.
                  </>
                ) : (
                  'The account’s owner can invite each person to claim their card and keep it up to date.'
                )}
              </p>
            </>
          ) : null}
        </Alert>
      ) : null}
      <p className="team-section__lead">
        Each card gets the team’s links and branding
        {props.linksOrBranding ? '' : ' (turned off for new cards in the team settings)'}. Rows that
        need attention are not imported; fix or remove them first if you want them.
      </p>
      <Button
        onClick={props.onRun}
        busy={saving}
        disabled={saving || props.checking || validation.ready === 0}
      >
        {validation.ready === 0
          ? 'Nothing to import'
          : `Import ${validation.ready} ${validation.ready === 1 ? 'card' : 'cards'}`}
      </Button>
    </section>
  );
}
