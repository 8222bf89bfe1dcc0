/**
 * Access cases of `accounts/{id}/teams/{teamId}`, its sync bookkeeping and team usage.
 */
import {
  ACCOUNT_A_CARD_EDITORS,
  ACCOUNT_A_EDITORS,
  type AccessCase,
  type Row,
  TEAM_LINK,
  c,
  del,
  eq,
  get,
  query,
  set,
  team,
  update,
} from './shared';

export const TEAM_MATRIX: Row[] = [
  // teams
  {
    what: 'get a team of account A',
    op: () => get('accounts/acc-a/teams/team-a1'),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'list the teams of account A',
    op: () => query({ collection: 'accounts/acc-a/teams', where: [eq('isArchived', false)] }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'create a team in account A',
    op: () => set('accounts/acc-a/teams/team-new', team('acc-a', 'Marketing')),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: 'update a team of account A',
    op: () =>
      update('accounts/acc-a/teams/team-a1', {
        name: 'Sales EMEA',
        photoLogo: 'https://x.test/l.png',
      }),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: 'delete a team of account A',
    op: () => del('accounts/acc-a/teams/team-a2'),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: 'change the links of a team of account A with the next sync version',
    op: () =>
      update('accounts/acc-a/teams/team-a1', {
        links: [TEAM_LINK],
        syncVersion: 1,
        syncScope: { links: true, branding: false },
      }),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: 'record that a team of account A is synced',
    op: () => update('accounts/acc-a/teams/team-a2', { syncedVersion: 2 }),
    allow: ACCOUNT_A_EDITORS,
  },
];

export const TEAM_ATTACKS: AccessCase[] = [
  // teams and promotions across tenants
  c('otherOwner creates a team in account A', 'otherOwner', false, () =>
    set('accounts/acc-a/teams/team-x', team('acc-a', 'Trojan')),
  ),
  c('owner creates a team claiming another account id', 'owner', false, () =>
    set('accounts/acc-a/teams/team-x', team('acc-b', 'Confused')),
  ),
  c("owner changes a team's accountId", 'owner', false, () =>
    update('accounts/acc-a/teams/team-a1', { accountId: 'acc-b' }),
  ),
  c('owner adds an unknown field to a team', 'owner', false, () =>
    update('accounts/acc-a/teams/team-a1', { isPremium: true }),
  ),

  // team sync bookkeeping (src/data/team-sync.ts)
  c('owner changes branding with a wider sync scope', 'owner', true, () =>
    update('accounts/acc-a/teams/team-a2', {
      photoLogo: 'https://x.test/l.png',
      syncVersion: 3,
      syncScope: { links: true, branding: true },
    }),
  ),
  c('owner writes a sync scope with a third key', 'owner', false, () =>
    update('accounts/acc-a/teams/team-a1', {
      syncVersion: 1,
      syncScope: { links: true, branding: true, everything: true },
    }),
  ),
  c('owner writes a sync scope without branding', 'owner', false, () =>
    update('accounts/acc-a/teams/team-a1', { syncVersion: 1, syncScope: { links: true } }),
  ),
  c('owner writes a sync scope that is not boolean', 'owner', false, () =>
    update('accounts/acc-a/teams/team-a1', {
      syncVersion: 1,
      syncScope: { links: 'yes', branding: false },
    }),
  ),
  c('owner writes a sync scope that is a list', 'owner', false, () =>
    update('accounts/acc-a/teams/team-a1', { syncVersion: 1, syncScope: [true, false] }),
  ),
  c('owner writes a fractional sync version', 'owner', false, () =>
    update('accounts/acc-a/teams/team-a1', { syncVersion: 1.5 }),
  ),
  c('owner writes a negative sync version', 'owner', false, () =>
    update('accounts/acc-a/teams/team-a1', { syncVersion: -1 }),
  ),
  c('owner writes a sync version as text', 'owner', false, () =>
    update('accounts/acc-a/teams/team-a1', { syncVersion: '1' }),
  ),
  c('owner marks a team synced beyond its version', 'owner', false, () =>
    update('accounts/acc-a/teams/team-a2', { syncedVersion: 3 }),
  ),
  c('owner writes a fractional synced version', 'owner', false, () =>
    update('accounts/acc-a/teams/team-a2', { syncedVersion: 1.5 }),
  ),
  c('owner creates a team with sync bookkeeping', 'owner', false, () =>
    set('accounts/acc-a/teams/team-x', {
      ...team('acc-a', 'Pre-synced'),
      syncVersion: 1,
      syncedVersion: 1,
      syncScope: { links: true, branding: true },
    }),
  ),
  c("otherOwner bumps account A's team sync version", 'otherOwner', false, () =>
    update('accounts/acc-a/teams/team-a1', {
      syncVersion: 1,
      syncScope: { links: true, branding: true },
    }),
  ),
];

// Team usage (accounts/{id}/teamUsage/{teamId}): members read the counts, only the server writes.
export const TEAM_USAGE: Row[] = [
  {
    what: "get a team's usage in account A",
    op: () => get('accounts/acc-a/teamUsage/team-a1'),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'list the team usage of account A',
    op: () => query({ collection: 'accounts/acc-a/teamUsage', limit: 20 }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: "raise a team's card count in account A",
    op: () => update('accounts/acc-a/teamUsage/team-a1', { cards: 1 }),
    allow: [],
  },
  {
    what: "write a new team's usage in account A",
    op: () =>
      set('accounts/acc-a/teamUsage/team-a2', { cards: 0, linksCoupled: 0, brandingCoupled: 0 }),
    allow: [],
  },
  {
    what: "delete a team's usage in account A",
    op: () => del('accounts/acc-a/teamUsage/team-a1'),
    allow: [],
  },
];
