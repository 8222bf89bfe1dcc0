/**
 * The one module that picks the backend driver from configuration: the local data server (the
 * default of `npm start`, tests and CI) or Cloud Firestore (production). Nothing else knows which
 * one answers. Each driver is loaded only when chosen, so a build never ships the other's code to
 * the browser before it is needed.
 */
import { getIdToken } from '../backend/auth';
import { setBackend } from '../backend/current';
import { firebaseApp } from '../backend/firebase-app';
import type { AppConfig } from './config';

export async function installBackend(config: AppConfig): Promise<void> {
  if (config.backend === 'local') {
    const { createLocalBackend } = await import('../backend/local/local-backend');
    setBackend(
      createLocalBackend({
        baseUrl: config.localServerUrl || window.location.origin,
        getIdToken,
        projectId: config.firebase.projectId,
      }),
    );
    return;
  }
  const { createFirebaseBackend } = await import('../backend/firebase/firebase-backend');
  // The emulators only when configured (`npm run start:firebase`); a production build has none.
  const { firestore, functions, storage } = config.emulators;
  setBackend(
    createFirebaseBackend({
      app: firebaseApp(config.firebase),
      ...(firestore ? { firestoreEmulatorHost: firestore } : {}),
      ...(functions ? { functionsEmulatorHost: functions } : {}),
      ...(storage ? { storageEmulatorHost: storage } : {}),
    }),
  );
}
