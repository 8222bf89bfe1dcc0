/**
 * The operators and built-in methods of the rules language, on the values of values.ts:
 * arithmetic with 64-bit integer overflow as an error, ordering only between values of one
 * kind (numbers, strings, timestamps, durations), the methods of each type (string, list,
 * map, set, MapDiff, path, timestamp, duration, bytes, latlng) and the global namespaces
 * (math, timestamp, duration, hashing, latlng) and conversions (int, float, string, path).
 * Every misuse (wrong type, missing key, index out of range) raises EvalError.
 */
import { createHash } from 'node:crypto';
import { EvalError } from './errors';
import { compileRe2, fullMatch } from './regex';
import {
  RDuration,
  RMap,
  RMapDiff,
  RPath,
  RSet,
  RTimestamp,
  RulesBytes,
  RulesLatLng,
  SymbolicData,
  SymbolicResource,
  type Value,
  assertConcrete,
  canonicalKey,
  checkedInt,
  compareNumbers,
  describe,
  duration,
  INT64_MAX,
  INT64_MIN,
  isType,
  makeSet,
  timestamp,
  typeName,
  valuesEqual,
} from './values';

const NS_PER_S = 1_000_000_000n;
const NS_PER_MS = 1_000_000n;
const NS_PER_DAY = 86_400n * NS_PER_S;

function typeError(what: string, ...vals: Value[]): EvalError {
  return new EvalError(`${what} (got ${vals.map(typeName).join(', ')})`);
}

function symbolic(): EvalError {
  return new EvalError(
    'a list query is judged from its constraints: this use of resource is not decided by them',
  );
}

// ------------------------------------------------------------------ strings

/** Java's String.trim: drops the characters up to U+0020 at both ends, no other space. */
function javaTrim(s: string): string {
  let i = 0;
  let j = s.length;
  while (i < j && s.charCodeAt(i) <= 0x20) i++;
  while (j > i && s.charCodeAt(j - 1) <= 0x20) j--;
  return s.slice(i, j);
}

// Strings are sequences of UTF-16 code units, as in Google's (Java) evaluator: '😀'.size() is
// 2, indexes and ranges count units, and ordering compares units.

function stringSize(s: string): number {
  return s.length;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ------------------------------------------------------------------ operators

export function asBool(v: Value, where: string): boolean {
  if (typeof v !== 'boolean') throw typeError(`${where} needs a bool`, v);
  return v;
}

function toFloat(v: bigint | number): number {
  return typeof v === 'bigint' ? Number(v) : v;
}

function isNum(v: Value): v is bigint | number {
  return typeof v === 'bigint' || typeof v === 'number';
}

export function add(a: Value, b: Value): Value {
  if (typeof a === 'bigint' && typeof b === 'bigint') return checkedInt(a + b);
  if (isNum(a) && isNum(b)) return toFloat(a) + toFloat(b);
  if (typeof a === 'string' && typeof b === 'string') return a + b;
  if (a instanceof RTimestamp && b instanceof RDuration) return timestamp(a.nanos + b.nanos);
  if (a instanceof RDuration && b instanceof RTimestamp) return timestamp(a.nanos + b.nanos);
  if (a instanceof RDuration && b instanceof RDuration) return duration(a.nanos + b.nanos);
  assertConcrete(a);
  assertConcrete(b);
  throw typeError("'+' is not defined for these operands", a, b);
}

export function subtract(a: Value, b: Value): Value {
  if (typeof a === 'bigint' && typeof b === 'bigint') return checkedInt(a - b);
  if (isNum(a) && isNum(b)) return toFloat(a) - toFloat(b);
  if (a instanceof RTimestamp && b instanceof RDuration) return timestamp(a.nanos - b.nanos);
  if (a instanceof RTimestamp && b instanceof RTimestamp) return duration(a.nanos - b.nanos);
  if (a instanceof RDuration && b instanceof RDuration) return duration(a.nanos - b.nanos);
  assertConcrete(a);
  assertConcrete(b);
  throw typeError("'-' is not defined for these operands", a, b);
}

export function multiply(a: Value, b: Value): Value {
  if (typeof a === 'bigint' && typeof b === 'bigint') return checkedInt(a * b);
  if (isNum(a) && isNum(b)) return toFloat(a) * toFloat(b);
  assertConcrete(a);
  assertConcrete(b);
  throw typeError("'*' is not defined for these operands", a, b);
}

export function divide(a: Value, b: Value): Value {
  if (typeof a === 'bigint' && typeof b === 'bigint') {
    if (b === 0n) throw new EvalError('division by zero');
    return checkedInt(a / b);
  }
  if (isNum(a) && isNum(b)) return toFloat(a) / toFloat(b);
  assertConcrete(a);
  assertConcrete(b);
  throw typeError("'/' is not defined for these operands", a, b);
}

export function modulo(a: Value, b: Value): Value {
  if (typeof a === 'bigint' && typeof b === 'bigint') {
    if (b === 0n) throw new EvalError('modulus by zero');
    return a % b;
  }
  if (isNum(a) && isNum(b)) return toFloat(a) % toFloat(b);
  assertConcrete(a);
  assertConcrete(b);
  throw typeError("'%' is not defined for these operands", a, b);
}

export function negate(a: Value): Value {
  if (typeof a === 'bigint') return checkedInt(-a);
  if (typeof a === 'number') return -a;
  if (a instanceof RDuration) return duration(-a.nanos);
  assertConcrete(a);
  throw typeError("unary '-' needs a number", a);
}

/** Ordering for `< <= > >=`: -1, 0, 1, or undefined when unordered (NaN). */
export function compare(a: Value, b: Value): number | undefined {
  if (isNum(a) && isNum(b)) return compareNumbers(a, b);
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (a instanceof RTimestamp && b instanceof RTimestamp) {
    return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
  }
  if (a instanceof RDuration && b instanceof RDuration) {
    return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
  }
  assertConcrete(a);
  assertConcrete(b);
  throw typeError('values of these types cannot be ordered', a, b);
}

export function contains(container: Value, v: Value): boolean {
  if (Array.isArray(container)) {
    for (const item of container) if (valuesEqual(item, v, true)) return true;
    return false;
  }
  if (container instanceof RMap) {
    if (typeof v !== 'string') throw typeError("'in' on a map needs a string key", v);
    return container.m.has(v);
  }
  if (container instanceof RSet) return container.items.has(canonicalKey(v));
  if (container instanceof SymbolicData) {
    if (typeof v === 'string' && container.known.has(v)) return true;
    throw symbolic();
  }
  assertConcrete(container);
  throw typeError("'in' needs a list, map or set on its right", container);
}

export function isOf(v: Value, type: string): boolean {
  if (v instanceof SymbolicData) return type === 'map';
  assertConcrete(v);
  return isType(v, type);
}

// ------------------------------------------------------------------ access

export function member(obj: Value, name: string): Value {
  if (obj instanceof RMap) {
    const v = obj.m.get(name);
    if (v === undefined) throw new EvalError(`property '${name}' is undefined on object`);
    return v;
  }
  if (obj instanceof SymbolicResource) {
    if (name === 'data') return obj.data;
    throw symbolic();
  }
  if (obj instanceof SymbolicData) {
    const v = obj.known.get(name);
    if (v === undefined) throw symbolic();
    return v;
  }
  if (obj instanceof RPath) {
    const v = obj.bindings?.get(name);
    if (v === undefined) throw new EvalError(`path has no binding '${name}'`);
    return v;
  }
  if (obj === null) throw new EvalError(`null value has no property '${name}'`);
  throw typeError(`property '${name}' is undefined on this value`, obj);
}

function intIndex(i: Value, what: string): number {
  if (typeof i !== 'bigint') throw typeError(`${what} index must be an int`, i);
  if (i < 0n) throw new EvalError(`${what} index ${i} is negative`);
  return i > 2n ** 53n ? Number.MAX_SAFE_INTEGER : Number(i);
}

export function index(obj: Value, i: Value): Value {
  if (Array.isArray(obj)) {
    const n = intIndex(i, 'list');
    if (n >= obj.length) throw new EvalError(`list index ${n} out of range (size ${obj.length})`);
    return obj[n] as Value;
  }
  if (obj instanceof RMap || obj instanceof SymbolicData || obj instanceof SymbolicResource) {
    if (typeof i !== 'string') throw typeError('map key must be a string', i);
    return member(obj, i);
  }
  if (typeof obj === 'string') {
    const n = intIndex(i, 'string');
    if (n >= obj.length) throw new EvalError(`string index ${n} out of range (size ${obj.length})`);
    return obj[n] as string;
  }
  if (obj instanceof RPath) {
    if (typeof i === 'string') return member(obj, i);
    const n = intIndex(i, 'path');
    if (n >= obj.segments.length) throw new EvalError(`path index ${n} out of range`);
    return obj.segments[n] as string;
  }
  if (obj === null) throw new EvalError('cannot index null');
  throw typeError('this value cannot be indexed', obj);
}

export function range(obj: Value, lo: Value, hi: Value): Value {
  const size = Array.isArray(obj) ? obj.length : typeof obj === 'string' ? stringSize(obj) : -1;
  if (size < 0) {
    assertConcrete(obj);
    throw typeError('a range [i:j] needs a list or a string', obj);
  }
  const i = intIndex(lo, 'range');
  const j = intIndex(hi, 'range');
  if (j > size || i > j) throw new EvalError(`range [${i}:${j}] out of bounds (size ${size})`);
  if (Array.isArray(obj)) return obj.slice(i, j);
  return (obj as string).slice(i, j);
}

// ------------------------------------------------------------------ methods

function arity(name: string, args: Value[], n: number): void {
  if (args.length !== n) {
    throw new EvalError(`${name}() takes ${n} argument${n === 1 ? '' : 's'}, got ${args.length}`);
  }
}

function str(v: Value | undefined, what: string): string {
  if (typeof v !== 'string') throw typeError(`${what} must be a string`, v ?? null);
  return v;
}

function int(v: Value | undefined, what: string): bigint {
  if (typeof v !== 'bigint') throw typeError(`${what} must be an int`, v ?? null);
  return v;
}

function num(v: Value | undefined, what: string): number {
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'number') return v;
  throw typeError(`${what} must be a number`, v ?? null);
}

/** The elements of a list or set argument, for the has* methods. */
function elements(v: Value | undefined, what: string): Value[] {
  if (Array.isArray(v)) return v;
  if (v instanceof RSet) return [...v.items.values()];
  throw typeError(`${what} needs a list`, v ?? null);
}

// `strict`: the receiver is a list, whose membership tells 1 from 1.0 (a set's does not).

function keySet(values: Iterable<Value>, strict: boolean): Set<string> {
  const s = new Set<string>();
  for (const v of values) s.add(canonicalKey(v, strict));
  return s;
}

function hasAll(have: Set<string>, wanted: Value[], strict: boolean): boolean {
  for (const w of wanted) if (!have.has(canonicalKey(w, strict))) return false;
  return true;
}

function hasAny(have: Set<string>, wanted: Value[], strict: boolean): boolean {
  for (const w of wanted) if (have.has(canonicalKey(w, strict))) return true;
  return false;
}

function hasOnly(items: Iterable<Value>, allowed: Value[], strict: boolean): boolean {
  const ok = keySet(allowed, strict);
  for (const v of items) if (!ok.has(canonicalKey(v, strict))) return false;
  return true;
}

/** Calls a method. */
export function callMethod(obj: Value, name: string, args: Value[]): Value {
  if (typeof obj === 'string') return stringMethod(obj, name, args);
  if (Array.isArray(obj)) return listMethod(obj, name, args);
  if (obj instanceof RMap) return mapMethod(obj, name, args);
  if (obj instanceof RSet) return setMethod(obj, name, args);
  if (obj instanceof RMapDiff) return mapDiffMethod(obj, name, args);
  if (obj instanceof RTimestamp) return timestampMethod(obj, name, args);
  if (obj instanceof RDuration) return durationMethod(obj, name, args);
  if (obj instanceof RPath) return pathMethod(obj, name, args);
  if (obj instanceof RulesBytes) return bytesMethod(obj, name, args);
  if (obj instanceof RulesLatLng) return latLngMethod(obj, name, args);
  if (obj instanceof SymbolicData) {
    // get(key, default) is decided when the query pins the key; anything else is not.
    if (name === 'get' && args.length === 2 && typeof args[0] === 'string') {
      const v = obj.known.get(args[0]);
      if (v !== undefined) return v;
    }
    throw symbolic();
  }
  if (obj instanceof SymbolicResource) throw symbolic();
  throw new EvalError(`${describe(obj)} has no method '${name}'`);
}

function unknownMethod(type: string, name: string): EvalError {
  return new EvalError(`${type} has no method '${name}'`);
}

function stringMethod(s: string, name: string, args: Value[]): Value {
  switch (name) {
    case 'size':
      arity(name, args, 0);
      return BigInt(stringSize(s));
    // Google's evaluator changes the case of ASCII letters only ('É'.lower() is 'É') and trims
    // the characters up to U+0020 (Java's String.trim), not other white space.
    case 'lower':
      arity(name, args, 0);
      return s.replace(/[A-Z]+/g, (c) => c.toLowerCase());
    case 'upper':
      arity(name, args, 0);
      return s.replace(/[a-z]+/g, (c) => c.toUpperCase());
    case 'trim':
      arity(name, args, 0);
      return javaTrim(s);
    case 'matches':
      arity(name, args, 1);
      return fullMatch(s, str(args[0], 'matches() pattern'));
    case 'split': {
      arity(name, args, 1);
      return splitString(s, str(args[0], 'split() pattern'));
    }
    case 'replace': {
      arity(name, args, 2);
      const re = compileRe2(str(args[0], 'replace() pattern'));
      const sub = str(args[1], 'replace() substitution');
      return re.matcher(s).replaceAll((...m: unknown[]) => substitution(sub, m));
    }
    case 'toUtf8':
      arity(name, args, 0);
      return new RulesBytes(new Uint8Array(Buffer.from(s, 'utf8')));
    default:
      throw unknownMethod('string', name);
  }
}

/**
 * The replacement text of replace(), read as Google's evaluator (RE2/J) reads it: `$n` is
 * group n (further digits join while the number stays a group), `${name}` a named group, `\c`
 * the character c; a `$` or `\` at the very end is literal; a group that does not exist is an
 * error. RE2/J's own Java-mode replacement refuses a trailing `$` or `\`, so it is not used.
 * `m` is what a String.replace callback receives (re2js passes the same).
 */
function substitution(sub: string, m: unknown[]): string {
  const groups = m[m.length - 1];
  const named = typeof groups === 'object' && groups !== null ? groups : undefined;
  const count = m.length - (named ? 4 : 3);
  const group = (n: number) => (m[n] as string | undefined) ?? '';
  let out = '';
  let i = 0;
  for (; i < sub.length - 1; i++) {
    const c = sub[i] as string;
    const next = sub[i + 1] as string;
    if (c === '\\') {
      out += next;
      i++;
    } else if (c === '$' && next >= '0' && next <= '9') {
      let n = Number(next);
      let j = i + 2;
      for (; j < sub.length; j++) {
        const d = sub.charCodeAt(j) - 48;
        if (d < 0 || d > 9 || n * 10 + d > count) break;
        n = n * 10 + d;
      }
      if (n > count) throw new EvalError(`replace(): no group ${n} in the pattern`);
      out += group(n);
      i = j - 1;
    } else if (c === '$' && next === '{') {
      const close = sub.indexOf('}', i + 2);
      if (close < 0) throw new EvalError("replace(): '${' without '}'");
      const name = sub.slice(i + 2, close);
      if (!named || !(name in named)) throw new EvalError(`replace(): no group named '${name}'`);
      out += (named as Record<string, string | undefined>)[name] ?? '';
      i = close;
    } else out += c;
  }
  if (i < sub.length) out += sub.slice(i);
  return out;
}

/**
 * Splits at every match of an RE2 pattern the way Google's evaluator does (measured on the
 * emulator): a match where the previous one ended (or at the start) makes an empty piece only
 * if a non-empty piece follows it, so trailing empty pieces are dropped ('a,b,' gives
 * ['a', 'b']) and leading ones kept (',a' gives ['', 'a'], 'abc' split on '' gives
 * ['', 'a', 'b', 'c']); when nothing is left the result is the rest of the string ([''] for
 * ',,'). Capture groups are not spliced into the result.
 */
function splitString(s: string, pattern: string): string[] {
  const m = compileRe2(pattern).matcher(s);
  const out: string[] = [];
  let last = 0;
  let empties = 0;
  while (m.find()) {
    const start = m.start();
    const end = m.end();
    if (start === end && start > s.length - 1) break;
    if (start === last) {
      empties++;
      last = end;
      continue;
    }
    for (; empties > 0; empties--) out.push('');
    out.push(s.slice(last, start));
    last = end;
  }
  if (last !== s.length) {
    for (; empties > 0; empties--) out.push('');
    out.push(s.slice(last));
  }
  if (out.length === 0) out.push(s.slice(last));
  return out;
}

function listMethod(l: Value[], name: string, args: Value[]): Value {
  switch (name) {
    case 'size':
      arity(name, args, 0);
      return BigInt(l.length);
    case 'hasAll':
      arity(name, args, 1);
      return hasAll(keySet(l, true), elements(args[0], 'hasAll()'), true);
    case 'hasAny':
      arity(name, args, 1);
      return hasAny(keySet(l, true), elements(args[0], 'hasAny()'), true);
    case 'hasOnly':
      arity(name, args, 1);
      return hasOnly(l, elements(args[0], 'hasOnly()'), true);
    case 'concat': {
      arity(name, args, 1);
      const other = args[0];
      if (!Array.isArray(other)) throw typeError('concat() needs a list', other ?? null);
      return l.concat(other);
    }
    case 'removeAll': {
      arity(name, args, 1);
      const drop = keySet(elements(args[0], 'removeAll()'), true);
      return l.filter((v) => !drop.has(canonicalKey(v, true)));
    }
    case 'join': {
      arity(name, args, 1);
      const sep = str(args[0], 'join() separator');
      // Google's evaluator joins ints, floats, bools and null as string() renders them
      // (['a', 42, 2.0, true, null] joins to 'a,42,2.0,true,null'); a list or map is an error.
      return l.map(joinText).join(sep);
    }
    case 'toSet':
      arity(name, args, 0);
      return makeSet(l);
    default:
      throw unknownMethod('list', name);
  }
}

function joinText(v: Value): string {
  if (typeof v === 'string') return v;
  if (v === null || typeof v === 'boolean' || typeof v === 'bigint' || typeof v === 'number') {
    return convert('string', v) as string;
  }
  throw typeError('join() joins strings, numbers, bools and null', v);
}

function mapMethod(m: RMap, name: string, args: Value[]): Value {
  switch (name) {
    case 'size':
      arity(name, args, 0);
      return BigInt(m.m.size);
    case 'keys':
      arity(name, args, 0);
      return [...m.m.keys()];
    case 'values':
      arity(name, args, 0);
      return [...m.m.values()];
    case 'get': {
      arity(name, args, 2);
      const key = args[0] as Value;
      const dflt = args[1] as Value;
      if (typeof key === 'string') return m.m.has(key) ? (m.m.get(key) as Value) : dflt;
      if (Array.isArray(key)) {
        let cur: Value = m;
        for (const k of key) {
          const ks = str(k, 'get() key path element');
          if (!(cur instanceof RMap) || !cur.m.has(ks)) return dflt;
          cur = cur.m.get(ks) as Value;
        }
        return cur;
      }
      throw typeError('get() key must be a string or a list of strings', key);
    }
    case 'diff': {
      arity(name, args, 1);
      const other = args[0];
      if (!(other instanceof RMap)) {
        assertConcrete(other ?? null);
        throw typeError('diff() needs a map', other ?? null);
      }
      return new RMapDiff(m, other);
    }
    default:
      throw unknownMethod('map', name);
  }
}

function setMethod(s: RSet, name: string, args: Value[]): Value {
  const otherSet = (what: string): RSet => {
    const o = args[0];
    if (!(o instanceof RSet)) throw typeError(`${what} needs a set`, o ?? null);
    return o;
  };
  switch (name) {
    case 'size':
      arity(name, args, 0);
      return BigInt(s.items.size);
    case 'hasAll':
      arity(name, args, 1);
      return hasAll(new Set(s.items.keys()), elements(args[0], 'hasAll()'), false);
    case 'hasAny':
      arity(name, args, 1);
      return hasAny(new Set(s.items.keys()), elements(args[0], 'hasAny()'), false);
    case 'hasOnly':
      arity(name, args, 1);
      return hasOnly(s.items.values(), elements(args[0], 'hasOnly()'), false);
    case 'difference': {
      arity(name, args, 1);
      const o = otherSet('difference()');
      const items = new Map([...s.items].filter(([k]) => !o.items.has(k)));
      return new RSet(items);
    }
    case 'intersection': {
      arity(name, args, 1);
      const o = otherSet('intersection()');
      return new RSet(new Map([...s.items].filter(([k]) => o.items.has(k))));
    }
    case 'union': {
      arity(name, args, 1);
      const o = otherSet('union()');
      const items = new Map(s.items);
      for (const [k, v] of o.items) if (!items.has(k)) items.set(k, v);
      return new RSet(items);
    }
    default:
      throw unknownMethod('set', name);
  }
}

function mapDiffMethod(d: RMapDiff, name: string, args: Value[]): Value {
  arity(name, args, 0);
  const a = d.left.m;
  const b = d.right.m;
  const keys: string[] = [];
  switch (name) {
    case 'addedKeys':
      for (const k of a.keys()) if (!b.has(k)) keys.push(k);
      break;
    case 'removedKeys':
      for (const k of b.keys()) if (!a.has(k)) keys.push(k);
      break;
    case 'changedKeys':
      for (const [k, v] of a) if (b.has(k) && !valuesEqual(v, b.get(k) as Value)) keys.push(k);
      break;
    case 'unchangedKeys':
      for (const [k, v] of a) if (b.has(k) && valuesEqual(v, b.get(k) as Value)) keys.push(k);
      break;
    case 'affectedKeys':
      for (const [k, v] of a) if (!b.has(k) || !valuesEqual(v, b.get(k) as Value)) keys.push(k);
      for (const k of b.keys()) if (!a.has(k)) keys.push(k);
      break;
    default:
      throw unknownMethod('map_diff', name);
  }
  return makeSet(keys);
}

function utcDate(t: RTimestamp): Date {
  const ms = t.nanos >= 0n ? t.nanos / NS_PER_MS : (t.nanos - NS_PER_MS + 1n) / NS_PER_MS;
  return new Date(Number(ms));
}

function floorMod(a: bigint, m: bigint): bigint {
  const r = a % m;
  return r < 0n ? r + m : r;
}

function timestampMethod(t: RTimestamp, name: string, args: Value[]): Value {
  arity(name, args, 0);
  const d = utcDate(t);
  switch (name) {
    case 'toMillis':
      return t.nanos >= 0n ? t.nanos / NS_PER_MS : -((-t.nanos + NS_PER_MS - 1n) / NS_PER_MS);
    case 'year':
      return BigInt(d.getUTCFullYear());
    case 'month':
      return BigInt(d.getUTCMonth() + 1);
    case 'day':
      return BigInt(d.getUTCDate());
    case 'hours':
      return BigInt(d.getUTCHours());
    case 'minutes':
      return BigInt(d.getUTCMinutes());
    case 'seconds':
      return BigInt(d.getUTCSeconds());
    case 'nanos':
      return floorMod(t.nanos, NS_PER_S);
    case 'dayOfWeek': {
      // 1 (Monday) to 7 (Sunday).
      const wd = d.getUTCDay();
      return BigInt(wd === 0 ? 7 : wd);
    }
    case 'dayOfYear': {
      const start = Date.UTC(d.getUTCFullYear(), 0, 1);
      const today = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      return BigInt(Math.round((today - start) / 86_400_000) + 1);
    }
    case 'date':
      return timestamp(t.nanos - floorMod(t.nanos, NS_PER_DAY));
    case 'time':
      return duration(floorMod(t.nanos, NS_PER_DAY));
    default:
      throw unknownMethod('timestamp', name);
  }
}

function durationMethod(d: RDuration, name: string, args: Value[]): Value {
  arity(name, args, 0);
  switch (name) {
    case 'seconds':
      // Whole seconds, truncated toward zero; nanos() carries the sign of the remainder.
      return d.nanos / NS_PER_S;
    case 'nanos':
      return d.nanos % NS_PER_S;
    default:
      throw unknownMethod('duration', name);
  }
}

function pathMethod(p: RPath, name: string, args: Value[]): Value {
  if (name !== 'bind') throw unknownMethod('path', name);
  arity(name, args, 1);
  const m = args[0];
  if (!(m instanceof RMap)) throw typeError('bind() needs a map', m ?? null);
  const segments = [...p.segments];
  const holes = new Map(p.holes ?? []);
  for (const [i, hole] of p.holes ?? []) {
    const v = m.m.get(hole);
    if (v === undefined) continue;
    segments[i] = segmentText(v);
    holes.delete(i);
  }
  const bindings = new Map(p.bindings ?? []);
  for (const [k, v] of m.m) bindings.set(k, v);
  return new RPath(segments, holes.size ? holes : undefined, bindings);
}

/** How a value reads as one path segment in `$(...)` and bind(). */
export function segmentText(v: Value): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return formatFloat(v);
  if (typeof v === 'boolean') return String(v);
  assertConcrete(v);
  throw typeError('a path segment must be a string or a number', v);
}

function bytesMethod(b: RulesBytes, name: string, args: Value[]): Value {
  arity(name, args, 0);
  switch (name) {
    case 'size':
      return BigInt(b.bytes.length);
    case 'toBase64':
      // base64url (RFC 4648 §5: '-' and '_'), keeping the '=' padding, as Google's evaluator does.
      return Buffer.from(b.bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
    case 'toHexString':
      return Buffer.from(b.bytes).toString('hex').toUpperCase();
    default:
      throw unknownMethod('bytes', name);
  }
}

function latLngMethod(g: RulesLatLng, name: string, args: Value[]): Value {
  switch (name) {
    case 'latitude':
      arity(name, args, 0);
      return g.latitude;
    case 'longitude':
      arity(name, args, 0);
      return g.longitude;
    case 'distance': {
      arity(name, args, 1);
      const o = args[0];
      if (!(o instanceof RulesLatLng)) throw typeError('distance() needs a latlng', o ?? null);
      return haversine(g, o);
    }
    default:
      throw unknownMethod('latlng', name);
  }
}

function haversine(a: RulesLatLng, b: RulesLatLng): number {
  const r = 6_371_010;
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * r * Math.asin(Math.min(1, Math.sqrt(h)));
}

// ------------------------------------------------------------------ namespaces

export function callNamespace(ns: string, name: string, args: Value[]): Value {
  const a0 = args[0] as Value;
  switch (`${ns}.${name}`) {
    // As Google's evaluator (Java's Math): abs of the smallest int is itself; ceil and floor
    // return a float, even of an int; round returns an int, saturating (NaN rounds to 0).
    case 'math.abs':
      if (typeof a0 === 'bigint') return a0 < 0n && a0 !== INT64_MIN ? -a0 : a0;
      return Math.abs(num(a0, 'math.abs()'));
    case 'math.ceil':
      return Math.ceil(num(a0, 'math.ceil()'));
    case 'math.floor':
      return Math.floor(num(a0, 'math.floor()'));
    case 'math.round':
      if (typeof a0 === 'bigint') return a0;
      return javaLong(Math.round(num(a0, 'math.round()')));
    case 'math.sqrt':
      return Math.sqrt(num(a0, 'math.sqrt()'));
    case 'math.pow':
      return Math.pow(num(a0, 'math.pow() base'), num(args[1], 'math.pow() exponent'));
    case 'math.isInfinite':
      throw notInGoogle('math.isInfinite');
    case 'math.isNaN':
      return Number.isNaN(num(a0, 'math.isNaN()'));
    case 'timestamp.date': {
      const y = Number(int(a0, 'year'));
      const m = Number(int(args[1], 'month'));
      const d = Number(int(args[2], 'day'));
      if (m < 1 || m > 12 || d < 1 || d > 31) throw new EvalError('invalid date');
      const dt = new Date(Date.UTC(2000, m - 1, d));
      dt.setUTCFullYear(y);
      if (dt.getUTCMonth() !== m - 1) throw new EvalError('invalid date');
      return timestamp(BigInt(dt.getTime()) * NS_PER_MS);
    }
    case 'timestamp.value':
      return timestamp(int(a0, 'timestamp.value() milliseconds') * NS_PER_MS);
    case 'duration.abs': {
      if (!(a0 instanceof RDuration)) throw typeError('duration.abs() needs a duration', a0);
      return duration(a0.nanos < 0n ? -a0.nanos : a0.nanos);
    }
    case 'duration.time': {
      const h = int(a0, 'hours');
      const m = int(args[1], 'minutes');
      const s = int(args[2], 'seconds');
      const n = int(args[3], 'nanos');
      return duration(((h * 60n + m) * 60n + s) * NS_PER_S + n);
    }
    case 'duration.value': {
      const unit = str(args[1], 'duration unit');
      const scale = DURATION_UNITS[unit];
      if (scale === undefined) throw new EvalError(`unknown duration unit '${unit}'`);
      // A float magnitude is an error in Google's evaluator (duration.value(1.5, 's')).
      return duration(int(a0, 'duration magnitude') * scale);
    }
    case 'hashing.md5':
    case 'hashing.sha256': {
      const data = hashInput(a0, name);
      return new RulesBytes(new Uint8Array(createHash(name).update(data).digest()));
    }
    case 'hashing.crc32':
      return crcBytes(crc(hashInput(a0, name), CRC32_TABLE));
    case 'hashing.crc32c':
      return crcBytes(crc(hashInput(a0, name), CRC32C_TABLE));
    case 'latlng.value': {
      const lat = num(a0, 'latitude');
      const lng = num(args[1], 'longitude');
      if (lat < -90 || lat > 90 || lng < -180 || lng > 180)
        throw new EvalError('latlng out of range');
      return new RulesLatLng(lat, lng);
    }
    default:
      throw new EvalError(`unknown function '${ns}.${name}'`);
  }
}

const DURATION_UNITS: Record<string, bigint> = {
  w: 7n * NS_PER_DAY,
  d: NS_PER_DAY,
  h: 3600n * NS_PER_S,
  m: 60n * NS_PER_S,
  s: NS_PER_S,
  ms: NS_PER_MS,
  ns: 1n,
};

function hashInput(v: Value, fn: string): Uint8Array {
  if (typeof v === 'string') return new Uint8Array(Buffer.from(v, 'utf8'));
  if (v instanceof RulesBytes) return v.bytes;
  throw typeError(`hashing.${fn}() needs a string or bytes`, v);
}

function crcTable(poly: number): Uint32Array {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? poly ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
}
const CRC32_TABLE = crcTable(0xedb88320);
const CRC32C_TABLE = crcTable(0x82f63b78);

function crc(data: Uint8Array, table: Uint32Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = (table[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The checksum as 4 bytes, least significant first (hashing.crc32('abc') is C2412435). */
function crcBytes(n: number): RulesBytes {
  return new RulesBytes(Uint8Array.of(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24));
}

// ------------------------------------------------------------------ conversions

/** A Java `(long)` cast: NaN is 0, out-of-range values saturate. */
function javaLong(f: number): bigint {
  if (Number.isNaN(f)) return 0n;
  if (f >= 2 ** 63) return INT64_MAX;
  if (f <= -(2 ** 63)) return INT64_MIN;
  return BigInt(Math.trunc(f));
}

/**
 * How string() (and join()) render a float: as Java's Double.toString, which Google's evaluator
 * uses: '2.0', '-0.0', '0.001', '9999999.0', then '1.0E7', '1.0E-4', '1.23456789E8'.
 */
export function formatFloat(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return 'Infinity';
  if (f === -Infinity) return '-Infinity';
  if (f === 0) return Object.is(f, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(f);
  if (abs >= 1e-3 && abs < 1e7) {
    const s = String(f);
    return s.includes('.') ? s : s + '.0';
  }
  const [mantissa = '', exp = ''] = f.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : mantissa + '.0'}E${exp.replace('+', '')}`;
}

/** The value of a Unicode decimal digit (Java's Long.parseLong accepts any of them). */
function digitValue(ch: string): number {
  let cp = ch.codePointAt(0) as number;
  let n = 0;
  while (/\p{Nd}/u.test(String.fromCodePoint(cp - 1))) {
    cp--;
    n++;
  }
  return n % 10;
}

/** int('…') as Java's Long.parseLong: optional sign, decimal digits, no spaces, no overflow. */
function parseIntString(v: string): bigint {
  const m = /^([+-]?)(\p{Nd}+)$/u.exec(v);
  if (!m) throw new EvalError(`int(): '${v}' is not an integer`);
  let n = 0n;
  for (const ch of m[2] as string) n = n * 10n + BigInt(digitValue(ch));
  const r = m[1] === '-' ? -n : n;
  if (r > INT64_MAX || r < INT64_MIN) throw new EvalError(`int(): '${v}' is out of range`);
  return r;
}

const JAVA_DECIMAL = /^[+-]?(NaN|Infinity|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)[fFdD]?$/;
const JAVA_HEX = /^([+-]?)0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)[pP]([+-]?\d+)[fFdD]?$/;

/** float('…') as Java's Double.parseDouble: trims, takes 'Infinity', 'NaN', 1e3f, 0x1p3. */
function parseFloatString(v: string): number {
  const t = javaTrim(v);
  if (JAVA_DECIMAL.test(t)) return Number(t.replace(/[fFdD]$/, ''));
  const h = JAVA_HEX.exec(t);
  if (h && (h[2] || h[3])) {
    const digits = (h[2] ?? '') + (h[3] ?? '');
    const mantissa = parseInt(digits, 16) / 16 ** (h[3] ?? '').length;
    const f = mantissa * 2 ** Number(h[4]);
    return h[1] === '-' ? -f : f;
  }
  throw new EvalError(`float(): '${v}' is not a number`);
}

/** A function the reference documents but Google's evaluator lacks: every call fails there. */
function notInGoogle(name: string): EvalError {
  return new EvalError(`Function not found: ${name} (documented, but not in Google's evaluator)`);
}

export function convert(name: string, v: Value): Value {
  switch (name) {
    case 'bool':
      throw notInGoogle('bool');
    case 'int':
      if (typeof v === 'bigint') return v;
      if (typeof v === 'number') return javaLong(v);
      if (typeof v === 'string') return parseIntString(v);
      throw typeError('int() needs a number or a string', v);
    case 'float':
      if (typeof v === 'number') return v;
      if (typeof v === 'bigint') return Number(v);
      if (typeof v === 'string') return parseFloatString(v);
      throw typeError('float() needs a number or a string', v);
    case 'string':
      if (v === null) return 'null';
      if (typeof v === 'string') return v;
      if (typeof v === 'boolean' || typeof v === 'bigint') return String(v);
      if (typeof v === 'number') return formatFloat(v);
      throw typeError('string() needs a bool, int, float, string or null', v);
    case 'path': {
      const s = str(v, 'path()');
      return new RPath(s.split('/').filter((seg) => seg !== ''));
    }
    default:
      throw new EvalError(`unknown function '${name}'`);
  }
}
