/**
 * Access cases of a deactivated account (docs/access.md, "Deactivated accounts"), each write
 * with its allowed twin in an active one.
 */
import type { DocData } from '@/backend/port';
import { ROWS, newSyncJob } from './jobs';
import {
  ACCOUNT_A_CARD_EDITORS,
  ACCOUNT_A_EDITORS,
  type AccessCase,
  type Actor,
  type Ids,
  OLD,
  PENDING_INVITE,
  type Row,
  ST,
  batch,
  c,
  card,
  checkout,
  del,
  eq,
  get,
  invite,
  job,
  newCard,
  query,
  set,
  team,
  update,
} from './shared';

/**
 * Account "Dormant" (acc-off), deactivated by the super admin, with the same people as account A
 * (owner, collaborator, card editor), so that every write refused there has its allowed twin in
 * account A (docs/access.md, "Deactivated accounts"). Its plan has room for cards and its
 * collaborator gate is open, so a refusal can only come from the deactivation.
 */
export function deactivatedAccountFixture(ids: Ids): Array<[string, DocData]> {
  const u = ids.uid;
  return [
    [
      'accounts/acc-off',
      {
        id: 'acc-off',
        name: 'Dormant',
        isActive: false,
        dateUpdated: OLD,
        directory: { slug: 'dormant' },
        plan: {
          type: 'growth',
          isPaidAccount: true,
          cardLimit: 10,
          compCards: 0,
          cardsInUse: 1,
          trialEndDate: null,
        },
        ownerId: u.owner,
        collaborators: [u.collaborator],
        editors: [u.cardEditor],
      },
    ],
    ['slugs/dormant', { accountId: 'acc-off' }],
    ['accounts/acc-off/usage/cards', { batch: ['card-off1'], inUse: 1, at: OLD }],
    ['accounts/acc-off/teams/team-off1', team('acc-off', 'Sleepers')],
    [
      'accounts/acc-off/promotions/promo-off1',
      {
        id: 'promo-off1',
        teamId: 'team-off1',
        isArchived: false,
        status: 'draft',
        isScheduled: false,
      },
    ],
    ['cards/card-off1', card('card-off1', 'acc-off', 'team-off1', u.owner, 'dozing')],
    ['handles/dozing', { cardId: 'card-off1', accountId: 'acc-off' }],
    ['accounts/acc-off/jobs/job-off-running', { ...job('running'), teamId: 'team-off1' }],
    [
      'accounts/acc-off/jobs/job-off-failed',
      { ...job('failed'), teamId: 'team-off1', error: 'The disk is full.' },
    ],
    [
      `accounts/acc-off/invites/${PENDING_INVITE}`,
      {
        email: PENDING_INVITE,
        invitedBy: u.owner,
        status: 'pending',
        role: 'collaborator',
        dateCreated: OLD,
        tokenHash: 'e'.repeat(64),
        expiresAt: new Date('2099-01-01T00:00:00Z'),
        sentAt: OLD,
      },
    ],
  ];
}

/** The documents of one account that the twin rows below act on. */
export interface Tenant {
  readonly label: string;
  readonly account: string;
  readonly slug: string;
  readonly team: string;
  readonly promotion: string;
  readonly card: string;
  readonly handle: string;
  readonly runningJob: string;
  readonly failedJob: string;
  readonly deactivated: boolean;
}

export const ACTIVE_ACCOUNT_A: Tenant = {
  label: 'active account A',
  account: 'acc-a',
  slug: 'acme',
  team: 'team-a1',
  promotion: 'promo-a1',
  card: 'card-a2',
  handle: 'grace',
  runningJob: 'job-running',
  failedJob: 'job-failed',
  deactivated: false,
};

export const DEACTIVATED_ACCOUNT: Tenant = {
  label: 'the deactivated account',
  account: 'acc-off',
  slug: 'dormant',
  team: 'team-off1',
  promotion: 'promo-off1',
  card: 'card-off1',
  handle: 'dozing',
  runningJob: 'job-off-running',
  failedJob: 'job-off-failed',
  deactivated: true,
};

/** The account's people and the super admin: whom each twin row is run as. */
export const ACCOUNT_PEOPLE: readonly Actor[] = [
  'owner',
  'collaborator',
  'cardEditor',
  'superAdmin',
];

/**
 * The same rows for an active and a deactivated account. Reads keep their roles in both (members
 * still see their account); every write keeps its roles on the active account and, on the
 * deactivated one, only the super admin's (owner-only writes: nobody's).
 */
export function deactivationTwins(t: Tenant): Row[] {
  const writers = (roles: readonly Actor[]) =>
    t.deactivated ? roles.filter((actor) => actor === 'superAdmin') : roles;
  const rows: Row[] = [
    // reads stay open to the members
    {
      what: `get ${t.label}`,
      op: () => get(`accounts/${t.account}`),
      allow: ACCOUNT_A_CARD_EDITORS,
    },
    {
      what: `list the cards of ${t.label}`,
      op: () => query({ collection: 'cards', where: [eq('accountId', t.account)], limit: 50 }),
      allow: ACCOUNT_A_CARD_EDITORS,
    },
    {
      what: `get a team of ${t.label}`,
      op: () => get(`accounts/${t.account}/teams/${t.team}`),
      allow: ACCOUNT_A_CARD_EDITORS,
    },
    {
      what: `list the jobs of ${t.label}`,
      op: () => query({ collection: `accounts/${t.account}/jobs`, limit: 20 }),
      allow: ACCOUNT_A_CARD_EDITORS,
    },
    // the account document
    {
      what: `rename ${t.label}`,
      op: () => update(`accounts/${t.account}`, { name: 'Renamed', dateUpdated: ST }),
      allow: writers(ACCOUNT_A_EDITORS),
    },
    {
      what: `move the directory of ${t.label} to a new slug`,
      op: () =>
        batch(
          {
            kind: 'update',
            path: `accounts/${t.account}`,
            data: { directory: { slug: 'moved-on' } },
          },
          { kind: 'set', path: 'slugs/moved-on', data: { accountId: t.account } },
          { kind: 'delete', path: `slugs/${t.slug}` },
        ),
      allow: writers(ACCOUNT_A_EDITORS),
    },
    {
      what: `remove the collaborator from ${t.label}`,
      op: () => update(`accounts/${t.account}`, { collaborators: [] }),
      allow: t.deactivated ? [] : ['owner', 'collaborator'],
    },
    {
      what: `remove the card editor from ${t.label}`,
      op: () => update(`accounts/${t.account}`, { editors: [] }),
      allow: t.deactivated ? [] : ['owner', 'cardEditor'],
    },
    // cards and handle claims
    {
      what: `create a card in ${t.label}`,
      op: (e) => newCard(e, { accountId: t.account, teamId: t.team }),
      allow: writers(ACCOUNT_A_CARD_EDITORS),
    },
    {
      what: `update a card of ${t.label}`,
      op: () => update(`cards/${t.card}`, { title: 'New title', dateUpdated: ST }),
      allow: writers(ACCOUNT_A_CARD_EDITORS),
    },
    {
      what: `change the handle of a card of ${t.label}`,
      op: () =>
        batch(
          { kind: 'update', path: `cards/${t.card}`, data: { handle: 'fresh-handle' } },
          {
            kind: 'set',
            path: 'handles/fresh-handle',
            data: { cardId: t.card, accountId: t.account },
          },
          { kind: 'delete', path: `handles/${t.handle}` },
        ),
      allow: writers(ACCOUNT_A_CARD_EDITORS),
    },
    {
      what: `archive a card of ${t.label}, releasing its handle`,
      op: () =>
        batch(
          { kind: 'update', path: `cards/${t.card}`, data: { isArchived: true } },
          { kind: 'delete', path: `handles/${t.handle}` },
        ),
      allow: writers(ACCOUNT_A_CARD_EDITORS),
    },
    {
      what: `delete a card of ${t.label} with its handle claim`,
      op: () =>
        batch(
          { kind: 'delete', path: `cards/${t.card}` },
          { kind: 'delete', path: `handles/${t.handle}` },
        ),
      allow: writers(ACCOUNT_A_CARD_EDITORS),
    },
    // teams and promotions
    {
      what: `create a team in ${t.label}`,
      op: () => set(`accounts/${t.account}/teams/team-new`, team(t.account, 'New team')),
      allow: writers(ACCOUNT_A_EDITORS),
    },
    {
      what: `update the brand kit of a team of ${t.label}`,
      op: () =>
        update(`accounts/${t.account}/teams/${t.team}`, { photoLogo: 'https://img.test/l.png' }),
      allow: writers(ACCOUNT_A_EDITORS),
    },
    {
      what: `delete a team of ${t.label}`,
      op: () => del(`accounts/${t.account}/teams/${t.team}`),
      allow: writers(ACCOUNT_A_EDITORS),
    },
    {
      what: `create a promotion in ${t.label}`,
      op: () =>
        set(`accounts/${t.account}/promotions/promo-new`, {
          id: 'promo-new',
          teamId: t.team,
          isArchived: false,
          status: 'draft',
          isScheduled: false,
        }),
      allow: writers(ACCOUNT_A_EDITORS),
    },
    {
      what: `update a promotion of ${t.label}`,
      op: () => update(`accounts/${t.account}/promotions/${t.promotion}`, { title: 'Autumn' }),
      allow: writers(ACCOUNT_A_EDITORS),
    },
    {
      what: `delete a promotion of ${t.label}`,
      op: () => del(`accounts/${t.account}/promotions/${t.promotion}`),
      allow: writers(ACCOUNT_A_EDITORS),
    },
    // invitations (the owner's alone)
    {
      what: `invite a collaborator to ${t.label}`,
      op: (e) => invite(e, { accountId: t.account }),
      allow: writers(['owner']),
    },
    {
      what: `ask for an invitation e-mail of ${t.label} again`,
      op: () => update(`accounts/${t.account}/invites/${PENDING_INVITE}`, { resendAt: ST }),
      allow: writers(['owner']),
    },
    {
      what: `revoke an invite of ${t.label}`,
      op: () => del(`accounts/${t.account}/invites/${PENDING_INVITE}`),
      allow: writers(['owner']),
    },
    // server jobs
    {
      what: `ask for a team sync job in ${t.label}`,
      op: (e) => set(`accounts/${t.account}/jobs/sync-v2`, newSyncJob(e, { teamId: t.team })),
      allow: writers(ACCOUNT_A_EDITORS),
    },
    {
      what: `write an import's rows in ${t.label}`,
      op: () => set(`accounts/${t.account}/jobs/new-import/rows/0000`, ROWS),
      allow: writers(ACCOUNT_A_EDITORS),
    },
    {
      what: `cancel a running job of ${t.label}`,
      op: () => update(`accounts/${t.account}/jobs/${t.runningJob}`, { cancelRequested: true }),
      allow: writers(ACCOUNT_A_EDITORS),
    },
    {
      what: `resume a failed job of ${t.label}`,
      op: () => update(`accounts/${t.account}/jobs/${t.failedJob}`, { state: 'queued' }),
      allow: writers(ACCOUNT_A_EDITORS),
    },
    // buying (the owner's alone, from their own user document)
    {
      what: `create a checkout session for ${t.label}`,
      op: (e) => checkout(e, {}, { accountId: t.account, accountName: 'Either' }),
      allow: writers(['owner']),
    },
  ];
  return rows.map((row) => ({ ...row, actors: ACCOUNT_PEOPLE }));
}

export const DEACTIVATED_ACCOUNT_ATTACKS: AccessCase[] = [
  // What stays theirs: the person's own user document (the deactivated page lets them sign out
  // and see their profile).
  c('owner of the deactivated account updates own displayName', 'owner', true, (e) =>
    update(`users/${e.me}`, { displayName: 'Still me' }),
  ),
  c('owner reactivates the deactivated account by writing isActive', 'owner', false, () =>
    update('accounts/acc-off', { isActive: true }),
  ),
  c('super admin reactivates by writing isActive (the callable does it)', 'superAdmin', false, () =>
    update('accounts/acc-off', { isActive: true }),
  ),
];
