/**
 * The Firestore driver offline: pointed at an address where nothing listens, the SDK answers
 * listeners from its own cache (a missing document, then the writes made on this client, before
 * they are acknowledged), so the driver's conversions and its listener guards run against the real
 * SDK classes with no emulator. The port contract runs the same behaviours against every driver;
 * this file is what can be shown of the Firestore driver on a machine without Java 21.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { setLogLevel } from 'firebase/firestore';
import { setLogLevel as setLiteLogLevel } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirebaseBackend } from '@/backend/firebase/firebase-backend';
import type { Backend, DocSnapshot, ListenError, QueryDoc } from '@/backend/port';
import { serverTimestamp } from 'firestore-engine/transforms';
import { Bytes, DocumentRef, GeoPoint } from 'firestore-engine/value-types';
import { until } from '../../../support/until';

let app: FirebaseApp;
let db: Backend;

beforeAll(() => {
  // The SDK logs every failed connection attempt; the unreachable backend is the point here.
  setLogLevel('silent');
  setLiteLogLevel('silent');
  app = initializeApp({ projectId: 'demo-offline', apiKey: 'demo' }, `offline-${Math.random()}`);
  db = createFirebaseBackend({ app, firestoreEmulatorHost: '127.0.0.1:1' });
});
afterAll(() => deleteApp(app));

describe('the Firestore driver, offline', () => {
  it('delivers a subscription’s references to a listener as DocumentRef (no stack overflow)', async () => {
    const seen: DocSnapshot[] = [];
    const errors: ListenError[] = [];
    const stop = db.onDoc(
      'users/u1/subscriptions/sub_1',
      (s) => seen.push(s),
      (e) => errors.push(e),
    );
    // Never acknowledged offline; the SDK shows the pending write to listeners at once.
    void db
      .set('users/u1/subscriptions/sub_1', {
        status: 'active',
        product: new DocumentRef('products/prod_1'),
        prices: [new DocumentRef('products/prod_1/prices/month')],
        place: new GeoPoint(1, 2),
        blob: Bytes.fromUint8Array([1, 2, 3]),
      })
      .catch(() => {});
    await until(() => seen.some((s) => s.exists) || errors.length > 0, 'the pending write', 10_000);
    expect(errors).toEqual([]);
    expect(seen.find((s) => s.exists)?.data).toEqual({
      status: 'active',
      product: new DocumentRef('products/prod_1'),
      prices: [new DocumentRef('products/prod_1/prices/month')],
      place: new GeoPoint(1, 2),
      blob: Bytes.fromUint8Array([1, 2, 3]),
    });
    stop();
  });

  it('ends a listener whose callback throws with internal, once', async () => {
    let calls = 0;
    const errors: ListenError[] = [];
    const stop = db.onDoc(
      'cards/throwing',
      () => {
        calls += 1;
        throw new Error('the screen failed to render');
      },
      (e) => errors.push(e),
    );
    await until(() => errors.length > 0, 'the error callback', 10_000);
    expect(errors).toEqual([
      { code: 'internal', message: expect.stringContaining('the screen failed to render') },
    ]);
    void db.set('cards/throwing', { n: 1 }).catch(() => {});
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toBe(1);
    stop();
  });

  it('reports malformed paths through error (listeners) or a rejection, never a throw', async () => {
    const docErrors: ListenError[] = [];
    const queryErrors: ListenError[] = [];
    const values: (DocSnapshot | QueryDoc[])[] = [];
    expect(() =>
      db.onDoc(
        'cards',
        (v) => values.push(v),
        (e) => docErrors.push(e),
      ),
    ).not.toThrow();
    expect(() =>
      db.onQuery(
        { collection: 'cards/c1' },
        (v) => values.push(v),
        (e) => queryErrors.push(e),
      ),
    ).not.toThrow();
    await until(() => docErrors.length > 0 && queryErrors.length > 0, 'both errors', 10_000);
    expect(docErrors[0]?.code).toBe('invalid-argument');
    expect(queryErrors[0]?.code).toBe('invalid-argument');
    expect(values).toEqual([]);
    await expect(db.get('cards')).rejects.toMatchObject({ code: 'invalid-argument' });
  });

  it('refuses a field transform as a value a query compares, as invalid-argument', async () => {
    await expect(
      db.query({
        collection: 'cards',
        where: [{ field: 'at', op: '==', value: serverTimestamp() }],
      }),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});
