/** A team table's column headings; the last column, "Actions", is named for screen readers only. */
export function TableHead(props: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {props.columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        <th scope="col">
          <span className="visually-hidden">Actions</span>
        </th>
      </tr>
    </thead>
  );
}
