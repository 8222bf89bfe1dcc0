/**
 * The local server's reads for the public surfaces (`AdminDb.frozen`): every read of one stored
 * version (the same way) is the same frozen object, so a busy card's page parses its card once
 * per edit (`card-lookup.ts`), and an edit is read at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from 'firestore-local/database';
import { openStore, type Store } from 'firestore-local/store';
import { createCardLookup } from '@/services/public-surfaces/card-lookup';
import { signedInPolicy } from '../support/policies';

const opened: { dir: string; store: Store }[] = [];
afterEach(() => {
  for (const { dir, store } of opened.splice(0)) {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

function database() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cardbuilder-frozen-'));
  const store = openStore(dir);
  opened.push({ dir, store });
  return createDatabase(store, signedInPolicy(), () => undefined).admin;
}

const card = {
  id: 'c1',
  accountId: 'acc',
  handle: 'ada',
  name: 'Ada',
  isArchived: false,
  contacts: [{ id: 'l1', name: 'Website', label: '', value: 'https://ada.example' }],
};

describe('frozen reads', () => {
  it('answers one frozen object per stored version, by get and by query, and a new one after an edit', () => {
    const db = database();
    db.set('cards/c1', card);
    const first = db.frozen!.get('cards/c1').data;
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen((first?.contacts as unknown[])[0])).toBe(true);
    expect(db.frozen!.get('cards/c1').data).toBe(first);
    const byHandle = () =>
      db.frozen!.query({
        collection: 'cards',
        where: [{ field: 'handle', op: '==', value: 'ada' }],
      });
    const [found] = byHandle();
    expect(Object.isFrozen(found?.data)).toBe(true);
    expect(byHandle()[0]?.data).toBe(found?.data);
    // The ordinary read is still a copy of its own.
    expect(db.get('cards/c1').data).not.toBe(first);

    db.update('cards/c1', { name: 'Ada L.' });
    const edited = db.frozen!.get('cards/c1').data;
    expect(edited).not.toBe(first);
    expect(edited?.name).toBe('Ada L.');
  });

  it('gives the public surfaces one parsed card per version, frozen against a route changing it', async () => {
    const db = database();
    db.set('cards/c1', card);
    const lookup = createCardLookup('cards');
    const reads = { get: db.frozen!.get, query: db.frozen!.query, batch: db.batch };
    const byId = await lookup.cardById(reads, 'c1');
    expect(await lookup.cardById(reads, 'c1')).toBe(byId);
    expect(Object.isFrozen(byId)).toBe(true);
    const byHandle = await lookup.cardByHandle(reads, 'ada', false);
    expect(await lookup.cardByHandle(reads, 'ada', false)).toBe(byHandle);
    db.update('cards/c1', { name: 'Ada L.' });
    const edited = await lookup.cardById(reads, 'c1');
    expect(edited).not.toBe(byId);
    expect(edited?.name).toBe('Ada L.');
  });
});
