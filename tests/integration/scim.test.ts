/**
 * SCIM provisioning on the real local server (docs/scim.md): the owner makes a token with the
 * `scimTokens` callable, then a SCIM client (plain fetch, as Okta and Entra ID send) creates,
 * lists, changes, deactivates and deletes users, and the account follows: the user's card from the
 * team's branding, the seat invitation, access taken back from a seat holder at once (checked
 * through the real rules), archived or kept as the owner chose. Tokens reach their own account
 * only; errors are in SCIM's shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '@/backend/port';
import { createLocalHost } from '../../local-server/local-host';
import {
  createTestUser,
  TEST_PROJECT_ID,
  uniqueEmail,
  type TestUser,
} from '../support/auth-emulator';
import { localBackendFor, startTestServer, type TestServer } from '../support/local-server';

const A = 'acc-scim-a';
const B = 'acc-scim-b';
const GROWTH = 'acc-scim-growth';
const SCIM = 'application/scim+json';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';

let server: TestServer;
let host: ReturnType<typeof createLocalHost>;
let owner: TestUser;
let ownerB: TestUser;
let growthOwner: TestUser;
let tokenA = '';
let tokenB = '';

interface CallAnswer {
  status: number;
  body: { result?: Record<string, unknown>; error?: { status: string; message: string } };
}

async function callScimTokens(user: TestUser | null, data: unknown): Promise<CallAnswer> {
  const res = await fetch(`${server.url}/functions/${TEST_PROJECT_ID}/us-central1/scimTokens`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(user ? { Authorization: `Bearer ${user.idToken}` } : {}),
    },
    body: JSON.stringify({ data }),
  });
  return { status: res.status, body: (await res.json()) as CallAnswer['body'] };
}

async function scim(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; type: string; json: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/scim/v2${path}`, {
    method,
    headers: {
      ...(token !== null ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'Content-Type': SCIM } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  await server.idle();
  await host.idle();
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    json: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}

function userBody(userName: string, extra: Record<string, unknown> = {}) {
  const [given = 'Pat', family = 'Lee'] = userName.split('@')[0]?.split('.') ?? [];
  return {
    schemas: [USER],
    userName,
    name: { givenName: given, familyName: family },
    emails: [{ value: userName, type: 'work', primary: true }],
    active: true,
    ...extra,
  };
}

const db = () => server.ctx.db;

function account(id: string, ownerId: string, type: string) {
  return {
    id,
    name: `Account ${id}`,
    isActive: true,
    ownerId,
    plan: { type, isPaidAccount: true, cardLimit: 10, compCards: 0, cardsInUse: 0 },
  };
}

beforeAll(async () => {
  host = createLocalHost();
  server = await startTestServer({ routes: host.routes, triggers: host.triggers });
  owner = await createTestUser(uniqueEmail('scim-owner'));
  ownerB = await createTestUser(uniqueEmail('scim-owner-b'));
  growthOwner = await createTestUser(uniqueEmail('scim-growth'));
  db().batch([
    { kind: 'set', path: `accounts/${A}`, data: account(A, owner.uid, 'corporate') },
    { kind: 'set', path: `accounts/${B}`, data: account(B, ownerB.uid, 'corporate') },
    { kind: 'set', path: `accounts/${GROWTH}`, data: account(GROWTH, growthOwner.uid, 'growth') },
    {
      kind: 'set',
      path: `accounts/${A}/teams/t-sales`,
      data: {
        id: 't-sales',
        accountId: A,
        name: 'Sales',
        isArchived: false,
        links: [{ id: 'web', name: 'Website', label: 'Acme', value: 'https://acme.example' }],
        primaryColor: '#123456',
      },
    },
    {
      kind: 'set',
      path: `accounts/${A}/teams/t-support`,
      data: { id: 't-support', accountId: A, name: 'Support', isArchived: false, links: [] },
    },
    {
      kind: 'set',
      path: `accounts/${B}/teams/t-b`,
      data: { id: 't-b', accountId: B, name: 'B team', isArchived: false, links: [] },
    },
  ]);
});

afterAll(async () => {
  await server?.close();
});

describe('tokens (the scimTokens callable)', () => {
  it('the owner of a Corporate account makes one, shown once, stored only as a hash', async () => {
    const made = await callScimTokens(owner, { action: 'create', accountId: A, label: 'Okta' });
    expect(made.status).toBe(200);
    tokenA = String(made.body.result?.token);
    expect(tokenA).toMatch(/^scim_[A-Za-z0-9_-]{43}$/);
    const tokenId = String(made.body.result?.tokenId);
    const meta = db().get(`accounts/${A}/scimTokens/${tokenId}`).data ?? {};
    expect(meta).toMatchObject({
      label: 'Okta',
      hint: `scim_…${tokenA.slice(-4)}`,
      lastUsedAt: null,
    });
    expect(JSON.stringify(meta)).not.toContain(tokenA.slice(5, 20));
    expect(JSON.stringify(db().query({ collection: 'scim_tokens' }))).not.toContain(tokenA);
    const b = await callScimTokens(ownerB, { action: 'create', accountId: B });
    tokenB = String(b.body.result?.token);
  });

  it('refuses someone else, and an account off the Corporate plan with a clear message', async () => {
    expect(
      (await callScimTokens(ownerB, { action: 'create', accountId: A })).body.error?.status,
    ).toBe('PERMISSION_DENIED');
    expect(
      (await callScimTokens(null, { action: 'create', accountId: A })).body.error?.status,
    ).toBe('UNAUTHENTICATED');
    const growth = await callScimTokens(growthOwner, { action: 'create', accountId: GROWTH });
    expect(growth.body.error?.status).toBe('FAILED_PRECONDITION');
    expect(growth.body.error?.message).toMatch(/Corporate plan/);
  });
});

describe('authentication', () => {
  it('answers 401 in SCIM’s error shape for a missing, malformed or unknown token', async () => {
    for (const token of [null, 'nope', `scim_${'x'.repeat(43)}`]) {
      const res = await scim(token, 'GET', '/Users');
      expect(res.status).toBe(401);
      expect(res.type).toContain(SCIM);
      expect(res.json).toMatchObject({ schemas: [ERROR], status: '401' });
    }
  });

  it('answers discovery with the token, as application/scim+json', async () => {
    const spc = await scim(tokenA, 'GET', '/ServiceProviderConfig');
    expect(spc.status).toBe(200);
    expect(spc.type).toContain(SCIM);
    expect(spc.json).toMatchObject({ patch: { supported: true }, filter: { supported: true } });
    const types = await scim(tokenA, 'GET', '/ResourceTypes');
    expect((types.json.Resources as Array<{ id: string }>).map((t) => t.id)).toEqual([
      'User',
      'Group',
    ]);
    expect((await scim(tokenA, 'GET', `/Schemas/${USER}`)).json.id).toBe(USER);
  });
});

describe('users', () => {
  let bjensen = '';

  it('creates a user: a card from the team’s branding and a seat invitation', async () => {
    const made = await scim(
      tokenA,
      'POST',
      '/Users',
      userBody('barbara.jensen@acme.example', { externalId: 'okta-1' }),
    );
    expect(made.status).toBe(201);
    expect(made.type).toContain(SCIM);
    bjensen = String(made.json.id);
    expect(made.json).toMatchObject({
      schemas: [USER],
      userName: 'barbara.jensen@acme.example',
      externalId: 'okta-1',
      active: true,
      meta: { resourceType: 'User', location: `${server.url}/scim/v2/Users/${bjensen}` },
    });
    const record = db().get(`accounts/${A}/scimUsers/${bjensen}`).data ?? {};
    const card = db().get(`cards/${String(record.cardId)}`).data ?? {};
    expect(card).toMatchObject({
      accountId: A,
      ownerId: owner.uid,
      teamId: 't-sales',
      email: 'barbara.jensen@acme.example',
      name: 'barbara jensen',
      isArchived: false,
      handle: 'barbara-jensen',
    });
    expect((card.contacts as Array<{ value: string }>).map((l) => l.value)).toContain(
      'https://acme.example',
    );
    expect(db().get(`handles/barbara-jensen`).data).toMatchObject({ cardId: record.cardId });
    expect(db().get(`accounts/${A}/invites/barbara.jensen@acme.example`).data).toMatchObject({
      role: 'employee',
      cardId: record.cardId,
      status: 'pending',
      invitedBy: owner.uid,
    });
    // The invitation trigger issued the link and queued the e-mail, as for any seat.
    expect(db().get(`accounts/${A}/invites/barbara.jensen@acme.example`).data?.tokenHash).toEqual(
      expect.any(String),
    );
  });

  it('refuses the same userName in another case with 409 uniqueness', async () => {
    const again = await scim(tokenA, 'POST', '/Users', userBody('Barbara.Jensen@ACME.example'));
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
  });

  it('five creates of one userName at the same moment make one user; the others get 409', async () => {
    // Different display names, so each would get a handle of its own: only the name's claim,
    // read inside each create's transaction, can tell them apart.
    const answers = await Promise.all(
      ['Ann', 'Bea', 'Cy', 'Di', 'Ed'].map((given) =>
        scim(
          tokenA,
          'POST',
          '/Users',
          userBody('dana.ray@acme.example', { name: { givenName: given, familyName: 'Ray' } }),
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.json).toMatchObject({ status: '409', scimType: 'uniqueness' });
    }
    const stored = db().query({
      collection: `accounts/${A}/scimUsers`,
      where: [{ field: 'userNameLower', op: '==', value: 'dana.ray@acme.example' }],
    });
    expect(stored).toHaveLength(1);
    const made = answers.find((a) => a.status === 201);
    await scim(tokenA, 'DELETE', `/Users/${String(made?.json.id)}`);
  });

  it('lists with filter=userName eq and pages with startIndex and count', async () => {
    await scim(tokenA, 'POST', '/Users', userBody('carl.stone@acme.example'));
    await scim(tokenA, 'POST', '/Users', userBody('dana.white@acme.example'));
    const one = await scim(
      tokenA,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "BARBARA.JENSEN@acme.example"')}`,
    );
    expect(one.json).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect((one.json.Resources as Array<{ id: string }>)[0]?.id).toBe(bjensen);
    const none = await scim(
      tokenA,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "x@y.example"')}`,
    );
    expect(none.json).toMatchObject({ totalResults: 0, Resources: [] });
    const page = await scim(tokenA, 'GET', '/Users?startIndex=2&count=1');
    expect(page.json).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect((page.json.Resources as Array<{ userName: string }>)[0]?.userName).toBe(
      'carl.stone@acme.example',
    );
    const bad = await scim(tokenA, 'GET', `/Users?filter=${encodeURIComponent('userName eq')}`);
    expect(bad.json).toMatchObject({ status: '400', scimType: 'invalidFilter' });
  });

  it('a token reaches its own account only', async () => {
    expect((await scim(tokenB, 'GET', `/Users/${bjensen}`)).status).toBe(404);
    expect((await scim(tokenB, 'GET', '/Users')).json.totalResults).toBe(0);
    expect((await scim(tokenB, 'DELETE', `/Users/${bjensen}`)).status).toBe(404);
    expect(db().get(`accounts/${A}/scimUsers/${bjensen}`).data).not.toBeNull();
  });

  it('Okta’s deactivation takes the seat back at once and archives the card', async () => {
    const cardId = String(db().get(`accounts/${A}/scimUsers/${bjensen}`).data?.cardId);
    // Barbara claimed her seat: she reads her card through the rules.
    const barbara = await createTestUser(uniqueEmail('barbara'));
    db().update(`cards/${cardId}`, { claimedBy: barbara.uid });
    const hers: Backend = localBackendFor(server.url, () => barbara.idToken);
    expect((await hers.get(`cards/${cardId}`)).exists).toBe(true);

    const off = await scim(tokenA, 'PATCH', `/Users/${bjensen}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(off.status).toBe(200);
    expect(off.json.active).toBe(false);
    const card = db().get(`cards/${cardId}`).data ?? {};
    expect(card.isArchived).toBe(true);
    expect(card.claimedBy).toBeUndefined();
    await expect(hers.get(`cards/${cardId}`)).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('Entra ID’s "True" brings the card back and invites again', async () => {
    const on = await scim(tokenA, 'PATCH', `/Users/${bjensen}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(on.status).toBe(200);
    expect(on.json.active).toBe(true);
    const cardId = String(db().get(`accounts/${A}/scimUsers/${bjensen}`).data?.cardId);
    expect(db().get(`cards/${cardId}`).data?.isArchived).toBe(false);
    expect(db().get(`accounts/${A}/invites/barbara.jensen@acme.example`).data).toMatchObject({
      role: 'employee',
      cardId,
    });
  });

  it('keeps the card live when the owner chose so, and still revokes the invitation', async () => {
    const set = await callScimTokens(owner, {
      action: 'settings',
      accountId: A,
      onDeactivate: 'keep',
    });
    expect(set.status).toBe(200);
    const off = await scim(tokenA, 'PATCH', `/Users/${bjensen}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.status).toBe(200);
    const cardId = String(db().get(`accounts/${A}/scimUsers/${bjensen}`).data?.cardId);
    expect(db().get(`cards/${cardId}`).data?.isArchived).toBe(false);
    expect(db().get(`accounts/${A}/invites/barbara.jensen@acme.example`).exists).toBe(false);
    await callScimTokens(owner, { action: 'settings', accountId: A, onDeactivate: 'archive' });
  });

  it('PUT replaces the attributes and the card’s name and title follow', async () => {
    const put = await scim(
      tokenA,
      'PUT',
      `/Users/${bjensen}`,
      userBody('barbara.jensen@acme.example', { displayName: 'Babs Jensen', title: 'Director' }),
    );
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ displayName: 'Babs Jensen', title: 'Director', active: true });
    const cardId = String(db().get(`accounts/${A}/scimUsers/${bjensen}`).data?.cardId);
    expect(db().get(`cards/${cardId}`).data).toMatchObject({
      name: 'Babs Jensen',
      title: 'Director',
    });
  });

  it('refuses an unknown PATCH path with 400 invalidPath and changes nothing', async () => {
    const res = await scim(tokenA, 'PATCH', `/Users/${bjensen}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'shoeSize', value: 44 }],
    });
    expect(res.json).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidPath' });
  });

  it('groups are the teams; adding a member moves their card', async () => {
    const list = await scim(tokenA, 'GET', '/Groups');
    const groups = list.json.Resources as Array<{
      id: string;
      displayName: string;
      members: Array<{ value: string }>;
    }>;
    expect(groups.map((g) => g.displayName)).toEqual(['Sales', 'Support']);
    expect(groups[0]?.members.map((m) => m.value)).toContain(bjensen);
    const add = await scim(tokenA, 'PATCH', '/Groups/t-support', {
      schemas: [PATCH],
      Operations: [{ op: 'add', path: 'members', value: [{ value: bjensen }] }],
    });
    expect(add.status).toBe(204);
    const cardId = String(db().get(`accounts/${A}/scimUsers/${bjensen}`).data?.cardId);
    expect(db().get(`cards/${cardId}`).data?.teamId).toBe('t-support');
    const remove = await scim(tokenA, 'PATCH', '/Groups/t-support', {
      schemas: [PATCH],
      Operations: [{ op: 'remove', path: `members[value eq "${bjensen}"]` }],
    });
    expect(remove.status).toBe(204);
    expect(db().get(`cards/${cardId}`).data?.teamId).toBe('t-sales');
    expect((await scim(tokenB, 'GET', '/Groups/t-sales')).status).toBe(404);
  });

  it('DELETE removes the user, their card, its handle and the invitation', async () => {
    const cardId = String(db().get(`accounts/${A}/scimUsers/${bjensen}`).data?.cardId);
    const handle = String(db().get(`cards/${cardId}`).data?.handle);
    const gone = await scim(tokenA, 'DELETE', `/Users/${bjensen}`);
    expect(gone.status).toBe(204);
    expect(db().get(`cards/${cardId}`).exists).toBe(false);
    expect(db().get(`handles/${handle}`).exists).toBe(false);
    expect(db().get(`accounts/${A}/invites/barbara.jensen@acme.example`).exists).toBe(false);
    const again = await scim(tokenA, 'GET', `/Users/${bjensen}`);
    expect(again.json).toMatchObject({ schemas: [ERROR], status: '404' });
    // The name is free again: the identity provider may provision the person anew.
    const back = await scim(tokenA, 'POST', '/Users', userBody('barbara.jensen@acme.example'));
    expect(back.status).toBe(201);
  });

  it('a revoked token answers 401 at once', async () => {
    const tokenId = db().query({ collection: `accounts/${A}/scimTokens` })[0]?.id ?? '';
    const revoked = await callScimTokens(owner, { action: 'revoke', accountId: A, tokenId });
    expect(revoked.status).toBe(200);
    expect((await scim(tokenA, 'GET', '/Users')).status).toBe(401);
    expect(
      db()
        .query({ collection: 'scim_tokens' })
        .some((d) => d.data.accountId === A),
    ).toBe(false);
  });
});
