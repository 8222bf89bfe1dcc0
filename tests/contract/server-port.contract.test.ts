/**
 * The server port's contract (src/backend/server-port.ts), run on every driver of it available
 * here: in memory, the local data server's own store in process (what the local host's triggers
 * and callables use), the local data server over its admin endpoint (what the functions use in the
 * deploy rehearsal), and firebase-admin against the Firestore emulator when FIRESTORE_EMULATOR_HOST
 * is set (what the functions use in production).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminRoute } from '../../local-server/admin-route';
import { createAdminServerDb } from '@/backend/admin/admin-server-db';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import { createRemoteServerDb } from '@/backend/local/remote-server-db';
import { serverDbFromSync } from '@/backend/local/sync-server-db';
import type { ServerDb } from '@/backend/server-port';
import { increment, serverTimestamp } from 'firestore-engine/transforms';
import { Bytes, DocumentRef, GeoPoint } from 'firestore-engine/value-types';
import { startTestServer, type TestServer } from '../support/local-server';

interface Target {
  db: ServerDb;
  close(): Promise<void>;
}

let counter = 0;
function col(label: string): string {
  counter += 1;
  return `s_${label}_${counter}_${randomUUID().slice(0, 6)}`;
}

function runServerPortContract(name: string, makeTarget: () => Promise<Target>): void {
  describe(`server port contract: ${name}`, () => {
    let target: Target;
    let db: ServerDb;
    beforeAll(async () => {
      target = await makeTarget();
      db = target.db;
    });
    afterAll(() => target?.close());

    it('writes a batch atomically and reads it back, value classes and transforms included', async () => {
      const c = col('batch');
      await db.batch([
        {
          kind: 'set',
          path: `${c}/sub`,
          data: {
            product: new DocumentRef('products/p1'),
            place: new GeoPoint(10, 20),
            blob: Bytes.fromUint8Array([1, 2]),
            at: serverTimestamp(),
            n: increment(2),
          },
        },
        { kind: 'set', path: `${c}/other`, data: { ok: true } },
      ]);
      const snap = await db.get(`${c}/sub`);
      expect(snap.data).toMatchObject({
        product: new DocumentRef('products/p1'),
        place: new GeoPoint(10, 20),
        blob: Bytes.fromUint8Array([1, 2]),
        n: 2,
      });
      expect(snap.data?.at).toBeInstanceOf(Date);
      expect((await db.query({ collection: c })).map((d) => d.id).sort()).toEqual(['other', 'sub']);
    });

    it('a batch with a failing write changes nothing', async () => {
      const c = col('atomic');
      await expect(
        db.batch([
          { kind: 'set', path: `${c}/a`, data: { x: 1 } },
          { kind: 'update', path: `${c}/missing`, data: { x: 1 } },
        ]),
      ).rejects.toMatchObject({ code: 'not-found' });
      expect((await db.get(`${c}/a`)).exists).toBe(false);
    });

    it('transactions read and write together, and dotted updates reach nested fields', async () => {
      const c = col('tx');
      await db.batch([{ kind: 'set', path: `${c}/acc`, data: { plan: { cardsInUse: 0 } } }]);
      await db.batch([{ kind: 'set', path: `${c}/card1`, data: { accountId: 'acc' } }]);
      const result = await db.runTransaction(async (tx) => {
        const cards = await tx.query({
          collection: c,
          where: [{ field: 'accountId', op: '==', value: 'acc' }],
        });
        tx.update(`${c}/acc`, { 'plan.cardsInUse': cards.length });
        return cards.length;
      });
      expect(result).toBe(1);
      expect((await db.get(`${c}/acc`)).data).toEqual({ plan: { cardsInUse: 1 } });
    });

    it('concurrent read-modify-write transactions lose no update', async () => {
      const c = col('race');
      await db.batch([{ kind: 'set', path: `${c}/n`, data: { n: 0 } }]);
      await Promise.all(
        Array.from({ length: 5 }, () =>
          db.runTransaction(async (tx) => {
            const n = (await tx.get(`${c}/n`)).data?.n as number;
            await new Promise((r) => setTimeout(r, 5));
            tx.update(`${c}/n`, { n: n + 1 });
          }),
        ),
      );
      expect((await db.get(`${c}/n`)).data).toEqual({ n: 5 });
    });

    it('a transaction whose work throws writes nothing', async () => {
      const c = col('throw');
      await expect(
        db.runTransaction(async (tx) => {
          await tx.get(`${c}/a`);
          tx.set(`${c}/a`, { x: 1 });
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      expect((await db.get(`${c}/a`)).exists).toBe(false);
    });

    it("an error the work throws reaches the caller as thrown, the domain's own class kept", async () => {
      class Refusal extends Error {
        readonly status = 409;
      }
      const c = col('refusal');
      const thrown = await db
        .runTransaction(async (tx) => {
          await tx.get(`${c}/a`);
          throw new Refusal('taken');
        })
        .catch((err: unknown) => err);
      expect(thrown).toBeInstanceOf(Refusal);
      expect(thrown).toMatchObject({ message: 'taken', status: 409 });
    });

    it('refuses a malformed path with invalid-argument', async () => {
      await expect(db.get('just-a-collection')).rejects.toMatchObject({ code: 'invalid-argument' });
    });
  });
}

runServerPortContract('memory', async () => ({
  db: createMemoryServerDb(),
  close: async () => {},
}));

let server: TestServer | undefined;
const secret = randomBytes(24).toString('hex');
async function localServer(): Promise<TestServer> {
  server ??= await startTestServer({ routes: [createAdminRoute(secret)] });
  return server;
}
afterAll(() => server?.close());

runServerPortContract('local server store, in process', async () => ({
  db: serverDbFromSync((await localServer()).ctx.db),
  close: async () => {},
}));

runServerPortContract('local server over its admin endpoint', async () => ({
  db: createRemoteServerDb({ baseUrl: (await localServer()).url, token: secret }),
  close: async () => {},
}));

describe('the admin endpoint', () => {
  it('refuses a caller without the secret', async () => {
    const wrong = createRemoteServerDb({
      baseUrl: (await localServer()).url,
      token: 'x'.repeat(48),
    });
    await expect(wrong.get('a/b')).rejects.toMatchObject({ code: 'permission-denied' });
  });
});

if (process.env.FIRESTORE_EMULATOR_HOST) {
  let app: App;
  runServerPortContract('firebase-admin on the Firestore emulator', async () => {
    app = initializeApp({ projectId: 'demo-cardbuilder' }, `server-port-${randomUUID()}`);
    return { db: createAdminServerDb(getFirestore(app)), close: () => deleteApp(app) };
  });
} else {
  console.info('[contract] firebase-admin driver skipped: FIRESTORE_EMULATOR_HOST is not set.');
}
