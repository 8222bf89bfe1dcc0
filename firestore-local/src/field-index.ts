/**
 * The local server's query indexes: what Firestore reads an index for, the store answers from
 * SQLite too, instead of testing every document of a collection. One table holds the single-field
 * indexes of every collection group; a field is indexed when a query first needs it (or from the
 * start when `firestore.indexes.json` names it), then every commit keeps its rows in its own
 * transaction. The index narrows, the engine decides, so an answer is always the scan's.
 */
import type Database from 'better-sqlite3';
import type { DocData, QueryDoc, WhereClause } from 'firestore-engine/document';
import type { ServerQuerySpec } from 'firestore-engine/server-db';
import { docId, parentCollection } from 'firestore-engine/paths';
import { effectiveOrder, matchesWhere, runQuery } from 'firestore-engine/query';
import { deepEqual, getField } from 'firestore-engine/values';
import { idKey, indexKey, typeByte } from './index-key';
import { typeOrder } from 'firestore-engine/values';

/** Fields indexed per collection group at most (each costs every write of the group a little). */
export const MAX_INDEXED_FIELDS = 64;
/** Above this many candidates, a query with a limit walks its order's index instead. */
const WALK_ABOVE = 500;
/**
 * The caps a clause's candidates are counted to, in turn (see `candidates`); the first is what a
 * selective clause selects at most.
 */
const COUNT_CAPS = [16, 1024, Number.MAX_SAFE_INTEGER];
/** Documents indexed per step of a build. */
const BUILD_STEP = 500;
/** Index rows read per step of a walk. */
const WALK_STEP = 256;

/**
 * The (collection group, field) pairs of the composite indexes in `firestore.indexes.json`: the
 * fields production's queries are known to filter and order by, indexed here from the start.
 */
export function declaredIndexFields(indexesJson: unknown): { group: string; field: string }[] {
  const indexes = (indexesJson as { indexes?: unknown } | null)?.indexes;
  if (!Array.isArray(indexes)) return [];
  const out = new Map<string, { group: string; field: string }>();
  for (const index of indexes as { collectionGroup?: unknown; fields?: unknown }[]) {
    if (typeof index.collectionGroup !== 'string' || !Array.isArray(index.fields)) continue;
    for (const field of index.fields as { fieldPath?: unknown }[]) {
      if (typeof field.fieldPath !== 'string' || field.fieldPath === '__name__') continue;
      const pair = { group: index.collectionGroup, field: field.fieldPath };
      out.set(`${pair.group}\n${pair.field}`, pair);
    }
  }
  return [...out.values()];
}

export interface FieldIndexOptions {
  /** Fields indexed from the start (`declaredIndexFields`). */
  readonly declared?: readonly { group: string; field: string }[];
  /** Runs the next step of an index build (default: after pending I/O, `setImmediate`). */
  readonly schedule?: (work: () => void) => void;
  /** Candidates above which a query with a limit walks its order's index (default 500). */
  readonly walkAbove?: number;
}

export interface FieldIndexReader {
  /** A stored document (null when missing). */
  get(path: string): DocData | null;
  /** The collections of the group (for building an index). */
  parents(collectionId: string): string[];
  /** Up to `max` documents of the collection after the path `after` ('' first), by path. */
  chunk(collectionPath: string, after: string, max: number): [string, DocData][];
  /** The scan: every document of the collection, or of the group. */
  scan(spec: ServerQuerySpec): QueryDoc[];
}

export interface FieldIndex {
  /** Keeps the indexes of the document at `path` in step with its change (inside the commit). */
  update(path: string, before: DocData | null, after: DocData | null): void;
  /** The query's result, exactly as `runQuery` over the scan would give it. */
  query(spec: ServerQuerySpec): QueryDoc[];
}

interface Row {
  field: string;
  value: Buffer;
}

/** The id of the collection `collectionPath` (its last segment): the group it belongs to. */
function groupOf(collectionPath: string): string {
  return collectionPath.slice(collectionPath.lastIndexOf('/') + 1);
}

/**
 * The index rows of one document for one field: its value and, for an array, each element (for
 * `array-contains`). A row is (group, field, collection, value key, id key), and the value key
 * (`./index-key.ts`) sorts as the engine's `compareValues` does.
 */
function rowsOf(data: DocData | null, field: string): Row[] {
  if (data === null) return [];
  const { found, value } = getField(data, field);
  if (!found) return [];
  const rows: Row[] = [{ field: `=${field}`, value: indexKey(value) }];
  if (Array.isArray(value)) {
    const seen = new Set<string>();
    for (const element of value as unknown[]) {
      const key = indexKey(element);
      const hex = key.toString('hex');
      if (seen.has(hex)) continue;
      seen.add(hex);
      rows.push({ field: `[${field}`, value: key });
    }
  }
  return rows;
}

/** The key range `[low, high)` or point a clause selects, on `=field` or `[field` rows. */
interface Lookup {
  field: string;
  points?: Buffer[];
  low?: { key: Buffer; inclusive: boolean };
  high?: { key: Buffer; inclusive: boolean };
}

function lookupOf(clause: WhereClause): Lookup | null {
  const { field, op, value } = clause;
  switch (op) {
    case '==':
      return { field: `=${field}`, points: [indexKey(value)] };
    case 'in':
      return { field: `=${field}`, points: (value as unknown[]).map((v) => indexKey(v)) };
    case 'array-contains':
      return { field: `[${field}`, points: [indexKey(value)] };
    case 'array-contains-any':
      return { field: `[${field}`, points: (value as unknown[]).map((v) => indexKey(v)) };
    case '<':
    case '<=':
    case '>':
    case '>=': {
      // Comparisons match only values of the clause value's type: the range stays inside it.
      const rank = typeOrder(value);
      const typeStart = { key: Buffer.from([typeByte(rank)]), inclusive: true };
      const typeEnd = { key: Buffer.from([typeByte(rank + 1)]), inclusive: false };
      const key = indexKey(value);
      if (op === '<' || op === '<=') {
        return { field: `=${field}`, low: typeStart, high: { key, inclusive: op === '<=' } };
      }
      return { field: `=${field}`, low: { key, inclusive: op === '>=' }, high: typeEnd };
    }
    default:
      return null;
  }
}

export function createFieldIndex(
  db: Database.Database,
  reader: FieldIndexReader,
  options: FieldIndexOptions = {},
): FieldIndex {
  const declared = options.declared ?? [];
  const walkAbove = options.walkAbove ?? WALK_ABOVE;
  db.exec(`
    CREATE TABLE IF NOT EXISTS field_index (
      grp TEXT NOT NULL,
      field TEXT NOT NULL,
      parent TEXT NOT NULL,
      value BLOB NOT NULL,
      id BLOB NOT NULL,
      path TEXT NOT NULL,
      PRIMARY KEY (grp, field, parent, value, id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS field_index_group ON field_index (grp, field, value);
    CREATE TABLE IF NOT EXISTS indexed_fields (
      grp TEXT NOT NULL,
      field TEXT NOT NULL,
      PRIMARY KEY (grp, field)
    ) WITHOUT ROWID;
  `);
  const insertRow = db.prepare<[string, string, string, Buffer, Buffer, string]>(
    'INSERT OR IGNORE INTO field_index (grp, field, parent, value, id, path) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const deleteRow = db.prepare<[string, string, string, Buffer, Buffer]>(
    'DELETE FROM field_index WHERE grp = ? AND field = ? AND parent = ? AND value = ? AND id = ?',
  );
  const schedule = options.schedule ?? ((work: () => void) => void setImmediate(work));
  const insertField = db.prepare<[string, string]>(
    'INSERT OR IGNORE INTO indexed_fields (grp, field) VALUES (?, ?)',
  );

  /** Fields kept by every write, by collection group: the ready ones and those being built. */
  const fields = new Map<string, Set<string>>();
  /** `group\nfield` of the indexes complete and readable. */
  const ready = new Set<string>();
  const keyOf = (group: string, field: string) => `${group}\n${field}`;
  function keep(group: string, field: string): void {
    let set = fields.get(group);
    if (!set) fields.set(group, (set = new Set()));
    set.add(field);
  }
  for (const row of db
    .prepare<[], { grp: string; field: string }>('SELECT grp, field FROM indexed_fields')
    .all()) {
    keep(row.grp, row.field);
    ready.add(keyOf(row.grp, row.field));
  }

  const clearField = db.prepare<[string, string, string]>(
    'DELETE FROM field_index WHERE grp = ? AND field IN (?, ?)',
  );
  const buildStep = db.transaction((group: string, field: string, docs: [string, DocData][]) => {
    for (const [path, data] of docs) {
      for (const row of rowsOf(data, field))
        insertRow.run(
          group,
          row.field,
          parentCollection(path),
          row.value,
          idKey(docId(path)),
          path,
        );
    }
  });

  /**
   * Builds the index of `field` in `group` a chunk of documents at a time, between other work, so
   * that a first query on a field of 100,000 documents never holds the server for seconds. Every
   * write keeps the field's rows from the start of the build, and a chunk indexes its documents as
   * they are when it runs, so the index is complete when the last chunk is done; queries read it
   * only from then on (until then they are answered as before).
   */
  function startBuild(group: string, field: string): void {
    keep(group, field);
    // Rows left by a build a stop interrupted may be stale: they go first.
    clearField.run(group, `=${field}`, `[${field}`);
    const parents = reader.parents(group);
    let at = 0;
    let after = '';
    const step = () => {
      // The store closed before the build finished (a stop, a test's end): the field was never
      // marked built, so the next start builds it again from the beginning.
      if (!db.open) return;
      const parent = parents[at];
      if (parent === undefined) {
        insertField.run(group, field);
        ready.add(keyOf(group, field));
        return;
      }
      const docs = reader.chunk(parent, after, BUILD_STEP);
      buildStep(group, field, docs);
      if (docs.length < BUILD_STEP) {
        at += 1;
        after = '';
      } else {
        after = docs[docs.length - 1]?.[0] ?? '';
      }
      schedule(step);
    };
    step();
  }

  /** Whether `field` of `group` can be read from its index; starts building it when it cannot. */
  function ensure(group: string, field: string): boolean {
    if (ready.has(keyOf(group, field))) return true;
    const set = fields.get(group);
    if (!set?.has(field) && (set?.size ?? 0) < MAX_INDEXED_FIELDS) startBuild(group, field);
    return ready.has(keyOf(group, field));
  }

  for (const { group, field } of declared) ensure(group, field);

  /** The WHERE text and parameters selecting a lookup's rows (in one collection or the group). */
  function where(group: string, parent: string | null, lookup: Lookup, point?: Buffer) {
    const clauses = ['grp = ?', 'field = ?'];
    const params: unknown[] = [group, lookup.field];
    if (parent !== null) {
      clauses.push('parent = ?');
      params.push(parent);
    }
    if (point !== undefined) {
      clauses.push('value = ?');
      params.push(point);
    } else {
      if (lookup.low) {
        clauses.push(lookup.low.inclusive ? 'value >= ?' : 'value > ?');
        params.push(lookup.low.key);
      }
      if (lookup.high) {
        clauses.push(lookup.high.inclusive ? 'value <= ?' : 'value < ?');
        params.push(lookup.high.key);
      }
    }
    return { text: clauses.join(' AND '), params };
  }

  const statements = new Map<string, Database.Statement>();
  function prepared(sql: string): Database.Statement {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  }

  function parts(group: string, parent: string | null, lookup: Lookup) {
    return lookup.points
      ? lookup.points.map((point) => where(group, parent, lookup, point))
      : [where(group, parent, lookup)];
  }

  /**
   * A LIMIT written into the statement: bound as a parameter, the same lookup of a handle's one
   * row took three times as long (33 against 9 µs). The caps are integers of ours, never input.
   */
  function limit(n: number): string {
    return Number.isSafeInteger(n) && n >= 0 ? `LIMIT ${n}` : '';
  }

  /** How many rows the lookup selects, counted only up to `cap` (a better clause is known). */
  function count(group: string, parent: string | null, lookup: Lookup, cap: number): number {
    let n = 0;
    for (const part of parts(group, parent, lookup)) {
      if (n >= cap) break;
      const row = prepared(
        `SELECT COUNT(*) AS n FROM (SELECT 1 FROM field_index WHERE ${part.text} ${limit(cap - n)})`,
      ).get(...part.params) as { n: number };
      n += row.n;
    }
    return n;
  }

  function paths(group: string, parent: string | null, lookup: Lookup): string[] {
    const out = new Set<string>();
    for (const part of parts(group, parent, lookup)) {
      const rows = prepared(`SELECT path FROM field_index WHERE ${part.text}`).all(
        ...part.params,
      ) as { path: string }[];
      for (const row of rows) out.add(row.path);
    }
    return [...out];
  }

  function load(docPaths: Iterable<string>): QueryDoc[] {
    const docs: QueryDoc[] = [];
    for (const path of docPaths) {
      const data = reader.get(path);
      if (data !== null) docs.push({ id: docId(path), path, data });
    }
    return docs;
  }

  /**
   * Reads the collection's documents in the order of the first order field's index until `limit`
   * of them match and every document tied with the last of those is read too: no document left
   * unread can come before them, so the engine's order and limit over the read ones are the answer.
   */
  function walk(spec: ServerQuerySpec, first: { field: string; direction: 'asc' | 'desc' }) {
    const limit = spec.limit ?? 0;
    const clauses = spec.where ?? [];
    const order = effectiveOrder(spec);
    const asc = first.direction === 'asc';
    // A range on the order field bounds the walk: the rows outside it could only be rejected.
    let low: { key: Buffer; inclusive: boolean } = { key: Buffer.alloc(0), inclusive: true };
    let high: { key: Buffer; inclusive: boolean } = { key: Buffer.from([0xff]), inclusive: true };
    for (const clause of clauses) {
      if (clause.field !== first.field) continue;
      const range = lookupOf(clause);
      if (range?.low && Buffer.compare(range.low.key, low.key) >= 0) low = range.low;
      if (range?.high && Buffer.compare(range.high.key, high.key) <= 0) high = range.high;
    }
    const step = prepared(
      `SELECT value, id, path FROM field_index WHERE grp = ? AND field = ? AND parent = ? AND ` +
        `value ${low.inclusive ? '>=' : '>'} ? AND value ${high.inclusive ? '<=' : '<'} ? AND ` +
        `(value, id) ${asc ? '>' : '<'} (?, ?) ORDER BY value ${asc ? 'ASC' : 'DESC'}, ` +
        `id ${asc ? 'ASC' : 'DESC'} LIMIT ${WALK_STEP}`,
    );
    let after: { value: Buffer; id: Buffer } = {
      value: asc ? Buffer.alloc(0) : Buffer.from([0xff]),
      id: Buffer.alloc(0),
    };
    const matched: QueryDoc[] = [];
    let boundary: Buffer | null = null;
    for (;;) {
      const rows = step.all(
        groupOf(spec.collection),
        `=${first.field}`,
        spec.collection,
        low.key,
        high.key,
        after.value,
        after.id,
      ) as { value: Buffer; id: Buffer; path: string }[];
      for (const row of rows) {
        if (boundary !== null && !row.value.equals(boundary)) return matched;
        const data = reader.get(row.path);
        if (
          data !== null &&
          clauses.every((clause) => matchesWhere(data, clause)) &&
          order.every((o) => getField(data, o.field).found)
        ) {
          matched.push({ id: docId(row.path), path: row.path, data });
          if (matched.length >= limit && boundary === null) boundary = row.value;
        }
      }
      const last = rows.at(-1);
      if (!last || rows.length < WALK_STEP) return matched;
      after = { value: last.value, id: last.id };
    }
  }

  /**
   * The paths a lookup selects when they are at most `few`, read with one statement per point;
   * null when there are more (the lookup is not selective).
   */
  function fewPaths(
    group: string,
    parent: string | null,
    lookup: Lookup,
    few: number,
  ): string[] | null {
    const out = new Set<string>();
    let read = 0;
    for (const part of parts(group, parent, lookup)) {
      const rows = prepared(
        `SELECT path FROM field_index WHERE ${part.text} ${limit(few + 1 - read)}`,
      ).all(...part.params) as { path: string }[];
      read += rows.length;
      if (read > few) return null;
      for (const row of rows) out.add(row.path);
    }
    return [...out];
  }

  // The documents of the most selective indexed clause (an equality, `in`, `array-contains(-any)`
  // or a range), or those met walking the first order field's index until `limit` matches are
  // certain; `runQuery` then filters, orders and limits them as it would the whole collection. They
  // include every document that can be in the result; null (scan) when no clause is usable.
  function candidates(spec: ServerQuerySpec): QueryDoc[] | null {
    const group = spec.collectionGroup === true ? spec.collection : groupOf(spec.collection);
    const parent = spec.collectionGroup === true ? null : spec.collection;
    const lookups: Lookup[] = [];
    for (const clause of spec.where ?? []) {
      const lookup = lookupOf(clause);
      if (lookup !== null && ensure(group, clause.field)) lookups.push(lookup);
    }
    const first = effectiveOrder(spec)[0];
    const walkable =
      parent !== null &&
      spec.limit !== undefined &&
      first !== undefined &&
      ensure(group, first.field);
    const fewEnough = (n: number) => !walkable || n <= Math.max(walkAbove, spec.limit ?? 0);
    const loaded = (found: string[]) => {
      // Same input order as the scan's (by path), so that equal-sorting results keep their order.
      found.sort();
      return load(found);
    };
    // A selective clause (a handle, the card page's lookup) is taken as soon as it is met, its
    // paths read by the statement that finds it selective: one statement for the whole lookup.
    const [smallest = 0] = COUNT_CAPS;
    for (const lookup of lookups) {
      const found = fewPaths(group, parent, lookup, smallest);
      if (found !== null && fewEnough(found.length)) return loaded(found);
    }
    // Else the most selective clause, counted with growing caps so that one of a few hundred
    // is found without counting a large one (the 10,000 cards that are not archived) whole.
    let best: { lookup: Lookup; n: number } | null = null;
    for (const cap of COUNT_CAPS.slice(1)) {
      best = null;
      for (const lookup of lookups) {
        const n = count(group, parent, lookup, cap);
        if (best === null || n < best.n) best = { lookup, n };
      }
      if (best === null || best.n < cap) break;
    }
    if (best !== null && fewEnough(best.n)) return loaded(paths(group, parent, best.lookup));
    if (walkable && first !== undefined) return walk(spec, first);
    return null;
  }

  return {
    update(path, before, after) {
      const set = fields.get(groupOf(parentCollection(path)));
      if (!set) return;
      const group = groupOf(parentCollection(path));
      const parent = parentCollection(path);
      const id = idKey(docId(path));
      for (const field of set) {
        const was = before === null ? undefined : getField(before, field);
        const is = after === null ? undefined : getField(after, field);
        if (was?.found === is?.found && (!was?.found || deepEqual(was?.value, is?.value))) continue;
        for (const row of rowsOf(before, field))
          deleteRow.run(group, row.field, parent, row.value, id);
        for (const row of rowsOf(after, field))
          insertRow.run(group, row.field, parent, row.value, id, path);
      }
    },
    query(spec) {
      const docs = candidates(spec) ?? reader.scan(spec);
      return runQuery(docs, spec);
    },
  };
}
