/**
 * The two handles both in-memory drivers (the port's and the server port's) give tests besides
 * their port: a copy of every stored document, and seeding a document without any access check.
 */
import type { DocData } from '../port';
import { assertDocPath } from '../engine/paths';
import { cloneValue } from '../engine/values';
import { applyWrite } from '../engine/writes';

/** Every stored document, path → data, as a copy the test may change freely. */
export function dumpDocs(docs: ReadonlyMap<string, DocData>): Record<string, DocData> {
  const out: Record<string, DocData> = {};
  for (const [path, data] of docs) out[path] = cloneValue(data);
  return out;
}

/** Stores `data` at `path` as a set would (transforms applied at `at`), with no access check. */
export function seedDoc(docs: Map<string, DocData>, path: string, data: DocData, at: Date): void {
  assertDocPath(path);
  docs.set(path, applyWrite(null, { kind: 'set', path, data }, at) as DocData);
}
