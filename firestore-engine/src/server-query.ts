/**
 * What server queries add to the engine's (`./query.ts`): collection-group scope and field masks
 * (`ServerQuerySpec`), evaluated with Firestore's meaning for the drivers that run queries
 * themselves (the local server's store and the memory driver).
 */
import { BackendError } from './errors';
import type { DocData, QueryDoc } from './document';
import type { ServerQuerySpec } from './server-db';
import { parentCollection } from './paths';
import { validateQuery } from './query';
import { fieldSegments, getField } from './values';

/** Throws `invalid-argument` for a server query Firestore would refuse. */
export function validateServerQuery(spec: ServerQuerySpec): void {
  validateQuery(spec);
  if (spec.collectionGroup === true && spec.collection.includes('/')) {
    throw new BackendError(
      'invalid-argument',
      `A collection-group query names a collection id, not a path: "${spec.collection}".`,
    );
  }
  if (spec.select !== undefined) {
    if (!Array.isArray(spec.select))
      throw new BackendError('invalid-argument', '`select` must be a list of field paths.');
    for (const field of spec.select) fieldSegments(field);
  }
}

/** True when the document at `docPath` is in the query's scope (its collection, or its group). */
export function inQueryScope(docPath: string, spec: ServerQuerySpec): boolean {
  const parent = parentCollection(docPath);
  if (spec.collectionGroup !== true) return parent === spec.collection;
  return parent.slice(parent.lastIndexOf('/') + 1) === spec.collection;
}

/** The document with only the fields of `select` (all of them without one). */
export function selectFields(doc: QueryDoc, select: readonly string[] | undefined): QueryDoc {
  if (select === undefined) return doc;
  const data: DocData = {};
  for (const field of select) {
    const { found, value } = getField(doc.data, field);
    if (!found) continue;
    const segments = fieldSegments(field);
    let target: Record<string, unknown> = data;
    for (const segment of segments.slice(0, -1)) {
      const next = target[segment];
      target[segment] =
        typeof next === 'object' && next !== null && !(next instanceof Date) ? next : {};
      target = target[segment] as Record<string, unknown>;
    }
    target[segments[segments.length - 1] as string] = value;
  }
  return { ...doc, data };
}
