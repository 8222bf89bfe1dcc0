import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import { handleScim } from '@/services/scim/scim-handler';
import {
  hashScimToken,
  newScimToken,
  SCIM_TOKEN_LOOKUP,
  scimTokenPath,
} from '@/services/scim/scim-tokens';

const NOW = new Date('2026-06-01T10:00:00Z');
const ORIGIN = 'https://app.example';

function setup() {
  const db = createMemoryServerDb();
  const token = newScimToken();
  db.seed('accounts/acc1', { ownerId: 'owner1', plan: { type: 'corporate' } });
  db.seed(scimTokenPath('acc1', 'tok1'), { label: 'Okta', lastUsedAt: NOW });
  db.seed(`${SCIM_TOKEN_LOOKUP}/${hashScimToken(token)}`, { accountId: 'acc1', tokenId: 'tok1' });
  db.seed('accounts/acc1/teams/t1', { name: 'Sales' });
  db.seed('accounts/acc1/teams/t2', { name: 'Support' });
  db.seed('accounts/acc1/teams/t3', { name: 'Old', isArchived: true });
  const users = [
    ['u1', 'ann@a.example', 'Ann', 'c1', 't1'],
    ['u2', 'bo@a.example', '', 'c2', 't1'],
    ['u3', 'cy@a.example', 'Cy', 'c3', 't2'],
  ] as const;
  users.forEach(([id, userName, displayName, cardId, teamId], i) => {
    const at = new Date(NOW.getTime() + i * 1000);
    db.seed(`accounts/acc1/scimUsers/${id}`, {
      userName,
      userNameLower: userName,
      externalId: null,
      active: true,
      name: { givenName: '', familyName: '', formatted: '' },
      displayName,
      title: '',
      emails: [userName],
      cardId,
      created: at,
      lastModified: at,
      version: 1,
    });
    db.seed(`cards/${cardId}`, { accountId: 'acc1', teamId, email: userName });
  });
  const get = async (path: string) => {
    const answer = await handleScim(
      {
        method: 'GET',
        url: new URL(`${ORIGIN}/scim/v2${path}`),
        headers: { authorization: `Bearer ${token}` },
        ip: '127.0.0.1',
        readBody: () => Promise.resolve(''),
      },
      { db, now: () => NOW },
    );
    if (answer === null) throw new Error(`${path} was not answered`);
    return {
      status: answer.status,
      json: JSON.parse(answer.body as string) as Record<string, unknown>,
    };
  };
  return { get };
}

describe('lists of /Users and /Groups', () => {
  it('filter, page and leave out attributes the same way for users and groups', async () => {
    const { get } = setup();
    const users = await get('/Users?startIndex=2&count=1&excludedAttributes=emails,Name');
    expect(users.status).toBe(200);
    expect(users.json).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(users.json).toMatchObject({ Resources: [{ id: 'u2', userName: 'bo@a.example' }] });
    expect(users.json).not.toHaveProperty('Resources.0.emails');
    expect(users.json).not.toHaveProperty('Resources.0.name');

    const groups = await get('/Groups?startIndex=2&count=1&excludedAttributes=members');
    expect(groups.json).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
    expect(groups.json.Resources).toEqual([
      {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        id: 't2',
        displayName: 'Support',
        meta: { resourceType: 'Group', location: `${ORIGIN}/scim/v2/Groups/t2` },
      },
    ]);

    const sales = await get(`/Groups?filter=${encodeURIComponent('displayName eq "sales"')}`);
    expect(sales.json).toHaveProperty('totalResults', 1);
    expect(sales.json).toHaveProperty('Resources.0.members', [
      { value: 'u1', display: 'Ann', $ref: `${ORIGIN}/scim/v2/Users/u1`, type: 'User' },
      { value: 'u2', display: 'bo@a.example', $ref: `${ORIGIN}/scim/v2/Users/u2`, type: 'User' },
    ]);
  });

  it('answer one resource without the excluded attributes', async () => {
    const { get } = setup();
    const user = await get('/Users/u3?excludedAttributes=emails');
    expect(user.json).toMatchObject({ id: 'u3', displayName: 'Cy' });
    expect(user.json).not.toHaveProperty('emails');
    const group = await get('/Groups/t1?excludedAttributes=members,id');
    expect(group.json).toMatchObject({ id: 't1', displayName: 'Sales' });
    expect(group.json).not.toHaveProperty('members');
  });

  it('refuse a bad filter before a bad page, for users and groups alike', async () => {
    const { get } = setup();
    for (const kind of ['Users', 'Groups']) {
      const both = await get(`/${kind}?filter=${encodeURIComponent('userName eq')}&count=x`);
      expect(both.status).toBe(400);
      expect(both.json).toHaveProperty('scimType', 'invalidFilter');
      const page = await get(`/${kind}?count=x`);
      expect(page.json).toMatchObject({
        status: '400',
        scimType: 'invalidValue',
        detail: 'startIndex and count are numbers.',
      });
    }
  });
});
