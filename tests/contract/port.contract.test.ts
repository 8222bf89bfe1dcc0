/**
 * Runs the port contract (`port-contract.ts`) against every driver available here: the in-memory
 * driver, the local driver with the real local server (SQLite, Auth emulator tokens), and, when
 * FIRESTORE_EMULATOR_HOST is set, the Firestore driver against the official emulator.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase/app';
import { describe, expect, it } from 'vitest';
import { createFirebaseBackend } from '@/backend/firebase/firebase-backend';
import { loadFirestoreRules } from '../support/firestore-emulator';
import type { ListenError } from '@/backend/port';
import { signedInPolicy } from '../support/policies';
import type { AccessPolicy } from 'firestore-local/access-policy';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import { callableRoute } from '../../local-server/callable';
import { BackendError } from 'firestore-engine/errors';
import { createTestUser } from '../support/auth-emulator';
import { localBackendFor, startTestServer } from '../support/local-server';
import { REFUSED_COLLECTION, refusingPolicy } from '../support/policies';
import { runPortContract } from './port-contract';
import { until } from '../support/until';

const REFUSED = REFUSED_COLLECTION;

runPortContract('memory driver', async () => {
  const refusedPath = (path: string) => `${path}/`.startsWith(`${REFUSED}/`);
  return {
    backend: createMemoryBackend({
      refuse: (access) =>
        refusedPath(access.kind === 'query' ? access.spec.collection : access.path),
    }),
    refusedCollection: REFUSED,
    close: async () => {},
  };
});

runPortContract('local driver + local server', async () => {
  const server = await startTestServer({ policy: refusingPolicy() });
  const user = await createTestUser();
  return {
    backend: localBackendFor(server.url, () => user.idToken),
    refusedCollection: REFUSED,
    close: () => server.close(),
  };
});

describe('local driver: callable functions', () => {
  it('calls createPortalLink over the callable wire format, with the caller identified', async () => {
    const seen: unknown[] = [];
    const route = callableRoute(
      'ext-firestore-stripe-payments-createPortalLink',
      async (data, auth) => {
        if (!auth) throw new BackendError('unauthenticated', 'Sign in first.');
        seen.push({ data, uid: auth.uid });
        return { url: 'http://portal.test/session/1', object: 'billing_portal.session' };
      },
    );
    const server = await startTestServer({ routes: [route], policy: signedInPolicy() });
    try {
      const user = await createTestUser();
      const signedIn = localBackendFor(server.url, () => user.idToken);
      const input = { returnUrl: 'http://app.test/billing', locale: 'auto' as const };
      expect(await signedIn.functions.createPortalLink(input)).toEqual({
        url: 'http://portal.test/session/1',
      });
      expect(seen).toEqual([{ data: input, uid: user.uid }]);
      const signedOut = localBackendFor(server.url, () => null);
      await expect(signedOut.functions.createPortalLink(input)).rejects.toMatchObject({
        code: 'unauthenticated',
      });
    } finally {
      await server.close();
    }
  });
});

describe('local driver: the listening socket', () => {
  it('reconnects after the server restarts and re-subscribes every listener', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cardbuilder-reconnect-'));
    let server = await startTestServer({ dataDir, policy: signedInPolicy() });
    const port = Number(new URL(server.url).port);
    try {
      const user = await createTestUser();
      const db = localBackendFor(server.url, () => user.idToken);
      await db.set('rc/a', { n: 1 });
      const docs: (number | undefined)[] = [];
      const lists: string[][] = [];
      const errors: ListenError[] = [];
      const stopDoc = db.onDoc(
        'rc/a',
        (s) => docs.push(s.data?.n as number | undefined),
        (e) => errors.push(e),
      );
      const stopQuery = db.onQuery(
        { collection: 'rc' },
        (d) => lists.push(d.map((x) => x.id)),
        (e) => errors.push(e),
      );
      await until(() => docs.length === 1 && lists.length === 1, 'first snapshots', 10_000);
      await server.close();
      server = await startTestServer({ dataDir, port, policy: signedInPolicy() });
      // Written by the new server itself: the subject here is the socket, not HTTP keep-alive.
      server.ctx.db.set('rc/a', { n: 2 });
      server.ctx.db.set('rc/b', { n: 3 });
      await until(
        () => docs.at(-1) === 2 && lists.at(-1)?.length === 2,
        'snapshots after the restart',
        10_000,
      );
      expect(docs).toEqual([1, 2]);
      expect(lists.at(0)).toEqual(['a']);
      expect(lists.at(-1)).toEqual(['a', 'b']);
      expect(errors).toEqual([]);
      stopDoc();
      stopQuery();
    } finally {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('tells the server when the ID token changes, and the listeners are judged again', async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const base = signedInPolicy();
    const ownerOnly: AccessPolicy = {
      ...base,
      canRead: (auth, p, doc, reader) =>
        base.canRead(auth, p, doc, reader) && auth?.uid === owner.uid,
    };
    const server = await startTestServer({ policy: ownerOnly });
    try {
      let token = owner.idToken;
      const db = localBackendFor(server.url, () => token, 25);
      server.ctx.db.set('private/doc', { secret: 1 });
      const seen: unknown[] = [];
      const errors: ListenError[] = [];
      const stop = db.onDoc(
        'private/doc',
        (s) => seen.push(s.data),
        (e) => errors.push(e),
      );
      await until(() => seen.length === 1, 'the owner to see the document', 10_000);
      token = stranger.idToken;
      await until(() => errors.length === 1, 'the listener to be refused after the switch', 10_000);
      expect(errors[0]?.code).toBe('permission-denied');
      server.ctx.db.set('private/doc', { secret: 2 });
      await new Promise((r) => setTimeout(r, 100));
      expect(seen).toEqual([{ secret: 1 }]);
      stop();
    } finally {
      await server.close();
    }
  });
});

// ---- Firestore driver (lead): runs only where the official Firestore emulator is available. --------
if (process.env.FIRESTORE_EMULATOR_HOST) {
  const emulatorHost = process.env.FIRESTORE_EMULATOR_HOST;
  runPortContract(
    'firestore driver',
    async () => {
      const projectId = 'demo-cardbuilder-contract';
      // A policy of its own (the access suite tests firestore.rules): everything but one
      // collection, so the contract's refusal cases run on Google's evaluator too.
      await loadFirestoreRules(emulatorHost, projectId, [
        'match /{collection}/{document=**} {',
        `  allow read, write: if collection != '${REFUSED}';`,
        '}',
      ]);
      const app = initializeApp(
        { projectId, apiKey: 'demo-api-key' },
        `contract-${Math.random().toString(36).slice(2)}`,
      );
      return {
        backend: createFirebaseBackend({ app, firestoreEmulatorHost: emulatorHost }),
        refusedCollection: REFUSED,
        close: () => deleteApp(app),
      };
    },
    {
      filesNotRunnable:
        "firebase-tools' Storage emulator needs a rules runtime it downloads at start, and this " +
        "machine reaches no download; the local driver's file cases above and the access table's " +
        'file cases (storage.rules through our engine) stand in',
    },
  );
}
if (!process.env.FIRESTORE_EMULATOR_HOST) {
  console.info(
    "[contract] Firestore driver NOT RUN: FIRESTORE_EMULATOR_HOST is not set (`npm test` sets it where Google's emulator is installed).",
  );
}
