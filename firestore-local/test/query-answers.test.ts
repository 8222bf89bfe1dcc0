/**
 * The local store keeps recent query answers (a busy card page asks the same lookup each time);
 * an answer must never outlive a commit that changes what it would say.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { WriteOp } from 'firestore-engine/document';
import type { ServerQuerySpec } from 'firestore-engine/server-db';
import { openStore, type Store } from 'firestore-local/store';

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshStore(): Store {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'query-answers-'));
  dirs.push(dir);
  const store = openStore(dir);
  stores.push(store);
  return store;
}

const commit = (store: Store, ...ops: WriteOp[]) => store.commit(ops, new Date());
const ids = (store: Store, spec: ServerQuerySpec) => store.query(spec).map((doc) => doc.id);
const byHandle = (handle: string): ServerQuerySpec => ({
  collection: 'cards',
  where: [
    { field: 'handle', op: '==', value: handle },
    { field: 'isArchived', op: '==', value: false },
  ],
  limit: 2,
});

it('a repeated lookup follows every commit to its collection: a new match, a change, a delete', () => {
  const store = freshStore();
  commit(store, { kind: 'set', path: 'cards/a', data: { handle: 'ada', isArchived: false } });
  expect(ids(store, byHandle('ada'))).toEqual(['a']);
  expect(ids(store, byHandle('ada'))).toEqual(['a']);

  commit(store, { kind: 'set', path: 'cards/b', data: { handle: 'ada', isArchived: false } });
  expect(ids(store, byHandle('ada'))).toEqual(['a', 'b']);

  commit(store, { kind: 'update', path: 'cards/a', data: { isArchived: true } });
  expect(ids(store, byHandle('ada'))).toEqual(['b']);

  commit(store, { kind: 'delete', path: 'cards/b' });
  expect(ids(store, byHandle('ada'))).toEqual([]);
});

it('a collection-group answer follows a write in any collection of that id', () => {
  const store = freshStore();
  const jobs: ServerQuerySpec = {
    collection: 'jobs',
    collectionGroup: true,
    where: [{ field: 'state', op: '==', value: 'queued' }],
  };
  commit(store, { kind: 'set', path: 'accounts/x/jobs/1', data: { state: 'queued' } });
  expect(ids(store, jobs)).toEqual(['1']);
  commit(store, { kind: 'set', path: 'accounts/y/jobs/2', data: { state: 'queued' } });
  expect(ids(store, jobs).sort()).toEqual(['1', '2']);
});

it("a caller that changes its answer does not change the next caller's", () => {
  const store = freshStore();
  commit(store, { kind: 'set', path: 'cards/a', data: { handle: 'ada', isArchived: false } });
  const first = store.query(byHandle('ada'));
  first.length = 0;
  expect(ids(store, byHandle('ada'))).toEqual(['a']);
});

it('a query naming a date is answered afresh each time (a date makes no faithful key)', () => {
  const store = freshStore();
  const since = (at: Date): ServerQuerySpec => ({
    collection: 'cards',
    where: [{ field: 'at', op: '>=', value: at }],
  });
  commit(store, { kind: 'set', path: 'cards/a', data: { at: new Date(1_000) } });
  expect(ids(store, since(new Date(0)))).toEqual(['a']);
  expect(ids(store, since(new Date(2_000)))).toEqual([]);
});
