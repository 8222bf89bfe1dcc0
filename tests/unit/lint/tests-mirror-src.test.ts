/**
 * tests/unit mirrors the code it tests (tests/README.md): each folder under it is a folder of
 * `src/` or of a package at the top of the tree, so a test is found where its module is. The few
 * folders that test something else are listed below, each with its reason.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = process.cwd();
const unit = join(root, 'tests', 'unit');

/** Folders of tests/unit with no folder of code to mirror, and why. */
const NOT_MIRRORED = new Map([
  // Checks of the tree itself (layer fences, folder names, this file): their subject is every folder.
  ['lint', 'checks of the whole tree'],
  // firestore.rules and storage.rules as whole files, run by the rules engine; they are not modules.
  ['rules', 'the rules files as a whole'],
]);

/** Top-level folders that are not code: their names are no counterpart of a test folder. */
const NOT_CODE = new Set(['src', 'tests', 'node_modules', 'dist', 'docs', 'public']);

function subfolders(dir: string): string[] {
  return readdirSync(dir).filter(
    (entry) => !entry.startsWith('.') && statSync(join(dir, entry)).isDirectory(),
  );
}

/** Every folder under tests/unit, as a path relative to it, outside the listed exceptions. */
function testFolders(relative = ''): string[] {
  return subfolders(join(unit, relative)).flatMap((name) => {
    const path = relative ? `${relative}/${name}` : name;
    return NOT_MIRRORED.has(path) ? [] : [path, ...testFolders(path)];
  });
}

function hasCounterpart(path: string): boolean {
  const top = path.split('/')[0] ?? '';
  return (
    existsSync(join(root, 'src', path)) || (!NOT_CODE.has(top) && existsSync(join(root, path)))
  );
}

it('every folder of tests/unit mirrors a folder of src/ or of a top-level package', () => {
  expect(testFolders().filter((path) => !hasCounterpart(path))).toEqual([]);
});

it('every listed exception is still a folder of tests/unit', () => {
  const gone = [...NOT_MIRRORED.keys()].filter((path) => !existsSync(join(unit, path)));
  expect(gone).toEqual([]);
});
