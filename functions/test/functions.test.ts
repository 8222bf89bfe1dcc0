/**
 * The deployed functions, run as Cloud Functions run them, offline: the Firestore triggers and the
 * callable through firebase-functions-test (events with firebase-admin snapshots, the callable
 * request with its auth), the HTTPS surfaces with an Express-shaped request, all over an in-memory
 * database. What each function does is the shared server code's; these tests pin the wiring:
 * which event reaches which module with which data, and what the caller gets back.
 */
import functionsTest from 'firebase-functions-test';
import { HttpsError } from 'firebase-functions/v2/https';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryServerDb, type MemoryServerDb } from '@/backend/memory/memory-server-db';
import { DocumentRef } from 'firestore-engine/value-types';
import { hashInviteToken } from '@/services/invites/token';
import { createDevWalletConfig } from '@/services/wallet/dev-credentials';
import { openPass, verifyPassSignature } from '../../tests/support/wallet-pass';
import { readFunctionsConfig } from '../src/config';
import { createFunctions } from '../src/functions';

const t = functionsTest({ projectId: 'demo-cardbuilder' });
afterAll(() => t.cleanup());

let db: MemoryServerDb;
let writes: string[];
const config = readFunctionsConfig({
  GCLOUD_PROJECT: 'demo-cardbuilder',
  APP_ORIGIN: 'https://app.example.test',
  CARD_HOST: 'https://card.example.test',
});
const fns = createFunctions({ db: () => db, config: () => config });

beforeEach(() => {
  writes = [];
  db = createMemoryServerDb({ onCommit: (ops) => writes.push(...ops.map((op) => op.path)) });
});

function snapshot(data: Record<string, unknown>, path: string) {
  return t.firestore.makeDocumentSnapshot(data, path);
}

const FREE = { type: 'free', isPaidAccount: false, cardLimit: 1, compCards: 0, cardsInUse: 0 };

describe('planSync (Firestore write of users/{uid}/subscriptions/{id})', () => {
  it('turns an active subscription of a product into the account’s paid plan', async () => {
    db.seed('users/u1', { accountId: 'acc' });
    db.seed('accounts/acc', { ownerId: 'u1', plan: FREE });
    db.seed('products/pro', {
      stripe_metadata_cardLimit: '10',
      stripe_metadata_planType: 'growth',
    });
    const path = 'users/u1/subscriptions/sub1';
    db.seed(path, {
      status: 'active',
      product: new DocumentRef('products/pro'),
      price: new DocumentRef('products/pro/prices/month'),
      prices: [new DocumentRef('products/pro/prices/month')],
      created: new Date('2026-11-01T00:00:00Z'),
      current_period_start: new Date('2026-11-01T00:00:00Z'),
      metadata: { accountId: 'acc' },
    });
    await t.wrap(fns.planSync)({
      data: t.makeChange(snapshot({}, path), snapshot({ status: 'active' }, path)),
      params: { uid: 'u1', subscriptionId: 'sub1' },
    });
    expect(db.dump()['accounts/acc']?.plan).toMatchObject({
      type: 'growth',
      isPaidAccount: true,
      cardLimit: 10,
    });
    expect(db.dump()['plan_sync/acc']).toBeDefined();
  });

  it('writes nothing when the event repeats (at-least-once delivery)', async () => {
    db.seed('users/u1', { accountId: 'acc' });
    db.seed('accounts/acc', { ownerId: 'u1', plan: FREE });
    const path = 'users/u1/subscriptions/sub1';
    const event = {
      data: t.makeChange(snapshot({}, path), snapshot({}, path)),
      params: { uid: 'u1', subscriptionId: 'sub1' },
    };
    await t.wrap(fns.planSync)(event);
    const after = writes.length;
    await t.wrap(fns.planSync)(event);
    expect(writes.length).toBe(after);
  });
});

describe('countCardsInUse (Firestore write of cards/{cardId})', () => {
  it('raises the account’s cards in use by one when a card is created', async () => {
    db.seed('accounts/acc', { ownerId: 'u1', plan: { ...FREE, cardsInUse: 1 } });
    db.seed('cards/c1', { accountId: 'acc', isArchived: false });
    db.seed('cards/c2', { accountId: 'acc', isArchived: false });
    db.seed('cards/c3', { accountId: 'acc', isArchived: true });
    await t.wrap(fns.countCardsInUse)({
      data: t.makeChange(
        snapshot({}, 'cards/c2'),
        snapshot({ accountId: 'acc', isArchived: false }, 'cards/c2'),
      ),
      params: { cardId: 'c2' },
    });
    expect(db.dump()['accounts/acc']?.plan).toMatchObject({ cardsInUse: 2 });
  });

  it('leaves the account alone when only a card’s name changed', async () => {
    db.seed('accounts/acc', { ownerId: 'u1', plan: { ...FREE, cardsInUse: 7 } });
    const before = snapshot({ accountId: 'acc', isArchived: false, name: 'A' }, 'cards/c1');
    const after = snapshot({ accountId: 'acc', isArchived: false, name: 'B' }, 'cards/c1');
    await t.wrap(fns.countCardsInUse)({
      data: t.makeChange(before, after),
      params: { cardId: 'c1' },
    });
    expect(writes).toEqual([]);
  });
});

describe('sendInviteMail (Firestore write of accounts/{accountId}/invites/{email})', () => {
  it('queues the invitation e-mail with a secret link, storing only its hash', async () => {
    db.seed('accounts/acc', { name: 'Acme <Co>', ownerId: 'u1', plan: FREE });
    const email = 'grace@example.test';
    const invite = { email, status: 'pending', role: 'editor' };
    db.seed(`accounts/acc/invites/${email}`, invite);
    await t.wrap(fns.sendInviteMail)({
      data: t.makeChange(
        snapshot({}, `accounts/acc/invites/${email}`),
        snapshot(invite, `accounts/acc/invites/${email}`),
      ),
      params: { accountId: 'acc', email },
    });
    const mail = Object.entries(db.dump()).find(([path]) => path.startsWith('mail/'))?.[1];
    expect(mail?.to).toBe(email);
    const message = mail?.message as { subject: string; html: string; text: string };
    expect(message.subject).toContain('Acme <Co>');
    expect(message.html).toContain('Acme &lt;Co&gt;');
    const token = /sign-up\?invite=([A-Za-z0-9_-]{43})/.exec(message.text)?.[1];
    expect(token).toBeDefined();
    expect(message.html).toContain(`https://app.example.test/sign-up?invite=${token}`);
    const stored = db.dump()[`accounts/acc/invites/${email}`];
    expect(stored?.tokenHash).toBe(hashInviteToken(token ?? ''));
    // The token travels only in the e-mail (a mail document no client may read); everything else
    // stores its hash.
    const rest = Object.entries(db.dump()).filter(([path]) => !path.startsWith('mail/'));
    expect(JSON.stringify(rest)).not.toContain(token);
  });
});

describe('welcomeMail (Firestore create of accounts/{accountId})', () => {
  it('queues the welcome e-mail to the owner once, the account name escaped', async () => {
    db.seed('users/u1', { email: 'ada@example.test', accountId: 'acc' });
    const data = { name: 'Ada <Labs>', ownerId: 'u1', plan: FREE };
    db.seed('accounts/acc', data);
    const event = { data: snapshot(data, 'accounts/acc'), params: { accountId: 'acc' } };
    await t.wrap(fns.welcomeMail)(event);
    await t.wrap(fns.welcomeMail)(event);
    const mails = Object.entries(db.dump()).filter(([path]) => path.startsWith('mail/'));
    expect(mails.map(([path]) => path)).toEqual(['mail/welcome-acc']);
    const message = mails[0]?.[1]?.message as { subject: string; html: string; text: string };
    expect(mails[0]?.[1]?.to).toBe('ada@example.test');
    expect(message.html).toContain('Ada &lt;Labs&gt;');
    expect(message.text).toContain('https://app.example.test/builder');
  });
});

describe('billingMail (Firestore write of users/{uid}/subscriptions/{id})', () => {
  it('queues "subscription started" when a subscription is created', async () => {
    db.seed('users/u1', { email: 'ada@example.test', accountId: 'acc' });
    db.seed('accounts/acc', { name: 'Ada Labs', ownerId: 'u1', plan: FREE });
    db.seed('products/pro', { name: 'Growth' });
    const path = 'users/u1/subscriptions/sub1';
    const sub = {
      status: 'active',
      product: 'products/pro',
      current_period_start: new Date('2026-11-01T00:00:00Z'),
      current_period_end: new Date('2026-12-01T00:00:00Z'),
    };
    await t.wrap(fns.billingMail)({
      data: t.makeChange(snapshot({}, path), snapshot(sub, path)),
      params: { uid: 'u1', subscriptionId: 'sub1' },
    });
    const mail = db.dump()['mail/billing-u1-sub1-started'];
    expect(mail?.to).toBe('ada@example.test');
    expect((mail?.message as { subject: string }).subject).toBe(
      'Your Growth subscription has started',
    );
  });
});

describe('acceptInvite (callable)', () => {
  const TOKEN = 'T'.repeat(43);
  function seedInvite(email: string) {
    db.seed('accounts/acc', {
      name: 'Acme',
      ownerId: 'owner',
      collaborators: [],
      plan: { type: 'growth', isPaidAccount: true, cardLimit: 10, compCards: 0, cardsInUse: 1 },
    });
    db.seed('accounts/acc/teams/t1', { name: 'Sales', isArchived: false });
    db.seed('users/u2', { email });
    const tokenHash = hashInviteToken(TOKEN);
    db.seed(`invite_tokens/${tokenHash}`, { accountId: 'acc', email });
    db.seed(`accounts/acc/invites/${email}`, {
      email,
      status: 'pending',
      invitedBy: 'owner',
      tokenHash,
      expiresAt: new Date(Date.now() + 60_000),
    });
  }

  it('makes the token holder a collaborator, without a verified e-mail', async () => {
    const email = 'grace@example.test';
    seedInvite(email);
    const result = await t.wrap(fns.acceptInvite)({
      data: { token: TOKEN },
      auth: { uid: 'u2', token: { email, email_verified: false } },
    } as never);
    expect(result).toEqual({ accountId: 'acc', defaultTeam: 't1', teams: ['t1'] });
    expect(db.dump()['accounts/acc']?.collaborators).toEqual(['u2']);
    expect(db.dump()[`accounts/acc/invites/${email}`]).toBeUndefined();
  });

  it('answers a signed-out caller with the callable protocol’s unauthenticated error', async () => {
    seedInvite('grace@example.test');
    const err = await Promise.resolve(
      t.wrap(fns.acceptInvite)({ data: { token: TOKEN } } as never),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpsError);
    expect((err as HttpsError).code).toBe('unauthenticated');
  });

  it('refuses an unknown token with not-found, changing nothing', async () => {
    const email = 'grace@example.test';
    seedInvite(email);
    const err = await Promise.resolve(
      t.wrap(fns.acceptInvite)({
        data: { token: 'U'.repeat(43) },
        auth: { uid: 'u2', token: { email, email_verified: true } },
      } as never),
    ).catch((e: unknown) => e);
    expect((err as HttpsError).code).toBe('not-found');
    expect(db.dump()['accounts/acc']?.collaborators).toEqual([]);
  });
});

describe('the HTTPS surfaces', () => {
  function call(fn: (req: never, res: never) => unknown, method: string, url: string, body = '') {
    return new Promise<{ status: number; headers: Record<string, string>; body: string }>(
      (resolve, reject) => {
        const answer = { status: 200, headers: {} as Record<string, string>, body: '' };
        const res = {
          status(code: number) {
            answer.status = code;
            return res;
          },
          set(headers: Record<string, string>) {
            Object.assign(answer.headers, headers);
            return res;
          },
          send(text: string | Buffer) {
            answer.body = text as string;
            resolve(answer);
          },
          on() {
            return res;
          },
          setHeader() {},
          getHeader() {
            return undefined;
          },
        };
        const req = {
          method,
          url,
          originalUrl: url,
          headers: { 'user-agent': 'Mozilla/5.0', 'content-type': 'application/json' },
          rawBody: Buffer.from(body),
          ip: '203.0.113.9',
          get: () => undefined,
          header: () => undefined,
        };
        Promise.resolve(fn(req as never, res as never)).catch(reject);
      },
    );
  }

  it('cardPages answers a card by handle at the root of its own host', async () => {
    db.seed('cards/c1', {
      accountId: 'acc',
      isArchived: false,
      handle: 'ada',
      handleAllowIndex: true,
      name: 'Ada Lovelace',
      contacts: [],
    });
    const page = await call(fns.cardPages as never, 'GET', '/ada');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Ada Lovelace');
    expect(page.body).toContain('https://card.example.test/ada');
    expect(page.headers['Cache-Control']).toBe('public, max-age=60');
  });

  it('linkRedirect, under the app host’s /l by default, refuses a link the card does not have', async () => {
    db.seed('cards/c1', { accountId: 'acc', isArchived: false, contacts: [] });
    const answer = await call(fns.linkRedirect as never, 'GET', '/l/x/c1/l1/phone/nodcard/click');
    expect(answer.status).toBe(400);
  });

  it('cardPages hides the wallet buttons and answers 503 when no wallet is configured', async () => {
    db.seed('cards/c1', {
      accountId: 'acc',
      isArchived: false,
      handle: 'ada',
      handleAllowIndex: true,
      name: 'Ada',
      contacts: [],
    });
    const page = await call(fns.cardPages as never, 'GET', '/ada');
    expect(page.body).not.toContain('/wallet/');
    const pass = await call(fns.cardPages as never, 'GET', '/c1/wallet/apple.pkpass');
    expect(pass.status).toBe(503);
    expect(pass.body).toContain('not set up to sign Apple Wallet passes');
    const google = await call(fns.cardPages as never, 'GET', '/c1/wallet/google');
    expect(google.status).toBe(503);
  });

  it('cardPages serves the signed pass and the Google save link with the wallet settings and their secret keys', async () => {
    const dev = createDevWalletConfig();
    const env = {
      GCLOUD_PROJECT: 'demo-cardbuilder',
      APP_ORIGIN: 'https://app.example.test',
      CARD_HOST: 'https://card.example.test',
      APPLE_PASS_TYPE_ID: dev.apple?.passTypeIdentifier,
      APPLE_TEAM_ID: dev.apple?.teamIdentifier,
      APPLE_PASS_CERT: dev.apple?.signerCert.replace(/\n/g, '\\n'),
      APPLE_WWDR_CERT: dev.apple?.wwdr,
      GOOGLE_WALLET_ISSUER_ID: dev.google?.issuerId,
      GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: dev.google?.serviceAccountEmail,
      WALLET_PASSES: 'apple,google',
    };
    // The keys come from their secrets (Secret Manager), as the deployed function reads them.
    const secrets = {
      apple: Buffer.from(dev.apple?.signerKey ?? '').toString('base64'),
      google: dev.google?.privateKey.replace(/\n/g, '\\n') ?? '',
    };
    const withWallet = createFunctions({
      db: () => db,
      config: () => readFunctionsConfig(env, (wallet) => secrets[wallet]),
    });
    db.seed('cards/c1', {
      accountId: 'acc',
      isArchived: false,
      handle: 'ada',
      handleAllowIndex: true,
      name: 'Ada',
      contacts: [],
    });
    const page = await call(withWallet.cardPages as never, 'GET', '/ada');
    expect(page.body).toContain('href="https://card.example.test/c1/wallet/apple.pkpass"');
    expect(page.body).toContain('href="https://card.example.test/c1/wallet/google"');
    const pass = await call(withWallet.cardPages as never, 'GET', '/c1/wallet/apple.pkpass');
    expect(pass.status).toBe(200);
    expect(pass.headers['Content-Type']).toBe('application/vnd.apple.pkpass');
    const opened = openPass(pass.body as unknown as Buffer);
    expect(() => verifyPassSignature(opened, dev.apple?.wwdr ?? '')).not.toThrow();
    const google = await call(withWallet.cardPages as never, 'GET', '/c1/wallet/google');
    expect(google.status).toBe(302);
    expect(google.headers.Location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/ey/);
  });

  it('publicDirectory answers 404 for an account without a public directory', async () => {
    const answer = await call(fns.publicDirectory as never, 'GET', '/d/nobody');
    expect(answer.status).toBe(404);
  });
});

describe('runJobs (Firestore write of accounts/{accountId}/jobs/{jobId})', () => {
  it('runs a job that became queued, and nothing on the job’s own progress writes', async () => {
    db.seed('accounts/acc', { name: 'Acme', ownerId: 'u1', plan: FREE });
    db.seed('accounts/acc/teams/t1', {
      name: 'Sales',
      accountId: 'acc',
      links: [{ id: 'web', name: 'Website', label: 'Website', value: 'https://acme.example' }],
      syncVersion: 1,
      syncScope: { links: true, branding: false },
    });
    db.seed('cards/c1', { id: 'c1', accountId: 'acc', teamId: 't1', contacts: [] });
    const path = 'accounts/acc/jobs/sync-t1-v1';
    const job = { kind: 'teamSync', state: 'queued', teamId: 't1', version: 1, createdBy: 'u1' };
    db.seed(path, job);
    const params = { accountId: 'acc', jobId: 'sync-t1-v1' };
    await t.wrap(fns.runJobs)({
      data: t.makeChange(snapshot({}, path), snapshot(job, path)),
      params,
    });
    expect(db.dump()[path]).toMatchObject({ state: 'done', done: 1, written: 1 });
    expect(db.dump()['accounts/acc/teams/t1']?.syncedVersion).toBe(1);
    writes = [];
    const done = db.dump()[path] ?? {};
    await t.wrap(fns.runJobs)({
      data: t.makeChange(snapshot({ ...done, state: 'running' }, path), snapshot(done, path)),
      params,
    });
    expect(writes).toEqual([]);
  });
});

describe('sweepJobs (scheduled)', () => {
  it('queues again a running job whose lease expired, and leaves a live one alone', async () => {
    db.seed('accounts/acc', { name: 'Acme', ownerId: 'u1', plan: FREE });
    const lost = 'accounts/acc/jobs/lost';
    const live = 'accounts/acc/jobs/live';
    db.seed(lost, { kind: 'teamSync', state: 'running', leaseUntil: new Date(Date.now() - 1000) });
    db.seed(live, {
      kind: 'teamSync',
      state: 'running',
      leaseUntil: new Date(Date.now() + 60_000),
    });
    await fns.sweepJobs.run({ scheduleTime: new Date().toISOString(), jobName: 'sweepJobs' });
    expect(db.dump()[lost]).toMatchObject({ state: 'queued', leaseUntil: null });
    expect(db.dump()[live]).toMatchObject({ state: 'running' });
  });
});

describe('backfillNameLower (scheduled)', () => {
  it('adds the search field to cards without it and records the pass', async () => {
    db.seed('cards/c1', { id: 'c1', name: 'Ada Lovelace' });
    db.seed('cards/c2', { id: 'c2', name: 'Bo', nameLower: 'bo' });
    await fns.backfillNameLower.run({
      scheduleTime: new Date().toISOString(),
      jobName: 'backfillNameLower',
    });
    expect(db.dump()['cards/c1']?.nameLower).toBe('ada lovelace');
    expect(writes).not.toContain('cards/c2');
    expect(db.dump()['server_state/backfill-name-lower']).toMatchObject({
      after: null,
      written: 1,
    });
    // The next tick finds the pass finished and rests.
    writes = [];
    await fns.backfillNameLower.run({
      scheduleTime: new Date().toISOString(),
      jobName: 'backfillNameLower',
    });
    expect(writes).toEqual([]);
  });
});

describe('backfillTeamUsage (scheduled)', () => {
  const tick = (at: string) =>
    fns.backfillTeamUsage.run({ scheduleTime: at, jobName: 'backfillTeamUsage' });

  it('puts a drifted team count right once it has settled, on the tick after it was seen', async () => {
    db.seed('accounts/acc', { id: 'acc' });
    db.seed('accounts/acc/teams/sales', { name: 'Sales' });
    db.seed('cards/c1', { id: 'c1', accountId: 'acc', teamId: 'sales', isArchived: false });
    db.seed('accounts/acc/teamUsage/sales', { cards: 5, linksCoupled: 5, brandingCoupled: 5 });
    const clock = { now: new Date('2026-11-26T10:00:00Z') };
    const timed = createFunctions({ db: () => db, config: () => config, now: () => clock.now });
    await timed.backfillTeamUsage.run({ scheduleTime: '', jobName: 'backfillTeamUsage' });
    expect(db.dump()['accounts/acc/teamUsage/sales']).toMatchObject({ cards: 5 });
    clock.now = new Date('2026-11-26T10:15:00Z');
    await timed.backfillTeamUsage.run({ scheduleTime: '', jobName: 'backfillTeamUsage' });
    expect(db.dump()['accounts/acc/teamUsage/sales']).toMatchObject({
      cards: 1,
      linksCoupled: 1,
      brandingCoupled: 1,
    });
  });

  it('writes only its own state when every count is right', async () => {
    db.seed('accounts/acc', { id: 'acc' });
    db.seed('accounts/acc/teams/sales', { name: 'Sales' });
    await tick(new Date().toISOString());
    expect(writes).toEqual(['server_state/backfill-team-usage']);
  });
});
