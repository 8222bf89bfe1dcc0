/**
 * The Firestore driver's live half loads with the first write (decision 024). A listener started
 * while that write waits for it is the write's follower, as one started while a write is on its
 * way: when the server refuses it because the write has not landed, it is started again once the
 * write is committed. Runs on Google's emulator (`FIRESTORE_EMULATOR_HOST`, `npm run test:firebase`).
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { setLogLevel } from 'firebase/firestore';
import { setLogLevel as setLiteLogLevel } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirebaseBackend } from '@/backend/firebase/firebase-backend';
import type { DocSnapshot, ListenError } from '@/backend/port';
import { loadFirestoreRules } from '../support/firestore-emulator';
import { until } from '../support/until';

const emulatorHost = process.env.FIRESTORE_EMULATOR_HOST ?? '';
const projectId = 'demo-cardbuilder-write-before-live';
const apps: FirebaseApp[] = [];

describe.runIf(emulatorHost !== '')('a listener that follows the first write of a page', () => {
  beforeAll(async () => {
    setLogLevel('silent');
    setLiteLogLevel('silent');
    // A document is readable once it exists and says so, as an account is once created.
    await loadFirestoreRules(emulatorHost, projectId, [
      'match /gated/{id} {',
      '  allow write: if true;',
      '  allow read: if resource != null && resource.data.open == true;',
      '}',
    ]);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => deleteApp(app)));
  });

  it('is started again once the write it follows has landed, not refused for good', async () => {
    const app = initializeApp({ projectId, apiKey: 'demo-api-key' }, `wbl-${Math.random()}`);
    apps.push(app);
    const db = createFirebaseBackend({ app, firestoreEmulatorHost: emulatorHost });
    const id = `g-${Math.random().toString(36).slice(2)}`;
    // The first write of the page: it waits for the live half to load.
    const written = db.set(`gated/${id}`, { open: true });
    const seen: DocSnapshot[] = [];
    const errors: ListenError[] = [];
    const stop = db.onDoc(
      `gated/${id}`,
      (snap) => seen.push(snap),
      (err) => errors.push(err),
    );
    await written;
    await until(
      () => seen.some((s) => s.exists) || errors.length > 0,
      'the document or an error',
      15_000,
    );
    expect(errors).toEqual([]);
    expect(seen.find((s) => s.exists)?.data).toEqual({ open: true });
    stop();
  });
});
