/**
 * Access cases of `users/{uid}`: the matrix rows, the attacks on the user document, and the
 * sign-in stamp.
 */
import { arrayRemove, arrayUnion, serverTimestamp } from 'firestore-engine/transforms';
import {
  ACCOUNT_A_CARD_EDITORS,
  type AccessCase,
  FORMER_COLLABORATOR,
  type Row,
  SIGNED_IN,
  ST,
  WITH_USER_DOC,
  c,
  del,
  eq,
  get,
  query,
  set,
  signUpData,
  update,
} from './shared';

export const USER_MATRIX: Row[] = [
  // users
  { what: 'get own user document', op: (e) => get(`users/${e.me}`), allow: SIGNED_IN },
  {
    what: "get the owner's user document",
    op: (e) => get(`users/${e.ids.uid.owner}`),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'list users without a tenant constraint',
    op: () => query({ collection: 'users', limit: 10 }),
    allow: ['superAdmin'],
  },
  {
    what: 'list users of account A',
    op: () => query({ collection: 'users', where: [eq('accountId', 'acc-a')], limit: 50 }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'create own user document at sign-up',
    op: (e) => set(`users/${e.me}`, signUpData(e)),
    allow: ['freshUser', 'member'],
  },
  {
    what: 'update own displayName',
    op: (e) => update(`users/${e.me}`, { displayName: 'Renamed' }),
    allow: WITH_USER_DOC,
    actors: ['visitor', ...WITH_USER_DOC],
  },
  {
    what: "update the owner's displayName",
    op: (e) => update(`users/${e.ids.uid.owner}`, { displayName: 'Hacked' }),
    allow: ['owner'],
  },
  {
    what: 'delete own user document',
    op: (e) => del(`users/${e.me}`),
    allow: [],
    actors: ['visitor', ...WITH_USER_DOC],
  },
];

export const USER_DOCUMENT_ATTACKS: AccessCase[] = [
  // the user document
  c('owner sets own isSuperAdmin', 'owner', false, (e) =>
    update(`users/${e.me}`, { isSuperAdmin: true }),
  ),
  c('a new user signs up as super admin', 'freshUser', false, (e) =>
    set(`users/${e.me}`, signUpData(e, { isSuperAdmin: true })),
  ),
  c('a new user signs up into an existing account', 'freshUser', false, (e) =>
    set(`users/${e.me}`, signUpData(e, { accountId: 'acc-a' })),
  ),
  c('a new user signs up with an extra field', 'freshUser', false, (e) =>
    set(`users/${e.me}`, signUpData(e, { stripeRole: 'corporate' })),
  ),
  c('a new user signs up with isAccountOwner false', 'freshUser', false, (e) =>
    set(`users/${e.me}`, signUpData(e, { isAccountOwner: false })),
  ),
  c("a new user signs up with someone else's e-mail", 'freshUser', false, (e) =>
    set(`users/${e.me}`, signUpData(e, { email: 'ceo@acme.example' })),
  ),
  c('a new user signs up back-dated', 'freshUser', false, (e) =>
    set(`users/${e.me}`, signUpData(e, { dateCreated: new Date('2001-01-01T00:00:00Z') })),
  ),
  c('a new user signs up with an affiliate code', 'freshUser', true, (e) =>
    set(`users/${e.me}`, signUpData(e, { affiliate: 'partner-42' })),
  ),
  c("a new user creates someone else's user document", 'freshUser', false, (e) =>
    set(`users/${e.ids.uid.member}`, signUpData({ ...e, me: e.ids.uid.member })),
  ),
  c('owner changes own accountId to another account', 'owner', false, (e) =>
    update(`users/${e.me}`, { accountId: 'acc-b' }),
  ),
  c('a new user joins an account they are not in', 'newUser', false, (e) =>
    update(`users/${e.me}`, { accountId: 'acc-a' }),
  ),
  c('a new user joins account B', 'newUser', false, (e) =>
    update(`users/${e.me}`, { accountId: 'acc-b' }),
  ),
  c('owner changes own dateCreated', 'owner', false, (e) =>
    update(`users/${e.me}`, { dateCreated: new Date('2001-01-01T00:00:00Z') }),
  ),
  c('owner clears own isAccountOwner', 'owner', false, (e) =>
    update(`users/${e.me}`, { isAccountOwner: false }),
  ),
  c('owner writes a stripeId into own user document', 'owner', false, (e) =>
    update(`users/${e.me}`, { stripeId: 'cus_forged' }),
  ),
  c('owner picks another team of the account as default', 'owner', true, (e) =>
    update(`users/${e.me}`, { defaultTeam: 'team-a2' }),
  ),
  c("owner picks another account's team as default", 'owner', false, (e) =>
    update(`users/${e.me}`, { defaultTeam: 'team-b1' }),
  ),
  c('owner updates own teams list and accepted terms', 'owner', true, (e) =>
    update(`users/${e.me}`, { teams: ['team-a1'], acceptedTOC: ST }),
  ),
  c('owner updates own photo', 'owner', true, (e) =>
    update(`users/${e.me}`, { photoURL: 'https://example.test/p.png' }),
  ),
  c('collaborator reads the owner user document of their account', 'collaborator', true, (e) =>
    get(`users/${e.ids.uid.owner}`),
  ),
  c('otherOwner reads a user of account A', 'otherOwner', false, (e) =>
    get(`users/${e.ids.uid.collaborator}`),
  ),
  c('super admin reads any user', 'superAdmin', true, (e) => get(`users/${e.ids.uid.otherOwner}`)),
  c('owner lists users of account B', 'owner', false, () =>
    query({ collection: 'users', where: [eq('accountId', 'acc-b')], limit: 10 }),
  ),
  c('owner lists users of account A without a limit', 'owner', false, () =>
    query({ collection: 'users', where: [eq('accountId', 'acc-a')] }),
  ),
];

export const USER_ACCOUNT_ATTACKS: AccessCase[] = [
  // a removed collaborator's user document is no longer the account's to read
  c('owner reads the user document of a removed collaborator', 'owner', false, () =>
    get(`users/${FORMER_COLLABORATOR}`),
  ),
  c('collaborator reads the user document of a removed collaborator', 'collaborator', false, () =>
    get(`users/${FORMER_COLLABORATOR}`),
  ),
  c('owner reads the user document of a current collaborator', 'owner', true, (e) =>
    get(`users/${e.ids.uid.collaborator}`),
  ),

  // users.teams: only a team of one's own account, one at a time
  c("owner adds account B's team to their teams", 'owner', false, (e) =>
    update(`users/${e.me}`, { teams: arrayUnion('team-b1') }),
  ),
  c('owner adds a team id that does not exist to their teams', 'owner', false, (e) =>
    update(`users/${e.me}`, { teams: arrayUnion('team-nowhere') }),
  ),
  c('owner adds two teams to their teams in one write', 'owner', false, (e) =>
    update(`users/${e.me}`, { teams: ['team-a1', 'team-a2', 'team-a3', 'team-a4'] }),
  ),
  c('collaborator adds a team of their account to their teams', 'collaborator', true, (e) =>
    update(`users/${e.me}`, { teams: arrayUnion('team-a2') }),
  ),
  c('owner removes a team from their teams', 'owner', true, (e) =>
    update(`users/${e.me}`, { teams: arrayRemove('team-a2') }),
  ),
];

/** `users/{uid}.lastSignInAt` (src/domain/last-sign-in.ts): the person's own, at the server's time. */
export const LAST_SIGN_IN_CASES: AccessCase[] = [
  c('owner records their sign-in time (honest use)', 'owner', true, (e) =>
    update(`users/${e.me}`, { lastSignInAt: serverTimestamp() }),
  ),
  c('cardEditor records their sign-in time (honest use)', 'cardEditor', true, (e) =>
    update(`users/${e.me}`, { lastSignInAt: serverTimestamp() }),
  ),
  c('owner records a sign-in time of their choosing', 'owner', false, (e) =>
    update(`users/${e.me}`, { lastSignInAt: new Date('2099-01-01T00:00:00Z') }),
  ),
  c('owner records a sign-in time for the card editor', 'owner', false, (e) =>
    update(`users/${e.ids.uid.cardEditor}`, { lastSignInAt: serverTimestamp() }),
  ),
];
