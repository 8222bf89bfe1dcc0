/**
 * Access policies for tests. `rulesPolicy()` is the real one, the repository's `firestore.rules`
 * and `storage.rules` run by the rules engine, as the local server runs them. The others are test
 * doubles for suites about the storage layer and the port's contract, which write plain documents
 * the rules would refuse: signed-in callers may do anything (and, with `refusingPolicy`, nothing
 * under one prefix, so cases can check that refusals reach every operation and leave nothing).
 */
import type { AccessPolicy } from 'firestore-local/access-policy';
import { holdRules, loadRules } from 'firestore-local/access/load-rules';
import {
  createRulesEnginePolicy,
  type RulesEnginePolicyOptions,
} from 'firestore-local/access/rules-engine-policy';
import type { Ruleset } from 'firestore-local/rules/ruleset';

/** The bucket the test server's storage rules see. */
export const TEST_BUCKET = 'demo-cardbuilder.appspot.com';

/**
 * The server's policy from the repository's rules files, or from `rules` when a test runs other
 * rulesets (a mutated copy, a deny-all file).
 */
export function rulesPolicy(
  rules?: { firestore: Ruleset; storage: Ruleset },
  options: Partial<RulesEnginePolicyOptions> = {},
): AccessPolicy {
  const held = holdRules(rules ?? loadRules());
  return createRulesEnginePolicy(held, {
    bucket: TEST_BUCKET,
    // LOG_DENIALS=1 prints why each refused call was refused, for debugging a failing case.
    ...(process.env.LOG_DENIALS === '1'
      ? {
          onDenied: (what: string, d: { reason: string }) =>
            console.log(`denied ${what}: ${d.reason}`),
        }
      : {}),
    ...options,
  });
}

/** Any signed-in caller may do anything; signed-out callers nothing. A test double only. */
export function signedInPolicy(): AccessPolicy {
  return {
    canRead: (auth) => auth !== null,
    canQuery: (auth) => auth !== null,
    canWrite: (auth) => auth !== null,
    canReadFile: (auth) => auth !== null,
    canWriteFile: (auth) => auth !== null,
  };
}

/** The top-level collection `refusingPolicy()` refuses by default. */
export const REFUSED_COLLECTION = 'forbidden';

/** `signedInPolicy`, plus: nothing under `prefix` may be read, queried or written. */
export function refusingPolicy(prefix = `${REFUSED_COLLECTION}/`): AccessPolicy {
  const base = signedInPolicy();
  const open = (path: string) => !`${path}/`.startsWith(prefix);
  return {
    canRead: (auth, path, doc, db) => base.canRead(auth, path, doc, db) && open(path),
    canQuery: (auth, spec, db) => base.canQuery(auth, spec, db) && open(spec.collection),
    canWrite: (auth, path, before, after, db) =>
      base.canWrite(auth, path, before, after, db) && open(path),
    canReadFile: (auth, path, stored, db) => base.canReadFile(auth, path, stored, db) && open(path),
    canWriteFile: (auth, path, stored, file, db) =>
      base.canWriteFile(auth, path, stored, file, db) && open(path),
  };
}
