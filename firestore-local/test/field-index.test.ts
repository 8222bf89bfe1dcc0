/**
 * The local server's field indexes answer a query exactly as the scan does (same documents, same
 * order, same limit), through writes that move documents between values and types, and without
 * scanning where an index serves: equality, `in`, `array-contains(-any)`, ranges and ordered
 * limits.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { DocData, QueryDoc, WhereClause } from 'firestore-engine/document';
import type { ServerQuerySpec } from 'firestore-engine/server-db';
import { runQuery } from 'firestore-engine/query';
import { docId } from 'firestore-engine/paths';
import { createFieldIndex, declaredIndexFields } from 'firestore-local/field-index';

/** A seeded pseudo-random sequence, so that a failure can be replayed. */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

const POOL: unknown[] = [
  null,
  false,
  true,
  -1,
  0,
  1,
  1.5,
  2,
  'a',
  'b',
  'ab',
  new Date(0),
  [1],
  { k: 1 },
];

const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

/** The index over documents in a map; `building` holds its build's steps until `finishBuilds`. */
function fixture(building = false, walkAbove?: number) {
  const docs = new Map<string, DocData>();
  const pending: (() => void)[] = [];
  let scans = 0;
  const index = createFieldIndex(
    new Database(':memory:'),
    {
      get: (path) => docs.get(path) ?? null,
      parents: (id) => [
        ...new Set([...docs.keys()].map(parentOf).filter((p) => p.split('/').at(-1) === id)),
      ],
      chunk: (parent, after, max) =>
        [...docs]
          .filter(([path]) => parentOf(path) === parent && path > after)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .slice(0, max),
      scan(spec) {
        scans += 1;
        return all(spec.collection);
      },
    },
    {
      schedule: (work) => (building ? pending.push(work) : work()),
      ...(walkAbove !== undefined ? { walkAbove } : {}),
    },
  );
  function all(collection: string): QueryDoc[] {
    return [...docs]
      .filter(([path]) => path.startsWith(`${collection}/`) && path.split('/').length === 2)
      .map(([path, data]) => ({ id: docId(path), path, data }));
  }
  function write(path: string, data: DocData | null): void {
    index.update(path, docs.get(path) ?? null, data);
    if (data === null) docs.delete(path);
    else docs.set(path, data);
  }
  function finishBuilds(): void {
    for (let work = pending.shift(); work; work = pending.shift()) work();
  }
  return { index, write, all, scans: () => scans, finishBuilds };
}

function randomDoc(next: () => number, pick: <T>(list: readonly T[]) => T): DocData {
  const data: DocData = { b: Math.floor(next() * 10) };
  if (next() < 0.9) data.a = pick(POOL);
  if (next() < 0.7) data.tags = [pick(['x', 'y', 'z', 1, 2]), pick(['x', 'y', 2])];
  return data;
}

describe('field index', () => {
  it.each([
    ['its most selective clause', undefined],
    ['a walk of its order whenever it has a limit', 0],
  ])(
    'answers like the scan, query after query, as documents change (reading %s)',
    (_, walkAbove) => {
      const next = random(26);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
      const f = fixture(false, walkAbove);
      for (let i = 0; i < 300; i++)
        f.write(`things/d${String(i).padStart(3, '0')}`, randomDoc(next, pick));
      const queries: (() => ServerQuerySpec)[] = [
        () => ({ collection: 'things', where: [{ field: 'a', op: '==', value: pick(POOL) }] }),
        () => ({
          collection: 'things',
          where: [{ field: 'a', op: 'in', value: [pick(POOL), pick(POOL)] }],
        }),
        () => ({
          collection: 'things',
          where: [{ field: 'tags', op: 'array-contains', value: pick(['x', 2]) }],
        }),
        () => ({
          collection: 'things',
          where: [{ field: 'tags', op: 'array-contains-any', value: ['y', 1] }],
          orderBy: [{ field: 'b', direction: pick(['asc', 'desc'] as const) }],
          limit: 7,
        }),
        () => ({
          collection: 'things',
          where: [
            { field: 'b', op: pick(['<', '<=', '>', '>='] as const), value: pick([0, 3, 5, 9]) },
          ],
        }),
        () => ({
          collection: 'things',
          where: [{ field: 'a', op: '>', value: pick(POOL) }],
          limit: 5,
        }),
        () => ({
          collection: 'things',
          orderBy: [{ field: 'a', direction: pick(['asc', 'desc'] as const) }],
          limit: pick([1, 3, 20, 400]),
        }),
        () => ({
          collection: 'things',
          where: [{ field: 'b', op: '==', value: pick([1, 2, 3]) } as WhereClause],
          orderBy: [
            { field: 'a', direction: 'desc' },
            { field: 'b', direction: 'asc' },
          ],
          limit: 4,
        }),
        () => ({ collection: 'things', where: [{ field: 'a', op: '!=', value: 1 }], limit: 10 }),
        // A range on the order field, as the lead pages ask (`createdAt <=`, newest first).
        () => ({
          collection: 'things',
          where: [
            { field: 'b', op: pick(['<', '<=', '>', '>='] as const), value: pick([2, 5, 7]) },
            { field: 'b', op: pick(['<', '<=', '>', '>='] as const), value: pick([3, 6]) },
          ],
          orderBy: [{ field: 'b', direction: pick(['asc', 'desc'] as const) }],
          limit: pick([1, 4, 40]),
        }),
        // Ties on the first order field are broken by the second, not by id: a walk must read them all.
        () => ({
          collection: 'things',
          orderBy: [
            { field: 'a', direction: pick(['asc', 'desc'] as const) },
            { field: 'b', direction: 'desc' },
          ],
          limit: pick([2, 5, 30]),
        }),
      ];
      for (let round = 0; round < 200; round++) {
        const spec = pick(queries)();
        const expected = runQuery(f.all('things'), spec).map((d) => d.id);
        expect(
          f.index.query(spec).map((d) => d.id),
          JSON.stringify(spec),
        ).toEqual(expected);
        // Between queries, a document changes value or type, or comes or goes.
        const path = `things/d${String(Math.floor(next() * 320)).padStart(3, '0')}`;
        f.write(path, next() < 0.15 ? null : randomDoc(next, pick));
      }
      // Every one of those queries had an index to read: none scanned the collection.
      expect(f.scans()).toBe(0);
    },
  );

  it('answers by the scan while an index is built a chunk at a time, and by the index once built', () => {
    const f = fixture(true);
    for (let i = 0; i < 1200; i++) f.write(`big/e${String(i).padStart(4, '0')}`, { n: i % 7 });
    const spec: ServerQuerySpec = {
      collection: 'big',
      where: [{ field: 'n', op: '==', value: 3 }],
    };
    const expected = runQuery(f.all('big'), spec).map((d) => d.id);
    // The first query starts the build and is answered by the scan.
    expect(f.index.query(spec).map((d) => d.id)).toEqual(expected);
    expect(f.scans()).toBe(1);
    // Writes while the build runs, before and after its cursor, are in the finished index.
    f.write('big/e0001', { n: 3 });
    f.write('big/e1100', { n: 3 });
    f.write('big/e1199', null);
    f.write('big/f0000', { n: 3 });
    f.finishBuilds();
    const now = runQuery(f.all('big'), spec).map((d) => d.id);
    expect(now).toContain('e0001');
    expect(f.index.query(spec).map((d) => d.id)).toEqual(now);
    expect(f.scans()).toBe(1);
  });

  it('scans what no index serves: a not-in with no limit', () => {
    const f = fixture();
    f.write('things/a', { a: 1 });
    f.write('things/b', { a: 2 });
    expect(
      f.index.query({ collection: 'things', where: [{ field: 'a', op: 'not-in', value: [1] }] }),
    ).toEqual([{ id: 'b', path: 'things/b', data: { a: 2 } }]);
    expect(f.scans()).toBe(1);
  });

  it('reads the fields of firestore.indexes.json to index from the start', () => {
    expect(
      declaredIndexFields({
        indexes: [
          {
            collectionGroup: 'cards',
            fields: [{ fieldPath: 'accountId' }, { fieldPath: 'name' }, { fieldPath: '__name__' }],
          },
          { collectionGroup: 'jobs', fields: [{ fieldPath: 'status' }] },
        ],
      }),
    ).toEqual([
      { group: 'cards', field: 'accountId' },
      { group: 'cards', field: 'name' },
      { group: 'jobs', field: 'status' },
    ]);
  });
});

describe('field index builds', () => {
  it('stop quietly when the store closes before they finish', () => {
    const db = new Database(':memory:');
    const pending: (() => void)[] = [];
    const docs = new Map<string, DocData>(
      Array.from({ length: 1200 }, (_, i) => [`things/d${String(i).padStart(4, '0')}`, { a: i }]),
    );
    const index = createFieldIndex(
      db,
      {
        get: (path) => docs.get(path) ?? null,
        parents: () => ['things'],
        chunk: (_parent, after, max) => [...docs].filter(([path]) => path > after).slice(0, max),
        scan: () => [...docs].map(([path, data]) => ({ id: docId(path), path, data })),
      },
      { schedule: (work) => pending.push(work) },
    );
    // The first query on `a` starts a build in steps; the store closes while it runs.
    index.query({ collection: 'things', where: [{ field: 'a', op: '==', value: 3 }] });
    db.close();
    expect(() => {
      for (let work = pending.shift(); work; work = pending.shift()) work();
    }).not.toThrow();
  });
});
