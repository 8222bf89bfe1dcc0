/**
 * Provisioning as Cloud Functions run it (docs/scim.md), offline over an in-memory database: the
 * `scimTokens` callable makes a token for the owner of a Corporate account, and the `scim` HTTPS
 * function behind the Hosting rewrite `/scim/v2/**` answers a SCIM client with it, creating a
 * user's card and seat on the Express-shaped request the platform gives, and 401 without it. The
 * behaviour is the shared handler's; these tests pin the wiring.
 */
import functionsTest from 'firebase-functions-test';
import { HttpsError } from 'firebase-functions/v2/https';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryServerDb, type MemoryServerDb } from '@/backend/memory/memory-server-db';
import { readFunctionsConfig } from '../src/config';
import { createFunctions } from '../src/functions';

const t = functionsTest({ projectId: 'demo-cardbuilder' });
afterAll(() => t.cleanup());

let db: MemoryServerDb;
const config = readFunctionsConfig({
  GCLOUD_PROJECT: 'demo-cardbuilder',
  APP_ORIGIN: 'https://app.example.test',
  CARD_HOST: 'https://card.example.test',
});
const fns = createFunctions({ db: () => db, config: () => config });

beforeEach(() => {
  db = createMemoryServerDb();
  db.seed('accounts/acc', {
    id: 'acc',
    name: 'Acme',
    ownerId: 'u1',
    isActive: true,
    plan: { type: 'corporate', isPaidAccount: true, cardLimit: 10, compCards: 0, cardsInUse: 0 },
  });
  db.seed('accounts/acc/teams/t1', { id: 't1', name: 'Sales', isArchived: false, links: [] });
});

function call(
  method: string,
  url: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const answer = { status: 200, headers: {} as Record<string, string>, body: '' };
    const res = {
      status(code: number) {
        answer.status = code;
        return res;
      },
      set(h: Record<string, string>) {
        Object.assign(answer.headers, h);
        return res;
      },
      send(text: string | Buffer) {
        answer.body = String(text);
        resolve(answer);
      },
      on: () => res,
      setHeader() {},
      getHeader: () => undefined,
    };
    const req = {
      method,
      url,
      originalUrl: url,
      headers,
      rawBody: Buffer.from(body),
      ip: '203.0.113.9',
      get: () => undefined,
      header: () => undefined,
    };
    Promise.resolve(
      (fns.scim as (q: never, s: never) => unknown)(req as never, res as never),
    ).catch(reject);
  });
}

describe('scimTokens (callable) and scim (HTTPS)', () => {
  it('the owner’s token creates a user with a seat; no token answers 401', async () => {
    const made = (await t.wrap(fns.scimTokens)({
      data: { action: 'create', accountId: 'acc', label: 'Okta' },
      auth: { uid: 'u1', token: { email: 'owner@acme.example' } },
    } as never)) as { token: string };
    expect(made.token).toMatch(/^scim_/);

    const created = await call(
      'POST',
      '/scim/v2/Users',
      { authorization: `Bearer ${made.token}`, 'content-type': 'application/scim+json' },
      JSON.stringify({ userName: 'pat@acme.example', displayName: 'Pat Lee' }),
    );
    expect(created.status).toBe(201);
    expect(created.headers['Content-Type']).toContain('application/scim+json');
    const user = JSON.parse(created.body) as { id: string; meta: { location: string } };
    expect(user.meta.location).toBe(`https://app.example.test/scim/v2/Users/${user.id}`);
    const dump = db.dump();
    expect(dump['accounts/acc/invites/pat@acme.example']).toMatchObject({ role: 'employee' });
    expect(
      Object.values(dump).some((d) => d.email === 'pat@acme.example' && d.teamId === 't1'),
    ).toBe(true);

    const refused = await call('GET', '/scim/v2/Users', {});
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ status: '401' });
  });

  it('refuses a token to anyone but the owner', async () => {
    const err = await Promise.resolve(
      t.wrap(fns.scimTokens)({
        data: { action: 'create', accountId: 'acc' },
        auth: { uid: 'u2', token: {} },
      } as never),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpsError);
    expect((err as HttpsError).code).toBe('permission-denied');
  });
});
