/**
 * The local server's index keys order and match values exactly as the query engine compares them,
 * across types (Firestore's type order), within each type, and nested in arrays and maps: an index
 * read in key order must give the scan's order.
 */
import { describe, expect, it } from 'vitest';
import { compareIds, compareValues } from 'firestore-engine/values';
import { Bytes, DocumentRef, GeoPoint } from 'firestore-engine/value-types';
import { idKey, indexKey } from 'firestore-local/index-key';

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);

const VALUES: unknown[] = [
  null,
  false,
  true,
  Number.NaN,
  Number.NEGATIVE_INFINITY,
  -1e300,
  -2.5,
  -1,
  -0,
  0,
  Number.MIN_VALUE,
  1,
  1.5,
  2,
  10,
  2 ** 53,
  Number.POSITIVE_INFINITY,
  new Date(-1000),
  new Date(0),
  new Date(1_700_000_000_000),
  '',
  '\u0000',
  '\u0000a',
  'A',
  'a',
  'a\u0000',
  'ab',
  'b',
  '\u00e9',
  '\uffff',
  '\ud83d\ude00',
  '\ud800',
  Bytes.fromUint8Array(new Uint8Array([])),
  Bytes.fromUint8Array(new Uint8Array([0])),
  Bytes.fromUint8Array(new Uint8Array([0, 1])),
  Bytes.fromUint8Array(new Uint8Array([1])),
  Bytes.fromUint8Array(new Uint8Array([255])),
  new DocumentRef('cards/a'),
  new DocumentRef('cards/a/x/y'),
  new DocumentRef('cards/ab'),
  new DocumentRef('cardsa/a'),
  new GeoPoint(-10, 5),
  new GeoPoint(10, -5),
  new GeoPoint(10, 5),
  [],
  [null],
  [1],
  [1, 2],
  [1, 'a'],
  [2],
  ['a'],
  [[1], 2],
  {},
  { a: 1 },
  { a: 1, b: 1 },
  { a: 2 },
  { a: 'x' },
  { b: 0 },
  { a: { b: 1 } },
];

describe('index keys', () => {
  it('order every pair of values as compareValues does, and match exactly the equal ones', () => {
    const wrong: string[] = [];
    for (const a of VALUES) {
      for (const b of VALUES) {
        const expected = sign(compareValues(a, b));
        const actual = sign(Buffer.compare(indexKey(a), indexKey(b)));
        if (expected !== actual)
          wrong.push(`${String(a)} vs ${String(b)}: ${actual} not ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('order document ids as compareIds does', () => {
    const ids = ['', 'A', 'a', 'a0', 'aa', 'b', '\u00e9', '\uffff', '\ud83d\ude00', 'z\u0000'];
    for (const a of ids)
      for (const b of ids) expect(sign(Buffer.compare(idKey(a), idKey(b)))).toBe(compareIds(a, b));
  });
});
