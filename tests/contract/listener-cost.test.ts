/**
 * A live query costs the server work only when a commit touches its result: writes to documents
 * of the same collection that match none of its filters (before or after) do not re-run it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from 'firestore-local/database';
import { openStore, type Store } from 'firestore-local/store';
import type { QueryDoc } from '@/backend/port';
import { signedInPolicy } from '../support/policies';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A store that counts how often a query is run. */
function countingStore(): { store: Store; scans: () => number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cardbuilder-listeners-'));
  dirs.push(dir);
  const inner = openStore(dir);
  let scans = 0;
  const store: Store = {
    ...inner,
    query(spec) {
      scans += 1;
      return inner.query(spec);
    },
  };
  return { store, scans: () => scans };
}

describe('live query cost', () => {
  it("re-runs a listener's query only for commits that touch its result", () => {
    const { store, scans } = countingStore();
    const db = createDatabase(store, signedInPolicy(), () => undefined);
    const auth = { uid: 'u1', claims: {} };
    const results: QueryDoc[][] = [];
    db.listen({
      target: {
        kind: 'query',
        spec: { collection: 'cards', where: [{ field: 'accountId', op: '==', value: 'a' }] },
      },
      auth,
      send: (r) => results.push(r as QueryDoc[]),
      fail: () => undefined,
    });
    const afterListen = scans();

    for (let i = 0; i < 50; i += 1) {
      db.commit(auth, [{ kind: 'set', path: `cards/b${i}`, data: { accountId: 'b', n: i } }]);
    }
    expect(scans()).toBe(afterListen);
    expect(results).toHaveLength(1);

    db.commit(auth, [{ kind: 'set', path: 'cards/a1', data: { accountId: 'a' } }]);
    expect(scans()).toBe(afterListen + 1);
    expect(results.at(-1)?.map((d) => d.id)).toEqual(['a1']);

    // Leaving the result counts too: the document matched before the change.
    db.commit(auth, [{ kind: 'set', path: 'cards/a1', data: { accountId: 'b' } }]);
    expect(results.at(-1)).toEqual([]);
    store.close();
  });
});
