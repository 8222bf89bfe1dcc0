/**
 * Access cases of the Stripe extension's documents: checkout sessions, subscriptions, products
 * and prices, and trials.
 */
import {
  type AccessCase,
  EVERYONE,
  type Row,
  c,
  checkout,
  del,
  eq,
  get,
  query,
  set,
  update,
} from './shared';

export const BILLING_MATRIX: Row[] = [
  // checkout sessions (Stripe extension)
  {
    what: "get the owner's checkout session",
    op: (e) => get(`users/${e.ids.uid.owner}/checkout_sessions/cs1`),
    allow: ['owner', 'superAdmin'],
  },
  {
    what: "list the owner's checkout sessions",
    op: (e) => query({ collection: `users/${e.ids.uid.owner}/checkout_sessions` }),
    allow: ['owner', 'superAdmin'],
  },
  {
    what: 'create a checkout session for account A',
    op: (e) => checkout(e),
    allow: ['owner'],
  },
  {
    what: "edit a checkout session's url",
    op: (e) =>
      update(`users/${e.ids.uid.owner}/checkout_sessions/cs1`, { url: 'https://evil.test/pay' }),
    allow: [],
  },
  {
    what: 'delete a checkout session',
    op: (e) => del(`users/${e.ids.uid.owner}/checkout_sessions/cs1`),
    allow: [],
  },

  // subscriptions (Stripe extension)
  {
    what: "get the owner's subscription",
    op: (e) => get(`users/${e.ids.uid.owner}/subscriptions/sub-a`),
    allow: ['owner', 'superAdmin'],
  },
  {
    what: "list the owner's subscriptions",
    op: (e) => query({ collection: `users/${e.ids.uid.owner}/subscriptions` }),
    allow: ['owner', 'superAdmin'],
  },
  {
    what: 'create own subscription',
    op: (e) =>
      set(`users/${e.me}/subscriptions/sub-new`, {
        status: 'active',
        metadata: { accountId: 'acc-a' },
      }),
    allow: [],
  },
  {
    what: "update the owner's subscription",
    op: (e) => update(`users/${e.ids.uid.owner}/subscriptions/sub-a`, { status: 'trialing' }),
    allow: [],
  },

  // products and prices (public)
  { what: 'get a product', op: () => get('products/prod-growth'), allow: EVERYONE },
  {
    what: 'list active products',
    op: () => query({ collection: 'products', where: [eq('active', true)] }),
    allow: EVERYONE,
  },
  {
    what: "list a product's prices",
    op: () => query({ collection: 'products/prod-growth/prices', where: [eq('active', true)] }),
    allow: EVERYONE,
  },
  {
    what: 'create a product',
    op: () =>
      set('products/prod-free', {
        active: true,
        name: 'Free lunch',
        stripe_metadata_cardLimit: '1000',
      }),
    allow: [],
  },
  {
    what: 'update a price',
    op: () => update('products/prod-growth/prices/price-growth-monthly', { unit_amount: 1 }),
    allow: [],
  },
  { what: 'delete a product', op: () => del('products/prod-growth'), allow: [] },
];

export const BILLING_ATTACKS: AccessCase[] = [
  // checkout and subscriptions
  c("otherOwner reads the owner's subscriptions", 'otherOwner', false, (e) =>
    query({ collection: `users/${e.ids.uid.owner}/subscriptions` }),
  ),
  c("collaborator reads the owner's subscription", 'collaborator', false, (e) =>
    get(`users/${e.ids.uid.owner}/subscriptions/sub-a`),
  ),
  c('owner writes own subscription', 'owner', false, (e) =>
    set(`users/${e.me}/subscriptions/sub-forged`, {
      status: 'active',
      metadata: { accountId: 'acc-a' },
    }),
  ),
  c(
    'owner creates a checkout session whose success url carries a line break',
    'owner',
    false,
    (e) => checkout(e, { success_url: 'https://acme.example/ok\nX' }),
  ),
  c('owner creates a checkout session with its url filled in', 'owner', false, (e) =>
    checkout(e, { url: 'https://evil.test/pay' }),
  ),
  c('owner creates a checkout session with a year-long trial', 'owner', false, (e) =>
    checkout(e, { trial_period_days: 365 }),
  ),
  // trials are the server's decision (one per account): a client may not ask for one
  c('owner creates a checkout session with a 14-day trial', 'owner', false, (e) =>
    checkout(e, { trial_period_days: 14 }),
  ),
  c('owner creates a checkout session with trial_from_plan', 'owner', false, (e) =>
    checkout(e, { trial_from_plan: true }),
  ),
  c('owner creates a checkout session for account B', 'owner', false, (e) =>
    checkout(e, {}, { accountId: 'acc-b' }),
  ),
  c('collaborator buys a plan for account A', 'collaborator', false, (e) => checkout(e)),
  c('otherOwner creates a checkout session for own account', 'otherOwner', true, (e) =>
    checkout(e, {}, { accountId: 'acc-b', accountName: 'Globex' }),
  ),
  c('owner creates a checkout session under another user', 'owner', false, (e) =>
    set(`users/${e.ids.uid.otherOwner}/checkout_sessions/cs-x`, {
      price: 'p',
      success_url: 'http://localhost/',
      cancel_url: 'http://localhost/',
      metadata: { accountId: 'acc-a' },
    }),
  ),
  c('owner creates a checkout session with a javascript: url', 'owner', false, (e) =>
    checkout(e, { success_url: 'javascript:alert(1)' }),
  ),
  c('owner writes the error of a checkout session', 'owner', false, (e) =>
    update(`users/${e.me}/checkout_sessions/cs1`, { error: { message: 'nope' } }),
  ),
];
