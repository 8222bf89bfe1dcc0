import { describe, expect, it } from 'vitest';
import { type FirestoreListRequest, type QueryConstraint } from 'firestore-local/rules/ruleset';
import { ALICE, NOW, firestoreRules, reader } from './support';

const rules = firestoreRules(`
  match /notes/{noteId} {
    allow list: if resource.data.owner == request.auth.uid;
    allow get: if true;
  }
  match /paged/{id} {
    allow list: if request.query.limit <= 10;
  }
  match /tenants/{id} {
    allow list: if request.query.limit is int && request.query.limit <= 100
      && get(/databases/$(database)/documents/accounts/$(resource.data.accountId)).data.ownerId
        == request.auth.uid;
  }
  match /nested/{id} {
    allow list: if resource.data.meta.owner == request.auth.uid;
  }
  match /open/{id} {
    allow list: if request.auth.uid == 'alice' || resource.data.owner == request.auth.uid;
  }
  match /nullcheck/{id} {
    allow list: if resource != null && !(resource == null);
  }
  match /whole/{id} {
    allow list: if resource.data.keys().hasOnly(['owner']);
  }
  match /byid/{id} {
    allow list: if id == 'x';
  }
  match /withget/{id} {
    allow list: if resource.data.get('owner', null) == request.auth.uid;
  }
  match /hasfield/{id} {
    allow list: if 'owner' in resource.data && resource.data.owner == request.auth.uid;
  }
  match /offset/{id} {
    allow list: if request.query.offset == null || request.query.offset < 100;
  }
  match /ordered/{id} {
    allow list: if request.query.orderBy.size() == 1
      && request.query.orderBy[0].field == 'created'
      && request.query.orderBy[0].direction == 'desc';
  }
  match /status/{id} {
    allow list: if resource.data.status in ['draft', 'published'];
  }
  match /accounts/{id} {
    allow get: if true;
  }
`);

function query(
  collectionPath: string,
  where: QueryConstraint[],
  extra: Partial<FirestoreListRequest> = {},
) {
  return rules.evaluateList({
    collectionPath,
    where,
    orderBy: [],
    auth: ALICE,
    time: NOW,
    reader: reader({ 'accounts/a1': { ownerId: 'alice' }, 'accounts/a2': { ownerId: 'bob' } }),
    ...extra,
  });
}

const eq = (field: string, value: QueryConstraint['value']): QueryConstraint => ({
  field,
  op: '==',
  value,
});

describe('list queries: rules are not filters', () => {
  it.each<[string, string, QueryConstraint[], Partial<FirestoreListRequest>, boolean]>([
    ['a query constrained to the caller is allowed', 'notes', [eq('owner', 'alice')], {}, true],
    ['a query for another owner is refused', 'notes', [eq('owner', 'bob')], {}, false],
    ['a query without the constraint is refused', 'notes', [], {}, false],
    [
      'in: allowed when every value allows',
      'notes',
      [{ field: 'owner', op: 'in', value: ['alice'] }],
      {},
      true,
    ],
    [
      'in: refused when one value does not allow',
      'notes',
      [{ field: 'owner', op: 'in', value: ['alice', 'bob'] }],
      {},
      false,
    ],
    ['!= does not pin the field', 'notes', [{ field: 'owner', op: '!=', value: 'bob' }], {}, false],
    [
      'array-contains does not pin the field',
      'notes',
      [{ field: 'owner', op: 'array-contains', value: 'alice' }],
      {},
      false,
    ],
    [
      'range constraints on other fields do not matter',
      'notes',
      [eq('owner', 'alice'), { field: 'n', op: '>', value: 3 }],
      {},
      true,
    ],
    [
      'an empty in list can return nothing and is allowed',
      'notes',
      [{ field: 'owner', op: 'in', value: [] }],
      {},
      true,
    ],
    ['a limit within the rule is allowed', 'paged', [], { limit: 5 }, true],
    ['a limit above the rule is refused', 'paged', [], { limit: 20 }, false],
    ['a missing limit is refused', 'paged', [], {}, false],
    ['the pinned value can feed get()', 'tenants', [eq('accountId', 'a1')], { limit: 50 }, true],
    [
      'get() of another tenant is refused',
      'tenants',
      [eq('accountId', 'a2')],
      { limit: 50 },
      false,
    ],
    [
      'in over tenants: every tenant must allow',
      'tenants',
      [{ field: 'accountId', op: 'in', value: ['a1', 'a2'] }],
      { limit: 50 },
      false,
    ],
    ['dotted fields pin nested values', 'nested', [eq('meta.owner', 'alice')], {}, true],
    [
      'a nested field without a constraint is refused',
      'nested',
      [eq('meta.other', 'alice')],
      {},
      false,
    ],
    ['an unknown field is absorbed when || decides', 'open', [], {}, true],
    ['resource != null is true for a list', 'nullcheck', [], {}, true],
    [
      'resource.data as a whole is not decided by the query',
      'whole',
      [eq('owner', 'alice')],
      {},
      false,
    ],
    ['the document id variable is unknown for a list', 'byid', [], {}, false],
    ['get(field, default) reads a pinned field', 'withget', [eq('owner', 'alice')], {}, true],
    ['get(field, default) on an unpinned field is refused', 'withget', [], {}, false],
    [
      "'field' in resource.data holds for a pinned field",
      'hasfield',
      [eq('owner', 'alice')],
      {},
      true,
    ],
    ['offset is in request.query', 'offset', [], { offset: 10 }, true],
    ['a large offset is refused', 'offset', [], { offset: 500 }, false],
    [
      'orderBy is in request.query',
      'ordered',
      [],
      { orderBy: [{ field: 'created', direction: 'desc' }] },
      true,
    ],
    [
      'a different orderBy is refused',
      'ordered',
      [],
      { orderBy: [{ field: 'created', direction: 'asc' }] },
      false,
    ],
    [
      'in on the rule side with an in query',
      'status',
      [{ field: 'status', op: 'in', value: ['draft', 'published'] }],
      {},
      true,
    ],
    [
      'in query with a value the rule refuses',
      'status',
      [{ field: 'status', op: 'in', value: ['draft', 'deleted'] }],
      {},
      false,
    ],
    [
      'a list rule does not apply to another collection',
      'others',
      [eq('owner', 'alice')],
      {},
      false,
    ],
  ])('%s', (_name, path, where, extra, expected) => {
    expect(query(path, where, extra).allowed).toBe(expected);
  });

  it('list rules do not allow single-document gets and get rules do not allow lists', () => {
    expect(query('accounts', []).allowed).toBe(false);
  });

  it('too many combinations of in values are refused', () => {
    const values = Array.from({ length: 11 }, (_, i) => `v${i}`);
    const d = query('open', [
      { field: 'a', op: 'in', value: values },
      { field: 'b', op: 'in', value: values },
    ]);
    expect(d).toEqual({
      allowed: false,
      reason: "query has more than 100 combinations of 'in' values",
    });
  });

  it('a query is limited to 10 access calls in all', () => {
    const many = firestoreRules(`
      match /q/{id} {
        allow list: if ${Array.from({ length: 11 }, (_, i) => `exists(/databases/$(database)/documents/d/${i})`).join(' && ')};
      }`);
    const docs = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`d/${i}`, {}]));
    const d = many.evaluateList({
      collectionPath: 'q',
      where: [],
      orderBy: [],
      auth: ALICE,
      time: NOW,
      reader: reader(docs),
    });
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/access-call limit/);
  });
});
