/**
 * A deactivated account end to end on the real local server (docs/access.md, "Deactivated
 * accounts"): switched off by the super admin, its public surfaces answer a plain 404, its owner
 * reads but writes nothing, its callables, jobs and webhook deliveries stop or wait; switched back
 * on, everything is there again, untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountActiveRoute } from '../../local-server/account-status';
import { createPublicSurfaces } from '../../local-server/public-surfaces';
import { sitemapRoute } from '../../local-server/sitemap-route';
import { BackendError } from 'firestore-engine/errors';
import { serverDbFromSync } from '@/backend/local/sync-server-db';
import type { Backend, DocData } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';
import { serverTimestamp } from 'firestore-engine/transforms';
import { DEACTIVATED_ACCOUNT_MESSAGE, DEACTIVATED_JOB_MESSAGE } from '@/domain/account-status';
import { runJob } from '@/services/jobs/run-job';
import {
  attemptDelivery,
  DEACTIVATED_PAUSE_MS,
  manageLeadWebhooks,
  type LeadRoutingDeps,
} from '@/services/lead-routing/lead-routing';
import { createDevWalletConfig } from '@/services/wallet/dev-credentials';
import { rulesPolicy } from '../support/policies';
import { createTestUser, uniqueEmail, type TestUser } from '../support/auth-emulator';
import { localBackendFor, startTestServer, type TestServer } from '../support/local-server';

const ACCOUNT = 'dormant-co';
const CARD = 'dormant-card';
const HANDLE = 'dora-dormant';
const TEAM = 'dormant-team';
const OLD = new Date('2026-01-01T00:00:00Z');
/** What the card shows when public: none of it may be on the unavailable page. */
const CONTACT_DATA = ['Dora Dormant', 'Chief Sleeper', '+1 555 0199', 'dora@dormant.example'];

let server: TestServer;
let admin: TestUser;
let owner: TestUser;
let adminBackend: Backend;
let ownerBackend: Backend;
let db: ServerDb;

function seedUser(user: TestUser, extra: DocData): void {
  server.ctx.db.set(`users/${user.uid}`, {
    id: user.uid,
    source: 'password',
    email: user.email,
    displayName: 'Someone',
    photoURL: '',
    acceptedTOC: OLD,
    dateCreated: OLD,
    isAccountOwner: true,
    affiliate: null,
    ...extra,
  });
}

beforeAll(async () => {
  server = await startTestServer({
    policy: rulesPolicy(),
    routes: [
      setAccountActiveRoute,
      sitemapRoute,
      createPublicSurfaces({
        cardBase: '/c',
        signatureBase: '/s',
        linkBase: '/l',
        wallet: createDevWalletConfig(),
      }),
    ],
  });
  db = serverDbFromSync(server.ctx.db);
  admin = await createTestUser(uniqueEmail('root'));
  owner = await createTestUser(uniqueEmail('dora'));
  adminBackend = localBackendFor(server.url, () => admin.idToken);
  ownerBackend = localBackendFor(server.url, () => owner.idToken);
  seedUser(admin, { isSuperAdmin: true, isAccountOwner: false });
  seedUser(owner, { accountId: ACCOUNT, defaultTeam: TEAM, teams: [TEAM] });
  server.ctx.db.set(`accounts/${ACCOUNT}`, {
    id: ACCOUNT,
    name: 'Dormant Co',
    isActive: true,
    dateUpdated: OLD,
    directory: { slug: 'dormant-co', enabled: true },
    ownerId: owner.uid,
    collaborators: [],
    plan: {
      type: 'growth',
      isPaidAccount: true,
      cardLimit: 10,
      compCards: 0,
      cardsInUse: 1,
      trialEndDate: null,
    },
  });
  server.ctx.db.set(`accounts/${ACCOUNT}/teams/${TEAM}`, {
    name: 'Sleepers',
    isArchived: false,
    accountId: ACCOUNT,
  });
  server.ctx.db.set(`cards/${CARD}`, {
    id: CARD,
    handle: HANDLE,
    handleAllowIndex: true,
    name: 'Dora Dormant',
    title: 'Chief Sleeper',
    company: 'Dormant Co',
    email: 'dora@dormant.example',
    accountId: ACCOUNT,
    teamId: TEAM,
    ownerId: owner.uid,
    isArchived: false,
    contacts: [
      { id: 'phone', name: 'Phone', label: 'Mobile', value: '+1 555 0199' },
      { id: 'mail', name: 'Email', label: 'Email', value: 'dora@dormant.example' },
    ],
    appForm: { enabled: true, fields: { name: true, email: true, note: true } },
    template: {},
    signatureBasic: { enabled: true },
    appShare: { title: '', description: '' },
  });
  server.ctx.db.set(`handles/${HANDLE}`, { cardId: CARD, accountId: ACCOUNT });
});

afterAll(async () => {
  await server?.close();
});

function fetchPath(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  // A browser's user agent: scripted clients are not counted, and counting is part of the check.
  headers.set('user-agent', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36');
  return fetch(`${server.url}${path}`, { redirect: 'manual', ...init, headers });
}

const LEAD = JSON.stringify({ name: 'Val Visitor', email: 'val@example.com', note: 'Call me' });

/** Every public surface of the card and its account, by name. */
const SURFACES: Record<string, () => Promise<Response>> = {
  'card page by handle': () => fetchPath(`/c/${HANDLE}`),
  'card page by id': () => fetchPath(`/c/${CARD}/i`),
  'vCard by id': () => fetchPath(`/c/${CARD}/vcard.vcf`),
  'vCard by handle': () => fetchPath(`/c/${HANDLE}/vcard`),
  'Apple Wallet pass': () => fetchPath(`/c/${CARD}/wallet/apple.pkpass`),
  'Google Wallet pass': () => fetchPath(`/c/${CARD}/wallet/google`),
  'signature preview': () => fetchPath(`/s/${HANDLE}`),
  'click redirect': () => fetchPath(`/l/%2B1%20555%200199/${CARD}/phone/phone/nodcard/click`),
  'lead post': () =>
    fetchPath(`/c/${CARD}/lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: LEAD,
    }),
  directory: () => fetchPath('/d/dormant-co'),
};

const LIVE_STATUS: Record<string, number> = {
  'card page by handle': 200,
  'card page by id': 200,
  'vCard by id': 200,
  'vCard by handle': 200,
  'Apple Wallet pass': 200,
  'Google Wallet pass': 302,
  'signature preview': 200,
  'click redirect': 302,
  'lead post': 201,
  directory: 200,
};

async function statuses(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, call] of Object.entries(SURFACES)) out[name] = (await call()).status;
  return out;
}

async function sitemap(): Promise<string> {
  return (await fetchPath('/sitemap.xml')).text();
}

async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (err) {
    if (err instanceof BackendError) return `${err.code}: ${err.message}`;
    throw err;
  }
  return 'allowed';
}

function leadDeps(posted: string[]): LeadRoutingDeps {
  return {
    db,
    now: () => new Date(),
    policy: { allowLoopbackHttp: true },
    post: async (request) => {
      posted.push(request.url);
      return { ok: true, status: 200 };
    },
  };
}

/** A webhook with one due delivery, as lead routing leaves them. */
function seedDueDelivery(id: string): void {
  server.ctx.db.set(`accounts/${ACCOUNT}/webhooks/hook-1`, {
    url: 'http://127.0.0.1:9/hook',
    format: 'plain',
    active: true,
  });
  server.ctx.db.set('webhook_secrets/hook-1', { accountId: ACCOUNT, secret: 's3cret' });
  server.ctx.db.set(`accounts/${ACCOUNT}/webhookDeliveries/${id}`, {
    webhookId: 'hook-1',
    event: 'lead.created',
    status: 'pending',
    attempts: 0,
    retries: true,
    body: '{}',
  });
  server.ctx.db.set(`lead_webhook_queue/${id}`, {
    accountId: ACCOUNT,
    nextAttemptAt: new Date(Date.now() - 1000),
    leaseUntil: null,
  });
}

/** A team sync job queued by the owner (the server runs it with its own privileges). */
function seedQueuedJob(id: string): string {
  const path = `accounts/${ACCOUNT}/jobs/${id}`;
  server.ctx.db.set(path, {
    kind: 'teamSync',
    state: 'queued',
    teamId: TEAM,
    version: 1,
    createdBy: owner.uid,
    createdAt: OLD,
  });
  return path;
}

async function setActive(isActive: boolean): Promise<void> {
  await adminBackend.functions.setAccountActive({ accountId: ACCOUNT, isActive });
}

describe('a deactivated account', () => {
  it('is hidden, frozen and idle while deactivated, and whole again once reactivated', async () => {
    // Active: every surface answers, the sitemap lists the card, the owner edits.
    expect(await statuses()).toEqual(LIVE_STATUS);
    expect(await sitemap()).toContain(`/c/${HANDLE}`);
    const before = server.ctx.db.get(`cards/${CARD}`).data;

    await setActive(false);

    // Public: the plain page everywhere, with no contact data, never indexed.
    const hidden = await statuses();
    expect(hidden).toEqual(Object.fromEntries(Object.keys(SURFACES).map((name) => [name, 404])));
    for (const [name, call] of Object.entries(SURFACES)) {
      const res = await call();
      const body = await res.text();
      for (const detail of CONTACT_DATA)
        expect(body, `${name} shows ${detail}`).not.toContain(detail);
      if (res.headers.get('content-type')?.startsWith('text/html')) {
        expect(body, name).toContain('<meta name="robots" content="noindex"');
        if (name !== 'directory') expect(body, name).toContain('This card is not available');
      }
    }
    expect(await sitemap()).not.toContain(`/c/${HANDLE}`);
    expect(server.ctx.db.query({ collection: `analytics/${CARD}/entries` })).toHaveLength(1);

    // The owner reads the account and the card, and writes nothing.
    expect((await ownerBackend.get(`accounts/${ACCOUNT}`)).data?.isActive).toBe(false);
    expect((await ownerBackend.get(`cards/${CARD}`)).data?.name).toBe('Dora Dormant');
    expect(
      await codeOf(
        ownerBackend.update(`cards/${CARD}`, { title: 'Awake', dateUpdated: serverTimestamp() }),
      ),
    ).toMatch(/^permission-denied/);
    expect(await codeOf(ownerBackend.update(`accounts/${ACCOUNT}`, { name: 'Renamed' }))).toMatch(
      /^permission-denied/,
    );

    // The server: the webhook callable refuses, a job stops with a message, a delivery waits.
    expect(
      await codeOf(
        manageLeadWebhooks(
          leadDeps([]),
          { uid: owner.uid, email: owner.email, emailVerified: true },
          { action: 'create', accountId: ACCOUNT, url: 'http://127.0.0.1:9/x', format: 'plain' },
        ),
      ),
    ).toBe(`failed-precondition: ${DEACTIVATED_ACCOUNT_MESSAGE}`);
    const job = seedQueuedJob('sync-while-off');
    expect(await runJob(db, job)).toBe('failed');
    expect(server.ctx.db.get(job).data).toMatchObject({
      state: 'failed',
      error: DEACTIVATED_JOB_MESSAGE,
    });
    const posted: string[] = [];
    seedDueDelivery('delivery-1');
    const asked = Date.now();
    expect(await attemptDelivery(leadDeps(posted), ACCOUNT, 'delivery-1')).toBeNull();
    expect(posted).toEqual([]);
    const waiting = server.ctx.db.get('lead_webhook_queue/delivery-1').data;
    expect((waiting?.nextAttemptAt as Date).getTime()).toBeGreaterThanOrEqual(
      asked + DEACTIVATED_PAUSE_MS - 1000,
    );
    expect(
      server.ctx.db.get(`accounts/${ACCOUNT}/webhookDeliveries/delivery-1`).data,
    ).toMatchObject({ status: 'pending', attempts: 0 });

    await setActive(true);

    // Everything is back as it was, and works again.
    expect(server.ctx.db.get(`cards/${CARD}`).data).toEqual(before);
    expect(await statuses()).toEqual(LIVE_STATUS);
    expect(await sitemap()).toContain(`/c/${HANDLE}`);
    expect(
      await codeOf(
        ownerBackend.update(`cards/${CARD}`, { title: 'Awake', dateUpdated: serverTimestamp() }),
      ),
    ).toBe('allowed');
    // The stopped job resumes where it stopped (failed → queued, as a manager resumes it).
    await ownerBackend.update(job, { state: 'queued' });
    expect(await runJob(db, job)).toBe('done');
    // The waiting delivery goes out at its next turn.
    server.ctx.db.update('lead_webhook_queue/delivery-1', {
      nextAttemptAt: new Date(Date.now() - 1000),
    });
    expect((await attemptDelivery(leadDeps(posted), ACCOUNT, 'delivery-1'))?.status).toBe(
      'delivered',
    );
    expect(posted).toEqual(['http://127.0.0.1:9/hook']);
  });
});
