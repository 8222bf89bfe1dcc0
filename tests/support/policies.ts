/**
 * Access policies for tests: the interim signed-in policy plus a refused path prefix, so cases can
 * check that refusals reach every operation and leave nothing behind.
 */
import { signedInPolicy } from '../../server/access-policy';
import type { AccessPolicy } from '../../server/access-policy';

/** The top-level collection `refusingPolicy()` refuses by default. */
export const REFUSED_COLLECTION = 'forbidden';

/** The interim policy, plus: nothing under `prefix` may be read, queried or written. */
export function refusingPolicy(prefix = `${REFUSED_COLLECTION}/`): AccessPolicy {
  const base = signedInPolicy();
  const open = (path: string) => !`${path}/`.startsWith(prefix);
  return {
    canRead: (auth, path, doc, db) => base.canRead(auth, path, doc, db) && open(path),
    canQuery: (auth, spec, db) => base.canQuery(auth, spec, db) && open(spec.collection),
    canWrite: (auth, path, before, after, db) =>
      base.canWrite(auth, path, before, after, db) && open(path),
    canReadFile: (auth, path, db) => base.canReadFile(auth, path, db) && open(path),
    canWriteFile: (auth, path, file, db) => base.canWriteFile(auth, path, file, db) && open(path),
  };
}
