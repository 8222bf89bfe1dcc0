/**
 * Bulk import (docs/product.md §1, §3, §4): a CSV file or pasted rows → column mapping → a paged preview where
 * each row can be edited or removed, with its validation messages → one card per valid row, with
 * the team's links and branding, created by a server job with progress (`import-run.tsx`) → the
 * result: rows imported shown as imported (with their handle), counts that add up to the rows,
 * and a way to the new cards. The mapping and the row editor live in their own files.
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { ImportTeam } from '@/data/importer';
import { LINK_FIELDS, MAX_IMPORT_ROWS } from '@/domain/import-rows';
import { Button } from '@/ui/button';
import { Alert } from '@/ui/page';
import { parseCsvFile, parseCsvText } from '../csv';
import type { ImporterStoreApi } from '../importer-store';
import { MappingTable } from './import-mapping';
import { RowEditor, StatusCell } from './import-rows';
import { ImportRun } from './import-run';
import { SelectField } from './select-field';
import './import-panel.css';
import { TableHead } from './table-head';

export const PAGE_SIZE = 25;

type Filter = 'all' | 'imported' | 'error' | 'ready' | 'skip';

export function ImportPanel(props: {
  store: ImporterStoreApi;
  accountId: string;
  ownerId: string;
  company: string;
  team: ImportTeam;
  teamName: string;
  remaining: number;
  canInviteSeats: boolean;
  bulkSync: { syncTeamLinks: boolean; syncBranding: boolean };
}) {
  const { store, accountId } = props;
  const importer = useStore(store, (s) => s.importer);
  const rows = useStore(store, (s) => s.rows);
  const source = useStore(store, (s) => s.source);
  const truncated = useStore(store, (s) => s.truncated);
  const overrides = useStore(store, (s) => s.handleOverrides);
  const existing = useStore(store, (s) => s.existingEmails);
  const claimed = useStore(store, (s) => s.claimed);
  const checking = useStore(store, (s) => s.checking);
  const checkError = useStore(store, (s) => s.checkError);
  const importedRows = useStore(store, (s) => s.importedRows);
  const [paste, setPaste] = useState('');
  const [parseError, setParseError] = useState<string | null>(null);
  const [parsing, setParsing] = useState(false);
  const [page, setPage] = useState(0);
  const [filter, setFilter] = useState<Filter>('all');
  const [editing, setEditing] = useState<number | null>(null);
  const { members, status } = importer;

  const validation = useMemo(
    () => store.getState().validation(props.remaining),
    // The store's validation reads these; list them so the memo follows them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store, members, overrides, existing, claimed, importedRows, props.remaining],
  );

  useEffect(() => {
    if (members.length === 0 || status.saving) return;
    const timer = setTimeout(() => void store.getState().check(accountId), 300);
    return () => clearTimeout(timer);
  }, [store, accountId, members, overrides, status.saving]);

  const positions = useMemo(() => new Map(members.map((m, i) => [m.index, i + 1])), [members]);
  const shown = useMemo(
    () => members.filter((m) => filter === 'all' || validation.rows.get(m.index)?.state === filter),
    [members, filter, validation],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const pageRows = shown.slice(current * PAGE_SIZE, current * PAGE_SIZE + PAGE_SIZE);

  async function readFile(file: File) {
    setParseError(null);
    setParsing(true);
    try {
      const parsed = await parseCsvFile(file);
      if (parsed.rows.length === 0) setParseError('This file has no rows.');
      else store.getState().loadRows(parsed.rows, file.name, parsed.truncated);
      setPage(0);
    } catch (err) {
      setParseError(
        `This file could not be read: ${(err as { message?: string }).message ?? 'unknown error'}`,
      );
    } finally {
      setParsing(false);
    }
  }

  function readPaste() {
    const parsed = parseCsvText(paste);
    if (parsed.rows.length === 0) {
      setParseError('Paste at least one row first.');
      return;
    }
    setParseError(null);
    store.getState().loadRows(parsed.rows, 'pasted rows', parsed.truncated);
    setPage(0);
  }

  async function runImport() {
    await store.getState().runImport({
      accountId,
      ownerId: props.ownerId,
      team: props.team,
      remaining: props.remaining,
    });
  }

  if (rows.length === 0) {
    return (
      <section className="team-section" aria-labelledby="import-heading">
        <h2 id="import-heading">Import members</h2>
        <p className="team-section__lead">
          Create a card for each person in {props.teamName} from a spreadsheet: one row per person,
          with a name and an e-mail, and optionally a job title, phone and links. Up to{' '}
          {MAX_IMPORT_ROWS.toLocaleString()} rows.
        </p>
        {parseError ? <Alert tone="error">{parseError}</Alert> : null}
        <div className="team-grid">
          <div className="field">
            <span className="field__label" id="import-file-label">
              CSV file
            </span>
            <span className="file-button">
              <span className="button button--primary" aria-hidden="true">
                {parsing ? 'Reading…' : 'Choose a CSV file'}
              </span>
              <input
                type="file"
                accept=".csv,text/csv,text/plain"
                aria-labelledby="import-file-label"
                disabled={parsing}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void readFile(file);
                }}
              />
            </span>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="import-paste">
              Or paste rows
            </label>
            <textarea
              id="import-paste"
              className="team-textarea"
              value={paste}
              placeholder={
                'Name,Email,Title,Phone\nAda Lovelace,ada@company.com,Engineer,+1 555 0100'
              }
              onChange={(e) => setPaste(e.target.value)}
            />
            <div>
              <Button variant="secondary" onClick={readPaste} disabled={paste.trim() === ''}>
                Preview pasted rows
              </Button>
            </div>
          </div>
        </div>
      </section>
    );
  }

  const saving = status.saving;

  return (
    <div className="team-grid import-panel">
      <div className="toggle-row">
        <p className="muted" style={{ margin: 0 }}>
          {members.length} {members.length === 1 ? 'row' : 'rows'} from {source}
          {truncated ? ` (only the first ${MAX_IMPORT_ROWS.toLocaleString()} are used)` : ''}.
        </p>
        <Button variant="ghost" onClick={() => store.getState().reset()} disabled={saving}>
          Start over
        </Button>
      </div>

      {!status.submitted ? <MappingTable store={store} /> : null}

      <section className="team-section" aria-labelledby="preview-heading">
        <h2 id="preview-heading">{status.submitted ? 'Import result' : 'Check the rows'}</h2>
        <div className="stat-row" aria-label="Rows by status" role="group">
          {validation.imported > 0 ? (
            <div className="stat stat--imported">
              <span className="stat__value">{validation.imported}</span>
              <span className="stat__label">imported</span>
            </div>
          ) : null}
          <div className="stat">
            <span className="stat__value">{validation.ready}</span>
            <span className="stat__label">ready to import</span>
          </div>
          <div className="stat">
            <span className="stat__value">{validation.errors}</span>
            <span className="stat__label">need attention</span>
          </div>
          <div className="stat">
            <span className="stat__value">{validation.skipped}</span>
            <span className="stat__label">already had a card</span>
          </div>
          <div className="stat stat--plan">
            <span className="stat__value">{Math.max(0, props.remaining)}</span>
            <span className="stat__label">cards left on your plan</span>
          </div>
        </div>
        {checkError ? <Alert tone="error">Some checks could not run: {checkError}</Alert> : null}
        <p className="muted" role="status" aria-live="polite">
          {checking ? 'Checking e-mails and handles…' : ''}
        </p>
        <div className="team-row" style={{ marginBottom: 'var(--space-3)' }}>
          <SelectField
            label="Show"
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as Filter);
              setPage(0);
            }}
          >
            <option value="all">All rows</option>
            {validation.imported > 0 ? <option value="imported">Imported rows</option> : null}
            <option value="error">Rows that need attention</option>
            <option value="ready">Rows ready to import</option>
            <option value="skip">Skipped rows</option>
          </SelectField>
        </div>
        <div className="team-table-wrap">
          <table className="team-table">
            <caption className="visually-hidden">Rows to import</caption>
            <TableHead columns={['Row', 'Name', 'E-mail', 'Title', 'Phone', 'Handle', 'Status']} />
            <tbody>
              {pageRows.map((member) => {
                const position = positions.get(member.index) ?? 0;
                const check = validation.rows.get(member.index);
                if (editing === member.index) {
                  return (
                    <RowEditor
                      key={member.index}
                      member={member}
                      handle={check?.handle ?? ''}
                      position={position}
                      store={store}
                      onDone={() => setEditing(null)}
                    />
                  );
                }
                const extra = LINK_FIELDS.filter(
                  (f) => f.key !== 'phone' && member.links[f.key],
                ).length;
                return (
                  <tr key={member.index} data-row={position}>
                    <td>{position}</td>
                    <td>{member.name || <span className="muted">—</span>}</td>
                    <td style={{ overflowWrap: 'anywhere' }}>
                      {member.email || <span className="muted">—</span>}
                    </td>
                    <td>{member.title}</td>
                    <td>
                      {member.links.phone ?? ''}
                      {extra > 0 ? <span className="muted"> +{extra} links</span> : null}
                    </td>
                    <td>{check?.handle}</td>
                    <td>
                      <StatusCell check={check} />
                    </td>
                    <td>
                      {check?.state === 'imported' ? null : (
                        <div className="team-table__actions">
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            disabled={saving}
                            aria-label={`Edit row ${position}`}
                            onClick={() => setEditing(member.index)}
                          >
                            Edit
                          </button>
                          <button
                            type="button"
                            className="button button--ghost button--small"
                            disabled={saving}
                            aria-label={`Remove row ${position}`}
                            onClick={() =>
                              store.getState().dispatch({ type: 'delete', index: member.index })
                            }
                          >
                            Remove
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
              {pageRows.length === 0 ? (
                <tr>
                  <td colSpan={8} className="muted">
                    No rows to show.
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
        {pages > 1 ? (
          <nav className="pager" aria-label="Rows pages">
            <Button
              size="small"
              variant="secondary"
              disabled={current === 0}
              onClick={() => setPage(current - 1)}
            >
              Previous
            </Button>
            <span>
              Page {current + 1} of {pages}
            </span>
            <Button
              size="small"
              variant="secondary"
              disabled={current >= pages - 1}
              onClick={() => setPage(current + 1)}
            >
              Next
            </Button>
          </nav>
        ) : null}
      </section>

      <ImportRun
        store={store}
        accountId={accountId}
        teamName={props.teamName}
        validation={validation}
        positions={positions}
        checking={checking}
        linksOrBranding={props.bulkSync.syncTeamLinks || props.bulkSync.syncBranding}
        canInviteSeats={props.canInviteSeats}
        onRun={() => void runImport()}
      />
    </div>
  );
}
