/**
 * Access cases of lead routing (docs/lead-webhooks.md): webhooks, their secrets, deliveries and
 * the retry queue, and the lead form's consent.
 */
import type { DocData } from '@/backend/port';
import { type AccessCase, OLD, type Row, ST, c, del, get, query, set, update } from './shared';

/** Account A's webhook, its secret (server only), a delivery of it and the retry queue's entry. */
export function leadRoutingFixture(): Array<[string, DocData]> {
  return [
    [
      'accounts/acc-a/webhooks/wh-a1',
      {
        url: 'https://hooks.example.test/leads',
        format: 'plain',
        active: true,
        secretHint: 'whsec_…abcd',
        createdAt: OLD,
        updatedAt: OLD,
      },
    ],
    ['webhook_secrets/wh-a1', { accountId: 'acc-a', secret: 'whsec_fixture-secret-abcd' }],
    [
      'accounts/acc-a/webhookDeliveries/d-a1',
      {
        webhookId: 'wh-a1',
        event: 'lead.created',
        status: 'retrying',
        attempts: 1,
        lastStatusCode: 500,
        lastError: 'Answered 500.',
        nextAttemptAt: OLD,
        createdAt: OLD,
        log: [],
      },
    ],
    ['lead_webhook_queue/d-a1', { accountId: 'acc-a', nextAttemptAt: OLD, leaseUntil: null }],
  ];
}

export const LEAD_ROUTING_MATRIX: Row[] = [
  {
    what: 'get a webhook of account A',
    op: () => get('accounts/acc-a/webhooks/wh-a1'),
    allow: ['owner'],
  },
  {
    what: 'list the webhooks of account A',
    op: () => query({ collection: 'accounts/acc-a/webhooks', limit: 10 }),
    allow: ['owner'],
  },
  {
    what: 'create a webhook of account A without the callable',
    op: () =>
      set('accounts/acc-a/webhooks/wh-new', {
        url: 'http://169.254.169.254/latest/meta-data',
        format: 'plain',
        active: true,
      }),
    allow: [],
  },
  {
    what: "change a webhook's address without the callable",
    op: () => update('accounts/acc-a/webhooks/wh-a1', { url: 'http://10.0.0.1/' }),
    allow: [],
  },
  { what: 'delete a webhook directly', op: () => del('accounts/acc-a/webhooks/wh-a1'), allow: [] },
  { what: 'read a webhook secret', op: () => get('webhook_secrets/wh-a1'), allow: [] },
  {
    what: 'list webhook secrets',
    op: () => query({ collection: 'webhook_secrets', limit: 10 }),
    allow: [],
  },
  {
    what: 'write a webhook secret',
    op: () => set('webhook_secrets/wh-a1', { accountId: 'acc-a', secret: 'mine' }),
    allow: [],
  },
  {
    what: 'get a webhook delivery of account A',
    op: () => get('accounts/acc-a/webhookDeliveries/d-a1'),
    allow: ['owner'],
  },
  {
    what: 'list the webhook delivery log of account A',
    op: () =>
      query({
        collection: 'accounts/acc-a/webhookDeliveries',
        orderBy: [{ field: 'createdAt', direction: 'desc' }],
        limit: 50,
      }),
    allow: ['owner'],
  },
  {
    what: 'write a webhook delivery log entry',
    op: () =>
      set('accounts/acc-a/webhookDeliveries/d-new', {
        webhookId: 'wh-a1',
        status: 'delivered',
        lastStatusCode: 200,
      }),
    allow: [],
  },
  {
    what: 'mark a webhook delivery delivered',
    op: () => update('accounts/acc-a/webhookDeliveries/d-a1', { status: 'delivered' }),
    allow: [],
  },
  { what: 'read the retry queue', op: () => get('lead_webhook_queue/d-a1'), allow: [] },
  {
    what: 'move a retry forward',
    op: () => update('lead_webhook_queue/d-a1', { nextAttemptAt: new Date() }),
    allow: [],
  },
];

export const LEAD_ROUTING_ATTACKS: AccessCase[] = [
  c("otherOwner reads account A's webhook (its address)", 'otherOwner', false, () =>
    get('accounts/acc-a/webhooks/wh-a1'),
  ),
  c("collaborator lists account A's delivery log", 'collaborator', false, () =>
    query({ collection: 'accounts/acc-a/webhookDeliveries', limit: 50 }),
  ),
  c('owner forges a lead with consent given', 'owner', false, () =>
    set('analytics/card-a1/entries/e-forged', {
      cardId: 'card-a1',
      accountId: 'acc-a',
      email: 'someone@example.test',
      consent: { text: 'I agree', given: true, at: ST },
      createdAt: ST,
    }),
  ),
  c('a visitor forges a lead with consent given', 'visitor', false, () =>
    set('analytics/card-a1/entries/e-forged', {
      cardId: 'card-a1',
      accountId: 'acc-a',
      consent: { text: 'I agree', given: true, at: ST },
      createdAt: ST,
    }),
  ),
  c("owner rewrites a stored lead's consent", 'owner', false, () =>
    update('analytics/card-a1/entries/e1', {
      consent: { text: 'I agree to everything', given: true, at: ST },
    }),
  ),
  c("owner sets the consent wording of account A's card", 'owner', true, () =>
    update('cards/card-a1', {
      appForm: { enabled: true, consentText: 'Acme may contact me about its products.' },
    }),
  ),
  c("collaborator sets the consent wording of account A's card", 'collaborator', true, () =>
    update('cards/card-a1', { appForm: { enabled: true, consentText: 'You may contact me.' } }),
  ),
  c("otherOwner sets the consent wording of account A's card", 'otherOwner', false, () =>
    update('cards/card-a1', { appForm: { enabled: true, consentText: 'Anything goes.' } }),
  ),
];
