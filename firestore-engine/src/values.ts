/**
 * Values as Firestore orders and compares them. Documents hold null, booleans, numbers, dates,
 * strings, byte arrays, arrays and maps; Firestore sorts values of different types by a fixed
 * type order (null < boolean < number < timestamp < string < bytes < reference < geopoint < array
 * < map) and values of one type naturally. Queries and listeners of the memory driver and the
 * local server sort and filter with these functions, so mixed-type fields behave as on Firestore.
 */
import { BackendError } from './errors';
import type { DocData } from './document';
import { Bytes, DocumentRef, GeoPoint } from './value-types';

export type Plain = { [key: string]: unknown };

/** Rank of a value's type in Firestore's type order. */
export function typeOrder(value: unknown): number {
  if (value === null) return 0;
  switch (typeof value) {
    case 'boolean':
      return 1;
    case 'number':
      return 2;
    case 'string':
      return 4;
    default:
      break;
  }
  if (value instanceof Date) return 3;
  if (value instanceof Bytes) return 5;
  if (value instanceof DocumentRef) return 6;
  if (value instanceof GeoPoint) return 7;
  if (Array.isArray(value)) return 8;
  if (isPlainObject(value)) return 9;
  throw new BackendError('invalid-argument', `Unsupported value of type ${describe(value)}.`);
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'object' && value !== null) return value.constructor?.name ?? 'object';
  return typeof value;
}

/**
 * True for `{...}` objects (not arrays, dates, the value classes or other class instances). Never
 * for `Object.prototype` itself: its own prototype is null, so it would pass for a map, and a write
 * that reached it (a field path through `__proto__`) would change every object of the process.
 */
export function isPlainObject(value: unknown): value is Plain {
  if (typeof value !== 'object' || value === null || value === Object.prototype) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Field names no document may use: JavaScript gives them meaning on every object (`__proto__` is
 * the object's prototype, `constructor` and `prototype` lead to it), so a field path or map key
 * naming them could reach outside the document in the engine's memory. Firestore itself reserves
 * `__proto__` (every `__.*__` name); the other two are refused here only (docs/access.md).
 */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

/** Throws `invalid-argument` when `name` is one of `RESERVED_FIELD_NAMES`. */
export function assertFieldName(name: string, where: string): void {
  if (RESERVED_FIELD_NAMES.has(name)) {
    throw new BackendError(
      'invalid-argument',
      `The field name "${name}" is reserved and cannot be used (at ${where}).`,
    );
  }
}

/** The map's own field `key` (undefined when it has none: inherited properties never count). */
export function ownField(map: Plain, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
}

/** Compares strings by Unicode code point, which is the UTF-8 byte order Firestore uses. */
function compareStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (0xD800-0xDFFF) encodes a code point above 0xFFFF: it sorts after any
    // non-surrogate unit, although 0xE000-0xFFFF units are numerically greater.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length === 0 ? 0 : a.length < b.length ? -1 : 1;
}

function compareNumbers(a: number, b: number): number {
  // Firestore sorts NaN before every other number and treats it as equal to itself.
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  if (Number.isNaN(b)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/** Total order over document values: negative, zero or positive like `Array.prototype.sort` wants. */
export function compareValues(a: unknown, b: unknown): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  switch (ta) {
    case 0:
      return 0;
    case 1:
      return a === b ? 0 : a ? 1 : -1;
    case 2:
      return compareNumbers(a as number, b as number);
    case 3:
      return compareNumbers((a as Date).getTime(), (b as Date).getTime());
    case 4:
      return sign(compareStrings(a as string, b as string));
    case 5: {
      const x = a as Bytes;
      const y = b as Bytes;
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const bx = x.at(i) ?? 0;
        const by = y.at(i) ?? 0;
        if (bx !== by) return bx < by ? -1 : 1;
      }
      return sign(x.length - y.length);
    }
    case 6: {
      // References order by their path, segment by segment.
      const x = (a as DocumentRef).path.split('/');
      const y = (b as DocumentRef).path.split('/');
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const c = sign(compareStrings(x[i] ?? '', y[i] ?? ''));
        if (c !== 0) return c;
      }
      return sign(x.length - y.length);
    }
    case 7: {
      const x = a as GeoPoint;
      const y = b as GeoPoint;
      return compareNumbers(x.latitude, y.latitude) || compareNumbers(x.longitude, y.longitude);
    }
    case 8: {
      const x = a as unknown[];
      const y = b as unknown[];
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(x[i], y[i]);
        if (c !== 0) return c;
      }
      return sign(x.length - y.length);
    }
    default: {
      // Maps compare entry by entry in key order: key first, then value, then size.
      const x = a as Plain;
      const y = b as Plain;
      const kx = Object.keys(x).sort(compareStrings);
      const ky = Object.keys(y).sort(compareStrings);
      const n = Math.min(kx.length, ky.length);
      for (let i = 0; i < n; i++) {
        const keyA = kx[i] as string;
        const keyB = ky[i] as string;
        const ck = sign(compareStrings(keyA, keyB));
        if (ck !== 0) return ck;
        const cv = compareValues(x[keyA], y[keyB]);
        if (cv !== 0) return cv;
      }
      return sign(kx.length - ky.length);
    }
  }
}

/** Firestore equality: same type order and equal value (NaN equals NaN, 1 equals 1.0). */
export function valuesEqual(a: unknown, b: unknown): boolean {
  return compareValues(a, b) === 0;
}

/** Compares document ids (and paths) the way Firestore orders document names. */
export function compareIds(a: string, b: string): number {
  return sign(compareStrings(a, b));
}

/**
 * Splits a dotted field path (`directory.slug`) into its segments; rejects empty segments and the
 * reserved names (`RESERVED_FIELD_NAMES`).
 */
export function fieldSegments(fieldPath: string): string[] {
  if (typeof fieldPath !== 'string' || fieldPath === '') {
    throw new BackendError('invalid-argument', 'A field path must be a non-empty string.');
  }
  const segments = fieldPath.split('.');
  if (segments.some((s) => s === '')) {
    throw new BackendError('invalid-argument', `Invalid field path "${fieldPath}".`);
  }
  for (const segment of segments) {
    if (RESERVED_FIELD_NAMES.has(segment)) {
      throw new BackendError(
        'invalid-argument',
        `Invalid field path "${fieldPath}": "${segment}" is a reserved name and cannot be a field.`,
      );
    }
  }
  return segments;
}

/** Reads a (dotted) field; `found` is false when any segment is missing or not a map. */
export function getField(data: DocData, fieldPath: string): { found: boolean; value: unknown } {
  let current: unknown = data;
  for (const segment of fieldSegments(fieldPath)) {
    if (!isPlainObject(current) || !Object.prototype.hasOwnProperty.call(current, segment)) {
      return { found: false, value: undefined };
    }
    current = current[segment];
  }
  return { found: true, value: current };
}

/** A deep copy of a value, so stored documents never share objects with callers. */
export function cloneValue<T>(value: T): T {
  if (value instanceof Date) return new Date(value.getTime()) as T;
  // The value classes are immutable: sharing them is safe.
  if (Array.isArray(value)) return value.map((v: unknown) => cloneValue(v)) as T;
  if (isPlainObject(value)) {
    const out: Plain = {};
    // defineProperty: a key `__proto__` (never stored, but cheap to be sure) stays a plain field.
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, k, {
        value: cloneValue(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out as T;
  }
  return value;
}

/** Deep equality of documents or values, for deciding whether a listener's result changed. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  // Strict identity for numbers (the `===` above), except that NaN equals NaN.
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  if (a instanceof Bytes || a instanceof DocumentRef || a instanceof GeoPoint) return a.isEqual(b);
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}
