/**
 * CSV parsing for the importer with papaparse. Files are read in chunks (`chunkSize`), so a large
 * file never blocks the page in one long task; pasted text is parsed at once (it is small by
 * nature). Rows come back as arrays of trimmed strings; blank lines are dropped.
 */
import Papa from 'papaparse';
import { MAX_IMPORT_ROWS, nonEmptyRows } from '@/domain/import-rows';

export interface ParsedCsv {
  rows: string[][];
  /** True when the file had more rows than one import takes (the rest is dropped). */
  truncated: boolean;
}

function finish(rows: string[][]): ParsedCsv {
  const clean = nonEmptyRows(rows.map((row) => row.map((cell) => String(cell ?? '').trim())));
  return {
    rows: clean.slice(0, MAX_IMPORT_ROWS + 1),
    truncated: clean.length > MAX_IMPORT_ROWS + 1,
  };
}

/** Parses pasted CSV (commas, semicolons or tabs are detected). */
export function parseCsvText(text: string): ParsedCsv {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  return finish(result.data);
}

/** Parses a CSV file in 256 KB chunks, yielding to the page between chunks. */
export function parseCsvFile(file: File): Promise<ParsedCsv> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    Papa.parse<string[]>(file, {
      skipEmptyLines: 'greedy',
      chunkSize: 256 * 1024,
      chunk: (result) => {
        for (const row of result.data) rows.push(row);
      },
      complete: () => {
        if (rows[0]?.[0]) rows[0][0] = rows[0][0].replace(/^\uFEFF/, '');
        resolve(finish(rows));
      },
      error: (err) => reject(err),
    });
  });
}
