/**
 * The documents of both in-memory drivers (the port's and the server port's), a Map from path to
 * data: reading one, querying, and the two handles both give tests besides their port (a copy of
 * every stored document, seeding without any access check). What leaves the Map is a copy, so a
 * caller never changes stored data by accident.
 */
import type { DocData, DocSnapshot, QueryDoc } from '../port';
import type { ServerQuerySpec } from '../server-port';
import { assertDocPath, docId } from 'firestore-engine/paths';
import { runQuery } from 'firestore-engine/query';
import { inQueryScope, selectFields } from 'firestore-engine/server-query';
import { cloneValue } from 'firestore-engine/values';
import { applyWrite } from 'firestore-engine/writes';

/** The document at `path` as a snapshot (`exists: false` when there is none). */
export function snapshotDoc(docs: ReadonlyMap<string, DocData>, path: string): DocSnapshot {
  const data = docs.get(path);
  return {
    id: docId(path),
    path,
    exists: data !== undefined,
    data: data ? cloneValue(data) : null,
  };
}

/** The result of an already validated query, as Firestore would answer it. */
export function queryDocMap(docs: ReadonlyMap<string, DocData>, spec: ServerQuerySpec): QueryDoc[] {
  const inScope: QueryDoc[] = [];
  for (const [path, data] of docs) {
    if (inQueryScope(path, spec)) inScope.push({ id: docId(path), path, data });
  }
  return runQuery(inScope, spec).map((d) => {
    const selected = selectFields(d, spec.select);
    return { ...selected, data: cloneValue(selected.data) };
  });
}

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
