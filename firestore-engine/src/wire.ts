/**
 * JSON encoding of document values for the local server's HTTP and WebSocket wire and its SQLite
 * rows. JSON has no dates, so a `Date` travels as `{"__date": "<ISO string>"}`; numbers JSON cannot
 * hold (NaN, ±Infinity) as `{"__num": "NaN"}`; the value classes as `{"__ref": "<path>"}`,
 * `{"__geo": [latitude, longitude]}` and `{"__bytes": "<base64>"}`. Transforms are already plain
 * tagged objects and pass through, their own values encoded the same way.
 */
import { BackendError } from './errors';
import { Bytes, DocumentRef, GeoPoint } from './value-types';
import { assertFieldName, isPlainObject } from './values';
import type { Plain } from './values';

/** Turns a value into JSON-safe data. Undefined is refused, as Firestore refuses it. */
export function encodeValue(value: unknown): unknown {
  if (value === undefined) {
    throw new BackendError('invalid-argument', 'Unsupported field value: undefined.');
  }
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : { __num: String(value) };
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new BackendError('invalid-argument', 'Invalid date.');
    return { __date: value.toISOString() };
  }
  if (value instanceof DocumentRef) return { __ref: value.path };
  if (value instanceof GeoPoint) return { __geo: [value.latitude, value.longitude] };
  if (value instanceof Bytes) return { __bytes: value.toBase64() };
  if (Array.isArray(value)) return value.map((v: unknown) => encodeValue(v));
  if (isPlainObject(value)) {
    const out: Plain = {};
    for (const [k, v] of Object.entries(value)) out[k] = encodeValue(v);
    return out;
  }
  throw new BackendError(
    'invalid-argument',
    'Unsupported field value (only plain data, Date, DocumentRef, GeoPoint and Bytes).',
  );
}

/**
 * The deepest nesting the wire decodes. A document holds at most 20 levels (refused with
 * Firestore's message where it is written, `validateValue`); requests wrap their values in a few
 * more (a query's clause, a transform's list). Deeper JSON is refused here, before it is walked, so
 * a body nested 100,000 levels is a 400, never a stack overflow.
 */
export const MAX_WIRE_DEPTH = 64;

/**
 * The inverse of `encodeValue`. Input nested deeper than `maxDepth` is refused (the store reads
 * its own rows with no bound: they were accepted when written).
 */
export function decodeValue(value: unknown, maxDepth = MAX_WIRE_DEPTH, depth = 0): unknown {
  if ((Array.isArray(value) || isPlainObject(value)) && depth >= maxDepth) {
    throw new BackendError(
      'invalid-argument',
      `The request is nested more than ${MAX_WIRE_DEPTH} levels deep; a Firestore document ` +
        'holds at most 20 levels of maps and arrays.',
    );
  }
  if (Array.isArray(value)) {
    return value.map((v: unknown) => decodeValue(v, maxDepth, depth + 1));
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === '__date' && typeof value.__date === 'string') {
      const date = new Date(value.__date);
      if (Number.isNaN(date.getTime())) {
        throw new BackendError('invalid-argument', `Invalid date "${value.__date}".`);
      }
      return date;
    }
    if (keys.length === 1 && keys[0] === '__num' && typeof value.__num === 'string') {
      return Number(value.__num);
    }
    if (keys.length === 1 && keys[0] === '__ref' && typeof value.__ref === 'string') {
      return new DocumentRef(value.__ref);
    }
    if (keys.length === 1 && keys[0] === '__bytes' && typeof value.__bytes === 'string') {
      try {
        return Bytes.fromBase64String(value.__bytes);
      } catch {
        throw new BackendError('invalid-argument', 'Bytes that are not valid base64.');
      }
    }
    if (keys.length === 1 && keys[0] === '__geo' && Array.isArray(value.__geo)) {
      const [latitude, longitude] = value.__geo as unknown[];
      if (typeof latitude === 'number' && typeof longitude === 'number') {
        return new GeoPoint(latitude, longitude);
      }
    }
    const out: Plain = {};
    for (const [k, v] of Object.entries(value)) {
      // JSON.parse makes `"__proto__"` an own key; assigned here it would set `out`'s prototype.
      // Firestore reserves the name, so nothing stored holds it (the other reserved names are
      // refused where data is written, `validateValue`, so that older stored data still reads).
      if (k === '__proto__') assertFieldName(k, 'the request');
      out[k] = decodeValue(v, maxDepth, depth + 1);
    }
    return out;
  }
  return value;
}

/** Decodes a document's fields; refuses anything that is not a map. */
export function decodeDoc(value: unknown, maxDepth = MAX_WIRE_DEPTH): Plain {
  const decoded = decodeValue(value, maxDepth);
  if (!isPlainObject(decoded)) {
    throw new BackendError('invalid-argument', 'Document data must be a JSON object.');
  }
  return decoded;
}
