/**
 * The port's contract: one suite of cases every driver must pass (memory, local + server, and the
 * Firestore driver where an emulator exists). Each case works in collections of its own, so one
 * backend serves the whole suite. Cases that need an access policy run when the target names a
 * refused collection, whose documents the policy (or the memory driver's `refuse`) denies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBackendError } from 'firestore-engine/errors';
import type { BackendErrorCode } from 'firestore-engine/errors';
import type { Backend, DocSnapshot, ListenError, QueryDoc, QuerySpec } from '@/backend/port';
import {
  arrayRemove,
  arrayUnion,
  deleteField,
  increment,
  serverTimestamp,
} from 'firestore-engine/transforms';
import { Bytes, DocumentRef, GeoPoint } from 'firestore-engine/value-types';
import { until } from '../support/until';

export interface ContractTarget {
  backend: Backend;
  /** A top-level collection the policy refuses entirely (null: the driver has no policy). */
  refusedCollection: string | null;
  close(): Promise<void>;
}

let counter = 0;
/** A collection name no other case (or earlier run on the same server) uses. */
function col(label: string): string {
  counter += 1;
  return `c_${label}_${counter}_${Math.random().toString(36).slice(2, 8)}`;
}

async function expectCode(promise: Promise<unknown>, code: BackendErrorCode): Promise<void> {
  let caught: unknown;
  try {
    await promise;
  } catch (err) {
    caught = err;
  }
  expect(caught, `expected a ${code} error`).toBeDefined();
  expect(isBackendError(caught) ? caught.code : caught).toBe(code);
}

/** How long a listener here may take to answer. */
const LISTEN_MS = 5000;

/** Records what a listener receives. */
function recorder<T>() {
  const values: T[] = [];
  const errors: ListenError[] = [];
  return {
    values,
    errors,
    next: (v: T) => values.push(v),
    error: (e: ListenError) => errors.push(e),
    async count(n: number) {
      await until(() => values.length >= n || errors.length > 0, `${n} snapshots`, LISTEN_MS);
      expect(errors).toEqual([]);
    },
  };
}

const ids = (docs: QueryDoc[]): string[] => docs.map((d) => d.id);

export interface ContractOptions {
  /**
   * Why the driver's file cases cannot run here, when they cannot (no file store to run them
   * on): printed, and the cases are left out rather than counted as skipped.
   */
  readonly filesNotRunnable?: string;
}

export function runPortContract(
  name: string,
  makeTarget: () => Promise<ContractTarget>,
  options: ContractOptions = {},
): void {
  if (options.filesNotRunnable) {
    console.info(`[contract] ${name}: the 4 file cases do not run: ${options.filesNotRunnable}`);
  }
  describe(`port contract: ${name}`, () => {
    let target: ContractTarget;
    let db: Backend;

    beforeAll(async () => {
      target = await makeTarget();
      db = target.backend;
    });
    afterAll(async () => {
      await target?.close();
    });

    describe('documents', () => {
      it('newId makes distinct 20-character ids', () => {
        const a = db.newId();
        expect(a).toMatch(/^[A-Za-z0-9]{20}$/);
        expect(db.newId()).not.toBe(a);
      });

      it('get of a missing document says it does not exist', async () => {
        const c = col('get');
        expect(await db.get(`${c}/nope`)).toEqual({
          id: 'nope',
          path: `${c}/nope`,
          exists: false,
          data: null,
        });
      });

      it('set stores every value type and get returns it, dates as Date', async () => {
        const c = col('set');
        const when = new Date('2024-05-06T07:08:09.123Z');
        const data = {
          s: 'héllo ✓',
          n: 42.5,
          neg: -3,
          t: true,
          f: false,
          z: null,
          when,
          list: [1, 'two', null, { three: 3 }],
          map: { nested: { deep: 'yes', at: when }, empty: {} },
        };
        await db.set(`${c}/a`, data);
        const snap = await db.get(`${c}/a`);
        expect(snap.exists).toBe(true);
        expect(snap.id).toBe('a');
        expect(snap.data).toEqual(data);
        expect(snap.data?.when).toBeInstanceOf(Date);
      });

      it('set without merge replaces the whole document', async () => {
        const c = col('replace');
        await db.set(`${c}/a`, { keep: 1, map: { x: 1, y: 2 } });
        await db.set(`${c}/a`, { map: { y: 3 } });
        expect((await db.get(`${c}/a`)).data).toEqual({ map: { y: 3 } });
      });

      it('set with merge merges nested maps and keeps other fields', async () => {
        const c = col('merge');
        await db.set(`${c}/a`, { keep: 1, map: { x: 1, y: 2 } });
        await db.set(`${c}/a`, { map: { y: 3, z: 4 }, added: true }, { merge: true });
        expect((await db.get(`${c}/a`)).data).toEqual({
          keep: 1,
          map: { x: 1, y: 3, z: 4 },
          added: true,
        });
      });

      it('set with merge creates a missing document', async () => {
        const c = col('mergenew');
        await db.set(`${c}/a`, { x: 1 }, { merge: true });
        expect((await db.get(`${c}/a`)).data).toEqual({ x: 1 });
      });

      it('update with dotted paths changes nested fields only', async () => {
        const c = col('update');
        await db.set(`${c}/a`, { name: 'A', directory: { slug: 'old', enabled: true }, other: 1 });
        await db.update(`${c}/a`, { 'directory.slug': 'new', 'fresh.inner.value': 5, name: 'B' });
        expect((await db.get(`${c}/a`)).data).toEqual({
          name: 'B',
          directory: { slug: 'new', enabled: true },
          fresh: { inner: { value: 5 } },
          other: 1,
        });
      });

      it('update replaces a map given whole', async () => {
        const c = col('updmap');
        await db.set(`${c}/a`, { directory: { slug: 'old', enabled: true } });
        await db.update(`${c}/a`, { directory: { slug: 'only' } });
        expect((await db.get(`${c}/a`)).data).toEqual({ directory: { slug: 'only' } });
      });

      it('update of a missing document fails with not-found and creates nothing', async () => {
        const c = col('updmissing');
        await expectCode(db.update(`${c}/ghost`, { x: 1 }), 'not-found');
        expect((await db.get(`${c}/ghost`)).exists).toBe(false);
      });

      it('delete removes a document, and deleting a missing one is fine', async () => {
        const c = col('delete');
        await db.set(`${c}/a`, { x: 1 });
        await db.delete(`${c}/a`);
        expect((await db.get(`${c}/a`)).exists).toBe(false);
        await db.delete(`${c}/never`);
      });

      it('add creates a document with a generated id', async () => {
        const c = col('add');
        const id = await db.add(c, { x: 1 });
        expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
        expect(await db.get(`${c}/${id}`)).toEqual({
          id,
          path: `${c}/${id}`,
          exists: true,
          data: { x: 1 },
        });
        expect(ids(await db.query({ collection: c }))).toEqual([id]);
      });

      it('sub-collections are separate from their parent collection', async () => {
        const c = col('sub');
        await db.set(`${c}/p1`, { level: 'top' });
        await db.set(`${c}/p1/teams/t1`, { level: 'sub' });
        await db.set(`${c}/p2/teams/t2`, { level: 'sub-of-missing-parent' });
        expect(ids(await db.query({ collection: c }))).toEqual(['p1']);
        expect(ids(await db.query({ collection: `${c}/p1/teams` }))).toEqual(['t1']);
        expect((await db.get(`${c}/p2/teams/t2`)).data).toEqual({ level: 'sub-of-missing-parent' });
        expect((await db.get(`${c}/p2`)).exists).toBe(false);
      });

      it('refuses paths with the wrong number of segments', async () => {
        const c = col('paths');
        await expectCode(db.get(c), 'invalid-argument');
        await expectCode(db.set(`${c}/a/sub`, { x: 1 }), 'invalid-argument');
        await expectCode(db.add(`${c}/a`, { x: 1 }), 'invalid-argument');
        await expectCode(db.query({ collection: `${c}/a` }), 'invalid-argument');
      });

      it('refuses undefined values and documents over 1 MiB, writing nothing', async () => {
        const c = col('limits');
        await expectCode(db.set(`${c}/u`, { x: undefined }), 'invalid-argument');
        await expectCode(
          db.set(`${c}/big`, { blob: 'x'.repeat(1024 * 1024 + 10) }),
          'invalid-argument',
        );
        expect((await db.get(`${c}/u`)).exists).toBe(false);
        expect((await db.get(`${c}/big`)).exists).toBe(false);
        // Just under the limit is fine.
        await db.set(`${c}/ok`, { blob: 'x'.repeat(1000 * 1000) });
        expect((await db.get(`${c}/ok`)).exists).toBe(true);
      });
    });

    describe('references, GeoPoints and bytes', () => {
      // The Stripe extension writes every subscription's product, price and prices[] as references.
      const subscription = () => ({
        status: 'active',
        product: new DocumentRef('products/prod_1'),
        price: new DocumentRef('products/prod_1/prices/month'),
        prices: [new DocumentRef('products/prod_1/prices/month')],
        place: new GeoPoint(51.5072, -0.1276),
        blob: Bytes.fromUint8Array([0, 1, 254, 255]),
        nested: { ref: new DocumentRef('cards/c1') },
      });

      it('a subscription written with references reads back with them, in get and query', async () => {
        const c = col('refs');
        await db.set(`${c}/sub_1`, subscription());
        const snap = await db.get(`${c}/sub_1`);
        expect(snap.data).toEqual(subscription());
        expect(snap.data?.product).toBeInstanceOf(DocumentRef);
        expect((snap.data?.product as DocumentRef).id).toBe('prod_1');
        expect(snap.data?.place).toBeInstanceOf(GeoPoint);
        expect(snap.data?.blob).toBeInstanceOf(Bytes);
        const docs = await db.query({ collection: c });
        expect(docs.map((d) => d.data)).toEqual([subscription()]);
      });

      it('a listener on a subscription gets its references (and keeps listening)', async () => {
        const c = col('lrefs');
        await db.set(`${c}/sub_1`, subscription());
        const rec = recorder<DocSnapshot>();
        const stop = db.onDoc(`${c}/sub_1`, rec.next, rec.error);
        await rec.count(1);
        expect(rec.values[0]?.data).toEqual(subscription());
        await db.update(`${c}/sub_1`, { status: 'canceled' });
        await rec.count(2);
        expect(rec.values[1]?.data?.price).toEqual(new DocumentRef('products/prod_1/prices/month'));
        stop();
        const query = recorder<QueryDoc[]>();
        const stopQuery = db.onQuery({ collection: c }, query.next, query.error);
        await query.count(1);
        expect(query.values[0]?.[0]?.data.product).toEqual(new DocumentRef('products/prod_1'));
        stopQuery();
      });

      it('filters by reference and orders bytes < references < GeoPoints', async () => {
        const c = col('refq');
        await db.set(`${c}/a`, { v: new GeoPoint(0, 0), p: new DocumentRef('products/a') });
        await db.set(`${c}/b`, {
          v: new DocumentRef('products/b'),
          p: new DocumentRef('products/b'),
        });
        await db.set(`${c}/c`, { v: Bytes.fromUint8Array([9]), p: new DocumentRef('products/a') });
        const byRef = await db.query({
          collection: c,
          where: [{ field: 'p', op: '==', value: new DocumentRef('products/a') }],
        });
        expect(ids(byRef).sort()).toEqual(['a', 'c']);
        const ordered = await db.query({
          collection: c,
          orderBy: [{ field: 'v', direction: 'asc' }],
        });
        expect(ids(ordered)).toEqual(['c', 'b', 'a']);
      });

      it('refuses a reference to a collection path', async () => {
        const c = col('badref');
        await expectCode(db.set(`${c}/a`, { p: new DocumentRef('products') }), 'invalid-argument');
      });
    });

    describe('transforms', () => {
      it('serverTimestamp writes the commit time as a Date', async () => {
        const c = col('ts');
        const before = Date.now();
        await db.set(`${c}/a`, { at: serverTimestamp(), nested: { at: serverTimestamp() } });
        const after = Date.now();
        const data = (await db.get(`${c}/a`)).data ?? {};
        expect(data.at).toBeInstanceOf(Date);
        const t = (data.at as Date).getTime();
        expect(t).toBeGreaterThanOrEqual(before - 2000);
        expect(t).toBeLessThanOrEqual(after + 2000);
        expect((data.nested as { at: unknown }).at).toBeInstanceOf(Date);
      });

      it('increment adds to a number and starts a missing field at the amount', async () => {
        const c = col('inc');
        await db.set(`${c}/a`, { n: 5, map: {} });
        await db.update(`${c}/a`, { n: increment(2), m: increment(3), 'map.k': increment(-1) });
        expect((await db.get(`${c}/a`)).data).toEqual({ n: 7, m: 3, map: { k: -1 } });
        await db.set(`${c}/a`, { n: increment(10) }, { merge: true });
        expect((await db.get(`${c}/a`)).data?.n).toBe(17);
      });

      it('arrayUnion adds missing values once and arrayRemove removes every copy', async () => {
        const c = col('arrays');
        await db.set(`${c}/a`, { tags: ['a', 'b', 'a'] });
        await db.update(`${c}/a`, { tags: arrayUnion('b', 'c', 'c'), fresh: arrayUnion('x') });
        expect((await db.get(`${c}/a`)).data).toEqual({ tags: ['a', 'b', 'a', 'c'], fresh: ['x'] });
        await db.update(`${c}/a`, { tags: arrayRemove('a', 'zzz'), none: arrayRemove('q') });
        expect((await db.get(`${c}/a`)).data).toEqual({ tags: ['b', 'c'], fresh: ['x'], none: [] });
        await db.update(`${c}/a`, { objs: arrayUnion({ k: 1 }, { k: 1 }) });
        await db.update(`${c}/a`, { objs: arrayUnion({ k: 1 }, { k: 2 }) });
        expect((await db.get(`${c}/a`)).data?.objs).toEqual([{ k: 1 }, { k: 2 }]);
      });

      it('deleteField removes a field in update and in set with merge', async () => {
        const c = col('delfield');
        await db.set(`${c}/a`, { a: 1, b: 2, map: { x: 1, y: 2 } });
        await db.update(`${c}/a`, { a: deleteField(), 'map.x': deleteField() });
        expect((await db.get(`${c}/a`)).data).toEqual({ b: 2, map: { y: 2 } });
        await db.set(`${c}/a`, { b: deleteField(), map: { y: deleteField() } }, { merge: true });
        expect((await db.get(`${c}/a`)).data).toEqual({ map: {} });
      });

      it('deleteField in a set without merge is refused', async () => {
        const c = col('delset');
        await expectCode(db.set(`${c}/a`, { a: deleteField() }), 'invalid-argument');
        expect((await db.get(`${c}/a`)).exists).toBe(false);
      });

      it('transforms also work inside batches and in add', async () => {
        const c = col('tbatch');
        await db.set(`${c}/a`, { n: 1 });
        await db.batch([
          { kind: 'update', path: `${c}/a`, data: { n: increment(1) } },
          { kind: 'update', path: `${c}/a`, data: { n: increment(1), at: serverTimestamp() } },
        ]);
        const data = (await db.get(`${c}/a`)).data ?? {};
        expect(data.n).toBe(3);
        expect(data.at).toBeInstanceOf(Date);
        const id = await db.add(c, { created: serverTimestamp(), list: arrayUnion(1) });
        const added = (await db.get(`${c}/${id}`)).data ?? {};
        expect(added.created).toBeInstanceOf(Date);
        expect(added.list).toEqual([1]);
      });
    });

    describe('queries', () => {
      let c: string;
      beforeAll(async () => {
        c = col('query');
        const docs: Record<string, Record<string, unknown>> = {
          a: { n: 1, s: 'apple', tags: ['x', 'y'], group: 'g1', score: 10 },
          b: { n: 2, s: 'banana', tags: ['y'], group: 'g1', score: 30 },
          c: { n: 3, s: 'cherry', tags: [], group: 'g2', score: 20 },
          d: { n: null, s: 'date', tags: ['z'], group: 'g2', score: 20 },
          e: { s: 'elder', group: 'g1', score: 20 },
          f: { n: 'two', tags: ['x'], group: 'g2' },
        };
        await db.batch(
          Object.entries(docs).map(([id, data]) => ({
            kind: 'set' as const,
            path: `${c}/${id}`,
            data,
          })),
        );
      });
      const q = (rest: Omit<QuerySpec, 'collection'>) =>
        db.query({ collection: c, ...rest }).then(ids);

      it('== matches equal values of the same type only', async () => {
        expect(await q({ where: [{ field: 'n', op: '==', value: 2 }] })).toEqual(['b']);
        expect(await q({ where: [{ field: 'n', op: '==', value: null }] })).toEqual(['d']);
        expect(await q({ where: [{ field: 'group', op: '==', value: 'g1' }] })).toEqual([
          'a',
          'b',
          'e',
        ]);
      });

      it('!= leaves out missing fields and nulls, but matches other types', async () => {
        expect(await q({ where: [{ field: 'n', op: '!=', value: 2 }] })).toEqual(['a', 'c', 'f']);
      });

      it('<, <=, >, >= compare within one type', async () => {
        expect(await q({ where: [{ field: 'n', op: '<', value: 2 }] })).toEqual(['a']);
        expect(await q({ where: [{ field: 'n', op: '<=', value: 2 }] })).toEqual(['a', 'b']);
        expect(await q({ where: [{ field: 'n', op: '>', value: 1 }] })).toEqual(['b', 'c']);
        expect(await q({ where: [{ field: 'n', op: '>=', value: 1 }] })).toEqual(['a', 'b', 'c']);
        expect(await q({ where: [{ field: 's', op: '>=', value: 'c' }] })).toEqual(['c', 'd', 'e']);
      });

      it('in and not-in match against a list', async () => {
        expect(await q({ where: [{ field: 'n', op: 'in', value: [1, 3, 'two'] }] })).toEqual([
          'a',
          'c',
          'f',
        ]);
        expect(await q({ where: [{ field: 'n', op: 'not-in', value: [1, 3] }] })).toEqual([
          'b',
          'f',
        ]);
      });

      it('array-contains and array-contains-any look inside arrays', async () => {
        expect(await q({ where: [{ field: 'tags', op: 'array-contains', value: 'x' }] })).toEqual([
          'a',
          'f',
        ]);
        expect(
          await q({ where: [{ field: 'tags', op: 'array-contains-any', value: ['z', 'y'] }] }),
        ).toEqual(['a', 'b', 'd']);
      });

      it('several where clauses all apply', async () => {
        expect(
          await q({
            where: [
              { field: 'group', op: '==', value: 'g1' },
              { field: 'score', op: '>=', value: 20 },
            ],
          }),
        ).toEqual(['e', 'b']);
      });

      it('orderBy leaves out documents missing the field and breaks ties by id', async () => {
        expect(await q({ orderBy: [{ field: 'score', direction: 'asc' }] })).toEqual([
          'a',
          'c',
          'd',
          'e',
          'b',
        ]);
        expect(await q({ orderBy: [{ field: 'score', direction: 'desc' }] })).toEqual([
          'b',
          'e',
          'd',
          'c',
          'a',
        ]);
      });

      it('several orderBy clauses sort in turn', async () => {
        expect(
          await q({
            orderBy: [
              { field: 'group', direction: 'asc' },
              { field: 'score', direction: 'desc' },
            ],
          }),
        ).toEqual(['b', 'e', 'a', 'd', 'c']); // the id tiebreak follows the last direction
      });

      it('limit keeps the first results', async () => {
        expect(await q({ orderBy: [{ field: 's', direction: 'asc' }], limit: 2 })).toEqual([
          'a',
          'b',
        ]);
        expect(await q({ orderBy: [{ field: 's', direction: 'desc' }], limit: 1 })).toEqual(['e']);
      });

      it('query results carry id, path and data', async () => {
        const docs = await db.query({ collection: c, where: [{ field: 'n', op: '==', value: 1 }] });
        expect(docs).toEqual([
          {
            id: 'a',
            path: `${c}/a`,
            data: { n: 1, s: 'apple', tags: ['x', 'y'], group: 'g1', score: 10 },
          },
        ]);
      });

      it('orders mixed value types by Firestore type order', async () => {
        const m = col('mixed');
        const values: Record<string, unknown> = {
          v1null: null,
          v2false: false,
          v3true: true,
          v4neg: -5,
          v5num: 3.5,
          v6date: new Date('2020-01-01T00:00:00Z'),
          v7str: 'a',
          v8str: 'b',
          v9arr: [1, 2],
          w1arr: [1, 3],
          w2map: { a: 1 },
        };
        await db.batch(
          Object.entries(values).map(([id, v]) => ({
            kind: 'set' as const,
            path: `${m}/${id}`,
            data: { v },
          })),
        );
        await db.set(`${m}/nofield`, { other: 1 });
        const asc = ids(
          await db.query({ collection: m, orderBy: [{ field: 'v', direction: 'asc' }] }),
        );
        expect(asc).toEqual(Object.keys(values));
        const desc = ids(
          await db.query({ collection: m, orderBy: [{ field: 'v', direction: 'desc' }] }),
        );
        expect(desc).toEqual(Object.keys(values).reverse());
        // A range filter on a number matches numbers only.
        expect(
          ids(await db.query({ collection: m, where: [{ field: 'v', op: '>', value: -100 }] })),
        ).toEqual(['v4neg', 'v5num']);
      });

      it('orders and limits mixed types, ties and ranges the same after every kind of write', async () => {
        // Enough ordered results to page through: limits that fall inside ties, types and ranges,
        // read again after updates, moves between types, removed fields and deletes.
        const m = col('ordered');
        const values: Record<string, unknown> = {
          a1: 1,
          a2: 1,
          a3: 1,
          b1: 2.5,
          c1: null,
          d1: 'x',
          d2: 'x',
          d3: 'y',
          e1: [1, 'x'],
          e2: ['y'],
          f1: new Date('2021-06-01T00:00:00Z'),
          g1: true,
          h1: { k: 1 },
        };
        await db.batch(
          Object.entries(values).map(([id, v], i) => ({
            kind: 'set' as const,
            path: `${m}/${id}`,
            data: { v, odd: i % 2 === 1, rank: i },
          })),
        );
        const run = (rest: Omit<QuerySpec, 'collection'>) =>
          db.query({ collection: m, ...rest }).then(ids);
        const asc = [{ field: 'v', direction: 'asc' as const }];
        const desc = [{ field: 'v', direction: 'desc' as const }];
        expect(await run({ orderBy: asc, limit: 3 })).toEqual(['c1', 'g1', 'a1']);
        expect(await run({ orderBy: asc, limit: 5 })).toEqual(['c1', 'g1', 'a1', 'a2', 'a3']);
        expect(await run({ orderBy: desc, limit: 4 })).toEqual(['h1', 'e2', 'e1', 'd3']);
        expect(await run({ orderBy: desc, limit: 6 })).toEqual([
          'h1',
          'e2',
          'e1',
          'd3',
          'd2',
          'd1',
        ]);
        expect(
          await run({ where: [{ field: 'odd', op: '==', value: true }], orderBy: asc, limit: 3 }),
        ).toEqual(['g1', 'a2', 'b1']);
        expect(await run({ where: [{ field: 'v', op: '>=', value: 1 }], limit: 2 })).toEqual([
          'a1',
          'a2',
        ]);
        expect(
          await run({
            where: [
              { field: 'v', op: '<', value: 'y' },
              { field: 'v', op: '>', value: '' },
            ],
          }),
        ).toEqual(['d1', 'd2']);
        expect(
          await run({
            where: [{ field: 'v', op: 'in', value: [1, 'y', [1, 'x']] }],
            orderBy: [{ field: 'rank', direction: 'desc' }],
            limit: 3,
          }),
        ).toEqual(['e1', 'd3', 'a3']);
        expect(await run({ where: [{ field: 'v', op: 'array-contains', value: 'x' }] })).toEqual([
          'e1',
        ]);

        // A number becomes a string, an array loses an element, a field goes, a document goes.
        await db.update(`${m}/a1`, { v: 'w' });
        await db.update(`${m}/e1`, { v: [1] });
        await db.update(`${m}/a2`, { v: deleteField() });
        await db.delete(`${m}/b1`);
        await db.set(`${m}/a0`, { v: 1, odd: false, rank: 99 });
        expect(await run({ orderBy: asc, limit: 4 })).toEqual(['c1', 'g1', 'a0', 'a3']);
        expect(await run({ where: [{ field: 'v', op: '>=', value: 1 }] })).toEqual(['a0', 'a3']);
        expect(await run({ where: [{ field: 'v', op: '==', value: 'w' }] })).toEqual(['a1']);
        expect(await run({ where: [{ field: 'v', op: 'array-contains', value: 'x' }] })).toEqual(
          [],
        );
        expect(
          await run({ where: [{ field: 'v', op: 'array-contains-any', value: [1, 'y'] }] }),
        ).toEqual(['e1', 'e2']);
        expect(await run({ orderBy: desc, limit: 3 })).toEqual(['h1', 'e2', 'e1']);
      });

      it('queries a nested field by dotted path', async () => {
        const m = col('nested');
        await db.set(`${m}/a`, { directory: { slug: 'acme' } });
        await db.set(`${m}/b`, { directory: { slug: 'other' } });
        await db.set(`${m}/c`, { directory: 'not-a-map' });
        expect(
          ids(
            await db.query({
              collection: m,
              where: [{ field: 'directory.slug', op: '==', value: 'acme' }],
            }),
          ),
        ).toEqual(['a']);
      });

      it('refuses malformed queries', async () => {
        await expectCode(
          db.query({ collection: c, where: [{ field: 'n', op: 'in', value: [] }] }),
          'invalid-argument',
        );
        await expectCode(db.query({ collection: c, limit: -1 }), 'invalid-argument');
      });
    });

    describe('batches', () => {
      it('commits every write together', async () => {
        const c = col('batch');
        await db.set(`${c}/gone`, { x: 1 });
        await db.set(`${c}/upd`, { x: 1 });
        await db.batch([
          { kind: 'set', path: `${c}/new`, data: { x: 1 } },
          { kind: 'update', path: `${c}/upd`, data: { x: 2 } },
          { kind: 'delete', path: `${c}/gone` },
          { kind: 'set', path: `${c}/new`, data: { y: 2 }, merge: true },
        ]);
        expect((await db.get(`${c}/new`)).data).toEqual({ x: 1, y: 2 });
        expect((await db.get(`${c}/upd`)).data).toEqual({ x: 2 });
        expect((await db.get(`${c}/gone`)).exists).toBe(false);
      });

      it('writes nothing when one write fails (update of a missing document)', async () => {
        const c = col('batchfail');
        await db.set(`${c}/keep`, { x: 1 });
        await expectCode(
          db.batch([
            { kind: 'set', path: `${c}/first`, data: { x: 1 } },
            { kind: 'update', path: `${c}/keep`, data: { x: 2 } },
            { kind: 'update', path: `${c}/missing`, data: { x: 3 } },
          ]),
          'not-found',
        );
        expect((await db.get(`${c}/first`)).exists).toBe(false);
        expect((await db.get(`${c}/keep`)).data).toEqual({ x: 1 });
      });

      it('writes nothing when the policy refuses one write', async (ctx) => {
        if (!target.refusedCollection) ctx.skip();
        const c = col('batchdeny');
        await expectCode(
          db.batch([
            { kind: 'set', path: `${c}/ok`, data: { x: 1 } },
            { kind: 'set', path: `${target.refusedCollection}/${c}`, data: { x: 1 } },
          ]),
          'permission-denied',
        );
        expect((await db.get(`${c}/ok`)).exists).toBe(false);
      });
    });

    describe('access policy', () => {
      it('refused reads, queries and writes get permission-denied', async (ctx) => {
        if (!target.refusedCollection) ctx.skip();
        const r = target.refusedCollection as string;
        await expectCode(db.get(`${r}/a`), 'permission-denied');
        await expectCode(db.query({ collection: r }), 'permission-denied');
        await expectCode(db.set(`${r}/a`, { x: 1 }), 'permission-denied');
        await expectCode(db.add(r, { x: 1 }), 'permission-denied');
      });

      it('a listener on a refused path gets permission-denied and no data', async (ctx) => {
        if (!target.refusedCollection) ctx.skip();
        const r = target.refusedCollection as string;
        const doc = recorder<DocSnapshot>();
        const query = recorder<QueryDoc[]>();
        const stopDoc = db.onDoc(`${r}/a`, doc.next, doc.error);
        const stopQuery = db.onQuery({ collection: r }, query.next, query.error);
        await until(
          () => doc.errors.length > 0 && query.errors.length > 0,
          'listener errors',
          LISTEN_MS,
        );
        expect(doc.errors[0]?.code).toBe('permission-denied');
        expect(query.errors[0]?.code).toBe('permission-denied');
        expect(doc.values).toEqual([]);
        expect(query.values).toEqual([]);
        stopDoc();
        stopQuery();
      });
    });

    describe('listeners', () => {
      it('a document listener gets the current state first, then each change in order', async () => {
        const c = col('ldoc');
        await db.set(`${c}/a`, { n: 0 });
        const rec = recorder<DocSnapshot>();
        const stop = db.onDoc(`${c}/a`, rec.next, rec.error);
        await rec.count(1);
        expect(rec.values[0]).toEqual({ id: 'a', path: `${c}/a`, exists: true, data: { n: 0 } });
        await db.update(`${c}/a`, { n: 1 });
        await db.set(`${c}/a`, { n: 2, extra: true });
        await db.delete(`${c}/a`);
        await db.set(`${c}/a`, { n: 3 });
        await rec.count(5);
        expect(rec.values.map((s) => (s.exists ? s.data : null))).toEqual([
          { n: 0 },
          { n: 1 },
          { n: 2, extra: true },
          null,
          { n: 3 },
        ]);
        stop();
      });

      it('a listener on a missing document first reports it missing', async () => {
        const c = col('lmissing');
        const rec = recorder<DocSnapshot>();
        const stop = db.onDoc(`${c}/a`, rec.next, rec.error);
        await rec.count(1);
        expect(rec.values[0]).toEqual({ id: 'a', path: `${c}/a`, exists: false, data: null });
        await db.set(`${c}/a`, { x: 1 });
        await rec.count(2);
        expect(rec.values[1]?.data).toEqual({ x: 1 });
        stop();
      });

      it('a query listener gets the current result first, then each change in order', async () => {
        const c = col('lquery');
        await db.set(`${c}/a`, { n: 1 });
        await db.set(`${c}/b`, { n: 5 });
        const rec = recorder<QueryDoc[]>();
        const spec: QuerySpec = {
          collection: c,
          where: [{ field: 'n', op: '<', value: 10 }],
          orderBy: [{ field: 'n', direction: 'asc' }],
        };
        const stop = db.onQuery(spec, rec.next, rec.error);
        await rec.count(1);
        await db.set(`${c}/c`, { n: 3 });
        await db.update(`${c}/a`, { n: 20 }); // leaves the result
        await db.delete(`${c}/b`);
        await rec.count(4);
        expect(rec.values.map(ids)).toEqual([['a', 'b'], ['a', 'c', 'b'], ['c', 'b'], ['c']]);
        stop();
      });

      it('concurrent commits reach a listener one by one, in commit order', async () => {
        const c = col('lorder');
        await db.set(`${c}/counter`, { n: 0 });
        const rec = recorder<DocSnapshot>();
        const stop = db.onDoc(`${c}/counter`, rec.next, rec.error);
        await rec.count(1);
        await Promise.all(
          Array.from({ length: 20 }, () => db.update(`${c}/counter`, { n: increment(1) })),
        );
        await rec.count(21);
        expect(rec.values.map((s) => s.data?.n)).toEqual(Array.from({ length: 21 }, (_, i) => i));
        stop();
      });

      it('unsubscribe stops delivery', async () => {
        const c = col('lstop');
        const stopped = recorder<DocSnapshot>();
        const still = recorder<DocSnapshot>();
        const stop1 = db.onDoc(`${c}/a`, stopped.next, stopped.error);
        const stop2 = db.onDoc(`${c}/a`, still.next, still.error);
        await stopped.count(1);
        await still.count(1);
        stop1();
        await db.set(`${c}/a`, { x: 1 });
        await db.set(`${c}/a`, { x: 2 });
        await still.count(3);
        expect(stopped.values).toHaveLength(1);
        stop2();
      });

      it('a listener with a malformed target gets invalid-argument', async () => {
        const rec = recorder<DocSnapshot>();
        db.onDoc('just-a-collection', rec.next, rec.error);
        await until(() => rec.errors.length > 0, 'an error', LISTEN_MS);
        expect(rec.errors[0]?.code).toBe('invalid-argument');
      });

      it('a query listener on a document path gets invalid-argument, not a throw', async () => {
        const rec = recorder<QueryDoc[]>();
        let stop: (() => void) | undefined;
        expect(() => {
          stop = db.onQuery({ collection: 'a/b' }, rec.next, rec.error);
        }).not.toThrow();
        await until(() => rec.errors.length > 0, 'an error', LISTEN_MS);
        expect(rec.errors[0]?.code).toBe('invalid-argument');
        expect(rec.values).toEqual([]);
        stop?.();
      });

      it('a document listener whose callback throws gets internal once, and nothing more', async () => {
        const c = col('lthrow');
        await db.set(`${c}/a`, { n: 0 });
        let calls = 0;
        const errors: ListenError[] = [];
        const stop = db.onDoc(
          `${c}/a`,
          () => {
            calls += 1;
            throw new Error('the screen failed to render');
          },
          (e) => errors.push(e),
        );
        await until(() => errors.length > 0, 'the error callback', LISTEN_MS);
        expect(errors).toEqual([
          { code: 'internal', message: expect.stringContaining('the screen failed to render') },
        ]);
        await db.set(`${c}/a`, { n: 1 });
        await db.set(`${c}/a`, { n: 2 });
        await new Promise((r) => setTimeout(r, 100));
        expect(calls).toBe(1);
        expect(errors).toHaveLength(1);
        stop();
      });

      it('a query listener whose callback throws gets internal once, and nothing more', async () => {
        const c = col('lqthrow');
        await db.set(`${c}/a`, { n: 0 });
        let calls = 0;
        const errors: ListenError[] = [];
        const stop = db.onQuery(
          { collection: c },
          () => {
            calls += 1;
            throw new TypeError('cannot read properties of undefined');
          },
          (e) => errors.push(e),
        );
        await until(() => errors.length > 0, 'the error callback', LISTEN_MS);
        expect(errors[0]?.code).toBe('internal');
        await db.set(`${c}/b`, { n: 1 });
        await new Promise((r) => setTimeout(r, 100));
        expect(calls).toBe(1);
        expect(errors).toHaveLength(1);
        stop();
      });
    });

    // Not registered at all where they cannot run (said above), rather than counted as skipped.
    if (!options.filesNotRunnable)
      describe('files', () => {
        // The 8-byte PNG signature plus a little: the file store judges the declared type, not bytes.
        const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

        it('uploads an image, serves it at its download URL, and deletes it', async () => {
          const p = `${col('files')}/photo avatar.png`;
          const url = await db.files.upload(p, new Blob([png], { type: 'image/png' }), 'image/png');
          const res = await fetch(url);
          expect(res.status).toBe(200);
          expect(res.headers.get('content-type')).toBe('image/png');
          expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
          expect(await db.files.downloadUrl(p)).toBe(url);
          await db.files.delete(p);
          await expectCode(db.files.downloadUrl(p), 'not-found');
        });

        it('a missing file is not-found, a refused upload permission-denied', async (ctx) => {
          await expectCode(db.files.downloadUrl(`${col('files')}/missing.png`), 'not-found');
          await expectCode(db.files.delete(`${col('files')}/missing.png`), 'not-found');
          if (!target.refusedCollection) ctx.skip();
          const p = `${target.refusedCollection as string}/photo.png`;
          await expectCode(
            db.files.upload(p, new Blob([png], { type: 'image/png' }), 'image/png'),
            'permission-denied',
          );
        });

        it('refuses files that are not PNG, JPEG, WebP or GIF', async () => {
          const p = `${col('files')}/page.html`;
          await expectCode(
            db.files.upload(
              p,
              new Blob(['<script>alert(1)</script>'], { type: 'text/html' }),
              'text/html',
            ),
            'invalid-argument',
          );
          await expectCode(db.files.downloadUrl(p), 'not-found');
        });

        it('refuses files over 5 MiB', async () => {
          const p = `${col('files')}/huge.jpg`;
          const big = new Uint8Array(5 * 1024 * 1024 + 1);
          await expectCode(
            db.files.upload(p, new Blob([big], { type: 'image/jpeg' }), 'image/jpeg'),
            'invalid-argument',
          );
          await expectCode(db.files.downloadUrl(p), 'not-found');
          const fits = new Uint8Array(5 * 1024 * 1024);
          await db.files.upload(p, new Blob([fits], { type: 'image/jpeg' }), 'image/jpeg');
          await db.files.delete(p);
        });
      });
  });
}
