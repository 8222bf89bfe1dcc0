/**
 * CSV exports that are safe to open in a spreadsheet (security notes, OWASP CSV injection), written
 * by papaparse's `unparse`. A cell starting with `=`, `+`, `-`, `@`, tab or carriage return would
 * run as a formula; it gets a leading single quote and is quoted. RFC 4180 quoting applies to
 * every cell.
 */
import Papa from 'papaparse';

/**
 * papaparse's own `escapeFormulae: true` pattern ends in `.*$` without the `s` flag, so a
 * formula followed by a line break (`=cmd\nx`) would slip through; this one looks at the start only.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

type Cell = string | number | boolean | Date | null | undefined;

/**
 * A CSV document: cells joined by commas, rows by CRLF (RFC 4180), no line break after the last.
 * `null`/`undefined` are empty; text starting with =, +, -, @, tab or CR gets a leading `'` and is
 * quoted; a cell holding a quote, comma, CR or LF, or starting or ending with a space, is quoted
 * with inner quotes doubled. Choice: numbers and booleans are written as they are (a negative
 * number is data, not a formula); dates as ISO 8601.
 */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<Cell>>): string {
  return Papa.unparse(rows as Cell[][], { escapeFormulae: FORMULA_START, newline: '\r\n' });
}
