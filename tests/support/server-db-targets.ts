/**
 * Every driver of the server port a contract runs on here: the in-memory one, the local store in
 * process, and firebase-admin on Google's Firestore emulator when `npm test` has started it.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { createAdminServerDb } from '@/backend/admin/admin-server-db';
import { serverDbFromSync } from '@/backend/local/sync-server-db';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import type { ServerDb } from '@/backend/server-port';
import { startTestServer } from './local-server';

export interface ServerDbTarget {
  db: ServerDb;
  close(): Promise<void>;
}

/** Each driver by name, made when its suite starts; `what` names the contract in the skip line. */
export function serverDbTargets(what: string): Array<[string, () => Promise<ServerDbTarget>]> {
  const targets: Array<[string, () => Promise<ServerDbTarget>]> = [
    ['memory', async () => ({ db: createMemoryServerDb(), close: async () => {} })],
    [
      'local server store, in process',
      async () => {
        const server = await startTestServer();
        return { db: serverDbFromSync(server.ctx.db), close: () => server.close() };
      },
    ],
  ];
  if (process.env.FIRESTORE_EMULATOR_HOST) {
    targets.push([
      'firebase-admin on the Firestore emulator',
      async () => {
        const app = initializeApp({ projectId: 'demo-cardbuilder' }, `${what}-${randomUUID()}`);
        return { db: createAdminServerDb(getFirestore(app)), close: () => deleteApp(app) };
      },
    ]);
  } else {
    console.info(`[contract] firebase-admin ${what} skipped: FIRESTORE_EMULATOR_HOST is not set.`);
  }
  return targets;
}
