/**
 * Lead routing on the real local server, against a real HTTP receiver on loopback: the owner makes
 * a webhook with the `leadWebhooks` callable (the secret shown once), a visitor's lead reaches it
 * signed, a receiver answering 500 gets the lead again on the backoff schedule (the clock is the
 * test's, moved forward between sweeps) until it answers 200 or the delivery is given up, the owner
 * reads the delivery log, and "Send a test lead" goes through the same sender. Every line the
 * server logs and every delivery document is checked for the secrets: none may appear.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPublicSurfaces } from '../../local-server/public-surfaces';
import {
  createLocalLeadRouting,
  type LocalLeadRouting,
} from '../../local-server/triggers/lead-webhooks';
import type { Backend, DocData } from '@/backend/port';
import { LEAD_WEBHOOK_BACKOFF_MS, WEBHOOK_PAUSED_SETTER_LEFT } from '@/domain/lead-webhooks';
import { verifySignature } from '@/services/lead-routing/signature';
import {
  createTestUser,
  TEST_PROJECT_ID,
  uniqueEmail,
  type TestUser,
} from '../support/auth-emulator';
import { localBackendFor, startTestServer, type TestServer } from '../support/local-server';

const ACCOUNT = 'acc-hooks';
const CARD = 'hook-card';
const CONSENT = 'Acme may contact me about its products.';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The loopback receiver: records every request and answers the next queued status (else 200). */
const received: Received[] = [];
const answers: number[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({
      path: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    const status = req.url === '/down' ? 500 : (answers.shift() ?? 200);
    res.writeHead(status, { 'Content-Type': 'text/plain' });
    res.end(status === 200 ? 'ok' : 'boom');
  });
});
let receiverUrl = '';

let clock = new Date('2026-11-23T12:00:00Z').getTime();
const now = () => new Date(clock);
let routing: LocalLeadRouting;
let server: TestServer;
let owner: TestUser;
let collaborator: TestUser;
let ownerBackend: Backend;
const secrets: string[] = [];
const logged: string[] = [];

interface Answer {
  status: number;
  body: { result?: Record<string, unknown>; error?: { status: string; message: string } };
}

async function callLeadWebhooks(user: TestUser | null, data: unknown): Promise<Answer> {
  const res = await fetch(`${server.url}/functions/${TEST_PROJECT_ID}/us-central1/leadWebhooks`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(user ? { Authorization: `Bearer ${user.idToken}` } : {}),
    },
    body: JSON.stringify({ data }),
  });
  const body = (await res.json()) as Answer['body'];
  const secret = body.result?.secret;
  if (typeof secret === 'string') secrets.push(secret);
  return { status: res.status, body };
}

async function createWebhook(
  path: string,
  format = 'plain',
): Promise<{ id: string; secret: string }> {
  const answer = await callLeadWebhooks(owner, {
    action: 'create',
    accountId: ACCOUNT,
    url: `${receiverUrl}${path}`,
    format,
  });
  expect(answer.status).toBe(200);
  return { id: String(answer.body.result?.webhookId), secret: String(answer.body.result?.secret) };
}

async function setActive(id: string, active: boolean): Promise<void> {
  const answer = await callLeadWebhooks(owner, {
    action: 'update',
    accountId: ACCOUNT,
    webhookId: id,
    active,
  });
  expect(answer.status).toBe(200);
}

/** A visitor's lead through the public lead endpoint, then every trigger and send finished. */
async function postLead(fields: Record<string, string>): Promise<Response> {
  const res = await fetch(`${server.url}/c/${CARD}/lead`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(fields),
  });
  await settle();
  return res;
}

async function settle(): Promise<void> {
  await server.idle();
  await routing.idle();
}

async function sweepAt(ms: number): Promise<number> {
  clock += ms;
  const sent = await routing.sweep(server.ctx);
  await settle();
  return sent;
}

function deliveries(): Array<{ id: string; data: DocData }> {
  return server.ctx.db.query({ collection: `accounts/${ACCOUNT}/webhookDeliveries` });
}

function deliveryOf(webhookId: string, event = 'lead.created') {
  const found = deliveries().filter(
    (d) => d.data.webhookId === webhookId && d.data.event === event,
  );
  return found[found.length - 1];
}

beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error'] as const) {
    const original = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(
        args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(' '),
      );
      original(...args);
    });
  }
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  routing = createLocalLeadRouting({ now });
  server = await startTestServer({
    routes: [
      createPublicSurfaces({ cardBase: '/c', signatureBase: '/s', linkBase: '/l' }),
      routing.route,
    ],
    triggers: [routing.trigger],
  });
  owner = await createTestUser(uniqueEmail('hook-owner'));
  collaborator = await createTestUser(uniqueEmail('hook-collab'));
  ownerBackend = localBackendFor(server.url, () => owner.idToken);
  server.ctx.db.batch([
    {
      kind: 'set',
      path: `users/${owner.uid}`,
      data: { id: owner.uid, email: owner.email, accountId: ACCOUNT, isAccountOwner: true },
    },
    {
      kind: 'set',
      path: `accounts/${ACCOUNT}`,
      data: {
        id: ACCOUNT,
        name: 'Acme',
        isActive: true,
        ownerId: owner.uid,
        collaborators: [collaborator.uid],
        plan: { type: 'corporate', isPaidAccount: true, cardLimit: 10, compCards: 0 },
      },
    },
    {
      kind: 'set',
      path: `cards/${CARD}`,
      data: {
        id: CARD,
        handle: 'hook-card-handle',
        name: 'Ada Lovelace',
        accountId: ACCOUNT,
        isArchived: false,
        appForm: {
          enabled: true,
          fields: { name: true, email: true, phone: true },
          notifyOwner: false,
          consentText: `  ${CONSENT}  `,
        },
        template: {},
        signatureBasic: {},
        appShare: {},
        contacts: [],
      },
    },
  ]);
  await settle();
});

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver.close(resolve));
  vi.restoreAllMocks();
});

describe('managing webhooks (the leadWebhooks callable)', () => {
  it('refuses a bad or private address with its reason and stores nothing', async () => {
    const cases: Array<[string, RegExp]> = [
      ['ftp://hooks.example.com/x', /must start with https:\/\//],
      ['http://10.0.0.7/hook', /must start with https:\/\//],
      ['https://10.0.0.7/hook', /not a private or local one/],
      ['https://169.254.169.254/latest', /not a private or local one/],
      ['not a url', /Enter a full address/],
    ];
    for (const [url, message] of cases) {
      const answer = await callLeadWebhooks(owner, {
        action: 'create',
        accountId: ACCOUNT,
        url,
        format: 'plain',
      });
      expect(answer.status, url).toBe(400);
      expect(answer.body.error?.status).toBe('INVALID_ARGUMENT');
      expect(answer.body.error?.message).toMatch(message);
    }
    expect(server.ctx.db.query({ collection: `accounts/${ACCOUNT}/webhooks` })).toHaveLength(0);
  });

  it('lets only the signed-in owner manage them', async () => {
    const data = { action: 'create', accountId: ACCOUNT, url: `${receiverUrl}/x`, format: 'plain' };
    expect((await callLeadWebhooks(collaborator, data)).body.error?.status).toBe(
      'PERMISSION_DENIED',
    );
    expect((await callLeadWebhooks(null, data)).body.error?.status).toBe('UNAUTHENTICATED');
    expect(server.ctx.db.query({ collection: `accounts/${ACCOUNT}/webhooks` })).toHaveLength(0);
  });

  it('shows the secret once; afterwards the owner reads only its hint', async () => {
    // Through the app's own local driver, as the settings screen calls it.
    const made = await ownerBackend.functions.leadWebhooks({
      action: 'create',
      accountId: ACCOUNT,
      url: `${receiverUrl}/once`,
      format: 'plain',
    });
    secrets.push(String(made.secret));
    const hook = { id: made.webhookId, secret: String(made.secret) };
    expect(hook.secret).toMatch(/^whsec_/);
    const seen = await ownerBackend.get(`accounts/${ACCOUNT}/webhooks/${hook.id}`);
    expect(seen.data).toMatchObject({
      url: `${receiverUrl}/once`,
      format: 'plain',
      active: true,
      secretHint: `whsec_…${hook.secret.slice(-4)}`,
    });
    expect(JSON.stringify(seen.data)).not.toContain(hook.secret);
    await expect(ownerBackend.get(`webhook_secrets/${hook.id}`)).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await callLeadWebhooks(owner, { action: 'delete', accountId: ACCOUNT, webhookId: hook.id });
    expect(server.ctx.db.get(`accounts/${ACCOUNT}/webhooks/${hook.id}`).exists).toBe(false);
    expect(server.ctx.db.get(`webhook_secrets/${hook.id}`).exists).toBe(false);
  });
});

describe('delivering leads', () => {
  it('sends a new lead to the webhook, signed, with the consent wording read from the card', async () => {
    const hook = await createWebhook('/signed');
    received.length = 0;
    const res = await postLead({ name: 'Bob Stone', email: 'bob@example.test', consent: 'yes' });
    expect(res.status).toBe(201);
    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.path).toBe('/signed');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-cardbuilder-event']).toBe('lead.created');
    const signature = String(got.headers['x-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(hook.secret, got.body, signature, now())).toBe(true);
    expect(verifySignature('whsec_wrong', got.body, signature, now())).toBe(false);
    const payload = JSON.parse(got.body) as Record<string, unknown>;
    expect(payload).toMatchObject({
      event: 'lead.created',
      test: false,
      accountId: ACCOUNT,
      card: { id: CARD, name: 'Ada Lovelace' },
      lead: { name: 'Bob Stone', email: 'bob@example.test' },
      consent: { text: CONSENT, given: true },
    });
    // The lead itself keeps the consent: the card's wording (trimmed), ticked, and when.
    const entry = server.ctx.db
      .query({ collection: `analytics/${CARD}/entries` })
      .find((e) => e.data.email === 'bob@example.test');
    expect(entry?.data.consent).toMatchObject({ text: CONSENT, given: true });
    expect(entry?.data.consent).toHaveProperty('at', expect.any(Date));
    // The owner reads the delivery log.
    const log = await ownerBackend.query({
      collection: `accounts/${ACCOUNT}/webhookDeliveries`,
      where: [{ field: 'webhookId', op: '==', value: hook.id }],
    });
    expect(log).toHaveLength(1);
    expect(log[0]?.data).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
    expect(server.ctx.db.query({ collection: 'lead_webhook_queue' })).toHaveLength(0);
    await setActive(hook.id, false);
  });

  it('stores a lead whose box was not ticked as not given, and refuses a consent the client words', async () => {
    const hook = await createWebhook('/unticked', 'hubspot');
    received.length = 0;
    await postLead({ name: 'Cy Young', email: 'cy@example.test' });
    const body = JSON.parse(received[0]?.body ?? '{}') as { properties?: Record<string, string> };
    expect(body.properties).toMatchObject({
      email: 'cy@example.test',
      firstname: 'Cy',
      lastname: 'Young',
      cardbuilder_consent_text: CONSENT,
      cardbuilder_consent_given: 'false',
    });
    const forged = await postLead({ email: 'eve@example.test', consent: 'I agree to nothing' });
    expect(forged.status).toBe(400);
    const extra = await postLead({ email: 'eve@example.test', consentText: 'Anything' });
    expect(extra.status).toBe(400);
    expect(received).toHaveLength(1);
    await setActive(hook.id, false);
  });

  it('retries after a 500 on the schedule and records each attempt until a 200', async () => {
    const hook = await createWebhook('/flaky');
    received.length = 0;
    answers.push(500, 500);
    await postLead({ name: 'Dee Retry', email: 'dee@example.test' });
    expect(received).toHaveLength(1);
    let delivery = deliveryOf(hook.id);
    expect(delivery?.data).toMatchObject({
      status: 'retrying',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'Answered 500.',
      nextAttemptAt: new Date(clock + LEAD_WEBHOOK_BACKOFF_MS[0]!),
    });

    // Not due yet: nothing is sent.
    expect(await sweepAt(59_000)).toBe(0);
    expect(received).toHaveLength(1);
    // A minute after the failure: the second attempt, another 500, then five minutes' wait.
    expect(await sweepAt(1_000)).toBe(1);
    expect(received).toHaveLength(2);
    delivery = deliveryOf(hook.id);
    expect(delivery?.data).toMatchObject({
      status: 'retrying',
      attempts: 2,
      nextAttemptAt: new Date(clock + LEAD_WEBHOOK_BACKOFF_MS[1]!),
    });
    expect(await sweepAt(LEAD_WEBHOOK_BACKOFF_MS[1]!)).toBe(1);
    expect(received).toHaveLength(3);
    delivery = deliveryOf(hook.id);
    expect(delivery?.data).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200 });
    expect((delivery?.data.log as Array<{ statusCode: number }>).map((l) => l.statusCode)).toEqual([
      500, 500, 200,
    ]);
    // Every attempt carried the same body and delivery id, each freshly signed.
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    expect(new Set(received.map((r) => r.headers['x-cardbuilder-delivery'])).size).toBe(1);
    expect(received.map((r) => r.headers['x-cardbuilder-attempt'])).toEqual(['1', '2', '3']);
    for (const r of received) {
      expect(
        verifySignature(hook.secret, r.body, String(r.headers['x-signature']), now(), 3600),
      ).toBe(true);
    }
    expect(await sweepAt(24 * 3_600_000)).toBe(0);
    expect(received).toHaveLength(3);
    await setActive(hook.id, false);
  });

  it('gives up after seven failed attempts, about a day, and says so in the log', async () => {
    const hook = await createWebhook('/down');
    received.length = 0;
    await postLead({ name: 'Flo Down', email: 'flo@example.test' });
    for (const wait of LEAD_WEBHOOK_BACKOFF_MS) await sweepAt(wait);
    expect(received).toHaveLength(7);
    const delivery = deliveryOf(hook.id);
    expect(delivery?.data).toMatchObject({
      status: 'gave-up',
      attempts: 7,
      lastStatusCode: 500,
      lastError: 'Answered 500. Gave up after 7 attempts.',
      nextAttemptAt: null,
    });
    expect(await sweepAt(48 * 3_600_000)).toBe(0);
    expect(received).toHaveLength(7);
    await setActive(hook.id, false);
  });

  it('sends a test lead through the same sender and answers how it went', async () => {
    const hook = await createWebhook('/test-lead');
    received.length = 0;
    const answer = await callLeadWebhooks(owner, {
      action: 'test',
      accountId: ACCOUNT,
      webhookId: hook.id,
    });
    expect(answer.body.result).toMatchObject({ status: 'delivered', statusCode: 200 });
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ event: 'lead.test', test: true });
    expect(
      verifySignature(
        hook.secret,
        received[0]!.body,
        String(received[0]!.headers['x-signature']),
        now(),
      ),
    ).toBe(true);
    expect(deliveryOf(hook.id, 'lead.test')?.data).toMatchObject({ status: 'delivered' });

    // A failing test lead is reported at once and not retried.
    answers.push(500);
    const failed = await callLeadWebhooks(owner, {
      action: 'test',
      accountId: ACCOUNT,
      webhookId: hook.id,
    });
    expect(failed.body.result).toMatchObject({
      status: 'gave-up',
      statusCode: 500,
      error: 'Answered 500.',
    });
    expect(await sweepAt(LEAD_WEBHOOK_BACKOFF_MS[0]!)).toBe(0);

    // A rotated secret signs the next lead; the old one no longer verifies.
    const rotated = await callLeadWebhooks(owner, {
      action: 'rotate',
      accountId: ACCOUNT,
      webhookId: hook.id,
    });
    const fresh = String(rotated.body.result?.secret);
    expect(fresh).not.toBe(hook.secret);
    received.length = 0;
    await callLeadWebhooks(owner, { action: 'test', accountId: ACCOUNT, webhookId: hook.id });
    const signature = String(received[0]?.headers['x-signature']);
    expect(verifySignature(fresh, received[0]!.body, signature, now())).toBe(true);
    expect(verifySignature(hook.secret, received[0]!.body, signature, now())).toBe(false);
  });

  it('never writes a secret into a log line or a delivery document', () => {
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    const everything = [...logged, ...deliveries().map((d) => JSON.stringify(d.data))].join('\n');
    for (const secret of secrets) {
      expect(everything).not.toContain(secret);
      expect(everything).not.toContain(secret.slice(6));
    }
  });
});

describe('after the account changes hands', () => {
  beforeEach(() => {
    // Room under the five-webhook cap that the earlier cases used up.
    for (const hook of server.ctx.db.query({ collection: `accounts/${ACCOUNT}/webhooks` })) {
      server.ctx.db.delete(`accounts/${ACCOUNT}/webhooks/${hook.id}`);
    }
  });

  it('stops sending leads to a webhook whose setter left, says why, and sends again once the new owner turns it on', async () => {
    const hook = await createWebhook('/setter-left');
    // The owner hands the account to the collaborator and leaves it.
    server.ctx.db.update(`accounts/${ACCOUNT}`, {
      ownerId: collaborator.uid,
      collaborators: [],
    });
    try {
      received.length = 0;
      expect((await postLead({ name: 'Di Prince', email: 'di@example.test' })).status).toBe(201);
      await settle();
      expect(received.filter((r) => r.path === '/setter-left')).toHaveLength(0);
      expect(server.ctx.db.get(`accounts/${ACCOUNT}/webhooks/${hook.id}`).data).toMatchObject({
        active: false,
        pausedReason: WEBHOOK_PAUSED_SETTER_LEFT,
      });

      // The new owner checks it and turns it on: it answers to them now.
      const on = await callLeadWebhooks(collaborator, {
        action: 'update',
        accountId: ACCOUNT,
        webhookId: hook.id,
        active: true,
      });
      expect(on.status).toBe(200);
      expect(server.ctx.db.get(`accounts/${ACCOUNT}/webhooks/${hook.id}`).data).toMatchObject({
        active: true,
        setUpBy: collaborator.uid,
        pausedReason: null,
      });
      received.length = 0;
      expect((await postLead({ name: 'Ed Nygma', email: 'ed@example.test' })).status).toBe(201);
      await settle();
      expect(received.filter((r) => r.path === '/setter-left')).toHaveLength(1);
    } finally {
      server.ctx.db.update(`accounts/${ACCOUNT}`, {
        ownerId: owner.uid,
        collaborators: [collaborator.uid],
      });
      server.ctx.db.update(`accounts/${ACCOUNT}/webhooks/${hook.id}`, { active: false });
    }
  });

  it('gives up a retry due after the setter left, instead of sending it to their address', async () => {
    const hook = await createWebhook('/down');
    expect((await postLead({ name: 'Gil Bates', email: 'gil@example.test' })).status).toBe(201);
    await settle();
    expect(deliveryOf(hook.id)?.data.status).toBe('retrying');
    server.ctx.db.update(`accounts/${ACCOUNT}`, { ownerId: collaborator.uid, collaborators: [] });
    try {
      received.length = 0;
      await sweepAt(LEAD_WEBHOOK_BACKOFF_MS[0]! + 1000);
      expect(received.filter((r) => r.path === '/down')).toHaveLength(0);
      expect(deliveryOf(hook.id)?.data).toMatchObject({
        status: 'gave-up',
        lastError: 'The webhook was turned off: the person who set it up left the account.',
      });
      expect(server.ctx.db.get(`accounts/${ACCOUNT}/webhooks/${hook.id}`).data).toMatchObject({
        active: false,
        pausedReason: WEBHOOK_PAUSED_SETTER_LEFT,
      });
    } finally {
      server.ctx.db.update(`accounts/${ACCOUNT}`, {
        ownerId: owner.uid,
        collaborators: [collaborator.uid],
      });
    }
  });

  it('keeps sending while the setter stays as a collaborator', async () => {
    const hook = await createWebhook('/setter-stays');
    server.ctx.db.update(`accounts/${ACCOUNT}`, {
      ownerId: collaborator.uid,
      collaborators: [owner.uid],
    });
    try {
      received.length = 0;
      expect((await postLead({ name: 'Fay Wray', email: 'fay@example.test' })).status).toBe(201);
      await settle();
      expect(received.filter((r) => r.path === '/setter-stays')).toHaveLength(1);
    } finally {
      server.ctx.db.update(`accounts/${ACCOUNT}`, {
        ownerId: owner.uid,
        collaborators: [collaborator.uid],
      });
      server.ctx.db.update(`accounts/${ACCOUNT}/webhooks/${hook.id}`, { active: false });
    }
  });
});
