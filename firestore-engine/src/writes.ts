/**
 * Applies writes to documents as Firestore does: `set` replaces, `set` with merge merges maps deeply,
 * `update` addresses dotted field paths and fails on a missing document, and the tagged transforms
 * of `./transforms.ts` (server timestamp, increment, array union/remove, delete field) are resolved
 * against the stored value at commit time. Pure: the caller passes the document before and `now`.
 */
import { BackendError } from './errors';
import type { DocData, WriteOp } from './document';
import { isFieldTransform } from './transforms';
import type { FieldTransform } from './transforms';
import { Bytes, DocumentRef, GeoPoint } from './value-types';
import { assertDocPath, utf8Length } from './paths';
import {
  assertFieldName,
  cloneValue,
  fieldSegments,
  isPlainObject,
  ownField,
  valuesEqual,
} from './values';
import type { Plain } from './values';

/** Firestore's document size limit: 1 MiB. */
export const MAX_DOC_BYTES = 1024 * 1024;

/**
 * Firestore's deepest nesting of maps and arrays in a document: 20 levels. A map or an array that
 * is a document's field is level 1 (`{a: {b: {}}}` is two levels deep).
 */
export const MAX_DEPTH = 20;

/** Firestore's longest field name, in UTF-8 bytes. */
export const MAX_FIELD_NAME_BYTES = 1500;

function tooDeep(where: string): BackendError {
  return new BackendError(
    'invalid-argument',
    `The document is nested too deeply: ${where} is deeper than ${MAX_DEPTH} levels of maps and ` +
      `arrays, Firestore's limit.`,
  );
}

/**
 * Checks that `value` is storable: no undefined, no functions or class instances, no array inside
 * an array, transforms only as map fields, at most `MAX_DEPTH` levels of maps and arrays, field
 * names of at most 1,500 bytes. Throws `invalid-argument` naming the field. `depth` is the level of
 * `value` itself (the document is level 0), so the walk stops at the limit, never deeper.
 */
export function validateValue(value: unknown, where: string, inArray = false, depth = 0): void {
  if (value === undefined) {
    throw new BackendError('invalid-argument', `Unsupported field value: undefined (at ${where}).`);
  }
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return;
  if (typeof value === 'number') return;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) {
      throw new BackendError('invalid-argument', `Invalid date at ${where}.`);
    }
    return;
  }
  if (value instanceof Bytes || value instanceof GeoPoint) return;
  if (value instanceof DocumentRef) {
    assertDocPath(value.path);
    return;
  }
  if (Array.isArray(value)) {
    if (inArray) {
      throw new BackendError(
        'invalid-argument',
        `Nested arrays are not supported: an array cannot directly contain another array (at ${where}).`,
      );
    }
    if (depth > MAX_DEPTH) throw tooDeep(where);
    value.forEach((v, i) => validateValue(v, `${where}[${i}]`, true, depth + 1));
    return;
  }
  if (isFieldTransform(value)) {
    if (inArray) {
      throw new BackendError(
        'invalid-argument',
        `A transform cannot be inside an array (at ${where}).`,
      );
    }
    validateTransform(value, where, depth);
    return;
  }
  if (isPlainObject(value)) {
    if (depth > MAX_DEPTH) throw tooDeep(where);
    for (const [k, v] of Object.entries(value)) {
      if (k === '') throw new BackendError('invalid-argument', `Empty field name at ${where}.`);
      assertFieldName(k, where);
      if (utf8Length(k) > MAX_FIELD_NAME_BYTES) {
        throw new BackendError(
          'invalid-argument',
          `A field name at ${where} is longer than ${MAX_FIELD_NAME_BYTES} bytes.`,
        );
      }
      validateValue(v, `${where}.${k.length > 40 ? `${k.slice(0, 40)}…` : k}`, false, depth + 1);
    }
    return;
  }
  throw new BackendError('invalid-argument', `Unsupported field value at ${where}.`);
}

function validateTransform(t: FieldTransform, where: string, depth: number): void {
  switch (t.__transform) {
    case 'serverTimestamp':
    case 'deleteField':
      return;
    case 'increment':
      if (typeof t.by !== 'number') {
        throw new BackendError('invalid-argument', `increment() needs a number (at ${where}).`);
      }
      return;
    case 'arrayUnion':
    case 'arrayRemove':
      if (!Array.isArray(t.values)) {
        throw new BackendError(
          'invalid-argument',
          `${t.__transform}() needs values (at ${where}).`,
        );
      }
      // The values go into the field's array: one level below it.
      if (depth > MAX_DEPTH) throw tooDeep(where);
      t.values.forEach((v, i) => validateValue(v, `${where}[${i}]`, true, depth + 1));
      return;
    default:
      throw new BackendError(
        'invalid-argument',
        `Unknown transform "${String((t as { __transform: unknown }).__transform)}" at ${where}.`,
      );
  }
}

const DELETE = Symbol('delete');

/** The new value of a field given its previous value (undefined when absent). */
function resolve(value: unknown, previous: unknown, now: Date, allowDelete: boolean): unknown {
  if (isFieldTransform(value)) {
    switch (value.__transform) {
      case 'serverTimestamp':
        return new Date(now.getTime());
      case 'increment':
        return typeof previous === 'number' ? previous + value.by : value.by;
      case 'arrayUnion': {
        const out = Array.isArray(previous) ? [...(previous as unknown[])] : [];
        for (const v of value.values)
          if (!out.some((x) => valuesEqual(x, v))) out.push(cloneValue(v));
        return out;
      }
      case 'arrayRemove': {
        const prev = Array.isArray(previous) ? (previous as unknown[]) : [];
        return prev.filter((x) => !value.values.some((v) => valuesEqual(x, v)));
      }
      case 'deleteField':
        if (!allowDelete) {
          throw new BackendError(
            'invalid-argument',
            'deleteField() can only be used with update() and set() with merge.',
          );
        }
        return DELETE;
    }
  }
  if (isPlainObject(value)) {
    // A map written whole replaces the old one, but transforms inside it still see old values.
    const prevMap = isPlainObject(previous) ? previous : {};
    const out: Plain = {};
    for (const [k, v] of Object.entries(value)) {
      const r = resolve(v, ownField(prevMap, k), now, false);
      out[k] = r;
    }
    return out;
  }
  return cloneValue(value);
}

function mergeInto(target: Plain, data: Plain, now: Date): void {
  for (const [key, value] of Object.entries(data)) {
    const previous = ownField(target, key);
    if (isPlainObject(value) && !isFieldTransform(value) && Object.keys(value).length > 0) {
      const next: Plain = isPlainObject(previous) ? previous : {};
      mergeInto(next, value, now);
      target[key] = next;
      continue;
    }
    const r = resolve(value, previous, now, true);
    if (r === DELETE) delete target[key];
    else target[key] = r;
  }
}

/** The document after `set(path, data, { merge })` on `before` (null when it did not exist). */
export function applySet(
  before: DocData | null,
  data: DocData,
  merge: boolean,
  now: Date,
): DocData {
  if (!isPlainObject(data))
    throw new BackendError('invalid-argument', 'Document data must be an object.');
  validateValue(data, 'document');
  if (!merge) return resolve(data, null, now, false) as DocData;
  const out = cloneValue(before ?? {}) as Plain;
  mergeInto(out, data, now);
  return out;
}

/** The document after `update(path, data)`: dotted keys address nested fields. */
export function applyUpdate(before: DocData | null, data: DocData, now: Date, path = ''): DocData {
  if (!isPlainObject(data))
    throw new BackendError('invalid-argument', 'Update data must be an object.');
  validateValue(data, 'document');
  if (before === null) {
    throw new BackendError('not-found', `No document to update: ${path}`);
  }
  const keys = Object.keys(data);
  const segmentLists = keys.map((k) => fieldSegments(k));
  // Firestore refuses an update naming both a field and one of its sub-fields (`a` and `a.b`).
  const joined = keys.map((_, i) => (segmentLists[i] as string[]).join('.'));
  for (const a of joined) {
    for (const b of joined) {
      if (a !== b && b.startsWith(`${a}.`)) {
        throw new BackendError(
          'invalid-argument',
          `Field "${a}" and its sub-field "${b}" both updated.`,
        );
      }
    }
  }
  const out = cloneValue(before) as Plain;
  keys.forEach((key, i) => {
    const segments = segmentLists[i] as string[];
    let node = out;
    // Only the document's own fields are walked (the segments are checked by fieldSegments too).
    for (const segment of segments.slice(0, -1)) {
      const child = ownField(node, segment);
      if (isPlainObject(child)) node = child;
      else {
        const fresh: Plain = {};
        node[segment] = fresh;
        node = fresh;
      }
    }
    const last = segments.at(-1) as string;
    const r = resolve(data[key], ownField(node, last), now, true);
    if (r === DELETE) delete node[last];
    else node[last] = r;
  });
  return out;
}

/** The document after `op`, or null when the op deletes it. Throws on bad input or `not-found`. */
export function applyWrite(before: DocData | null, op: WriteOp, now: Date): DocData | null {
  if (typeof op !== 'object' || op === null) {
    throw new BackendError('invalid-argument', 'A write must be an object.');
  }
  assertDocPath(op.path);
  let after: DocData | null;
  switch (op.kind) {
    case 'set':
      after = applySet(before, op.data, op.merge === true, now);
      break;
    case 'update':
      after = applyUpdate(before, op.data, now, op.path);
      break;
    case 'delete':
      return null;
    default:
      throw new BackendError(
        'invalid-argument',
        `Unknown write kind "${String((op as { kind: unknown }).kind)}".`,
      );
  }
  // An update's dotted keys (`a.b.c`) nest their values below the named fields: the limit holds
  // for the document it leaves.
  if (op.kind === 'update') validateValue(after, 'document');
  const size = documentSize(op.path, after);
  if (size > MAX_DOC_BYTES) {
    throw new BackendError(
      'invalid-argument',
      `Document ${op.path} would be ${size} bytes, over the 1 MiB (${MAX_DOC_BYTES} bytes) limit.`,
    );
  }
  return after;
}

function valueSize(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'number') return 8;
  if (typeof value === 'string') return utf8Length(value) + 1;
  if (value instanceof Date) return 8;
  if (value instanceof Bytes) return value.length;
  if (value instanceof GeoPoint) return 16;
  if (value instanceof DocumentRef) return documentNameSize(value.path);
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + valueSize(v), 0);
  if (isPlainObject(value)) {
    let n = 0;
    for (const [k, v] of Object.entries(value)) n += utf8Length(k) + 1 + valueSize(v);
    return n;
  }
  return 8;
}

function documentNameSize(path: string): number {
  return path.split('/').reduce((n, s) => n + utf8Length(s) + 1, 16);
}

/** Firestore's storage size of a document: name + fields + 32 bytes. */
export function documentSize(path: string, data: DocData): number {
  return documentNameSize(path) + valueSize(data) + 32;
}
