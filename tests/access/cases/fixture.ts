/**
 * The documents every access case starts from, reset before each case: the base accounts and
 * people below, and each topic's own documents.
 */
import type { DocData } from '@/backend/port';
import { deactivatedAccountFixture } from './deactivated-accounts';
import { handoverFixture } from './handover';
import { scimFixture } from './scim';
import { seatFixture } from './seats';
import {
  B_CARD_EDITOR,
  FORMER_COLLABORATOR,
  FREE_PLAN,
  type Ids,
  OLD,
  PENDING_INVITE,
  TEAM_EMAIL,
  card,
  job,
  team,
  user,
} from './shared';
import { ssoFixture } from './sso';
import { leadRoutingFixture } from './webhooks';

/**
 * The documents every case starts from. Account A (growth, 3 cards + 3 comp cards, 2 in use: the
 * collaborator gate is open) belongs to owner with collaborator and has one pending invite;
 * account B (free, 1 of 1: full, gate closed) to otherOwner. `now` dates the newUser's sign-up
 * (inside the one-hour sign-up mail window); everybody else signed up long ago.
 */
export function buildFixture(ids: Ids, now: Date): Array<[string, DocData]> {
  const u = ids.uid;
  return [
    [
      'users/' + u.owner,
      user(ids, 'owner', {
        accountId: 'acc-a',
        defaultTeam: 'team-a1',
        teams: ['team-a1', 'team-a2'],
      }),
    ],
    [
      'users/' + u.collaborator,
      user(ids, 'collaborator', {
        isAccountOwner: false,
        accountId: 'acc-a',
        defaultTeam: 'team-a1',
        teams: ['team-a1'],
      }),
    ],
    [
      'users/' + u.cardEditor,
      user(ids, 'cardEditor', {
        isAccountOwner: false,
        accountId: 'acc-a',
        defaultTeam: 'team-a1',
        teams: ['team-a1'],
      }),
    ],
    ['users/' + u.superAdmin, user(ids, 'superAdmin', { isSuperAdmin: true })],
    [
      'users/' + u.otherOwner,
      user(ids, 'otherOwner', { accountId: 'acc-b', defaultTeam: 'team-b1', teams: ['team-b1'] }),
    ],
    ['users/' + u.newUser, user(ids, 'newUser', { acceptedTOC: now, dateCreated: now })],
    // A collaborator the owner removed from account A: the user document keeps its accountId.
    [
      `users/${FORMER_COLLABORATOR}`,
      {
        ...user(ids, 'member', { accountId: 'acc-a', defaultTeam: 'team-a1', teams: ['team-a1'] }),
        id: FORMER_COLLABORATOR,
        isAccountOwner: false,
      },
    ],
    [
      'accounts/acc-a',
      {
        id: 'acc-a',
        name: 'Acme',
        isActive: true,
        dateUpdated: OLD,
        directory: { slug: 'acme' },
        plan: {
          type: 'growth',
          isPaidAccount: true,
          cardLimit: 3,
          compCards: 3,
          cardsInUse: 2,
          trialEndDate: null,
        },
        ownerId: u.owner,
        collaborators: [u.collaborator],
        editors: [u.cardEditor],
      },
    ],
    [
      'accounts/acc-b',
      {
        id: 'acc-b',
        name: 'Globex',
        isActive: true,
        dateUpdated: OLD,
        directory: { slug: 'globex' },
        // A count that trails: card-b1 came from a batch whose recount has not run yet (the
        // card-cap document below already counts it), the moment two batches at once race in.
        plan: { ...FREE_PLAN, cardsInUse: 0 },
        ownerId: u.otherOwner,
        collaborators: [],
        // A card editor who never signs in here: the plan's gate is closed, so they stay one.
        editors: [B_CARD_EDITOR],
      },
    ],
    // Account A's card count, with the list an earlier batch left: a batch must write its own.
    ['accounts/acc-a/usage/cards', { batch: ['card-new'], inUse: 2, at: OLD }],
    ['accounts/acc-b/usage/cards', { batch: ['card-b1'], inUse: 1, at: OLD }],
    ['slugs/acme', { accountId: 'acc-a' }],
    ['slugs/globex', { accountId: 'acc-b' }],
    ['accounts/acc-a/teams/team-a1', team('acc-a', 'Sales')],
    [
      'accounts/acc-a/teams/team-a2',
      {
        ...team('acc-a', 'Support'),
        syncVersion: 2,
        syncedVersion: 1,
        syncScope: { links: true, branding: false },
      },
    ],
    [
      `accounts/acc-a/invites/${PENDING_INVITE}`,
      {
        email: PENDING_INVITE,
        invitedBy: u.owner,
        status: 'pending',
        role: 'collaborator',
        dateCreated: OLD,
        tokenHash: 'f'.repeat(64),
        expiresAt: new Date('2099-01-01T00:00:00Z'),
        sentAt: OLD,
      },
    ],
    ['accounts/acc-b/teams/team-b1', team('acc-b', 'General')],
    [
      'accounts/acc-a/promotions/promo-a1',
      {
        id: 'promo-a1',
        teamId: 'team-a1',
        isArchived: false,
        status: 'live',
        isScheduled: false,
        title: 'Sale',
      },
    ],
    [
      'accounts/acc-b/promotions/promo-b1',
      { id: 'promo-b1', teamId: 'team-b1', isArchived: false, status: 'draft', isScheduled: false },
    ],
    [
      'cards/card-a1',
      card('card-a1', 'acc-a', 'team-a1', u.owner, 'ada', { email: ids.email.member }),
    ],
    ['cards/card-a2', card('card-a2', 'acc-a', 'team-a1', u.owner, 'grace')],
    [
      'cards/card-a3',
      card('card-a3', 'acc-a', 'team-a2', u.owner, 'old-card', { isArchived: true }),
    ],
    ['cards/card-b1', card('card-b1', 'acc-b', 'team-b1', u.otherOwner, 'hank')],
    ['handles/ada', { cardId: 'card-a1', accountId: 'acc-a' }],
    ['handles/grace', { cardId: 'card-a2', accountId: 'acc-a' }],
    ['handles/hank', { cardId: 'card-b1', accountId: 'acc-b' }],
    ['analytics/card-a1', { views: 3, accountId: 'acc-a' }],
    ['analytics/card-a1/entries/e1', { name: 'Lead', createdAt: OLD }],
    ['analytics/card-a1/clicks/k1', { linkId: 'l1', at: OLD }],
    ['analytics/card-b1', { views: 1, accountId: 'acc-b' }],
    ['analytics/card-b1/entries/e1', { name: 'Lead', createdAt: OLD }],
    // The analytics of account B's deleted card: its leads outlive the card.
    ['analytics/card-gone', { views: 9, leads: 1, accountId: 'acc-b' }],
    ['analytics/card-gone/entries/e1', { name: 'Victim lead', accountId: 'acc-b', createdAt: OLD }],
    ['analytics/card-gone/clicks/k1', { linkId: 'l1', accountId: 'acc-b', at: OLD }],
    ['analytics/card-a-gone', { views: 4, accountId: 'acc-a' }],
    // Analytics written by account B under an id account A's card-a2 holds now (a re-use from before
    // card create checked it): they stay account B's.
    ['analytics/card-a2', { views: 2, accountId: 'acc-b' }],
    ['analytics/card-a2/entries/e1', { name: 'B lead', accountId: 'acc-b', createdAt: OLD }],
    [
      'templates/classic',
      { id: 'classic', name: 'Classic', order: 1, isArchived: false, template: {} },
    ],
    ['products/prod-growth', { active: true, name: 'Growth', stripe_metadata_cardLimit: '10' }],
    [
      'products/prod-growth/prices/price-growth-monthly',
      { active: true, currency: 'usd', unit_amount: 2900, type: 'recurring' },
    ],
    ['settings/release', { version: '1.0.0' }],
    ['settings/notifications', { productTeamEmail: TEAM_EMAIL }],
    ['settings/seed', { version: 1 }],
    [
      `users/${u.owner}/checkout_sessions/cs1`,
      {
        price: 'price-growth-monthly',
        success_url: 'http://localhost/settings/billing',
        cancel_url: 'http://localhost/settings/billing',
        metadata: { accountId: 'acc-a', accountName: 'Acme' },
        url: 'https://checkout.stripe.test/cs1',
      },
    ],
    [
      `users/${u.owner}/subscriptions/sub-a`,
      { status: 'active', metadata: { accountId: 'acc-a' } },
    ],
    [
      `users/${u.otherOwner}/subscriptions/sub-b`,
      { status: 'active', metadata: { accountId: 'acc-b' } },
    ],
    // The server-only lookup of the pending invite's token (its id is the token's hash).
    [`invite_tokens/${'f'.repeat(64)}`, { accountId: 'acc-a', email: PENDING_INVITE }],
    [
      'mail/m1',
      {
        to: TEAM_EMAIL,
        message: { subject: 'Hi', html: '<p>Hi</p>' },
        delivery: { state: 'SUCCESS' },
      },
    ],
    ...leadRoutingFixture(),
    ...scimFixture(),
    ...ssoFixture(ids),
    // Server jobs (docs/decisions/011-server-jobs.md): one running, one failed, in account A.
    ['accounts/acc-a/jobs/job-running', job('running')],
    ['accounts/acc-a/jobs/job-failed', { ...job('failed'), error: 'The disk is full.' }],
    ['accounts/acc-b/jobs/job-b', job('running')],
    ...deactivatedAccountFixture(ids),
    ...seatFixture(ids),
    ...handoverFixture(ids, now),
    // Someone who lost access to account A (server-written, read on People and access).
    [
      'accounts/acc-a/departures/gone-uid',
      { uid: 'gone-uid', name: 'Gone', email: 'gone@a.example', role: 'editor', removedAt: OLD },
    ],
    // Team usage (docs/access.md): the counts the server keeps for team-a1.
    [
      'accounts/acc-a/teamUsage/team-a1',
      { cards: 3, linksCoupled: 2, brandingCoupled: 3, accountId: 'acc-a', teamId: 'team-a1' },
    ],
  ];
}
