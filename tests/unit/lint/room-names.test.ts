/**
 * No two rooms of the house share a name (issue 28: `server/` and `src/server/` needed the README
 * to tell them apart). A room is a folder of code at the top of the tree or directly under `src/`;
 * a new one whose name is taken fails here, before a reader has to guess which one is meant.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, it } from 'vitest';

const root = process.cwd();
/** Folders at the top that hold no code of the house: tests, builds, assets, installs. */
const NOT_ROOMS = new Set([
  'node_modules',
  'dist',
  'tests',
  'test-results',
  'public',
  'hosting',
  'extensions',
  'docs',
  'packages',
]);

function holdsCode(dir: string): boolean {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory() ? holdsCode(path) : /\.(ts|tsx|mjs)$/.test(entry)) return true;
  }
  return false;
}

function folders(dir: string): string[] {
  return readdirSync(dir)
    .filter((entry) => !entry.startsWith('.') && statSync(join(dir, entry)).isDirectory())
    .map((entry) => join(dir, entry));
}

it('every room at the top of the tree and under src/ has a name of its own', () => {
  const rooms = [
    ...folders(root).filter((dir) => !NOT_ROOMS.has(basename(dir)) && basename(dir) !== 'src'),
    ...folders(join(root, 'src')),
  ].filter(holdsCode);
  const byName = new Map<string, string[]>();
  for (const room of rooms) {
    const name = basename(room);
    byName.set(name, [...(byName.get(name) ?? []), room.slice(root.length + 1)]);
  }
  const shared = [...byName.values()].filter((places) => places.length > 1);
  expect(shared).toEqual([]);
  expect(rooms.length).toBeGreaterThan(10);
});
