/**
 * Query evaluation with Firestore's semantics, over the documents of one collection: `where` with
 * every operator, documents lacking a filtered or ordered field left out, several `orderBy` with the
 * implicit document-id tiebreak, then `limit`. The memory driver and the local server both answer
 * queries and query listeners with `runQuery`.
 */
import { BackendError } from './errors';
import type { DocData, OrderClause, QueryDoc, QuerySpec, WhereClause, WhereOp } from './document';
import { assertCollectionPath } from './paths';
import {
  compareIds,
  compareValues,
  fieldSegments,
  getField,
  typeOrder,
  valuesEqual,
} from './values';

const OPS: readonly WhereOp[] = [
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'in',
  'not-in',
  'array-contains',
  'array-contains-any',
];
const LIST_OPS: readonly WhereOp[] = ['in', 'not-in', 'array-contains-any'];
const INEQUALITY_OPS: readonly WhereOp[] = ['!=', '<', '<=', '>', '>=', 'not-in'];

/** The most filters one query may hold (Firestore's cost bound on a query's clauses). */
export const MAX_FILTERS = 100;
/** Firestore's limit on a query's disjunctions in disjunctive normal form. */
export const MAX_DISJUNCTIONS = 30;
/** The largest `limit` Firestore takes: its field is a signed 32-bit integer. */
export const MAX_LIMIT = 2_147_483_647;

/** Throws `invalid-argument` for a query Firestore would refuse. */
export function validateQuery(spec: QuerySpec): void {
  if (typeof spec !== 'object' || spec === null) {
    throw new BackendError('invalid-argument', 'A query must be an object.');
  }
  assertCollectionPath(spec.collection);
  const where = spec.where ?? [];
  if (!Array.isArray(where)) throw new BackendError('invalid-argument', '`where` must be a list.');
  // Counted before any clause is read: a list of 100,000 filters costs nothing to refuse.
  if (where.length > MAX_FILTERS) {
    throw new BackendError(
      'invalid-argument',
      `A query may have at most ${MAX_FILTERS} filters; this one has ${where.length}.`,
    );
  }
  for (const clause of where as readonly WhereClause[]) {
    if (typeof clause !== 'object' || clause === null) {
      throw new BackendError('invalid-argument', 'Each `where` clause must be an object.');
    }
    fieldSegments(clause.field);
    if (!OPS.includes(clause.op)) {
      throw new BackendError('invalid-argument', `Unknown where operator "${String(clause.op)}".`);
    }
    if (clause.value === undefined) {
      throw new BackendError(
        'invalid-argument',
        `The value of where "${clause.field}" is undefined.`,
      );
    }
    if (LIST_OPS.includes(clause.op)) {
      if (!Array.isArray(clause.value) || clause.value.length === 0 || clause.value.length > 30) {
        throw new BackendError(
          'invalid-argument',
          `"${clause.op}" needs a non-empty list of at most 30 values.`,
        );
      }
      (clause.value as unknown[]).forEach((v) => typeOrder(v));
    } else {
      typeOrder(clause.value);
    }
  }
  // Firestore turns "in" and "array-contains-any" into disjunctions (an OR of ANDs): their lists'
  // sizes multiply, and a query may hold at most 30 of them.
  let disjunctions = 1;
  for (const clause of where as readonly WhereClause[]) {
    if (clause.op === 'in' || clause.op === 'array-contains-any') {
      disjunctions *= (clause.value as unknown[]).length;
    }
  }
  if (disjunctions > MAX_DISJUNCTIONS) {
    throw new BackendError(
      'invalid-argument',
      `A query may have at most ${MAX_DISJUNCTIONS} disjunctions in disjunctive normal form; the ` +
        `"in" and "array-contains-any" filters of this one make ${disjunctions}.`,
    );
  }
  if (
    where.filter((c) => c.op === 'not-in').length > 1 ||
    where.filter((c) => c.op === 'array-contains').length > 1
  ) {
    throw new BackendError(
      'invalid-argument',
      'A query may use "not-in" or "array-contains" once.',
    );
  }
  const orderBy = spec.orderBy ?? [];
  if (!Array.isArray(orderBy))
    throw new BackendError('invalid-argument', '`orderBy` must be a list.');
  for (const order of orderBy as readonly OrderClause[]) {
    if (typeof order !== 'object' || order === null) {
      throw new BackendError('invalid-argument', 'Each `orderBy` clause must be an object.');
    }
    fieldSegments(order.field);
    if (order.direction !== 'asc' && order.direction !== 'desc') {
      throw new BackendError(
        'invalid-argument',
        `Unknown order direction "${String(order.direction)}".`,
      );
    }
  }
  if (
    spec.limit !== undefined &&
    (!Number.isInteger(spec.limit) || spec.limit < 1 || spec.limit > MAX_LIMIT)
  ) {
    throw new BackendError(
      'invalid-argument',
      `\`limit\` must be a positive integer of at most ${MAX_LIMIT} (Firestore's is a 32-bit integer).`,
    );
  }
  if (orderBy.length > MAX_FILTERS) {
    throw new BackendError(
      'invalid-argument',
      `A query may order by at most ${MAX_FILTERS} fields; this one has ${orderBy.length}.`,
    );
  }
}

function contains(list: readonly unknown[], value: unknown): boolean {
  return list.some((v) => valuesEqual(v, value));
}

/** True when the document satisfies the clause (mirrors the Firestore SDK's own filter logic). */
export function matchesWhere(data: DocData, clause: WhereClause): boolean {
  const { found, value } = getField(data, clause.field);
  if (!found) return false;
  const target = clause.value;
  switch (clause.op) {
    case '!=':
      // Types may differ, but null values and missing fields never match.
      return value !== null && !valuesEqual(value, target);
    case 'in':
      return contains(target as unknown[], value);
    case 'not-in':
      if (contains(target as unknown[], null)) return false;
      return value !== null && !contains(target as unknown[], value);
    case 'array-contains':
      return Array.isArray(value) && contains(value, target);
    case 'array-contains-any':
      return Array.isArray(value) && value.some((v) => contains(target as unknown[], v));
    default: {
      // Comparisons only match values of the same type: `age > 5` never matches a string age.
      if (typeOrder(value) !== typeOrder(target)) return false;
      const c = compareValues(value, target);
      switch (clause.op) {
        case '==':
          return c === 0;
        case '<':
          return c < 0;
        case '<=':
          return c <= 0;
        case '>':
          return c > 0;
        default:
          return c >= 0;
      }
    }
  }
}

/** The effective ordering: the given orderBy, or the inequality fields when none is given. */
export function effectiveOrder(spec: QuerySpec): OrderClause[] {
  const explicit = [...(spec.orderBy ?? [])];
  const inequalityFields = [
    ...new Set((spec.where ?? []).filter((c) => INEQUALITY_OPS.includes(c.op)).map((c) => c.field)),
  ].sort();
  // Firestore orders by inequality fields not already ordered, after the explicit ones.
  for (const field of inequalityFields) {
    if (!explicit.some((o) => o.field === field))
      explicit.push({ field, direction: explicit.at(-1)?.direction ?? 'asc' });
  }
  return explicit;
}

/** Filters, orders and limits the documents of `spec.collection` (all given in `docs`). */
export function runQuery(docs: Iterable<QueryDoc>, spec: QuerySpec): QueryDoc[] {
  const where = spec.where ?? [];
  const order = effectiveOrder(spec);
  const matching: QueryDoc[] = [];
  for (const doc of docs) {
    if (!where.every((clause) => matchesWhere(doc.data, clause))) continue;
    // A document without an ordered field is not in the index Firestore reads, so it is left out.
    if (!order.every((o) => getField(doc.data, o.field).found)) continue;
    matching.push(doc);
  }
  const lastDirection = order.at(-1)?.direction ?? 'asc';
  const compare = (a: QueryDoc, b: QueryDoc): number => {
    for (const o of order) {
      const c = compareValues(getField(a.data, o.field).value, getField(b.data, o.field).value);
      if (c !== 0) return o.direction === 'asc' ? c : -c;
    }
    const c = compareIds(a.id, b.id);
    return lastDirection === 'asc' ? c : -c;
  };
  const limit = spec.limit;
  if (limit !== undefined && limit > 0 && matching.length > limit * 4) {
    // A page of a large result (the builder's search over 10,000 cards): keep the first `limit`
    // in order as they come instead of sorting every match. Ids make every order total.
    const top: QueryDoc[] = [];
    for (const doc of matching) {
      const last = top[top.length - 1];
      if (top.length === limit && last && compare(doc, last) >= 0) continue;
      let lo = 0;
      let hi = top.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (compare(top[mid] as QueryDoc, doc) <= 0) lo = mid + 1;
        else hi = mid;
      }
      top.splice(lo, 0, doc);
      if (top.length > limit) top.pop();
    }
    return top;
  }
  matching.sort(compare);
  return limit !== undefined ? matching.slice(0, limit) : matching;
}
