/**
 * The firebase-admin driver of the server port, against firebase-admin's own classes and with no
 * network: its conversions both ways (Timestamps, references, GeoPoints, bytes, the port's
 * transforms as FieldValue sentinels), snapshots the SDK itself builds from Firestore's wire format
 * (a subscription as the Stripe extension writes it), and batches and transactions handed to the
 * SDK's own WriteBatch and a recording Transaction. What the SDK accepts at `set`/`update` time is
 * what Firestore gets; only the commit's round trip to Firestore is not made here.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import {
  DocumentReference,
  FieldValue,
  GeoPoint as AdminGeoPoint,
  getFirestore,
  Timestamp,
  type Firestore,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminError,
  createAdminServerDb,
  fromAdmin,
  toAdmin,
} from '@/backend/admin/admin-server-db';
import type { WriteOp } from '@/backend/port';
import {
  arrayRemove,
  arrayUnion,
  deleteField,
  increment,
  serverTimestamp,
} from 'firestore-engine/transforms';
import { Bytes, DocumentRef, GeoPoint } from 'firestore-engine/value-types';

let app: App;
let db: Firestore;

beforeAll(() => {
  app = initializeApp({ projectId: 'demo-cardbuilder' }, `admin-driver-${randomUUID()}`);
  db = getFirestore(app);
});
afterAll(() => deleteApp(app));

/** A document snapshot as firebase-admin builds it from Firestore's JSON wire format. */
function wireSnapshot(path: string, fields: Record<string, unknown>) {
  const name = `projects/demo-cardbuilder/databases/(default)/documents/${path}`;
  const at = { seconds: 1_700_000_000, nanos: 0 };
  const snapshot = (db as unknown as { snapshot_: (...args: unknown[]) => unknown }).snapshot_;
  return snapshot.call(db, { name, fields, createTime: at, updateTime: at }, at, 'json');
}

const REF = (path: string) => ({
  referenceValue: `projects/demo-cardbuilder/databases/(default)/documents/${path}`,
});

describe('toAdmin: port data → firebase-admin', () => {
  it('turns each tagged transform into the matching FieldValue sentinel', () => {
    const out = toAdmin(db, {
      at: serverTimestamp(),
      n: increment(2),
      tags: arrayUnion('a', new DocumentRef('products/p1')),
      gone: arrayRemove('b'),
      old: deleteField(),
      nested: { views: increment(1) },
    }) as Record<string, FieldValue & { isEqual(o: unknown): boolean }>;
    expect(out.at?.isEqual(FieldValue.serverTimestamp())).toBe(true);
    expect(out.n?.isEqual(FieldValue.increment(2))).toBe(true);
    expect(out.tags?.isEqual(FieldValue.arrayUnion('a', db.doc('products/p1')))).toBe(true);
    expect(out.gone?.isEqual(FieldValue.arrayRemove('b'))).toBe(true);
    expect(out.old?.isEqual(FieldValue.delete())).toBe(true);
    expect(
      (out.nested as unknown as Record<string, FieldValue>).views?.isEqual(FieldValue.increment(1)),
    ).toBe(true);
  });

  it('turns Dates, references, GeoPoints and bytes into the SDK’s own values', () => {
    const date = new Date('2026-11-23T10:00:00.123Z');
    const out = toAdmin(db, {
      date,
      ref: new DocumentRef('products/p1/prices/m'),
      where: new GeoPoint(51.5, -0.12),
      blob: Bytes.fromUint8Array([1, 2, 255]),
      list: [date, { inner: new DocumentRef('a/b') }],
    }) as Record<string, unknown>;
    expect(out.date).toBeInstanceOf(Timestamp);
    expect((out.date as Timestamp).toDate()).toEqual(date);
    expect(out.ref).toBeInstanceOf(DocumentReference);
    expect((out.ref as DocumentReference).path).toBe('products/p1/prices/m');
    expect((out.where as AdminGeoPoint).isEqual(new AdminGeoPoint(51.5, -0.12))).toBe(true);
    expect(Buffer.isBuffer(out.blob)).toBe(true);
    expect([...(out.blob as Buffer)]).toEqual([1, 2, 255]);
    const list = out.list as [Timestamp, { inner: DocumentReference }];
    expect(list[0]).toBeInstanceOf(Timestamp);
    expect(list[1].inner.path).toBe('a/b');
  });
});

describe('fromAdmin: firebase-admin → port data', () => {
  it('reads a subscription as the Stripe extension writes it, references and all', () => {
    const snap = wireSnapshot('users/u1/subscriptions/sub_1', {
      status: { stringValue: 'active' },
      product: REF('products/pro'),
      price: REF('products/pro/prices/month'),
      prices: { arrayValue: { values: [REF('products/pro/prices/month')] } },
      created: { timestampValue: '2026-11-01T00:00:00Z' },
      trial_end: { nullValue: null },
      metadata: { mapValue: { fields: { accountId: { stringValue: 'acc' } } } },
      where: { geoPointValue: { latitude: 1.5, longitude: 2.5 } },
      blob: { bytesValue: Buffer.from([7, 8]).toString('base64') },
    }) as { data(): Record<string, unknown> };
    // The SDK's reference is what overflowed the stack of a field-by-field copy.
    expect(snap.data().product).toBeInstanceOf(DocumentReference);
    expect(fromAdmin(snap.data())).toEqual({
      status: 'active',
      product: new DocumentRef('products/pro'),
      price: new DocumentRef('products/pro/prices/month'),
      prices: [new DocumentRef('products/pro/prices/month')],
      created: new Date('2026-11-01T00:00:00Z'),
      trial_end: null,
      metadata: { accountId: 'acc' },
      where: new GeoPoint(1.5, 2.5),
      blob: Bytes.fromUint8Array([7, 8]),
    });
  });

  it('gives back what toAdmin was given, for every storable value', () => {
    const data = {
      s: 'x',
      n: 1.5,
      b: true,
      nil: null,
      date: new Date('2026-01-02T03:04:05.006Z'),
      ref: new DocumentRef('cards/c1'),
      geo: new GeoPoint(-33.9, 151.2),
      bytes: Bytes.fromUint8Array([0, 1, 2]),
      list: [1, 'two', new DocumentRef('cards/c2')],
      map: { deep: { deeper: new Date(0) } },
    };
    expect(fromAdmin(toAdmin(db, data))).toEqual(data);
  });
});

describe('errors', () => {
  it('maps gRPC status codes and the SDK’s argument errors to the port’s codes', () => {
    expect(adminError({ code: 5, message: 'No document to update' }).code).toBe('not-found');
    expect(adminError({ code: 7, message: 'denied' }).code).toBe('permission-denied');
    expect(adminError({ code: 10, message: 'contention' }).code).toBe('unavailable');
    expect(adminError({ code: 6, message: 'exists' }).code).toBe('already-exists');
    expect(
      adminError(new Error('Value for argument "documentPath" must point to a document')).code,
    ).toBe('invalid-argument');
  });

  it('refuses an odd document path as invalid-argument before any network', async () => {
    await expect(createAdminServerDb(db).get('cards')).rejects.toMatchObject({
      code: 'invalid-argument',
    });
  });
});

describe('batches and transactions', () => {
  /** The real Firestore, except that commits are recorded instead of sent. */
  function recordingDb() {
    const batches: WriteBatch[] = [];
    const fake = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'batch') {
          return () => {
            const batch = target.batch();
            batch.commit = async () => {
              batches.push(batch);
              return [];
            };
            return batch;
          };
        }
        const value = Reflect.get(target, key, receiver) as unknown;
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    return { fake, batches };
  }

  it('hands a batch to the SDK’s WriteBatch, which accepts every write and commits once', async () => {
    const { fake, batches } = recordingDb();
    const ops: WriteOp[] = [
      {
        kind: 'set',
        path: 'analytics/c1',
        data: { views: increment(1), at: serverTimestamp() },
        merge: true,
      },
      { kind: 'update', path: 'accounts/a1', data: { 'plan.cardsInUse': 3, old: deleteField() } },
      { kind: 'delete', path: 'cards/c9' },
    ];
    await createAdminServerDb(fake).batch(ops);
    expect(batches).toHaveLength(1);
  });

  it('refuses what Firestore refuses, as invalid-argument: deleteField in a plain set', async () => {
    const { fake, batches } = recordingDb();
    await expect(
      createAdminServerDb(fake).batch([{ kind: 'set', path: 'a/b', data: { x: deleteField() } }]),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    expect(batches).toHaveLength(0);
  });

  it('refuses a batch over 500 writes before the SDK sees it', async () => {
    const ops: WriteOp[] = Array.from({ length: 501 }, (_, i) => ({
      kind: 'delete',
      path: `x/${i}`,
    }));
    await expect(createAdminServerDb(recordingDb().fake).batch(ops)).rejects.toMatchObject({
      code: 'invalid-argument',
    });
  });

  it('runs a transaction on the SDK’s: reads converted, writes converted, in order', async () => {
    const calls: [string, string, unknown?][] = [];
    const tx = {
      get: async (target: DocumentReference) => {
        calls.push(['get', target.path]);
        return wireSnapshot(target.path, {
          plan: { mapValue: { fields: { cardsInUse: { integerValue: '2' } } } },
          product: REF('products/pro'),
        });
      },
      set: (ref: DocumentReference, data: unknown) => calls.push(['set', ref.path, data]),
      update: (ref: DocumentReference, data: unknown) => calls.push(['update', ref.path, data]),
      delete: (ref: DocumentReference) => calls.push(['delete', ref.path]),
    } as unknown as Transaction;
    const fake = new Proxy(db, {
      get(target, key) {
        if (key === 'runTransaction') {
          return (work: (t: Transaction) => Promise<unknown>) => work(tx);
        }
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    const result = await createAdminServerDb(fake).runTransaction(async (t) => {
      const account = await t.get('accounts/a1');
      t.update('accounts/a1', { 'plan.cardsInUse': increment(1) });
      t.delete('invites/x');
      return account.data;
    });
    expect(result).toEqual({ plan: { cardsInUse: 2 }, product: new DocumentRef('products/pro') });
    expect(calls.map(([kind, path]) => `${kind} ${path}`)).toEqual([
      'get accounts/a1',
      'update accounts/a1',
      'delete invites/x',
    ]);
    const update = calls[1]?.[2] as Record<string, FieldValue>;
    expect(update['plan.cardsInUse']?.isEqual(FieldValue.increment(1))).toBe(true);
  });
});
