/** Creates the Firebase app on first use; the only place that calls initializeApp. */
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';

export interface FirebaseSettings {
  readonly apiKey: string;
  readonly authDomain: string;
  readonly projectId: string;
  readonly storageBucket: string;
  readonly appId: string;
}

export function firebaseApp(settings: FirebaseSettings): FirebaseApp {
  return getApps().length > 0 ? getApp() : initializeApp({ ...settings });
}
