/**
 * Where the product runs, from the one setting a deploy asks for: the Firestore database's
 * location, written once in `deploy.json` (README, "Deploy to your Firebase project", step 2). It
 * decides the region of the Firestore triggers (a trigger must run where its database's events
 * are: `nam5` is served from us-central1, `eur3` from europe-west1, a regional database from its
 * own region), and the Trigger Email and Stripe extensions' parameters, which
 * `scripts/lib/deploy-location.ts` writes into `extensions/*.env` and `npm run test:deploy` checks.
 *
 * The HTTP functions, the callables and the schedules stay in SERVING_REGION whatever the
 * database's location: the app calls its callables (and the Stripe extension's `createPortalLink`)
 * there, and firebase.json's Hosting rewrites name it.
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
