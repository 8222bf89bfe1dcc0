import { describe, expect, it } from 'vitest';
import {
  cardNameOf,
  canUseScim,
  ERROR_SCHEMA,
  listResponse,
  pagingOf,
  ScimError,
  scimErrorBody,
  seatEmailOf,
  userAttributesFrom,
  userResource,
  USER_SCHEMA,
  type ScimUserAttributes,
  type ScimUserRecord,
} from '@/domain/scim';
import { matchesFilter, parseScimFilter, userNameEquality } from '@/domain/scim-filter';
import { applyUserPatch, groupMemberChanges, patchOperations } from '@/domain/scim-patch';

const BASE = 'https://app.example/scim/v2';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** RFC 7643 §8.1's minimal user, as Okta and Entra ID post it (with a work e-mail). */
const BJENSEN_BODY = {
  schemas: [USER_SCHEMA],
  userName: 'bjensen@example.com',
  externalId: 'bjensen',
  name: { givenName: 'Barbara', familyName: 'Jensen', formatted: 'Ms. Barbara J Jensen III' },
  emails: [{ value: 'bjensen@example.com', type: 'work', primary: true }],
  active: true,
};

function record(attrs: ScimUserAttributes, id = 'u1'): ScimUserRecord {
  return {
    ...attrs,
    id,
    userNameLower: attrs.userName.toLowerCase(),
    cardId: `card-${id}`,
    created: new Date('2026-01-01T00:00:00Z'),
    lastModified: new Date('2026-01-02T00:00:00Z'),
    version: 3,
  };
}

function thrown(work: () => unknown): ScimError {
  try {
    work();
  } catch (err) {
    if (err instanceof ScimError) return err;
    throw err;
  }
  throw new Error('nothing was thrown');
}

describe('a user body (RFC 7644 §3.3)', () => {
  it('reads RFC 7643’s bjensen with her primary work e-mail', () => {
    const user = userAttributesFrom(BJENSEN_BODY);
    expect(user).toEqual({
      userName: 'bjensen@example.com',
      externalId: 'bjensen',
      active: true,
      name: { givenName: 'Barbara', familyName: 'Jensen', formatted: 'Ms. Barbara J Jensen III' },
      displayName: '',
      title: '',
      emails: ['bjensen@example.com'],
    });
    expect(seatEmailOf(user)).toBe('bjensen@example.com');
    expect(cardNameOf(user)).toBe('Ms. Barbara J Jensen III');
  });

  it('refuses a user without userName as an invalid value', () => {
    const err = thrown(() => userAttributesFrom({ schemas: [USER_SCHEMA] }));
    expect(err.status).toBe(400);
    expect(err.scimType).toBe('invalidValue');
  });

  it('takes Entra ID’s string booleans and matches attribute names without case', () => {
    const user = userAttributesFrom({ UserName: 'a@b.example', Active: 'False' });
    expect(user.active).toBe(false);
    expect(user.userName).toBe('a@b.example');
  });

  it('needs an e-mail for the seat: a userName that is not one and no e-mail is refused', () => {
    const user = userAttributesFrom({ userName: 'bjensen' });
    expect(thrown(() => seatEmailOf(user)).scimType).toBe('invalidValue');
  });

  it('answers the resource with meta, version and the primary e-mail first', () => {
    const resource = userResource(record(userAttributesFrom(BJENSEN_BODY)), BASE);
    expect(resource).toMatchObject({
      schemas: [USER_SCHEMA],
      id: 'u1',
      externalId: 'bjensen',
      userName: 'bjensen@example.com',
      active: true,
      emails: [{ value: 'bjensen@example.com', type: 'work', primary: true }],
      meta: {
        resourceType: 'User',
        location: `${BASE}/Users/u1`,
        version: 'W/"3"',
        created: '2026-01-01T00:00:00.000Z',
      },
    });
  });
});

describe('errors (RFC 7644 §3.12)', () => {
  it('carry the error schema, the status as a string and the scimType', () => {
    expect(scimErrorBody(new ScimError(409, 'taken', 'uniqueness'))).toEqual({
      schemas: [ERROR_SCHEMA],
      status: '409',
      scimType: 'uniqueness',
      detail: 'taken',
    });
    expect(scimErrorBody(new ScimError(404, 'gone'))).toEqual({
      schemas: [ERROR_SCHEMA],
      status: '404',
      detail: 'gone',
    });
  });
});

describe('filters (RFC 7644 §3.4.2.2)', () => {
  const bjensen = userResource(record(userAttributesFrom(BJENSEN_BODY)), BASE);
  const jsmith = userResource(
    record(
      userAttributesFrom({
        userName: 'jsmith@example.com',
        externalId: 'JSmith',
        title: 'Tour Guide',
        active: false,
      }),
      'u2',
    ),
    BASE,
  );

  it('userName eq "bjensen@example.com" finds her, without regard to case', () => {
    const filter = parseScimFilter('userName eq "BJensen@Example.com"');
    expect([bjensen, jsmith].filter((r) => matchesFilter(filter, r))).toEqual([bjensen]);
    expect(userNameEquality(filter)).toBe('BJensen@Example.com');
  });

  it('compares externalId exactly (caseExact) and reads the RFC’s other operators', () => {
    const hit = (text: string) =>
      [bjensen, jsmith].filter((r) => matchesFilter(parseScimFilter(text), r)).map((r) => r.id);
    expect(hit('externalId eq "jsmith"')).toEqual([]);
    expect(hit('externalId eq "JSmith"')).toEqual(['u2']);
    expect(hit('title pr')).toEqual(['u2']);
    expect(hit('userName sw "J"')).toEqual(['u2']);
    expect(hit('name.familyName co "ens"')).toEqual(['u1']);
    expect(hit('active eq false')).toEqual(['u2']);
    expect(hit('emails[type eq "work" and value co "@example.com"]')).toEqual(['u1']);
    expect(hit('userName eq "bjensen@example.com" or title eq "tour guide"')).toEqual(['u1', 'u2']);
    expect(hit('not (active eq true)')).toEqual(['u2']);
    expect(userNameEquality(parseScimFilter('title pr'))).toBeNull();
  });

  it('refuses a filter it cannot read with invalidFilter', () => {
    const err = thrown(() => parseScimFilter('userName eq'));
    expect(err.status).toBe(400);
    expect(err.scimType).toBe('invalidFilter');
  });
});

describe('paging (RFC 7644 §3.4.2.4)', () => {
  const items = Array.from({ length: 25 }, (_, i) => i + 1);
  const q = (text: string) => new URLSearchParams(text);

  it('startIndex=1&count=10 answers the first ten and the total', () => {
    expect(listResponse(items, pagingOf(q('startIndex=1&count=10')))).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 25,
      startIndex: 1,
      itemsPerPage: 10,
      Resources: items.slice(0, 10),
    });
  });

  it('the last page holds what is left; past the end holds none', () => {
    expect(listResponse(items, pagingOf(q('startIndex=21&count=10')))).toMatchObject({
      totalResults: 25,
      itemsPerPage: 5,
      Resources: [21, 22, 23, 24, 25],
    });
    expect(listResponse(items, pagingOf(q('startIndex=40&count=10')))).toMatchObject({
      totalResults: 25,
      itemsPerPage: 0,
      Resources: [],
    });
  });

  it('reads a startIndex below 1 as 1, a negative count as 0 and caps the count', () => {
    expect(pagingOf(q('startIndex=0&count=-4'))).toEqual({ startIndex: 1, count: 0 });
    expect(pagingOf(q('count=5000'))).toEqual({ startIndex: 1, count: 200 });
    expect(pagingOf(q(''))).toEqual({ startIndex: 1, count: 100 });
    expect(listResponse(items, pagingOf(q('count=0')))).toMatchObject({
      totalResults: 25,
      itemsPerPage: 0,
    });
  });
});

describe('PATCH of a user (RFC 7644 §3.5.2)', () => {
  const user = userAttributesFrom(BJENSEN_BODY);

  it('deactivates with Okta’s form: replace without a path, a value object', () => {
    const ops = patchOperations({
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(applyUserPatch(user, ops).active).toBe(false);
  });

  it('deactivates with Entra ID’s form: capitalised op, a path and "False"', () => {
    const ops = patchOperations({
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(applyUserPatch(user, ops).active).toBe(false);
    const back = patchOperations({
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(applyUserPatch({ ...user, active: false }, back).active).toBe(true);
  });

  it('applies Entra ID’s attribute updates: filtered e-mail path, dotted names, title', () => {
    const ops = patchOperations({
      schemas: [PATCH],
      Operations: [
        { op: 'Add', path: 'emails[type eq "work"].value', value: 'Barbara@Example.com' },
        { op: 'Replace', path: 'name.givenName', value: 'Babs' },
        { op: 'Add', path: 'title', value: 'Director' },
        { op: 'Replace', path: 'displayName', value: 'Babs Jensen' },
        {
          op: 'Add',
          path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
          value: 'Sales',
        },
        { op: 'Add', path: 'phoneNumbers[type eq "work"].value', value: '+1 555 0100' },
      ],
    });
    const after = applyUserPatch(user, ops);
    expect(after.emails).toEqual(['barbara@example.com']);
    expect(after.name.givenName).toBe('Babs');
    expect(after.title).toBe('Director');
    expect(after.displayName).toBe('Babs Jensen');
  });

  it('takes dotted keys in a value object and removes by path (RFC 7644 §3.5.2.2)', () => {
    const ops = patchOperations({
      schemas: [PATCH],
      Operations: [
        { op: 'replace', value: { 'name.familyName': 'Jensen-Smith', userName: 'bj@example.com' } },
        { op: 'remove', path: 'externalId' },
      ],
    });
    const after = applyUserPatch(user, ops);
    expect(after.name.familyName).toBe('Jensen-Smith');
    expect(after.userName).toBe('bj@example.com');
    expect(after.externalId).toBeNull();
  });

  it('refuses what it cannot do, with the RFC’s scimType, and keeps nothing', () => {
    const refuse = (operations: unknown[]) =>
      thrown(() =>
        applyUserPatch(user, patchOperations({ schemas: [PATCH], Operations: operations })),
      );
    expect(refuse([{ op: 'remove' }]).scimType).toBe('noTarget');
    expect(refuse([{ op: 'replace', path: 'shoeSize', value: 44 }]).scimType).toBe('invalidPath');
    expect(refuse([{ op: 'replace', path: 'active', value: 'maybe' }]).scimType).toBe(
      'invalidValue',
    );
    expect(refuse([{ op: 'replace', path: 'id', value: 'x' }]).scimType).toBe('mutability');
    expect(thrown(() => patchOperations({ Operations: [{ op: 'move' }] })).scimType).toBe(
      'invalidSyntax',
    );
    expect(thrown(() => patchOperations({ schemas: [PATCH] })).scimType).toBe('invalidSyntax');
  });
});

describe('PATCH of a group (membership)', () => {
  it('adds members and removes them in Okta’s and Entra ID’s forms', () => {
    expect(
      groupMemberChanges(
        patchOperations({
          schemas: [PATCH],
          Operations: [
            { op: 'add', path: 'members', value: [{ value: 'u1' }, { value: 'u2' }] },
            { op: 'remove', path: 'members[value eq "u3"]' },
            { op: 'Remove', path: 'members', value: [{ value: 'u4' }] },
          ],
        }),
      ),
    ).toEqual({ add: ['u1', 'u2'], remove: ['u3', 'u4'] });
  });

  it('refuses renaming a team by path; Okta’s link of a pushed group changes nothing', () => {
    expect(
      thrown(() =>
        groupMemberChanges(
          patchOperations({ Operations: [{ op: 'replace', path: 'displayName', value: 'x' }] }),
        ),
      ).scimType,
    ).toBe('mutability');
    expect(
      groupMemberChanges(
        patchOperations({ Operations: [{ op: 'replace', value: { id: 't1', displayName: 'x' } }] }),
      ),
    ).toEqual({ add: [], remove: [] });
  });
});

describe('the plan gate', () => {
  it('opens provisioning on the Corporate plan only', () => {
    expect(canUseScim({ plan: { type: 'corporate' } })).toBe(true);
    expect(canUseScim({ plan: { type: 'growth' } })).toBe(false);
    expect(canUseScim({})).toBe(false);
    expect(canUseScim(null)).toBe(false);
  });
});
