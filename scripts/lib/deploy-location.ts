/**
 * The extensions' parameters that follow the Firestore database's location (`deploy.json`): the
 * Trigger Email extension's `DATABASE_REGION` and the region each extension's functions run in.
 * After changing `deploy.json`, `npx tsx scripts/lib/deploy-location.ts` rewrites those lines of
 * `extensions/*.env`; `npm run test:deploy` fails on any difference (`extensionLocationMismatches`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  FIRESTORE_LOCATION,
  SERVING_REGION,
  triggerRegionFor,
} from '../../functions/src/deploy-location';

const root = resolve(import.meta.dirname, '..', '..');

/** The location-dependent parameters of each extension instance (firebase.json's ids). */
export function extensionLocationParams(location: string): Record<string, Record<string, string>> {
  const region = triggerRegionFor(location);
  return {
    // Its trigger listens to the database's events where they are (`triggerRegion`), and its
    // function runs in the region serving that location.
    'firestore-send-email': {
      DATABASE_REGION: location,
      'firebaseextensions.v1beta.function/location': region,
    },
    // Its Firestore triggers (checkout sessions, customers) run beside the database; the app calls
    // its createPortalLink there too (SERVING_REGION: see extensionLocationMismatches).
    'firestore-stripe-payments': { LOCATION: region },
  };
}

function envFile(instance: string): string {
  return resolve(root, 'extensions', `${instance}.env`);
}

/** KEY=VALUE lines of an extension's .env file (comments and blank lines skipped). */
export function readExtensionEnv(instance: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(envFile(instance), 'utf8').split('\n')) {
    const match = /^([^#=\s][^=]*)=(.*)$/.exec(line.trim());
    if (match?.[1] !== undefined) values[match[1]] = match[2] ?? '';
  }
  return values;
}

/** Each way `extensions/*.env` differs from the database's location; empty when they agree. */
export function extensionLocationMismatches(location: string = FIRESTORE_LOCATION): string[] {
  const problems: string[] = [];
  for (const [instance, params] of Object.entries(extensionLocationParams(location))) {
    const actual = readExtensionEnv(instance);
    for (const [key, want] of Object.entries(params)) {
      if (actual[key] !== want) {
        problems.push(
          `extensions/${instance}.env: ${key}=${actual[key] ?? '(missing)'}, the database in ${location} needs ${want}`,
        );
      }
    }
  }
  if (triggerRegionFor(location) !== SERVING_REGION) {
    problems.push(
      `a database in ${location} puts the Stripe extension in ${triggerRegionFor(location)}, but the app ` +
        `calls its createPortalLink in ${SERVING_REGION} (src/backend/firebase/firebase-backend.ts)`,
    );
  }
  return problems;
}

/** Rewrites the location-dependent lines of `extensions/*.env` (appending any that are missing). */
export function writeExtensionLocation(location: string = FIRESTORE_LOCATION): string[] {
  const changed: string[] = [];
  for (const [instance, params] of Object.entries(extensionLocationParams(location))) {
    const lines = readFileSync(envFile(instance), 'utf8').replace(/\n$/, '').split('\n');
    for (const [key, value] of Object.entries(params)) {
      const at = lines.findIndex((line) => line.startsWith(`${key}=`));
      if (at >= 0 && lines[at] === `${key}=${value}`) continue;
      if (at >= 0) lines[at] = `${key}=${value}`;
      else lines.push(`${key}=${value}`);
      changed.push(`extensions/${instance}.env: ${key}=${value}`);
    }
    writeFileSync(envFile(instance), `${lines.join('\n')}\n`);
  }
  return changed;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const changed = writeExtensionLocation();
  console.log(
    changed.length > 0
      ? `Database in ${FIRESTORE_LOCATION}:\n  ${changed.join('\n  ')}`
      : `extensions/*.env already follow the database in ${FIRESTORE_LOCATION}.`,
  );
  for (const problem of extensionLocationMismatches()) console.log(`Still to do: ${problem}`);
}
