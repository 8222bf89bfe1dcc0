/**
 * CSV exports that are safe to open in a spreadsheet (security notes, OWASP CSV injection). A cell
 * starting with `=`, `+`, `-`, `@`, tab or carriage return would run as a formula; it gets a leading
 * single quote and is quoted. RFC 4180 quoting applies to every cell.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: `null`/`undefined` → empty; text starting with =, +, -, @, tab or CR gets a leading
 * `'` and is quoted; a cell holding a quote, comma, CR or LF is quoted with inner quotes doubled.
 * Choice: numbers and booleans are written as they are (a negative number is data, not a formula);
 * dates as ISO 8601.
 */
export function csvCell(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  const text = String(value);
  const neutralised = FORMULA_START.test(text);
  const cell = neutralised ? `'${text}` : text;
  if (neutralised || /[",\r\n]/.test(cell)) return `"${cell.replace(/"/g, '""')}"`;
  return cell;
}

/** A CSV document: cells joined by commas, rows by CRLF (RFC 4180), no line break after the last. */
export function toCsv(
  rows: ReadonlyArray<ReadonlyArray<string | number | boolean | Date | null | undefined>>,
): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
}
