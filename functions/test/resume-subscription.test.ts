/**
 * `resumeSubscription` as deployed: the callable, the shared decision and the Stripe library,
 * down to the HTTP request Stripe's API receives. Stripe does not run here, so a small server in
 * its place records what arrives and answers as Stripe documents (STRIPE_API_URL points the
 * library at it); the key comes from the bound secret, as firebase-functions reads it.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import functionsTest from 'firebase-functions-test';
import { HttpsError } from 'firebase-functions/v2/https';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryServerDb, type MemoryServerDb } from '@/backend/memory/memory-server-db';
import { RESUME_MESSAGES } from '@/domain/resume-subscription';
import { readFunctionsConfig } from '../src/config';
import { createFunctions } from '../src/functions';

const t = functionsTest({ projectId: 'demo-cardbuilder' });
const KEY = 'rk_test_subscriptions_only';

interface Received {
  method: string;
  path: string;
  body: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

let stripeApi: Server;
let received: Received[];
/** What the stand-in answers next: Stripe's subscription object, or one of its errors. */
let answer: { status: number; body: unknown };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => done(body));
  });
}

beforeAll(async () => {
  stripeApi = createServer((req, res) => {
    void readBody(req).then((body) => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        body,
        authorization: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      });
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  stripeApi.listen(0, '127.0.0.1');
  await once(stripeApi, 'listening');
  process.env.STRIPE_SUBSCRIPTIONS_KEY = KEY;
});

afterAll(() => {
  stripeApi.close();
  delete process.env.STRIPE_SUBSCRIPTIONS_KEY;
  t.cleanup();
});

let db: MemoryServerDb;
let fns: ReturnType<typeof createFunctions>;
const NOW = new Date('2026-11-27T10:00:00Z');
const PERIOD_END = new Date('2026-12-20T00:00:00Z');

beforeEach(() => {
  received = [];
  answer = {
    status: 200,
    body: { id: 'sub_1', object: 'subscription', cancel_at_period_end: false },
  };
  db = createMemoryServerDb();
  const config = readFunctionsConfig({
    GCLOUD_PROJECT: 'demo-cardbuilder',
    STRIPE_API_URL: `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`,
  });
  fns = createFunctions({ db: () => db, config: () => config, now: () => NOW });
  db.seed('users/payer/subscriptions/sub_1', {
    status: 'active',
    cancel_at_period_end: true,
    cancel_at: PERIOD_END,
    current_period_end: PERIOD_END,
  });
});

async function call(uid: string | null, data: unknown): Promise<unknown> {
  const request = uid ? { data, auth: { uid, token: {} } } : { data };
  return Promise.resolve(t.wrap(fns.resumeSubscription)(request as never)).catch(
    (err: unknown) => err,
  );
}

describe('resumeSubscription (callable, with Stripe’s API)', () => {
  it('asks Stripe to drop the scheduled cancellation, with the bound key and an idempotency key', async () => {
    expect(await call('payer', { subscriptionId: 'sub_1' })).toEqual({ resumed: true });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/subscriptions/sub_1',
      body: 'cancel_at_period_end=false',
      authorization: `Bearer ${KEY}`,
    });
    expect(request?.idempotencyKey).toBeTruthy();
  });

  it('asks nothing for a subscription that is not ending, nor for somebody else’s', async () => {
    db.seed('users/payer/subscriptions/sub_2', { status: 'active', cancel_at_period_end: false });
    expect(await call('payer', { subscriptionId: 'sub_2' })).toEqual({ resumed: false });
    const err = await call('stranger', { subscriptionId: 'sub_1' });
    expect(err).toBeInstanceOf(HttpsError);
    expect((err as HttpsError).code).toBe('not-found');
    expect(((await call(null, { subscriptionId: 'sub_1' })) as HttpsError).code).toBe(
      'unauthenticated',
    );
    expect(received).toEqual([]);
  });

  it('reports Stripe’s refusal as the ended message, and an outage as unavailable', async () => {
    answer = {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          message: 'A canceled subscription can only update its cancellation_details.',
        },
      },
    };
    const refused = (await call('payer', { subscriptionId: 'sub_1' })) as HttpsError;
    expect(refused.code).toBe('failed-precondition');
    expect(refused.message).toBe(RESUME_MESSAGES.ended);

    answer = { status: 500, body: { error: { type: 'api_error', message: 'boom' } } };
    const down = (await call('payer', { subscriptionId: 'sub_1' })) as HttpsError;
    expect(down.code).toBe('unavailable');
  });
});
