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
  userResource,
  USER_SCHEMA,
  type ScimUserAttributes,
  type ScimUserRecord,
} from '@/domain/scim';
import { userAttributesFrom } from '@/domain/schemas/scim';
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

/** What a refused request answers: the status, the RFC's scimType and the detail, exactly. */
function refusal(work: () => unknown) {
  const err = thrown(work);
  return [err.status, err.scimType, err.detail];
}

describe('a malformed user body', () => {
  const email = 'a@b.example';

  it('answers each refusal with its status, scimType and detail', () => {
    const notAnObject = [400, 'invalidSyntax', 'The body must be a JSON object.'];
    expect(refusal(() => userAttributesFrom(null))).toEqual(notAnObject);
    expect(refusal(() => userAttributesFrom([{ userName: email }]))).toEqual(notAnObject);
    expect(refusal(() => userAttributesFrom('bjensen'))).toEqual(notAnObject);
    const required = [400, 'invalidValue', 'userName is required.'];
    expect(refusal(() => userAttributesFrom({}))).toEqual(required);
    expect(refusal(() => userAttributesFrom({ userName: '   ' }))).toEqual(required);
    expect(refusal(() => userAttributesFrom({ userName: 42 }))).toEqual(required);
    expect(refusal(() => userAttributesFrom({ userName: 'x'.repeat(255) }))).toEqual([
      400,
      'invalidValue',
      'userName is too long.',
    ]);
    const notBoolean = [400, 'invalidValue', 'active must be true or false.'];
    expect(refusal(() => userAttributesFrom({ userName: email, active: 'maybe' }))).toEqual(
      notBoolean,
    );
    expect(refusal(() => userAttributesFrom({ userName: email, active: 1 }))).toEqual(notBoolean);
    const notList = [400, 'invalidValue', 'emails must be a list.'];
    expect(refusal(() => userAttributesFrom({ userName: email, emails: email }))).toEqual(notList);
    expect(
      refusal(() => userAttributesFrom({ userName: email, emails: { value: email } })),
    ).toEqual(notList);
  });

  it('reports the first refusal in the order userName, active, emails', () => {
    expect(refusal(() => userAttributesFrom({ active: 'maybe', emails: 'x' }))[2]).toBe(
      'userName is required.',
    );
    expect(
      refusal(() => userAttributesFrom({ emails: 'x', active: 'maybe', userName: email }))[2],
    ).toBe('active must be true or false.');
  });

  it('reads wrong-typed optional attributes as absent and trims the rest', () => {
    expect(
      userAttributesFrom({
        userName: ` ${email} `,
        active: null,
        externalId: 7,
        name: 'Pat Lee',
        displayName: ['Pat'],
        title: ' Guide ',
        emails: null,
      }),
    ).toEqual({
      userName: email,
      externalId: null,
      active: true,
      name: { givenName: '', familyName: '', formatted: '' },
      displayName: '',
      title: 'Guide',
      emails: [],
    });
    expect(
      userAttributesFrom({ userName: email, active: ' TRUE ', externalId: '  ' }),
    ).toMatchObject({ active: true, externalId: null });
  });

  it('matches attribute names without case at every depth, the first spelling winning', () => {
    const user = userAttributesFrom({
      USERNAME: 'first@b.example',
      userName: 'second@b.example',
      NAME: { GivenName: ' Pat ', FAMILYNAME: 'Lee' },
      Emails: [
        { value: ' Other@B.example ' },
        'junk',
        null,
        [{ value: 'x@b.example' }],
        { VALUE: 'Primary@B.example', Primary: 'True' },
        { value: 'other@b.example' },
        { value: '' },
        { value: 3, primary: true },
        { value: 'last@b.example', primary: 'true' },
      ],
    });
    expect(user.userName).toBe('first@b.example');
    expect(user.name).toEqual({ givenName: 'Pat', familyName: 'Lee', formatted: '' });
    expect(user.emails).toEqual(['primary@b.example', 'other@b.example', 'last@b.example']);
  });
});

describe('a malformed PatchOp body', () => {
  const ok = { op: 'add', path: 'title', value: 'x' };

  it('answers each refusal with 400 invalidSyntax and its detail', () => {
    const syntax = (body: unknown) => refusal(() => patchOperations(body));
    expect(syntax(null)).toEqual([400, 'invalidSyntax', 'The body must be a JSON object.']);
    expect(syntax([ok])).toEqual([400, 'invalidSyntax', 'The body must be a JSON object.']);
    expect(syntax({ schemas: [USER_SCHEMA], Operations: [ok] })).toEqual([
      400,
      'invalidSyntax',
      `A PATCH body is a ${PATCH}.`,
    ]);
    const needs = [400, 'invalidSyntax', 'A PATCH body needs Operations.'];
    expect(syntax({})).toEqual(needs);
    expect(syntax({ Operations: [] })).toEqual(needs);
    expect(syntax({ Operations: ok })).toEqual(needs);
    expect(syntax({ schemas: [PATCH], Operations: [null] })).toEqual([
      400,
      'invalidSyntax',
      'Each operation is an object.',
    ]);
    expect(syntax({ Operations: [[ok]] })[2]).toBe('Each operation is an object.');
    expect(syntax({ Operations: [{ op: 'move' }] })[2]).toBe('Unknown PATCH op "move".');
    expect(syntax({ Operations: [{ path: 'title' }] })[2]).toBe('Unknown PATCH op "undefined".');
    expect(syntax({ Operations: [{ op: 3 }] })[2]).toBe('Unknown PATCH op "3".');
    expect(syntax({ Operations: [{ Op: 'add' }] })[2]).toBe('Unknown PATCH op "undefined".');
  });

  it('reports the first refusal: the schemas, then Operations, then each operation in order', () => {
    const detail = (body: unknown) => refusal(() => patchOperations(body))[2];
    expect(detail({ schemas: ['x'], Operations: [] })).toBe(`A PATCH body is a ${PATCH}.`);
    expect(detail({ Operations: [ok, null, { op: 'move' }] })).toBe('Each operation is an object.');
    expect(detail({ Operations: [{ op: 'move' }, null] })).toBe('Unknown PATCH op "move".');
  });

  it('reads ops without case or spaces, a blank or non-text path as none, Operations in any case', () => {
    expect(
      patchOperations({
        schemas: 'not a list',
        OPERATIONS: [
          { op: ' Replace ', path: '  ', value: 1 },
          { op: 'REMOVE', path: ' title ' },
          { op: 'add', path: 5, value: { title: 'x' } },
        ],
        operations: 'the first spelling wins',
      }),
    ).toEqual([
      { op: 'replace', path: null, value: 1 },
      { op: 'remove', path: 'title', value: undefined },
      { op: 'add', path: null, value: { title: 'x' } },
    ]);
  });
});

describe('malformed values in a PATCH', () => {
  const user = userAttributesFrom(BJENSEN_BODY);
  const patch = (...operations: unknown[]) =>
    applyUserPatch(user, patchOperations({ Operations: operations }));

  it('reads e-mail values as a list or one entry, keys as sent, primary first', () => {
    expect(
      patch({ op: 'replace', path: 'emails', value: { value: ' New@B.example ' } }).emails,
    ).toEqual(['new@b.example']);
    expect(
      patch({
        op: 'replace',
        path: 'emails',
        value: [
          { value: 'b@b.example' },
          { Value: 'ignored@b.example' },
          'junk',
          { value: 'a@b.example', primary: 'True' },
          { value: 'b@b.example', primary: true },
        ],
      }).emails,
    ).toEqual(['a@b.example', 'b@b.example']);
    expect(patch({ op: 'add', path: 'emails', value: null }).emails).toEqual(user.emails);
  });

  it('refuses a non-text attribute value as invalidValue', () => {
    expect(refusal(() => patch({ op: 'replace', path: 'title', value: 3 }))).toEqual([
      400,
      'invalidValue',
      'title must be a string.',
    ]);
    expect(refusal(() => patch({ op: 'replace', path: 'name', value: 'Pat' }))).toEqual([
      400,
      'invalidValue',
      'name must be an object.',
    ]);
    expect(refusal(() => patch({ op: 'add', value: [] }))).toEqual([
      400,
      'invalidValue',
      'An operation without a path carries an object.',
    ]);
  });

  it('reads group members as a list or one entry, keeping only text ids', () => {
    expect(
      groupMemberChanges(
        patchOperations({
          Operations: [
            { op: 'add', path: 'Members', value: [{ value: 'u1' }, { value: '' }, { value: 5 }] },
            { op: 'add', path: 'members', value: ['u2', null, { Value: 'u3' }, { value: 'u4' }] },
            { op: 'remove', path: 'members', value: { value: 'u5' } },
            { op: 'replace', value: { members: [{ value: 'u6' }] } },
            { op: 'replace', value: { Members: [{ value: 'u7' }] } },
            { op: 'add', value: { members: { value: 'u8' } } },
          ],
        }),
      ),
    ).toEqual({ add: ['u1', 'u4', 'u6'], remove: ['u5'] });
  });
});
