/**
 * Where the functions' data lives: Cloud Firestore through firebase-admin (production, and the
 * Firestore emulator when FIRESTORE_EMULATOR_HOST is set), or, in the offline deploy rehearsal where
 * no Firestore emulator can run, the local data server over its admin endpoint
 * (LOCAL_DATA_SERVER_URL and LOCAL_DATA_SERVER_TOKEN, set only by `npm run test:deploy`).
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { createAdminServerDb } from '@/backend/admin/admin-server-db';
import { createRemoteServerDb } from '@/backend/local/remote-server-db';
import type { ServerDb } from '@/backend/server-port';

let db: ServerDb | undefined;

/** The database of this instance, created on first use. */
export function serverDb(
  env: Readonly<Record<string, string | undefined>> = process.env,
): ServerDb {
  if (db) return db;
  const url = env.LOCAL_DATA_SERVER_URL;
  const token = env.LOCAL_DATA_SERVER_TOKEN;
  if (url && token) {
    console.info(
      `[functions] data: the local data server at ${url} (deploy rehearsal, no Firestore)`,
    );
    db = createRemoteServerDb({ baseUrl: url, token });
  } else {
    // Not `getApps().length === 0`: firebase-functions decodes a Firestore event's snapshots with
    // an app of its own (`__FIREBASE_FUNCTIONS_SDK__`) before the handler runs, so an instance
    // whose first call is a trigger already has an app, but not the default one getFirestore() uses.
    if (!getApps().some((app) => app.name === '[DEFAULT]')) initializeApp();
    db = createAdminServerDb(getFirestore());
  }
  return db;
}
