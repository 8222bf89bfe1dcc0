/**
 * Firestore's limits, enforced by the engine the memory driver and the local server share, with
 * Firestore's error code (`invalid-argument`) and a message that names the limit (issue 26): 20
 * levels of maps and arrays, ids of at most 1,500 bytes that are valid UTF-8, no array directly in
 * an array, documents of at most 1 MiB, at most 100 filters and 30 disjunctions, a 32-bit `limit`;
 * JSON nested beyond any document is refused by the wire before it is walked.
 */
import { describe, expect, it } from 'vitest';
import { expectInvalidArgument } from './invalid-argument';
import type { DocData, QuerySpec } from 'firestore-engine/document';
import { increment } from 'firestore-engine/transforms';
import { assertDocPath, isWellFormedText } from 'firestore-engine/paths';
import { validateQuery } from 'firestore-engine/query';
import { decodeDoc, decodeValue } from 'firestore-engine/wire';
import { applyWrite, MAX_DEPTH } from 'firestore-engine/writes';

const now = new Date('2026-01-01T00:00:00Z');

/** A document whose field `a` holds `levels` maps, one in the other. */
function nested(levels: number): DocData {
  let value: DocData = {};
  for (let i = 1; i < levels; i++) value = { a: value };
  return { a: value };
}

function set(path: string, data: DocData): DocData | null {
  return applyWrite(null, { kind: 'set', path, data }, now);
}

describe('document depth', () => {
  it('takes 20 levels of maps and refuses 21', () => {
    expect(MAX_DEPTH).toBe(20);
    expect(set('c/d', nested(20))).not.toBeNull();
    expectInvalidArgument(() => set('c/d', nested(21)), /nested too deeply.*20 levels/);
  });

  it('counts arrays as levels too', () => {
    let value: unknown = 1;
    // 10 maps each holding a list of one map: 20 levels, then one more.
    for (let i = 0; i < 10; i++) value = [{ v: value }];
    expect(set('c/d', { f: value } as DocData)).not.toBeNull();
    expectInvalidArgument(() => set('c/d', { f: { g: value } } as DocData), /nested too deeply/);
  });

  it('refuses an update whose dotted field path nests a value past the limit', () => {
    const before = { x: 1 };
    const path = Array.from({ length: 5 }, () => 'p').join('.');
    expectInvalidArgument(
      () => applyWrite(before, { kind: 'update', path: 'c/d', data: { [path]: nested(17) } }, now),
      /nested too deeply/,
    );
  });

  it('stops walking at the limit: a 100,000-level document is refused, not a stack overflow', () => {
    expectInvalidArgument(() => set('c/d', nested(100_000)), /nested too deeply/);
  });
});

describe('arrays in arrays', () => {
  it('refuses an array directly inside an array, and takes one inside a map inside an array', () => {
    expectInvalidArgument(() => set('c/d', { list: [[1, 2]] }), /Nested arrays are not supported/);
    expect(set('c/d', { list: [{ inner: [1, 2] }] })).toEqual({ list: [{ inner: [1, 2] }] });
  });
});

describe('ids', () => {
  it('takes an id of 1,500 bytes and refuses 1,501', () => {
    expect(() => assertDocPath(`c/${'x'.repeat(1500)}`)).not.toThrow();
    expectInvalidArgument(() => assertDocPath(`c/${'x'.repeat(1501)}`), /longer than 1500 bytes/);
    // Bytes, not characters: 501 three-byte characters are 1,503 bytes.
    expectInvalidArgument(() => assertDocPath(`c/${'€'.repeat(501)}`), /longer than 1500 bytes/);
    expectInvalidArgument(() => assertDocPath(`${'x'.repeat(1501)}/d`), /longer than 1500 bytes/);
  });

  it('refuses an id with a lone surrogate, and takes a paired one (an emoji)', () => {
    expectInvalidArgument(() => assertDocPath('c/a\uD800b'), /not valid UTF-8/);
    expectInvalidArgument(() => assertDocPath('c/a\uDC00'), /not valid UTF-8/);
    expect(() => assertDocPath('c/\uD83D\uDE00')).not.toThrow();
    expect(isWellFormedText('\uD83D\uDE00')).toBe(true);
    expect(isWellFormedText('\uD83D')).toBe(false);
  });
});

describe('document size', () => {
  it('refuses a document over 1 MiB', () => {
    expectInvalidArgument(() => set('c/d', { blob: 'x'.repeat(1024 * 1024) }), /over the 1 MiB/);
  });

  it('refuses a field name over 1,500 bytes', () => {
    expectInvalidArgument(
      () => set('c/d', { ['k'.repeat(1501)]: 1 }),
      /field name .* longer than 1500 bytes/,
    );
  });
});

describe('queries', () => {
  const q = (spec: Partial<QuerySpec>): QuerySpec => ({ collection: 'c', ...spec });

  it('refuses a limit beyond a 32-bit integer, and takes the largest', () => {
    expect(() => validateQuery(q({ limit: 2_147_483_647 }))).not.toThrow();
    expectInvalidArgument(
      () => validateQuery(q({ limit: 1e12 })),
      /`limit` must be a positive integer/,
    );
    expectInvalidArgument(() => validateQuery(q({ limit: 0 })), /`limit`/);
  });

  it('refuses more than 100 filters, counted before any is read', () => {
    const clause = { field: 'v', op: '==' as const, value: 1 };
    expect(() =>
      validateQuery(q({ where: Array.from({ length: 100 }, () => clause) })),
    ).not.toThrow();
    const flood = Array.from({ length: 100_000 }, () => clause);
    const started = performance.now();
    expectInvalidArgument(() => validateQuery(q({ where: flood })), /at most 100 filters/);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('refuses "in" lists of more than 30 values and more than 30 disjunctions in all', () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(() =>
      validateQuery(q({ where: [{ field: 'a', op: 'in', value: values(30) }] })),
    ).not.toThrow();
    expectInvalidArgument(
      () => validateQuery(q({ where: [{ field: 'a', op: 'in', value: values(31) }] })),
      /at most 30 values/,
    );
    expectInvalidArgument(
      () =>
        validateQuery(
          q({
            where: [
              { field: 'a', op: 'in', value: values(6) },
              { field: 'b', op: 'array-contains-any', value: values(6) },
            ],
          }),
        ),
      /at most 30 disjunctions.*make 36/,
    );
  });
});

describe('the wire', () => {
  it('refuses JSON nested 100,000 levels deep with a clear message, not a stack overflow', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`) as unknown;
    expectInvalidArgument(() => decodeDoc(deep), /nested more than 64 levels deep/);
    expectInvalidArgument(
      () => decodeValue(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)),
      /nested/,
    );
  });

  it('refuses bytes that are not base64 as invalid-argument, not an internal error', () => {
    expectInvalidArgument(() => decodeDoc({ b: { __bytes: '!!\uD800' } }), /not valid base64/);
  });

  it('still decodes a 20-level document with transforms', () => {
    const doc = { ...nested(20), n: increment(1) };
    expect(decodeDoc(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
  });
});
