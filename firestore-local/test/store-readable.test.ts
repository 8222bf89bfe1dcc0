/**
 * `npm start` asks whether the store's file can be used before it builds the app and starts the
 * Auth emulator, so that a damaged file is explained at once (scripts/start.ts).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { checkStoreReadable, openStore } from 'firestore-local/store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-readable-'));
  dirs.push(dir);
  return dir;
}

it('accepts a folder without the file, and creates nothing there', () => {
  const dir = folder();
  expect(() => checkStoreReadable(dir)).not.toThrow();
  expect(existsSync(path.join(dir, 'cardbuilder.sqlite'))).toBe(false);
});

it('accepts a store that was opened and closed', () => {
  const dir = folder();
  openStore(dir).close();
  expect(() => checkStoreReadable(dir)).not.toThrow();
});

it('throws SQLite’s own error for a damaged file', () => {
  const dir = folder();
  writeFileSync(path.join(dir, 'cardbuilder.sqlite'), 'SQLite format 3\0'.padEnd(4096, 'x'));
  expect(() => checkStoreReadable(dir)).toThrow(expect.objectContaining({ code: 'SQLITE_NOTADB' }));
});
