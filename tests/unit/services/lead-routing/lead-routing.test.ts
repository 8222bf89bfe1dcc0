/**
 * Lead routing over malformed stored documents: the lead entry, the card's name, a queue item and
 * a webhook's secret are decoded with their schemas, so a field that is not what it should be is
 * left out of the payload or sends nothing, and a well-formed lead goes out as before. The routing
 * end to end: tests/integration/lead-webhooks.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import type { DocData } from '@/backend/port';
import type { LeadRoutingDeps } from '@/services/lead-routing/lead-routing';
import type { WebhookRequest } from '@/services/lead-routing/post-webhook';
import {
  attemptDelivery,
  routeNewLead,
  sweepDueDeliveries,
  WEBHOOK_QUEUE,
  WEBHOOK_SECRETS,
} from '@/services/lead-routing/lead-routing';

const NOW = new Date('2026-11-23T12:00:00Z');
const AT = new Date('2026-11-23T11:00:00Z');
const ENTRY = 'analytics/card1/entries/lead1';
const LEAD = {
  cardId: 'card1',
  accountId: 'acme',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  createdAt: AT,
  consent: { text: 'You may contact me.', given: true, at: AT },
};

function setup(card: DocData = { name: 'Sales card', accountId: 'acme' }) {
  const db = createMemoryServerDb({ now: () => NOW });
  db.seed('accounts/acme', { id: 'acme', ownerId: 'own', isActive: true });
  db.seed('cards/card1', card);
  db.seed('accounts/acme/webhooks/hook1', {
    url: 'http://127.0.0.1:9/hook',
    format: 'plain',
    active: true,
    setUpBy: 'own',
  });
  db.seed(`${WEBHOOK_SECRETS}/hook1`, { accountId: 'acme', secret: 'whsec_test' });
  const sent: WebhookRequest[] = [];
  const deps: { -readonly [K in keyof LeadRoutingDeps]: LeadRoutingDeps[K] } = {
    db,
    now: () => NOW,
    policy: { allowLoopbackHttp: true },
    resolve: async () => ['127.0.0.1'],
    post: async (request) => {
      sent.push(request);
      return { ok: true, status: 200 };
    },
  };
  const route = (lead: DocData) => routeNewLead(deps, { path: ENTRY, before: null, after: lead });
  const bodies = () => sent.map((request) => JSON.parse(request.body) as Record<string, unknown>);
  return { db, deps, route, bodies };
}

describe('lead routing over malformed stored documents', () => {
  it('sends a well-formed lead with its fields, its consent and the card’s name', async () => {
    const { route, bodies } = setup();
    expect(await route(LEAD)).toEqual(['card1_lead1_hook1']);
    expect(bodies()).toEqual([
      expect.objectContaining({
        createdAt: AT.toISOString(),
        accountId: 'acme',
        card: { id: 'card1', name: 'Sales card' },
        lead: { name: 'Ada Lovelace', email: 'ada@example.com' },
        consent: { text: 'You may contact me.', given: true, at: AT.toISOString() },
      }),
    ]);
  });

  it('leaves out the fields that are not text, and dates that are not dates read as now', async () => {
    const { route, bodies } = setup({ name: ['Sales'], accountId: 'acme' });
    await route({
      ...LEAD,
      name: 42,
      phone: { number: '1' },
      createdAt: '2026-11-23',
      consent: { text: 'You may contact me.', given: 'yes', at: 'today' },
    });
    expect(bodies()).toEqual([
      expect.objectContaining({
        createdAt: NOW.toISOString(),
        card: { id: 'card1', name: '' },
        lead: { email: 'ada@example.com' },
        consent: { text: 'You may contact me.', given: false, at: NOW.toISOString() },
      }),
    ]);
  });

  it('sends a consent without its wording as none', async () => {
    const { route, bodies } = setup();
    await route({ ...LEAD, consent: { text: 5, given: true } });
    expect(bodies()[0]).toMatchObject({ consent: null });
  });

  it('routes a lead whose account id is not text nowhere', async () => {
    for (const accountId of [42, ['acme'], null, '']) {
      const { route, bodies } = setup();
      expect(await route({ ...LEAD, accountId })).toEqual([]);
      expect(bodies()).toEqual([]);
    }
  });

  it('sends nothing for a queue item whose account id is not text, and a due one whose time is not a date', async () => {
    const { db, deps, route, bodies } = setup();
    // The first attempt fails: the delivery waits in the queue for the sweep.
    const post = deps.post;
    deps.post = async () => ({ ok: false, status: 500, error: 'Server error' });
    await route(LEAD);
    deps.post = post;
    const queued = `${WEBHOOK_QUEUE}/card1_lead1_hook1`;
    db.seed(queued, { accountId: 7, nextAttemptAt: AT, leaseUntil: null });
    expect(await sweepDueDeliveries(deps)).toBe(0);
    db.seed(queued, { accountId: 'acme', nextAttemptAt: AT, leaseUntil: 'soon' });
    expect(await sweepDueDeliveries(deps)).toBe(1);
    expect(bodies()).toHaveLength(1);
  });

  it('sends a delivery whose due time is not a date, and none due later', async () => {
    const { db, deps, route } = setup();
    deps.post = async () => ({ ok: false, status: 500, error: 'Server error' });
    await route(LEAD);
    const queued = `${WEBHOOK_QUEUE}/card1_lead1_hook1`;
    db.seed(queued, { accountId: 'acme', nextAttemptAt: new Date(NOW.getTime() + 60_000) });
    expect(await attemptDelivery(deps, 'acme', 'card1_lead1_hook1')).toBeNull();
    db.seed(queued, { accountId: 'acme', nextAttemptAt: 'later' });
    expect(await attemptDelivery(deps, 'acme', 'card1_lead1_hook1')).toMatchObject({
      status: 'retrying',
    });
  });

  it('gives a delivery up as deleted when the webhook’s secret is not text', async () => {
    for (const secret of [42, '', null]) {
      const { db, route, bodies } = setup();
      db.seed(`${WEBHOOK_SECRETS}/hook1`, { accountId: 'acme', secret });
      await route(LEAD);
      expect(bodies()).toEqual([]);
      expect(
        (await db.get('accounts/acme/webhookDeliveries/card1_lead1_hook1')).data,
      ).toMatchObject({ status: 'gave-up', lastError: 'The webhook was deleted.' });
    }
  });
});
