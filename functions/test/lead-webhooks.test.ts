/**
 * The lead-routing functions, wired as Cloud Functions run them (offline, over an in-memory
 * database and a recording sender instead of the network): a new lead entry reaches the account's
 * webhook signed, the scheduled retry sends what is due, and the callable is the owner's only and
 * refuses loopback addresses in production. The behaviour itself is the shared server code's
 * (src/services/lead-routing), tested against a real receiver in tests/integration/lead-webhooks.
 */
import functionsTest from 'firebase-functions-test';
import { HttpsError } from 'firebase-functions/v2/https';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryServerDb, type MemoryServerDb } from '@/backend/memory/memory-server-db';
import type { WebhookRequest } from '@/services/lead-routing/post-webhook';
import { verifySignature } from '@/services/lead-routing/signature';
import { readFunctionsConfig } from '../src/config';
import { createFunctions } from '../src/functions';

const t = functionsTest({ projectId: 'demo-cardbuilder' });
afterAll(() => t.cleanup());

let db: MemoryServerDb;
let sent: WebhookRequest[];
let statuses: number[];
let clock = new Date('2026-11-23T12:00:00Z').getTime();
const config = readFunctionsConfig({
  GCLOUD_PROJECT: 'demo-cardbuilder',
  APP_ORIGIN: 'https://app.example.test',
  CARD_HOST: 'https://card.example.test',
});
const fns = createFunctions({
  db: () => db,
  config: () => config,
  leadRouting: {
    now: () => new Date(clock),
    post: async (request) => {
      sent.push(request);
      const status = statuses.shift() ?? 200;
      return status === 200
        ? { ok: true, status }
        : { ok: false, status, error: `Answered ${status}.` };
    },
  },
});

const SECRET = 'whsec_functions-test-secret';

beforeEach(() => {
  db = createMemoryServerDb();
  sent = [];
  statuses = [];
  db.seed('accounts/acc', { ownerId: 'owner', collaborators: ['collab'] });
  db.seed('cards/c1', { name: 'Sales card', accountId: 'acc' });
  db.seed('accounts/acc/webhooks/w1', {
    url: 'https://hooks.example.test/in',
    format: 'plain',
    active: true,
    secretHint: 'whsec_…cret',
  });
  db.seed('webhook_secrets/w1', { accountId: 'acc', secret: SECRET });
});

async function newLead(): Promise<void> {
  const path = 'analytics/c1/entries/e1';
  const lead = { cardId: 'c1', accountId: 'acc', name: 'Bob', email: 'bob@example.test' };
  db.seed(path, lead);
  await t.wrap(fns.routeLeadToWebhooks)({
    data: t.firestore.makeDocumentSnapshot(lead, path),
    params: { cardId: 'c1', entryId: 'e1' },
  } as never);
}

describe('routeLeadToWebhooks (Firestore create of analytics/{cardId}/entries/{entryId})', () => {
  it('sends the new lead to the account’s webhook, signed with its secret', async () => {
    await newLead();
    expect(sent).toHaveLength(1);
    const request = sent[0]!;
    expect(request.url).toBe('https://hooks.example.test/in');
    expect(JSON.parse(request.body)).toMatchObject({
      event: 'lead.created',
      lead: { name: 'Bob', email: 'bob@example.test' },
      card: { id: 'c1', name: 'Sales card' },
    });
    expect(
      verifySignature(SECRET, request.body, request.headers['X-Signature'] ?? '', new Date(clock)),
    ).toBe(true);
  });
});

describe('routeLeadToWebhooks, delivered twice (events come at least once)', () => {
  it('sends the lead once', async () => {
    await newLead();
    await newLead();
    expect(sent).toHaveLength(1);
    const deliveries = Object.keys(db.dump()).filter((p) =>
      p.startsWith('accounts/acc/webhookDeliveries/'),
    );
    expect(deliveries).toHaveLength(1);
  });
});

describe('retryLeadWebhooks (scheduled)', () => {
  it('sends a failed delivery again once its retry is due', async () => {
    statuses.push(500);
    await newLead();
    const delivery = () =>
      Object.entries(db.dump()).find(([p]) => p.startsWith('accounts/acc/webhookDeliveries/'))?.[1];
    expect(delivery()).toMatchObject({ status: 'retrying', lastStatusCode: 500 });
    clock += 60_000;
    // A scheduled function is run as the scheduler runs it: its handler with the tick's event.
    await fns.retryLeadWebhooks.run({
      scheduleTime: new Date(clock).toISOString(),
      jobName: 'retryLeadWebhooks',
    });
    expect(sent).toHaveLength(2);
    expect(delivery()).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
  });
});

describe('leadWebhooks (callable)', () => {
  async function call(data: unknown, uid: string | null): Promise<unknown> {
    return Promise.resolve(
      t.wrap(fns.leadWebhooks)({
        data,
        ...(uid ? { auth: { uid, token: {} } } : {}),
      } as never),
    ).catch((e: unknown) => e);
  }

  it('refuses a loopback address in production with the reason', async () => {
    const err = await call(
      { action: 'create', accountId: 'acc', url: 'http://127.0.0.1:8080/x', format: 'plain' },
      'owner',
    );
    expect(err).toBeInstanceOf(HttpsError);
    expect((err as HttpsError).code).toBe('invalid-argument');
    expect((err as HttpsError).message).toBe('The address must start with https://.');
  });

  it('is the owner’s only: a collaborator and a signed-out caller are refused', async () => {
    const data = { action: 'test', accountId: 'acc', webhookId: 'w1' };
    expect(((await call(data, 'collab')) as HttpsError).code).toBe('permission-denied');
    expect(((await call(data, null)) as HttpsError).code).toBe('unauthenticated');
    expect(sent).toHaveLength(0);
  });

  it('sends a test lead for the owner and answers how it went', async () => {
    const result = await call({ action: 'test', accountId: 'acc', webhookId: 'w1' }, 'owner');
    expect(result).toMatchObject({ status: 'delivered', statusCode: 200 });
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ event: 'lead.test' });
  });
});
