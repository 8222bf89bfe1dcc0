import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type PlainDoc, parseRules } from 'firestore-local/rules/ruleset';
import { ALICE, NOW, reader } from '../../../firestore-local/test/rules/support';

const firestoreSource = readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8');
const storageSource = readFileSync(new URL('../../../storage.rules', import.meta.url), 'utf8');

describe("the project's rules files", () => {
  it('firestore.rules parses and passes the static check', () => {
    expect(parseRules(firestoreSource, 'firestore.rules').service).toBe('cloud.firestore');
  });

  it('storage.rules parses and passes the static check', () => {
    expect(parseRules(storageSource, 'storage.rules').service).toBe('firebase.storage');
  });
});

describe('the engine on firestore.rules', () => {
  const rules = parseRules(firestoreSource, 'firestore.rules');
  const card: PlainDoc = {
    id: 'c1',
    handle: 'alice-card',
    accountId: 'a1',
    isArchived: false,
    ownerId: 'alice',
    name: 'Alice',
  };
  const docs: Record<string, PlainDoc> = {
    'users/alice': { id: 'alice', accountId: 'a1' },
    'users/root': { id: 'root', isSuperAdmin: true },
    'accounts/a1': { id: 'a1', ownerId: 'alice', collaborators: [] },
    'accounts/a2': { id: 'a2', ownerId: 'bob', collaborators: [] },
    'cards/c1': card,
  };

  it('a user reads their own user document', () => {
    const d = rules.evaluateDocument({
      method: 'get',
      path: 'users/alice',
      auth: ALICE,
      time: NOW,
      resource: docs['users/alice'] ?? null,
      requestResource: null,
      reader: reader(docs),
    });
    expect(d.allowed).toBe(true);
  });

  it("a user cannot read another account's card", () => {
    const d = rules.evaluateDocument({
      method: 'get',
      path: 'cards/c9',
      auth: ALICE,
      time: NOW,
      resource: { ...card, accountId: 'a2' },
      requestResource: null,
      reader: reader(docs),
    });
    expect(d.allowed).toBe(false);
  });

  it.each<[string, { accountId?: string; limit?: number; uid?: string }, boolean]>([
    ['a member lists the account cards with a limit', { accountId: 'a1', limit: 50 }, true],
    ['the list needs a limit', { accountId: 'a1' }, false],
    ['the list needs the tenant constraint', { limit: 50 }, false],
    ["another tenant's cards are refused", { accountId: 'a2', limit: 50 }, false],
    ['the super admin lists without the tenant constraint', { limit: 50, uid: 'root' }, true],
  ])('%s', (_name, q, expected) => {
    const d = rules.evaluateList({
      collectionPath: 'cards',
      where:
        q.accountId === undefined ? [] : [{ field: 'accountId', op: '==', value: q.accountId }],
      orderBy: [],
      ...(q.limit === undefined ? {} : { limit: q.limit }),
      auth: { ...ALICE, uid: q.uid ?? 'alice' },
      time: NOW,
      reader: reader(docs),
    });
    expect(d.allowed).toBe(expected);
  });

  it('a member renames a card, and the decision takes well under a millisecond', () => {
    const request = {
      method: 'update' as const,
      path: 'cards/c1',
      auth: ALICE,
      time: NOW,
      resource: card,
      requestResource: { ...card, name: 'Alice B.', dateUpdated: NOW },
      reader: reader(docs),
    };
    expect(rules.evaluateDocument(request).allowed).toBe(true);
    const runs = 2000;
    const start = performance.now();
    for (let i = 0; i < runs; i++) rules.evaluateDocument(request);
    const perDecision = (performance.now() - start) / runs;
    // Generous bound for a shared CI machine; locally this is a few tens of microseconds.
    expect(perDecision).toBeLessThan(1);
  });

  it('a card update that touches ownerId is refused', () => {
    const d = rules.evaluateDocument({
      method: 'update',
      path: 'cards/c1',
      auth: ALICE,
      time: NOW,
      resource: card,
      requestResource: { ...card, ownerId: 'mallory' },
      reader: reader(docs),
    });
    expect(d.allowed).toBe(false);
  });
});

describe('the engine on storage.rules', () => {
  const rules = parseRules(storageSource, 'storage.rules');
  const upload = (path: string, contentType = 'image/png', size = 1000) =>
    rules.evaluateStorage({
      method: 'create',
      bucket: 'demo.appspot.com',
      path,
      auth: ALICE,
      time: NOW,
      resource: null,
      requestResource: { name: path, bucket: 'demo.appspot.com', size, contentType },
      firestore: reader({ 'accounts/a1': { ownerId: 'alice' }, 'accounts/a2': { ownerId: 'bob' } }),
    }).allowed;

  it.each<[string, string, string, number, boolean]>([
    [
      'a user uploads an image to their own folder',
      'users/alice/avatar.png',
      'image/png',
      1000,
      true,
    ],
    [
      "a user cannot upload to someone else's folder",
      'users/bob/avatar.png',
      'image/png',
      1000,
      false,
    ],
    ['a non-image upload is refused', 'users/alice/notes.txt', 'text/plain', 10, false],
    ['an upload over 5 MiB is refused', 'users/alice/big.png', 'image/png', 6 * 1024 * 1024, false],
    [
      'an account owner uploads under the account',
      'accounts/a1/logo.webp',
      'image/webp',
      1000,
      true,
    ],
    [
      "an outsider cannot upload under someone else's account",
      'accounts/a2/logo.png',
      'image/png',
      1000,
      false,
    ],
  ])('%s', (_name, path, contentType, size, expected) => {
    expect(upload(path, contentType, size)).toBe(expected);
  });
});
