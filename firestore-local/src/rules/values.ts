/**
 * Runtime values of the rules language and their conversion from plain JavaScript. Scalars use
 * JavaScript primitives so the common cases stay cheap: null, boolean, bigint for rules.Integer
 * (64-bit, so overflow can be detected), number for rules.Float, string. Lists are arrays; every
 * other type is a small class. Equality follows the language: int and float compare numerically,
 * values of different types are unequal, containers compare element by element.
 */
import { EvalError } from './errors';

/** Bytes field value (rules.Bytes). */
export class RulesBytes {
  constructor(readonly bytes: Uint8Array) {}
}

/** Geopoint field value (rules.LatLng). */
export class RulesLatLng {
  constructor(
    readonly latitude: number,
    readonly longitude: number,
  ) {}
}

/** A document reference field value, relative to the database's documents ('users/u1'). */
export class RulesDocRef {
  constructor(readonly path: string) {}
}

export class RMap {
  constructor(readonly m: Map<string, Value>) {}
}

/** rules.Set: insertion-ordered unique elements, keyed by canonicalKey(). */
export class RSet {
  constructor(readonly items: Map<string, Value>) {}
}

export class RTimestamp {
  /** Nanoseconds since the Unix epoch. */
  constructor(readonly nanos: bigint) {}
}

export class RDuration {
  constructor(readonly nanos: bigint) {}
}

/**
 * rules.Path. `holes` names segments written as `$(name)` with no such variable in scope: they
 * are filled by bind(). `bindings` is what bind() was given, read back with `p[name]` / `p.name`.
 */
export class RPath {
  constructor(
    readonly segments: readonly string[],
    readonly holes?: ReadonlyMap<number, string>,
    readonly bindings?: ReadonlyMap<string, Value>,
  ) {}

  toString(): string {
    return '/' + this.segments.map((s, i) => (this.holes?.has(i) ? `$(${s})` : s)).join('/');
  }
}

export class RMapDiff {
  constructor(
    readonly left: RMap,
    readonly right: RMap,
  ) {}
}

/**
 * The `resource` of a list query judged from its constraints: `data.<field>` is known only for
 * fields the query pins with `==` (or one value of an `in`); anything else is an error.
 */
export class SymbolicResource {
  constructor(readonly data: SymbolicData) {}
}

export class SymbolicData {
  constructor(readonly known: ReadonlyMap<string, Value>) {}
}

/** The document id variable of a list query's match (`{cardId}`): not known for a query. */
export class SymbolicId {
  constructor(readonly name: string) {}
}

export type Value =
  | null
  | boolean
  | bigint
  | number
  | string
  | Value[]
  | RMap
  | RSet
  | RulesBytes
  | RulesLatLng
  | RTimestamp
  | RDuration
  | RPath
  | RMapDiff
  | SymbolicResource
  | SymbolicData
  | SymbolicId;

export type PlainValue =
  | null
  | boolean
  | number
  | string
  | Date
  | RulesBytes
  | RulesLatLng
  | RulesDocRef
  | PlainValue[]
  | { [key: string]: PlainValue };

export type PlainDoc = { [key: string]: PlainValue };

export const INT64_MAX = 9223372036854775807n;
export const INT64_MIN = -9223372036854775808n;
const NANOS_PER_MS = 1_000_000n;
/** Firestore's timestamp range: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z. */
const MIN_TS_NANOS = -62135596800n * 1_000_000_000n;
const MAX_TS_NANOS = 253402300800n * 1_000_000_000n - 1n;

export function checkedInt(v: bigint): bigint {
  if (v > INT64_MAX || v < INT64_MIN) throw new EvalError('integer overflow');
  return v;
}

export function timestamp(nanos: bigint): RTimestamp {
  if (nanos < MIN_TS_NANOS || nanos > MAX_TS_NANOS) throw new EvalError('timestamp out of range');
  return new RTimestamp(nanos);
}

export function duration(nanos: bigint): RDuration {
  // Durations are bounded like protobuf Durations (about 10,000 years).
  if (nanos > 315576000000n * 1_000_000_000n || nanos < -315576000000n * 1_000_000_000n) {
    throw new EvalError('duration out of range');
  }
  return new RDuration(nanos);
}

export function timestampFromDate(d: Date): RTimestamp {
  const ms = d.getTime();
  if (!Number.isFinite(ms)) throw new EvalError('invalid date');
  return timestamp(BigInt(ms) * NANOS_PER_MS);
}

export const DOCUMENTS_ROOT = ['databases', '(default)', 'documents'] as const;

/** 'users/u1' → the path /databases/(default)/documents/users/u1. */
export function documentPath(relative: string): RPath {
  const segs = relative.split('/').filter((s) => s !== '');
  return new RPath([...DOCUMENTS_ROOT, ...segs]);
}

/** Plain JavaScript (document data, auth claims) to a rules value. */
export function fromPlain(p: PlainValue): Value {
  if (p === null || p === undefined) return null;
  switch (typeof p) {
    case 'boolean':
    case 'string':
      return p;
    case 'number':
      return Number.isInteger(p) && !Object.is(p, -0) && Number.isSafeInteger(p) ? BigInt(p) : p;
    default:
      break;
  }
  if (Array.isArray(p)) return p.map(fromPlain);
  if (p instanceof Date) return timestampFromDate(p);
  if (p instanceof RulesBytes || p instanceof RulesLatLng) return p;
  if (p instanceof RulesDocRef) return documentPath(p.path);
  return mapFromPlain(p);
}

export function mapFromPlain(o: { [key: string]: PlainValue }): RMap {
  const m = new Map<string, Value>();
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (v !== undefined) m.set(k, fromPlain(v));
  }
  return new RMap(m);
}

export function typeName(v: Value): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
    default:
      break;
  }
  if (Array.isArray(v)) return 'list';
  if (v instanceof RMap) return 'map';
  if (v instanceof RSet) return 'set';
  if (v instanceof RulesBytes) return 'bytes';
  if (v instanceof RulesLatLng) return 'latlng';
  if (v instanceof RTimestamp) return 'timestamp';
  if (v instanceof RDuration) return 'duration';
  if (v instanceof RPath) return 'path';
  if (v instanceof RMapDiff) return 'map_diff';
  return 'query-resource';
}

/** Whether `v is name` holds. Unknown names are refused when the rules are checked. */
export function isType(v: Value, name: string): boolean {
  switch (name) {
    case 'number':
      return typeof v === 'bigint' || typeof v === 'number';
    case 'set':
      // Google's evaluator accepts the name but no value is a `set` there, not even a set.
      return false;
    case 'bool':
    case 'int':
    case 'float':
    case 'string':
    case 'list':
    case 'map':
    case 'bytes':
    case 'latlng':
    case 'timestamp':
    case 'duration':
    case 'path':
    case 'map_diff':
      return typeName(v) === name;
    default:
      return false;
  }
}

export const TYPE_NAMES: ReadonlySet<string> = new Set([
  'bool',
  'int',
  'float',
  'number',
  'string',
  'list',
  'map',
  'set',
  'bytes',
  'latlng',
  'timestamp',
  'duration',
  'path',
  'map_diff',
]);

function symbolicError(): EvalError {
  return new EvalError(
    'a list query is judged from its constraints: this use of resource is not decided by them',
  );
}

export function isSymbolic(v: Value): boolean {
  return v instanceof SymbolicResource || v instanceof SymbolicData || v instanceof SymbolicId;
}

export function assertConcrete(v: Value): void {
  if (isSymbolic(v)) throw symbolicError();
}

/**
 * `==`. At the top level an int equals the float of the same value (`1 == 1.0`); inside lists
 * and maps (`nested`) values compare as Google's evaluator compares them there, type and all:
 * `[1] == [1.0]` and `{'a': 1} == {'a': 1.0}` are false, and a NaN element equals itself.
 */
export function valuesEqual(a: Value, b: Value, nested = false): boolean {
  if (nested && typeof a === 'number' && typeof b === 'number') return Object.is(a, b);
  if (a === b) return typeof a !== 'number' || !Number.isNaN(a);
  if (a === null || b === null) return false;
  if (isSymbolic(a) || isSymbolic(b)) throw symbolicError();
  const ta = typeof a;
  const tb = typeof b;
  if (ta === 'bigint' || ta === 'number') {
    if (tb === 'bigint' || tb === 'number') {
      if (nested && ta !== tb) return false;
      return numbersEqual(a as bigint | number, b as bigint | number);
    }
    return false;
  }
  // Symbolic values compare with null only (`resource != null` holds for a list query).
  if (ta !== 'object' || tb !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (!valuesEqual(a[i] as Value, b[i] as Value, true)) return false;
    }
    return true;
  }
  if (a instanceof RMap) {
    if (!(b instanceof RMap) || a.m.size !== b.m.size) return false;
    for (const [k, v] of a.m) {
      if (!b.m.has(k) || !valuesEqual(v, b.m.get(k) as Value, true)) return false;
    }
    return true;
  }
  if (a instanceof RSet) {
    if (!(b instanceof RSet) || a.items.size !== b.items.size) return false;
    for (const k of a.items.keys()) if (!b.items.has(k)) return false;
    return true;
  }
  if (a instanceof RTimestamp) return b instanceof RTimestamp && a.nanos === b.nanos;
  if (a instanceof RDuration) return b instanceof RDuration && a.nanos === b.nanos;
  if (a instanceof RPath) {
    if (!(b instanceof RPath) || a.segments.length !== b.segments.length) return false;
    return a.toString() === b.toString();
  }
  if (a instanceof RulesBytes) {
    if (!(b instanceof RulesBytes) || a.bytes.length !== b.bytes.length) return false;
    for (let i = 0; i < a.bytes.length; i++) if (a.bytes[i] !== b.bytes[i]) return false;
    return true;
  }
  if (a instanceof RulesLatLng) {
    return b instanceof RulesLatLng && a.latitude === b.latitude && a.longitude === b.longitude;
  }
  return false;
}

function numbersEqual(a: bigint | number, b: bigint | number): boolean {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a === b;
  return compareNumbers(a, b) === 0;
}

/** Compares an int and/or float exactly; NaN compares as `undefined` (unordered). */
export function compareNumbers(a: bigint | number, b: bigint | number): number | undefined {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a) || Number.isNaN(b)) return undefined;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  // One int, one float: compare without losing the int's precision.
  const f = (typeof a === 'number' ? a : b) as number;
  const i = (typeof a === 'bigint' ? a : b) as bigint;
  if (Number.isNaN(f)) return undefined;
  let cmp: number;
  if (f === Infinity) cmp = 1;
  else if (f === -Infinity) cmp = -1;
  else {
    const fl = Math.floor(f);
    const fi = BigInt(fl);
    if (fi !== i) cmp = fi > i ? 1 : -1;
    else cmp = f > fl ? 1 : 0;
  }
  return typeof a === 'number' ? cmp : -cmp;
}

/**
 * A string that is equal for equal values, used for sets and the list membership methods so
 * they run in linear time. Sets hold 1 and 1.0 as one element (Google's evaluator does); lists
 * (`in`, hasAll, hasAny, hasOnly, removeAll) tell them apart there, which `strict` does.
 */
export function canonicalKey(v: Value, strict = false): string {
  if (strict && typeof v === 'number') return 'f' + (Object.is(v, -0) ? '-0' : String(v));
  if (v === null) return 'z';
  switch (typeof v) {
    case 'boolean':
      return v ? 'T' : 'F';
    case 'bigint':
      return 'n' + v.toString();
    case 'number':
      if (Number.isInteger(v) && Math.abs(v) < 2 ** 63) return 'n' + BigInt(v).toString();
      return 'n' + String(v);
    case 'string':
      return 's' + v;
    default:
      break;
  }
  if (Array.isArray(v)) return 'l[' + v.map((x) => canonicalKey(x, strict)).join(',') + ']';
  if (v instanceof RMap) {
    const keys = [...v.m.keys()].sort();
    return (
      'm{' +
      keys
        .map((k) => JSON.stringify(k) + ':' + canonicalKey(v.m.get(k) as Value, strict))
        .join(',') +
      '}'
    );
  }
  if (v instanceof RSet) return 'S{' + [...v.items.keys()].sort().join(',') + '}';
  if (v instanceof RTimestamp) return 't' + v.nanos.toString();
  if (v instanceof RDuration) return 'd' + v.nanos.toString();
  if (v instanceof RPath) return 'p' + v.toString();
  if (v instanceof RulesBytes) return 'b' + Buffer.from(v.bytes).toString('hex');
  if (v instanceof RulesLatLng) return 'g' + v.latitude + ',' + v.longitude;
  throw symbolicError();
}

export function makeSet(values: Iterable<Value>): RSet {
  const items = new Map<string, Value>();
  for (const v of values) {
    const k = canonicalKey(v);
    if (!items.has(k)) items.set(k, v);
  }
  return new RSet(items);
}

/** A short rendering for error messages and debug(). */
export function describe(v: Value): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'bigint':
      return v.toString();
    case 'number':
    case 'boolean':
      return String(v);
    case 'string':
      return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v);
    default:
      break;
  }
  if (v instanceof RPath) return 'path ' + v.toString();
  return typeName(v);
}
