/**
 * The importer's column mapping: what each CSV column holds (or that it is ignored), whether the
 * first row holds column names, with the first value of each column to go by.
 */
import { useStore } from 'zustand';
import { IMPORT_FIELDS } from '@/domain/import-rows';
import type { ImportField } from '@/domain/import-rows';
import type { ImporterStoreApi } from '../importer-store';
import { SelectField } from './select-field';

export function MappingTable(props: { store: ImporterStoreApi }) {
  const rows = useStore(props.store, (s) => s.rows);
  const hasHeader = useStore(props.store, (s) => s.hasHeader);
  const mapping = useStore(props.store, (s) => s.mapping);
  const width = rows.reduce((max, row) => Math.max(max, row.length), 0);
  const header = hasHeader ? rows[0] : undefined;
  const sample = rows[hasHeader ? 1 : 0] ?? [];
  const fieldOf = (column: number) =>
    (Object.entries(mapping) as [ImportField, number][]).find(([, c]) => c === column)?.[0] ?? '';

  return (
    <section className="team-section" aria-labelledby="mapping-heading">
      <h2 id="mapping-heading">Match the columns</h2>
      <p className="team-section__lead">
        Tell us what each column holds. Unmatched columns are ignored.
      </p>
      <label className="team-check">
        <input
          type="checkbox"
          checked={hasHeader}
          onChange={(e) => props.store.getState().setHasHeader(e.target.checked)}
        />
        The first row holds column names
      </label>
      <div className="team-table-wrap">
        <table className="team-table">
          <caption className="visually-hidden">Column mapping</caption>
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">First value</th>
              <th scope="col">Holds</th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: width }, (_, column) => {
              const name = header?.[column] || `Column ${column + 1}`;
              return (
                <tr key={column}>
                  <th scope="row">{name}</th>
                  <td>{sample[column] ?? ''}</td>
                  <td>
                    <SelectField
                      label={`Field for ${name}`}
                      className="visually-hidden-label"
                      value={fieldOf(column)}
                      onChange={(e) =>
                        props.store
                          .getState()
                          .mapColumn(
                            column,
                            e.target.value === '' ? null : (e.target.value as ImportField),
                          )
                      }
                    >
                      <option value="">Ignore</option>
                      {IMPORT_FIELDS.map((field) => (
                        <option key={field.key} value={field.key}>
                          {field.label}
                        </option>
                      ))}
                    </SelectField>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
