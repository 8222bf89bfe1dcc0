/**
 * The one module that picks the backend driver from configuration: the local data server (the
 * default of `npm start`, tests and CI) or Cloud Firestore (production). Nothing else knows which
 * one answers. Each driver is loaded only when chosen, so a build never ships the other's code to
 * the browser before it is needed.
 */
import { setBackend } from '../backend/current';
import type { AppConfig } from './config';

/**
 * Loads and installs the chosen driver. It imports the sign-in service and the Firebase app only
 * dynamically, so that start-up (src/main.ts) can start the driver's download before Firebase Auth
 * has arrived.
 */
export async function installBackend(config: AppConfig): Promise<void> {
  if (config.backend === 'local') {
    const [{ createLocalBackend }, { getIdToken }] = await Promise.all([
      import('../backend/local/local-backend'),
      import('../backend/auth'),
    ]);
    setBackend(
      createLocalBackend({
        baseUrl: config.localServerUrl || window.location.origin,
        getIdToken,
        projectId: config.firebase.projectId,
      }),
    );
    return;
  }
  const [{ createFirebaseBackend }, { firebaseApp }] = await Promise.all([
    import('../backend/firebase/firebase-backend'),
    import('../backend/firebase-app'),
  ]);
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
