import { describe, expect, it } from 'vitest';
import { type StorageObject, type StorageRequest, parseRules } from 'firestore-local/rules/ruleset';
import { ALICE, NOW, reader } from './support';

const rules = parseRules(
  `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /images/{userId}/{file=**} {
      allow read: if request.auth != null;
      allow create, update: if request.auth.uid == userId
        && request.resource.size < 5 * 1024 * 1024
        && request.resource.contentType.matches('image/.*');
      allow delete: if request.auth.uid == userId;
    }
    match /tagged/{name} {
      allow create: if request.resource.metadata.owner == request.auth.uid;
      allow update: if resource.metadata.owner == request.auth.uid
        && request.resource.metadata.owner == resource.metadata.owner;
      allow get: if resource.contentType == 'text/plain' && resource.name == 'tagged/' + name
        && resource.bucket == bucket;
    }
    match /accounts/{accountId}/{file=**} {
      allow read: if firestore.exists(/databases/(default)/documents/accounts/$(accountId))
        && firestore.get(/databases/(default)/documents/accounts/$(accountId)).data.ownerId
          == request.auth.uid;
    }
    match /three/{a}/{b}/{c} {
      allow get: if firestore.exists(/databases/(default)/documents/x/$(a))
        && firestore.exists(/databases/(default)/documents/x/$(b))
        && firestore.exists(/databases/(default)/documents/x/$(c));
    }
    match /fresh/{name} {
      allow create: if request.resource.timeCreated == request.time
        && request.resource.md5Hash.size() == 24;
    }
  }
}
`,
  'storage.rules',
);

const image = (name: string, size = 1000, contentType = 'image/png'): StorageObject => ({
  name,
  bucket: 'app.appspot.com',
  size,
  contentType,
});

function storage(
  req: Partial<StorageRequest> & { method: StorageRequest['method']; path: string },
) {
  return rules.evaluateStorage({
    bucket: 'app.appspot.com',
    auth: ALICE,
    time: NOW,
    resource: null,
    requestResource: null,
    firestore: reader({
      'accounts/a1': { ownerId: 'alice' },
      'accounts/a2': { ownerId: 'bob' },
      'x/1': {},
      'x/2': {},
      'x/3': {},
    }),
    ...req,
  }).allowed;
}

describe('storage rules', () => {
  it.each<[string, () => boolean, boolean]>([
    [
      'an owner uploads a small image',
      () =>
        storage({
          method: 'create',
          path: 'images/alice/a.png',
          requestResource: image('images/alice/a.png'),
        }),
      true,
    ],
    [
      'the recursive wildcard covers nested folders',
      () =>
        storage({
          method: 'create',
          path: 'images/alice/x/y/a.png',
          requestResource: image('images/alice/x/y/a.png'),
        }),
      true,
    ],
    [
      'an upload of 5 MiB or more is refused',
      () =>
        storage({
          method: 'create',
          path: 'images/alice/a.png',
          requestResource: image('a', 5 * 1024 * 1024),
        }),
      false,
    ],
    [
      'a content type that is not an image is refused',
      () =>
        storage({
          method: 'create',
          path: 'images/alice/a.pdf',
          requestResource: image('a', 10, 'application/pdf'),
        }),
      false,
    ],
    [
      'uploading into another user folder is refused',
      () => storage({ method: 'create', path: 'images/bob/a.png', requestResource: image('a') }),
      false,
    ],
    [
      'update follows the same rule',
      () =>
        storage({
          method: 'update',
          path: 'images/alice/a.png',
          resource: image('a'),
          requestResource: image('a'),
        }),
      true,
    ],
    [
      'read covers get',
      () => storage({ method: 'get', path: 'images/bob/a.png', resource: image('a') }),
      true,
    ],
    ['read covers list', () => storage({ method: 'list', path: 'images/bob/x' }), true],
    [
      'reads need a signed-in user',
      () => storage({ method: 'get', path: 'images/bob/a.png', auth: null, resource: image('a') }),
      false,
    ],
    [
      'delete by the owner',
      () => storage({ method: 'delete', path: 'images/alice/a.png', resource: image('a') }),
      true,
    ],
    [
      'delete by someone else is refused',
      () => storage({ method: 'delete', path: 'images/bob/a.png', resource: image('a') }),
      false,
    ],
    [
      'custom metadata on create',
      () =>
        storage({
          method: 'create',
          path: 'tagged/f',
          requestResource: { ...image('tagged/f'), metadata: { owner: 'alice' } },
        }),
      true,
    ],
    [
      'custom metadata of someone else is refused',
      () =>
        storage({
          method: 'create',
          path: 'tagged/f',
          requestResource: { ...image('tagged/f'), metadata: { owner: 'bob' } },
        }),
      false,
    ],
    [
      'missing custom metadata is an error, so refused',
      () => storage({ method: 'create', path: 'tagged/f', requestResource: image('tagged/f') }),
      false,
    ],
    [
      'stored metadata is in resource',
      () =>
        storage({
          method: 'update',
          path: 'tagged/f',
          resource: { ...image('tagged/f'), metadata: { owner: 'alice' } },
          requestResource: { ...image('tagged/f'), metadata: { owner: 'alice' } },
        }),
      true,
    ],
    [
      'resource has name, bucket and contentType',
      () =>
        storage({
          method: 'get',
          path: 'tagged/f',
          resource: {
            name: 'tagged/f',
            bucket: 'app.appspot.com',
            size: 3,
            contentType: 'text/plain',
          },
        }),
      true,
    ],
    [
      'firestore.get reads a document for the rule',
      () => storage({ method: 'get', path: 'accounts/a1/logo.png', resource: image('x') }),
      true,
    ],
    [
      'firestore.get of another owner refuses',
      () => storage({ method: 'get', path: 'accounts/a2/logo.png', resource: image('x') }),
      false,
    ],
    [
      'firestore.exists of a missing document refuses',
      () => storage({ method: 'get', path: 'accounts/a9/logo.png', resource: image('x') }),
      false,
    ],
    [
      'storage rules may read at most 2 documents',
      () => storage({ method: 'get', path: 'three/1/2/3' }),
      false,
    ],
    [
      'the same document read twice counts once',
      () => storage({ method: 'get', path: 'three/1/2/1' }),
      true,
    ],
    [
      'timeCreated and md5Hash are in request.resource',
      () =>
        storage({
          method: 'create',
          path: 'fresh/f',
          requestResource: {
            ...image('fresh/f'),
            timeCreated: NOW,
            md5Hash: 'XrY7u+Ae7tCTyyK7j1rNww==',
          },
        }),
      true,
    ],
    ['no rule for the path refuses', () => storage({ method: 'get', path: 'other/x' }), false],
  ])('%s', (_name, run, expected) => {
    expect(run()).toBe(expected);
  });

  it('getAfter is not a storage function', () => {
    expect(() =>
      parseRules(
        `service firebase.storage { match /b/{bucket}/o { allow read: if getAfter(/a/b) != null; } }`,
        'storage.rules',
      ),
    ).toThrow(/unknown function 'getAfter'/);
  });

  it('Firestore rules refuse storage requests and the other way round', () => {
    const d = rules.evaluateDocument({
      method: 'get',
      path: 'a/b',
      auth: null,
      time: NOW,
      resource: null,
      requestResource: null,
      reader: reader(),
    });
    expect(d.allowed).toBe(false);
  });
});
