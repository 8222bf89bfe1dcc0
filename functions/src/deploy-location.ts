/**
 * Where the product runs, from the one setting a deploy asks for: the Firestore database's
 * location in `deploy.json`. It decides the Firestore triggers' region (a trigger runs where its
 * database's events are) and the extensions' parameters (`scripts/lib/deploy-location.ts`). The
 * HTTP functions, callables and schedules stay in SERVING_REGION, where the app and Hosting call them.
 */
import deploySettings from '../../deploy.json';

/** The region of the HTTP functions, callables and schedules (the client's and firebase.json's). */
export const SERVING_REGION = 'us-central1';

/** Firestore multi-region locations and the Cloud Functions region that serves their triggers. */
const MULTI_REGION_TRIGGER_REGIONS: Readonly<Record<string, string>> = {
  nam5: 'us-central1',
  eur3: 'europe-west1',
};

/**
 * The Cloud Functions region for Firestore triggers of a database in `location`; throws on a
 * name that is neither a known multi-region nor a region (`europe-west3`), so a typo in
 * `deploy.json` stops the build rather than a deploy half-way.
 */
export function triggerRegionFor(location: string): string {
  const multiRegion = MULTI_REGION_TRIGGER_REGIONS[location];
  if (multiRegion !== undefined) return multiRegion;
  if (/^[a-z]+-[a-z]+\d+$/.test(location)) return location;
  throw new Error(
    `deploy.json: firestoreLocation "${location}" is not a Firestore location this project knows ` +
      `(${Object.keys(MULTI_REGION_TRIGGER_REGIONS).join(', ')} or a region such as europe-west3).`,
  );
}

/** The Firestore database's location (`deploy.json`). */
export const FIRESTORE_LOCATION: string = deploySettings.firestoreLocation;

/** Where the Firestore triggers run. */
export const TRIGGER_REGION = triggerRegionFor(FIRESTORE_LOCATION);
