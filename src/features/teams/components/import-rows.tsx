/**
 * A row of the importer's preview table: its status with the messages of its checks, and the
 * inline editor a row that needs attention is fixed in.
 */
import { useState } from 'react';
import type { ImportMember, RowCheck, RowState } from '@/domain/import-rows';
import type { ImporterStoreApi } from '../importer-store';

const STATE_LABELS: Record<RowState, string> = {
  imported: 'Imported',
  ready: 'Ready',
  skip: 'Skipped',
  error: 'Needs attention',
};

export function RowEditor(props: {
  member: ImportMember;
  handle: string;
  position: number;
  store: ImporterStoreApi;
  onDone: () => void;
}) {
  const { member, store } = props;
  const [draft, setDraft] = useState({
    name: member.name ?? '',
    email: member.email ?? '',
    title: member.title ?? '',
    phone: member.links.phone ?? '',
    handle: props.handle,
  });
  const label = (what: string) => `${what}, row ${props.position}`;

  function save() {
    store.getState().dispatch({
      type: 'update',
      index: member.index,
      patch: {
        name: draft.name.trim(),
        email: draft.email.trim(),
        title: draft.title.trim(),
        links: { phone: draft.phone.trim() },
      },
    });
    if (draft.handle !== props.handle) store.getState().setHandle(member.index, draft.handle);
    props.onDone();
  }

  const input = (key: keyof typeof draft, what: string, type = 'text') => (
    <input
      className="field__control"
      type={type}
      aria-label={label(what)}
      value={draft[key]}
      onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
      onKeyDown={(e) => {
        if (e.key === 'Enter') save();
        if (e.key === 'Escape') props.onDone();
      }}
    />
  );

  return (
    <tr>
      <td>{props.position}</td>
      <td>{input('name', 'Name')}</td>
      <td>{input('email', 'E-mail', 'email')}</td>
      <td>{input('title', 'Title')}</td>
      <td>{input('phone', 'Phone', 'tel')}</td>
      <td>{input('handle', 'Handle')}</td>
      <td colSpan={2}>
        <div className="team-table__actions">
          <button
            type="button"
            className="button button--primary button--small"
            aria-label={`Save row ${props.position}`}
            onClick={save}
          >
            Save
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={props.onDone}
          >
            Cancel
          </button>
        </div>
      </td>
    </tr>
  );
}

export function StatusCell({ check }: { check: RowCheck | undefined }) {
  if (!check) return <span className="badge">…</span>;
  return (
    <>
      <span className={`badge badge--${check.state}`}>{STATE_LABELS[check.state]}</span>
      {check.messages.length > 0 ? (
        <ul
          className={`team-table__messages${check.state === 'skip' ? ' team-table__messages--skip' : ''}`}
        >
          {check.messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
