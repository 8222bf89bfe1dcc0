/**
 * Access cases of `accounts/{id}`: the matrix rows, the plan and member lists a client may not
 * write, account setup, roles and role changes, and the departures record.
 */
import { arrayRemove, arrayUnion, deleteField, serverTimestamp } from 'firestore-engine/transforms';
import {
  ACCOUNT_A_CARD_EDITORS,
  ACCOUNT_A_EDITORS,
  type AccessCase,
  B_CARD_EDITOR,
  FREE_PLAN,
  PENDING_INVITE,
  type Row,
  SIGNED_IN,
  ST,
  WITH_USER_DOC,
  accountSetup,
  batch,
  c,
  checkout,
  del,
  eq,
  get,
  invite,
  query,
  set,
  update,
} from './shared';

export const ACCOUNT_MATRIX: Row[] = [
  // accounts
  {
    what: 'get account A',
    op: () => get('accounts/acc-a'),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'list active accounts by dateUpdated',
    op: () =>
      query({
        collection: 'accounts',
        where: [eq('isActive', true)],
        orderBy: [{ field: 'dateUpdated', direction: 'desc' }],
        limit: 20,
      }),
    allow: ['superAdmin'],
  },
  {
    what: 'list accounts owned by oneself',
    op: (e) => query({ collection: 'accounts', where: [eq('ownerId', e.me)], limit: 10 }),
    allow: SIGNED_IN,
  },
  {
    what: 'create an account with the setup batch',
    op: (e) => accountSetup(e),
    allow: ['newUser', 'superAdmin'],
    actors: ['visitor', ...WITH_USER_DOC],
  },
  {
    what: 'rename account A',
    op: () => update('accounts/acc-a', { name: 'Acme Inc' }),
    allow: ACCOUNT_A_EDITORS,
  },
  { what: 'delete account A', op: () => del('accounts/acc-a'), allow: [] },
];

export const PLAN_AND_COLLABORATOR_ATTACKS: AccessCase[] = [
  // plan and server-only account fields
  c('owner raises own plan', 'owner', false, () =>
    update('accounts/acc-a', {
      'plan.type': 'corporate',
      'plan.isPaidAccount': true,
      'plan.cardLimit': 1000,
    }),
  ),
  c('owner raises own compCards', 'owner', false, () =>
    update('accounts/acc-a', { 'plan.compCards': 50 }),
  ),
  c('owner forges cardsInUse', 'owner', false, () =>
    update('accounts/acc-a', { 'plan.cardsInUse': 0 }),
  ),
  c('owner extends the trial', 'owner', false, () =>
    update('accounts/acc-a', { 'plan.trialEndDate': new Date('2099-01-01T00:00:00Z') }),
  ),
  c('owner deactivates the account', 'owner', false, () =>
    update('accounts/acc-a', { isActive: false }),
  ),
  c('owner hands the account to someone else', 'owner', false, (e) =>
    update('accounts/acc-a', { ownerId: e.ids.uid.otherOwner }),
  ),
  c('owner adds a field nobody thought of to the account', 'owner', false, () =>
    update('accounts/acc-a', { isVerified: true }),
  ),
  c('collaborator changes the plan', 'collaborator', false, () =>
    update('accounts/acc-a', { 'plan.cardLimit': 100 }),
  ),
  // collaborators: a client only removes (adding is acceptInvite, server work, with consent)
  c('collaborator adds a collaborator', 'collaborator', false, (e) =>
    update('accounts/acc-a', { collaborators: [e.ids.uid.collaborator, e.ids.uid.newUser] }),
  ),
  c('collaborator adds someone with arrayUnion', 'collaborator', false, (e) =>
    update('accounts/acc-a', { collaborators: arrayUnion(e.ids.uid.newUser) }),
  ),
  c('owner adds a collaborator', 'owner', false, (e) =>
    update('accounts/acc-a', { collaborators: [e.ids.uid.collaborator, e.ids.uid.newUser] }),
  ),
  c('owner adds a collaborator with arrayUnion', 'owner', false, (e) =>
    update('accounts/acc-a', { collaborators: arrayUnion(e.ids.uid.newUser) }),
  ),
  c('owner adds more collaborators than the plan has cards', 'owner', false, () =>
    update('accounts/acc-a', { collaborators: ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7'] }),
  ),
  c('owner removes a collaborator', 'owner', true, () =>
    update('accounts/acc-a', { collaborators: [] }),
  ),
  c('owner removes a collaborator with arrayRemove', 'owner', true, (e) =>
    update('accounts/acc-a', { collaborators: arrayRemove(e.ids.uid.collaborator) }),
  ),
  c('owner swaps one collaborator for another', 'owner', false, (e) =>
    update('accounts/acc-a', { collaborators: [e.ids.uid.newUser] }),
  ),
  c('owner pads collaborators with a duplicate', 'owner', false, (e) =>
    update('accounts/acc-a', { collaborators: [e.ids.uid.collaborator, e.ids.uid.collaborator] }),
  ),
  c('owner deletes the collaborators field', 'owner', false, () =>
    update('accounts/acc-a', { collaborators: deleteField() }),
  ),
  c('collaborator leaves the account', 'collaborator', true, (e) =>
    update('accounts/acc-a', { collaborators: arrayRemove(e.ids.uid.collaborator) }),
  ),
  c('collaborator leaves the account and renames it', 'collaborator', false, () =>
    update('accounts/acc-a', { collaborators: [], name: 'Left' }),
  ),
  c('collaborator swaps themselves for someone else', 'collaborator', false, (e) =>
    update('accounts/acc-a', { collaborators: [e.ids.uid.newUser] }),
  ),
  c('otherOwner empties the collaborators of account A', 'otherOwner', false, () =>
    update('accounts/acc-a', { collaborators: [] }),
  ),
  c('super admin removes a collaborator', 'superAdmin', false, () =>
    update('accounts/acc-a', { collaborators: [] }),
  ),
  c('super admin changes a plan', 'superAdmin', false, () =>
    update('accounts/acc-b', { 'plan.type': 'corporate', 'plan.cardLimit': 100 }),
  ),
  c('super admin deactivates an account', 'superAdmin', false, () =>
    update('accounts/acc-b', { isActive: false }),
  ),
  c('owner touches dateUpdated with the server time', 'owner', true, () =>
    update('accounts/acc-a', { dateUpdated: ST }),
  ),
  c('owner back-dates dateUpdated', 'owner', false, () =>
    update('accounts/acc-a', { dateUpdated: new Date('2001-01-01T00:00:00Z') }),
  ),
];

export const ACCOUNT_SETUP_ATTACKS: AccessCase[] = [
  // account setup
  c('a new user sets up an account on a paid plan', 'newUser', false, (e) =>
    accountSetup(e, {
      plan: { ...FREE_PLAN, type: 'corporate', isPaidAccount: true, cardLimit: 100 },
    }),
  ),
  c('a new user sets up an account with comp cards', 'newUser', false, (e) =>
    accountSetup(e, { plan: { ...FREE_PLAN, compCards: 10 } }),
  ),
  c('a new user sets up an account without claiming the slug', 'newUser', false, (e) =>
    accountSetup(e, { skipSlug: true }),
  ),
  c("a new user sets up an account on another account's slug", 'newUser', false, (e) =>
    accountSetup(e, { slug: 'globex' }),
  ),
  c('a new user sets up an account without joining it', 'newUser', false, (e) =>
    accountSetup(e, { skipUser: true }),
  ),
  c('a new user sets up an account owned by someone else', 'newUser', false, (e) =>
    accountSetup(e, { account: { ownerId: e.ids.uid.owner } }),
  ),
  c('a new user sets up an account with collaborators already in it', 'newUser', false, (e) =>
    accountSetup(e, { account: { collaborators: [e.ids.uid.owner] } }),
  ),
  c('a new user queries accounts by directory slug', 'newUser', false, () =>
    query({ collection: 'accounts', where: [eq('directory.slug', 'acme')], limit: 1 }),
  ),
];

export const ROLE_ATTACKS: AccessCase[] = [
  // roles: a card editor edits the account's cards and nothing else (docs/access.md, "Roles")
  c('cardEditor updates a card of account A (honest use)', 'cardEditor', true, () =>
    update('cards/card-a1', { name: 'Ada L.', dateUpdated: ST }),
  ),
  c('cardEditor promotes themselves to collaborator', 'cardEditor', false, (e) =>
    update('accounts/acc-a', { collaborators: arrayUnion(e.me) }),
  ),
  c('cardEditor adds someone to the card editors', 'cardEditor', false, (e) =>
    update('accounts/acc-a', { editors: arrayUnion(e.ids.uid.newUser) }),
  ),
  c('owner adds a uid to the card editors without an invitation', 'owner', false, (e) =>
    update('accounts/acc-a', { editors: arrayUnion(e.ids.uid.newUser) }),
  ),
  c('collaborator removes the card editor', 'collaborator', false, (e) =>
    update('accounts/acc-a', { editors: arrayRemove(e.ids.uid.cardEditor) }),
  ),
  // role changes (People and access): the owner moves one uid between the two lists, nothing else
  c('owner makes the card editor a collaborator (honest use)', 'owner', true, (e) =>
    update('accounts/acc-a', {
      collaborators: arrayUnion(e.ids.uid.cardEditor),
      editors: arrayRemove(e.ids.uid.cardEditor),
    }),
  ),
  c('owner makes the collaborator a card editor (honest use)', 'owner', true, (e) =>
    update('accounts/acc-a', {
      collaborators: arrayRemove(e.ids.uid.collaborator),
      editors: arrayUnion(e.ids.uid.collaborator),
    }),
  ),
  c('collaborator makes the card editor a collaborator', 'collaborator', false, (e) =>
    update('accounts/acc-a', {
      collaborators: arrayUnion(e.ids.uid.cardEditor),
      editors: arrayRemove(e.ids.uid.cardEditor),
    }),
  ),
  c('cardEditor moves themselves to the collaborators', 'cardEditor', false, (e) =>
    update('accounts/acc-a', { collaborators: arrayUnion(e.me), editors: arrayRemove(e.me) }),
  ),
  c(
    'owner moves a stranger in as a collaborator while removing the card editor',
    'owner',
    false,
    (e) =>
      update('accounts/acc-a', {
        collaborators: arrayUnion(e.ids.uid.newUser),
        editors: arrayRemove(e.ids.uid.cardEditor),
      }),
  ),
  c('owner moves the card editor and adds a stranger in one write', 'owner', false, (e) =>
    update('accounts/acc-a', {
      collaborators: arrayUnion(e.ids.uid.cardEditor, e.ids.uid.newUser),
      editors: arrayRemove(e.ids.uid.cardEditor),
    }),
  ),
  c(
    'owner makes the card editor a collaborator but keeps them a card editor',
    'owner',
    false,
    (e) => update('accounts/acc-a', { collaborators: arrayUnion(e.ids.uid.cardEditor) }),
  ),
  c('owner swaps the collaborator and the card editor in one write', 'owner', false, (e) =>
    update('accounts/acc-a', {
      collaborators: [e.ids.uid.cardEditor],
      editors: [e.ids.uid.collaborator],
    }),
  ),
  c('owner moves the card editor and renames the account in one write', 'owner', false, (e) =>
    update('accounts/acc-a', {
      collaborators: arrayUnion(e.ids.uid.cardEditor),
      editors: arrayRemove(e.ids.uid.cardEditor),
      name: 'Renamed',
    }),
  ),
  c(
    'otherOwner makes a card editor a collaborator on a plan without collaborators',
    'otherOwner',
    false,
    () => update('accounts/acc-b', { collaborators: [B_CARD_EDITOR], editors: [] }),
  ),
  c('super admin makes the card editor a collaborator', 'superAdmin', false, (e) =>
    update('accounts/acc-a', {
      collaborators: arrayUnion(e.ids.uid.cardEditor),
      editors: arrayRemove(e.ids.uid.cardEditor),
    }),
  ),
  c('cardEditor leaves and renames the account in one write', 'cardEditor', false, (e) =>
    update('accounts/acc-a', { editors: arrayRemove(e.me), name: 'Mine' }),
  ),
  c('cardEditor renames account A', 'cardEditor', false, () =>
    update('accounts/acc-a', { name: 'Renamed', dateUpdated: ST }),
  ),
  c("cardEditor changes a team's brand kit", 'cardEditor', false, () =>
    update('accounts/acc-a/teams/team-a1', { photoAvatarShape: 'square' }),
  ),
  c('cardEditor creates a team in account A', 'cardEditor', false, (e) =>
    batch(
      {
        kind: 'set',
        path: 'accounts/acc-a/teams/team-new',
        data: { name: 'New', isArchived: false, accountId: 'acc-a' },
      },
      { kind: 'update', path: `users/${e.me}`, data: { teams: arrayUnion('team-new') } },
    ),
  ),
  c('cardEditor creates a promotion in account A', 'cardEditor', false, () =>
    set('accounts/acc-a/promotions/promo-x', { teamId: 'team-a1', isArchived: false }),
  ),
  c('cardEditor buys for account A', 'cardEditor', false, (e) => checkout(e)),
  c("cardEditor reads the owner's subscription", 'cardEditor', false, (e) =>
    get(`users/${e.ids.uid.owner}/subscriptions/sub-a`),
  ),
  c('owner invites without a date', 'owner', false, (e) =>
    set('accounts/acc-a/invites/bob@example.test', {
      email: 'bob@example.test',
      invitedBy: e.me,
      status: 'pending',
    }),
  ),
  c('owner renews a pending invite by writing it again', 'owner', false, (e) =>
    invite(e, { email: PENDING_INVITE }),
  ),
  c('otherOwner invites while the collaborator gate is closed', 'otherOwner', false, (e) =>
    invite(e, { accountId: 'acc-b' }),
  ),
  c('owner invites into account B', 'owner', false, (e) => invite(e, { accountId: 'acc-b' })),
  c('super admin invites into account A', 'superAdmin', false, (e) => invite(e)),
  c('the invited person reads their invite', 'newUser', false, () =>
    get(`accounts/acc-a/invites/${PENDING_INVITE}`),
  ),
  c('the invited person joins account A by setting their own accountId', 'newUser', false, (e) =>
    update(`users/${e.me}`, { accountId: 'acc-a', defaultTeam: 'team-a1', teams: ['team-a1'] }),
  ),
  c("otherOwner revokes account A's invite", 'otherOwner', false, () =>
    del(`accounts/acc-a/invites/${PENDING_INVITE}`),
  ),
  c("otherOwner reads account A's promotions", 'otherOwner', false, () =>
    query({ collection: 'accounts/acc-a/promotions' }),
  ),
  c("owner creates a promotion for another account's team", 'owner', false, () =>
    set('accounts/acc-a/promotions/promo-x', { teamId: 'team-b1', isArchived: false }),
  ),
  c('super admin edits a team of any account', 'superAdmin', true, () =>
    update('accounts/acc-b/teams/team-b1', { name: 'Global' }),
  ),
];

/** `accounts/{id}/departures/{uid}`: the server's record of who lost access. */
export const DEPARTURE_CASES: AccessCase[] = [
  c('owner reads who lost access (honest use)', 'owner', true, () =>
    query({ collection: 'accounts/acc-a/departures', limit: 20 }),
  ),
  c('collaborator reads who lost access (honest use)', 'collaborator', true, () =>
    get('accounts/acc-a/departures/gone-uid'),
  ),
  c('cardEditor reads who lost access', 'cardEditor', false, () =>
    query({ collection: 'accounts/acc-a/departures', limit: 20 }),
  ),
  c('otherOwner reads who lost access to account A', 'otherOwner', false, () =>
    get('accounts/acc-a/departures/gone-uid'),
  ),
  c('owner erases the record of someone who lost access', 'owner', false, () =>
    del('accounts/acc-a/departures/gone-uid'),
  ),
  c('owner records a departure of their own', 'owner', false, (e) =>
    set(`accounts/acc-a/departures/${e.ids.uid.cardEditor}`, {
      uid: e.ids.uid.cardEditor,
      name: 'Edna',
      email: 'e@a.example',
      role: 'editor',
      removedAt: serverTimestamp(),
    }),
  ),
];
