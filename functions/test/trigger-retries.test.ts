/**
 * Firestore delivers each event at least once, and every trigger deploys with retries on: each
 * trigger of the table (src/services/hosted.ts) gets its event twice, and a delivery that fails at
 * each of its commits (before it, or just after it) followed by the retry of the same event; the
 * state must be the state after one clean delivery, and no mail or webhook goes out twice. The
 * events go through the deployed wiring (firebase-functions-test, with the event's id), over an
 * in-memory database on a fixed clock, so that two runs can be compared document by document.
 */
import functionsTest from 'firebase-functions-test';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryServerDb, type MemoryServerDb } from '@/backend/memory/memory-server-db';
import type { DocData } from '@/backend/port';
import type { ServerDb, ServerTransaction } from '@/backend/server-port';
import { DocumentRef } from 'firestore-engine/value-types';
import { HOSTED_TRIGGERS, type TriggerName } from '@/services/hosted';
import { hashInviteToken } from '@/services/invites/token';
import type { WebhookRequest } from '@/services/lead-routing/post-webhook';
import { readFunctionsConfig } from '../src/config';
import { createFunctions } from '../src/functions';

const t = functionsTest({ projectId: 'demo-cardbuilder' });
afterAll(() => t.cleanup());

const NOW = new Date('2026-11-23T12:00:00Z');
let clock = NOW.getTime();
let db: ServerDb = createMemoryServerDb();
let sent: WebhookRequest[] = [];
const fns = createFunctions({
  db: () => db,
  config: () =>
    readFunctionsConfig({
      GCLOUD_PROJECT: 'demo-cardbuilder',
      APP_ORIGIN: 'https://app.example.test',
    }),
  now: () => new Date(clock),
  leadRouting: {
    post: async (request) => {
      sent.push(request);
      return { ok: true, status: 200 };
    },
  },
});

function freshDb(): MemoryServerDb {
  clock = NOW.getTime();
  sent = [];
  const memory = createMemoryServerDb({ now: () => new Date(clock) });
  db = memory;
  return memory;
}

// ------------------------------------------------------------------ events

type Doc = Record<string, unknown>;

function snap(data: Doc | null, path: string) {
  return t.firestore.makeDocumentSnapshot(data ?? {}, path);
}

/** A `written` event (null: missing before or after). */
function written(id: string, path: string, before: Doc | null, after: Doc | null, params: Doc) {
  return { id, data: t.makeChange(snap(before, path), snap(after, path)), params };
}

/** A `created` event. */
function created(id: string, path: string, after: Doc, params: Doc) {
  return { id, data: snap(after, path), params };
}

async function deliver(name: TriggerName, event: object): Promise<void> {
  await t.wrap(fns[name] as never)(event as never);
}

// ------------------------------------------------------------------ failures

type When = 'before' | 'after';

/**
 * The database, failing at its `failAt`-th commit (a batch, or a transaction that writes):
 * `before` the commit (nothing of it is stored) or just `after` it (stored, then the function
 * fails, as when an instance dies before acknowledging the event). Counts the commits in `count`.
 */
function failing(
  inner: ServerDb,
  failAt: number,
  when: When,
  count: { commits: number } = { commits: 0 },
): ServerDb {
  const injected = () => new Error(`injected failure ${when} commit ${failAt}`);
  return {
    get: (path) => inner.get(path),
    query: (spec) => inner.query(spec),
    async batch(ops) {
      if (ops.length === 0) return inner.batch(ops);
      count.commits += 1;
      const fail = count.commits === failAt;
      if (fail && when === 'before') throw injected();
      await inner.batch(ops);
      if (fail) throw injected();
    },
    async runTransaction(work) {
      let failAfter = false;
      const result = await inner.runTransaction(async (tx) => {
        let writes = 0;
        const counted: ServerTransaction = {
          get: (path) => tx.get(path),
          query: (spec) => tx.query(spec),
          set: (path, data, options) => {
            writes += 1;
            tx.set(path, data, options);
          },
          update: (path, data) => {
            writes += 1;
            tx.update(path, data);
          },
          delete: (path) => {
            writes += 1;
            tx.delete(path);
          },
        };
        const out = await work(counted);
        if (writes > 0) {
          count.commits += 1;
          if (count.commits === failAt) {
            if (when === 'before') throw injected();
            failAfter = true;
          }
        }
        return out;
      });
      if (failAfter) throw injected();
      return result;
    },
  };
}

/**
 * The documents, comparable across runs: the random parts (an invitation token and its hash, in
 * the mail's link and in paths) replaced by placeholders; everything else is on the fixed clock.
 */
function normalized(memory: MemoryServerDb): Record<string, unknown> {
  const text = JSON.stringify(
    Object.entries(memory.dump()).sort(([a], [b]) => (a < b ? -1 : 1)),
    (_, value: unknown) => (value instanceof Date ? value.toISOString() : value),
  )
    .replace(/[0-9a-f]{64}/g, '<hash>')
    .replace(/invite=[A-Za-z0-9_-]{43}/g, 'invite=<token>');
  return Object.fromEntries(JSON.parse(text) as Array<[string, unknown]>);
}

// ------------------------------------------------------------------ the scenarios

const FREE = { type: 'free', isPaidAccount: false, cardLimit: 1, compCards: 0, cardsInUse: 0 };
const SUB = 'users/u1/subscriptions/sub1';
const SUB_PARAMS = { uid: 'u1', subscriptionId: 'sub1' };
const INVITE_EMAIL = 'grace@example.test';
const INVITE = `accounts/acc/invites/${INVITE_EMAIL}`;
const INVITE_PARAMS = { accountId: 'acc', email: INVITE_EMAIL };
const CREATED_AT = new Date('2026-11-23T11:00:00Z');
const JOB = 'accounts/acc/jobs/sync-t1-v1';

interface Scenario {
  readonly title: string;
  readonly trigger: TriggerName;
  seed(db: MemoryServerDb): void;
  /** The event (the same id on every delivery). */
  event(): object;
  /** What one delivery does, so that a case cannot pass by doing nothing. */
  effect(docs: Record<string, DocData>): void;
  /**
   * The failure points after which the retry of the event converges on the clean state at once
   * (default: all). Excluded ones are covered by the cases further down.
   */
  retriable?(commit: number, when: When): boolean;
}

function seedSubscription(memory: MemoryServerDb): Doc {
  memory.seed('users/u1', { email: 'ada@example.test', accountId: 'acc' });
  memory.seed('accounts/acc', { name: 'Ada Labs', ownerId: 'u1', plan: FREE });
  memory.seed('products/pro', {
    name: 'Growth',
    stripe_metadata_cardLimit: '10',
    stripe_metadata_planType: 'growth',
  });
  const sub = {
    status: 'active',
    product: new DocumentRef('products/pro'),
    price: new DocumentRef('products/pro/prices/month'),
    prices: [new DocumentRef('products/pro/prices/month')],
    created: new Date('2026-11-01T00:00:00Z'),
    current_period_start: new Date('2026-11-01T00:00:00Z'),
    current_period_end: new Date('2026-12-01T00:00:00Z'),
    metadata: { accountId: 'acc' },
  };
  memory.seed(SUB, sub);
  return sub;
}

const CARD = { id: 'c1', accountId: 'acc', teamId: 't1', isArchived: false, name: 'Ada' };
const MOVED = { ...CARD, teamId: 't2' };
const pendingInvite = {
  email: INVITE_EMAIL,
  invitedBy: 'u1',
  status: 'pending',
  role: 'editor',
  dateCreated: CREATED_AT,
};
const OLD_HASH = hashInviteToken('O'.repeat(43));
const sentInvite = {
  ...pendingInvite,
  tokenHash: OLD_HASH,
  expiresAt: new Date('2026-11-30T11:00:00Z'),
  sentAt: CREATED_AT,
  mailRequest: `created-${CREATED_AT.getTime()}`,
};
const resentInvite = { ...sentInvite, resendAt: new Date('2026-11-23T11:30:00Z') };
const LEAD = 'analytics/c1/entries/lead1';
const lead = { accountId: 'acc', cardId: 'c1', name: 'Lea', email: 'lea@example.test' };
const teamSyncJob = { kind: 'teamSync', state: 'queued', teamId: 't1', version: 1 };

function seedTeamSync(memory: MemoryServerDb): void {
  memory.seed('accounts/acc', { name: 'Acme', ownerId: 'u1', plan: FREE });
  memory.seed('accounts/acc/teams/t1', {
    name: 'Sales',
    accountId: 'acc',
    links: [{ id: 'web', name: 'Website', label: 'Website', value: 'https://acme.example' }],
    syncVersion: 1,
    syncScope: { links: true, branding: false },
  });
  memory.seed('cards/c1', { id: 'c1', accountId: 'acc', teamId: 't1', contacts: [] });
  memory.seed('cards/c2', { id: 'c2', accountId: 'acc', teamId: 't1', contacts: [] });
  memory.seed(JOB, teamSyncJob);
}

const mails = (docs: Record<string, DocData>) =>
  Object.keys(docs).filter((path) => path.startsWith('mail/'));

const scenarios: Scenario[] = [
  {
    title: 'planSync: a new active subscription',
    trigger: 'planSync',
    seed: seedSubscription,
    event: () => written('ev-plan', SUB, null, { status: 'active' }, SUB_PARAMS),
    effect: (docs) => {
      expect(docs['accounts/acc']?.plan).toMatchObject({ type: 'growth', cardLimit: 10 });
    },
  },
  {
    title: 'countCardsInUse: a new card in a team',
    trigger: 'countCardsInUse',
    seed: (memory) => {
      memory.seed('accounts/acc', { ownerId: 'u1', plan: FREE });
      memory.seed('cards/c1', CARD);
    },
    event: () => written('ev-card', 'cards/c1', null, CARD, { cardId: 'c1' }),
    effect: (docs) => {
      expect(docs['accounts/acc']?.plan).toMatchObject({ cardsInUse: 1 });
      expect(docs['accounts/acc/teamUsage/t1']).toMatchObject({ cards: 1, linksCoupled: 1 });
    },
  },
  {
    title: 'countCardsInUse: a card moved to another team',
    trigger: 'countCardsInUse',
    seed: (memory) => {
      memory.seed('accounts/acc', { ownerId: 'u1', plan: { ...FREE, cardsInUse: 1 } });
      memory.seed('accounts/acc/teamUsage/t1', {
        cards: 3,
        linksCoupled: 3,
        brandingCoupled: 3,
        accountId: 'acc',
        teamId: 't1',
      });
      memory.seed('cards/c1', MOVED);
    },
    event: () => written('ev-move', 'cards/c1', CARD, MOVED, { cardId: 'c1' }),
    effect: (docs) => {
      expect(docs['accounts/acc/teamUsage/t1']).toMatchObject({ cards: 2 });
      expect(docs['accounts/acc/teamUsage/t2']).toMatchObject({ cards: 1 });
    },
  },
  {
    title: 'countCardsInUse: a card archived',
    trigger: 'countCardsInUse',
    seed: (memory) => {
      memory.seed('accounts/acc', { ownerId: 'u1', plan: { ...FREE, cardsInUse: 2 } });
      memory.seed('accounts/acc/usage/cards', { inUse: 2 });
      memory.seed('cards/c1', { ...CARD, isArchived: true });
    },
    event: () =>
      written('ev-archive', 'cards/c1', CARD, { ...CARD, isArchived: true }, { cardId: 'c1' }),
    effect: (docs) => {
      expect(docs['accounts/acc']?.plan).toMatchObject({ cardsInUse: 1 });
      expect(docs['accounts/acc/usage/cards']).toMatchObject({ inUse: 1 });
      expect(docs['accounts/acc/teamUsage/t1']).toMatchObject({ cards: 0 });
    },
  },
  {
    title: 'updateWalletPasses: a card with a saved Apple pass edited',
    trigger: 'updateWalletPasses',
    seed: (memory) => {
      memory.seed('cards/c1', { ...CARD, name: 'Ada King' });
      memory.seed('walletPasses/c1', {
        serialNumber: 'c1',
        cardId: 'c1',
        accountId: 'acc',
        authenticationToken: 'token-0123456789abcdef',
        updatedAt: new Date('2026-11-01T00:00:00Z'),
      });
    },
    event: () =>
      written('ev-pass', 'cards/c1', CARD, { ...CARD, name: 'Ada King' }, { cardId: 'c1' }),
    effect: (docs) => {
      // Marked updated at the event's time (no APNs configured here: no push).
      expect(docs['walletPasses/c1']?.updatedAt).toEqual(NOW);
    },
  },
  {
    title: 'sendInviteMail: a new invitation',
    trigger: 'sendInviteMail',
    seed: (memory) => {
      memory.seed('accounts/acc', { name: 'Acme', ownerId: 'u1', plan: FREE });
      memory.seed(INVITE, pendingInvite);
    },
    event: () => written('ev-invite', INVITE, null, pendingInvite, INVITE_PARAMS),
    effect: (docs) => {
      expect(mails(docs)).toHaveLength(1);
      const hash = docs[INVITE]?.tokenHash;
      expect(typeof hash).toBe('string');
      expect(docs[`invite_tokens/${String(hash)}`]).toBeDefined();
    },
  },
  {
    title: 'sendInviteMail: the owner asks for the e-mail again',
    trigger: 'sendInviteMail',
    seed: (memory) => {
      memory.seed('accounts/acc', { name: 'Acme', ownerId: 'u1', plan: FREE });
      memory.seed(`invite_tokens/${OLD_HASH}`, { accountId: 'acc', email: INVITE_EMAIL });
      memory.seed(INVITE, resentInvite);
    },
    event: () => written('ev-resend', INVITE, sentInvite, resentInvite, INVITE_PARAMS),
    effect: (docs) => {
      expect(mails(docs)).toHaveLength(1);
      expect(docs[`invite_tokens/${OLD_HASH}`]).toBeUndefined();
      expect(docs[INVITE]?.tokenHash).not.toBe(OLD_HASH);
    },
  },
  {
    title: 'clearRemovedAccess: the owner removes a card editor',
    trigger: 'clearRemovedAccess',
    seed: (memory) => {
      memory.seed('accounts/acc', { name: 'Acme', ownerId: 'u1', editors: [], plan: FREE });
      memory.seed('users/u2', { email: 'ed@example.test', accountId: 'acc', teams: ['t1'] });
    },
    event: () =>
      written(
        'ev-remove',
        'accounts/acc',
        { name: 'Acme', ownerId: 'u1', editors: ['u2'], plan: FREE },
        { name: 'Acme', ownerId: 'u1', editors: [], plan: FREE },
        { accountId: 'acc' },
      ),
    effect: (docs) => {
      expect(docs['users/u2']).toEqual({ email: 'ed@example.test' });
    },
  },
  {
    title: 'clearRemovedAccess: a collaborator accepts the account’s ownership',
    trigger: 'clearRemovedAccess',
    seed: (memory) => {
      memory.seed('accounts/acc', {
        name: 'Acme',
        ownerId: 'u2',
        collaborators: ['u1'],
        plan: FREE,
      });
      memory.seed('users/u1', { accountId: 'acc', isAccountOwner: true });
      memory.seed('users/u2', { accountId: 'acc', isAccountOwner: false });
    },
    event: () =>
      written(
        'ev-handover',
        'accounts/acc',
        { name: 'Acme', ownerId: 'u1', collaborators: ['u2'], plan: FREE },
        { name: 'Acme', ownerId: 'u2', collaborators: ['u1'], plan: FREE },
        { accountId: 'acc' },
      ),
    effect: (docs) => {
      expect(docs['users/u1']).toEqual({ accountId: 'acc', isAccountOwner: false });
      expect(docs['users/u2']).toEqual({ accountId: 'acc', isAccountOwner: true });
    },
  },
  {
    title: 'welcomeMail: a new account',
    trigger: 'welcomeMail',
    seed: (memory) => {
      memory.seed('users/u1', { email: 'ada@example.test', accountId: 'acc' });
      memory.seed('accounts/acc', { name: 'Ada Labs', ownerId: 'u1', plan: FREE });
    },
    event: () =>
      created(
        'ev-welcome',
        'accounts/acc',
        { name: 'Ada Labs', ownerId: 'u1', plan: FREE },
        {
          accountId: 'acc',
        },
      ),
    effect: (docs) => expect(mails(docs)).toEqual(['mail/welcome-acc']),
  },
  {
    title: 'billingMail: a subscription started',
    trigger: 'billingMail',
    seed: seedSubscription,
    event: () =>
      written(
        'ev-billing',
        SUB,
        null,
        {
          status: 'active',
          product: 'products/pro',
          current_period_start: new Date('2026-11-01T00:00:00Z'),
          current_period_end: new Date('2026-12-01T00:00:00Z'),
        },
        SUB_PARAMS,
      ),
    effect: (docs) => expect(mails(docs)).toEqual(['mail/billing-u1-sub1-started']),
  },
  {
    title: 'routeLeadToWebhooks: a new lead',
    trigger: 'routeLeadToWebhooks',
    seed: (memory) => {
      memory.seed('accounts/acc', { ownerId: 'u1', plan: FREE });
      memory.seed('cards/c1', { name: 'Sales card', accountId: 'acc' });
      memory.seed('accounts/acc/webhooks/w1', {
        url: 'https://hooks.example.test/in',
        format: 'plain',
        active: true,
      });
      memory.seed('webhook_secrets/w1', { accountId: 'acc', secret: 'whsec_test' });
      memory.seed(LEAD, lead);
    },
    event: () => created('ev-lead', LEAD, lead, { cardId: 'c1', entryId: 'lead1' }),
    effect: (docs) => {
      expect(sent).toHaveLength(1);
      expect(docs['accounts/acc/webhookDeliveries/c1_lead1_w1']).toMatchObject({
        status: 'delivered',
        attempts: 1,
      });
    },
    // Commit 1 makes the delivery; commits 2 and 3 claim it and record the send (cases below).
    retriable: (commit) => commit === 1,
  },
  {
    title: 'runJobs: a queued team sync',
    trigger: 'runJobs',
    seed: seedTeamSync,
    event: () =>
      written('ev-job', JOB, null, teamSyncJob, { accountId: 'acc', jobId: 'sync-t1-v1' }),
    effect: (docs) => {
      expect(docs[JOB]).toMatchObject({ state: 'done', done: 2, written: 2, runs: 1 });
      expect(docs['accounts/acc/teams/t1']?.syncedVersion).toBe(1);
    },
    // A run records its own failures on the job (resumed from its cursor), and a run lost after
    // its claim is queued again by the lease sweep (case below): only a failed claim is retried.
    retriable: (commit, when) => commit === 1 && when === 'before',
  },
];

describe('every trigger of the table has a case here', () => {
  it('covers each trigger', () => {
    const covered = new Set(scenarios.map((scenario) => scenario.trigger));
    expect([...covered].sort()).toEqual(Object.keys(HOSTED_TRIGGERS).sort());
  });
});

describe.each(scenarios)('$title', (scenario) => {
  it('a second delivery of the event changes nothing and sends nothing again', async () => {
    const memory = freshDb();
    scenario.seed(memory);
    await deliver(scenario.trigger, scenario.event());
    const once = memory.dump();
    const sentOnce = sent.length;
    scenario.effect(once);
    await deliver(scenario.trigger, scenario.event());
    expect(memory.dump()).toEqual(once);
    expect(sent.length).toBe(sentOnce);
  });

  it('a delivery that fails at any commit, then its retry, ends as one clean delivery', async () => {
    const clean = freshDb();
    scenario.seed(clean);
    const count = { commits: 0 };
    db = failing(clean, Number.POSITIVE_INFINITY, 'before', count);
    await deliver(scenario.trigger, scenario.event());
    const expected = normalized(clean);
    const expectedSent = sent.length;
    expect(count.commits).toBeGreaterThan(0);

    let tried = 0;
    for (let commit = 1; commit <= count.commits; commit++) {
      for (const when of ['before', 'after'] as const) {
        if (scenario.retriable && !scenario.retriable(commit, when)) continue;
        tried += 1;
        const memory = freshDb();
        scenario.seed(memory);
        db = failing(memory, commit, when);
        await expect(deliver(scenario.trigger, scenario.event())).rejects.toThrow(/injected/);
        db = memory;
        await deliver(scenario.trigger, scenario.event());
        expect(normalized(memory), `failed ${when} commit ${commit}`).toEqual(expected);
        expect(sent.length, `sends after a failure ${when} commit ${commit}`).toBe(expectedSent);
        // And one more delivery still changes nothing.
        await deliver(scenario.trigger, scenario.event());
        expect(normalized(memory)).toEqual(expected);
      }
    }
    expect(tried).toBeGreaterThan(0);
  });
});

describe('the failures a retry cannot undo at once', () => {
  it('sendInviteMail: a late event of an older request leaves the newer link alone', async () => {
    const memory = freshDb();
    memory.seed('accounts/acc', { name: 'Acme', ownerId: 'u1', plan: FREE });
    memory.seed(INVITE, pendingInvite);
    await deliver('sendInviteMail', written('ev-1', INVITE, null, pendingInvite, INVITE_PARAMS));
    const first = memory.dump()[INVITE] ?? {};
    // The owner asks again; that event is handled, then the first one arrives once more.
    const resend = { ...first, resendAt: new Date('2026-11-23T11:30:00Z') };
    await memory.batch([{ kind: 'update', path: INVITE, data: { resendAt: resend.resendAt } }]);
    await deliver('sendInviteMail', written('ev-2', INVITE, first, resend, INVITE_PARAMS));
    const after = memory.dump();
    expect(mails(after)).toHaveLength(2);
    await deliver('sendInviteMail', written('ev-1', INVITE, null, pendingInvite, INVITE_PARAMS));
    expect(memory.dump()).toEqual(after);
  });

  it('routeLeadToWebhooks: a run lost after claiming a delivery leaves it to the sweep, which sends it once', async () => {
    for (const [commit, when] of [
      [2, 'after'],
      [3, 'before'],
    ] as const) {
      const memory = freshDb();
      scenarios.find((s) => s.trigger === 'routeLeadToWebhooks')?.seed(memory);
      const event = created('ev-lead', LEAD, lead, { cardId: 'c1', entryId: 'lead1' });
      db = failing(memory, commit, when);
      await expect(deliver('routeLeadToWebhooks', event)).rejects.toThrow(/injected/);
      const sentBefore = sent.length;
      db = memory;
      // The retry finds the delivery claimed: nothing is sent twice at once.
      await deliver('routeLeadToWebhooks', event);
      expect(sent.length).toBe(sentBefore);
      // Once the claim lapses, the scheduled retry sends it; a failure between the send and its
      // record (commit 3) makes that a second send of the same delivery id, which receivers
      // drop (docs/lead-webhooks.md: X-Cardbuilder-Delivery).
      clock += 61_000;
      await fns.retryLeadWebhooks.run({ scheduleTime: new Date(clock).toISOString() } as never);
      const delivery = memory.dump()['accounts/acc/webhookDeliveries/c1_lead1_w1'];
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
      expect(sent.length).toBe(when === 'before' ? 2 : 1);
      expect(new Set(sent.map((r) => r.headers['X-Cardbuilder-Delivery']))).toEqual(
        new Set(['c1_lead1_w1']),
      );
      await deliver('routeLeadToWebhooks', event);
      expect(sent.length).toBe(when === 'before' ? 2 : 1);
    }
  });

  it('runJobs: a run lost after its claim is queued again by the sweep and done once', async () => {
    const memory = freshDb();
    seedTeamSync(memory);
    const event = written('ev-job', JOB, null, teamSyncJob, {
      accountId: 'acc',
      jobId: 'sync-t1-v1',
    });
    db = failing(memory, 1, 'after');
    await expect(deliver('runJobs', event)).rejects.toThrow(/injected/);
    db = memory;
    await deliver('runJobs', event); // the retry finds the job claimed
    expect(memory.dump()[JOB]).toMatchObject({ state: 'running', runs: 1 });
    clock += 4 * 60_000; // past the lease
    await fns.sweepJobs.run({ scheduleTime: new Date(clock).toISOString() } as never);
    const queued = memory.dump()[JOB] ?? {};
    expect(queued.state).toBe('queued');
    await deliver(
      'runJobs',
      written('ev-requeued', JOB, { ...queued, state: 'running' }, queued, {
        accountId: 'acc',
        jobId: 'sync-t1-v1',
      }),
    );
    expect(memory.dump()[JOB]).toMatchObject({ state: 'done', done: 2, written: 2, runs: 2 });
    await deliver('runJobs', event);
    expect(memory.dump()[JOB]).toMatchObject({ state: 'done', runs: 2 });
  });
});
