/**
 * The one table of access cases (docs/access.md): who may read and write what. Each case names an
 * actor, one operation (a read, a query or a write/batch, expressed in the port's terms) and whether
 * it is allowed. `access.test.ts` runs the table against the local server with its access policy and,
 * where a Firestore emulator exists, against `firestore.rules`; a refused case must answer
 * `permission-denied` and change nothing.
 *
 * The first part is the matrix: for each collection and operation, the roles allowed, expanded to
 * one case per role. The second part lists the attacks (mass assignment, tenant hopping, cap and
 * uniqueness bypasses, spam relay...) one by one. Every case starts from the same fixture
 * (`buildFixture`), reset before each case.
 */
import type { DocData, QuerySpec, WriteOp } from '@/backend/port';
import {
  arrayRemove,
  arrayUnion,
  deleteField,
  increment,
  serverTimestamp,
} from '@/backend/transforms';
import { FREE_PLAN as DOMAIN_FREE_PLAN } from '@/domain/plan';
import { newTeamDocument } from '@/domain/schemas/team';

export const ACTORS = [
  'visitor',
  'freshUser',
  'newUser',
  'member',
  'owner',
  'collaborator',
  'cardEditor',
  'superAdmin',
  'otherOwner',
] as const;

/**
 * visitor: signed out. freshUser: signed in, no user document yet (mid sign-up). newUser: signed
 * in, user document, no account yet. member: a person with a card in account A, signed in, no user
 * document. owner / collaborator: of account A. cardEditor: a card editor of account A (edits its
 * cards only, docs/access.md "Roles"). otherOwner: of account B. superAdmin: the flag.
 */
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, 'visitor'>;
export const SIGNED_IN: readonly SignedInActor[] = ACTORS.filter(
  (a): a is SignedInActor => a !== 'visitor',
);
/** Actors that have a user document in the fixture. */
const WITH_USER_DOC: readonly Actor[] = [
  'newUser',
  'owner',
  'collaborator',
  'cardEditor',
  'superAdmin',
  'otherOwner',
];

export interface Ids {
  uid: Record<SignedInActor, string>;
  email: Record<SignedInActor, string>;
}

/** What an operation is built from: the ids of the run and the acting user. */
export interface CaseEnv {
  ids: Ids;
  /** The actor's uid; a visitor acts on the newUser's uid (what a signed-out attacker would try). */
  me: string;
  myEmail: string;
}

export type AccessOp =
  | { kind: 'get'; path: string }
  | { kind: 'query'; spec: QuerySpec }
  | { kind: 'set'; path: string; data: DocData }
  | { kind: 'update'; path: string; data: DocData }
  | { kind: 'delete'; path: string }
  | { kind: 'batch'; ops: WriteOp[] };

export interface AccessCase {
  name: string;
  as: Actor;
  op: (env: CaseEnv) => AccessOp;
  allowed: boolean;
  /**
   * The ID token's `firebase.sign_in_provider` when not the actor's own sign-in (company sign-in,
   * docs/sso.md): the same user, signed in through an identity provider.
   */
  provider?: string;
}

export function envFor(ids: Ids, actor: Actor): CaseEnv {
  const who: SignedInActor = actor === 'visitor' ? 'newUser' : actor;
  return { ids, me: ids.uid[who], myEmail: ids.email[who] };
}

// ------------------------------------------------------------------ fixture

export const TEAM_EMAIL = 'team@cardbuilder.local';
/** The e-mail of account A's pending invite in the fixture. */
export const PENDING_INVITE = 'pending@example.test';
const OLD = new Date('2025-01-02T03:04:05Z');

/** The domain's free plan: account setup with it must pass `firestore.rules`' freePlan(). */
export const FREE_PLAN: DocData = { ...DOMAIN_FREE_PLAN };

/** The uid of account B's card editor (a uid only, never signed in; B's plan has no collaborators). */
export const B_CARD_EDITOR = 'b-card-editor-uid';

/** The uid of a removed collaborator of account A (a document only, never signed in). */
export const FORMER_COLLABORATOR = 'former-collaborator-uid';

function user(ids: Ids, who: SignedInActor, extra: DocData): DocData {
  return {
    id: ids.uid[who],
    source: 'password',
    email: ids.email[who],
    displayName: who,
    photoURL: '',
    acceptedTOC: OLD,
    dateCreated: OLD,
    isAccountOwner: true,
    affiliate: null,
    ...extra,
  };
}

/** A new team as the app writes it (the team schema's `newTeamDocument`). */
function team(accountId: string, name: string): DocData {
  return { ...newTeamDocument(accountId, name) };
}

function card(
  id: string,
  accountId: string,
  teamId: string,
  ownerId: string,
  handle: string,
  extra: DocData = {},
): DocData {
  return {
    id,
    handle,
    handleAllowIndex: true,
    name: `Card ${id}`,
    title: 'Title',
    accountId,
    isArchived: false,
    contacts: [
      { id: 'l1', name: 'phone', label: 'Phone', value: '+1 555 0100', isTeamLink: false },
    ],
    appForm: { enabled: true },
    template: { templateId: 'classic' },
    signatureBasic: { enabled: true },
    appShare: { title: '', description: '' },
    teamId,
    ownerId,
    company: 'Co',
    email: `${id}@example.test`,
    bulkSync: { syncTeamLinks: true, syncBranding: true },
    dateCreated: OLD,
    dateUpdated: OLD,
    ...extra,
  };
}

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
/** A stored team sync job of team-a1 in `state`, as the server leaves it. */
function job(state: string): DocData {
  return {
    kind: 'teamSync',
    state,
    teamId: 'team-a1',
    createdBy: 'someone',
    createdAt: OLD,
    version: 1,
    total: 1200,
    done: 400,
    written: 380,
    cursor: 'card-0400',
  };
}

// ------------------------------------------------------------------ operations

const ST = serverTimestamp();

function get(path: string): AccessOp {
  return { kind: 'get', path };
}
function query(spec: QuerySpec): AccessOp {
  return { kind: 'query', spec };
}
function set(path: string, data: DocData): AccessOp {
  return { kind: 'set', path, data };
}
function update(path: string, data: DocData): AccessOp {
  return { kind: 'update', path, data };
}
function del(path: string): AccessOp {
  return { kind: 'delete', path };
}
function batch(...ops: WriteOp[]): AccessOp {
  return { kind: 'batch', ops };
}
function eq(field: string, value: unknown) {
  return { field, op: '==' as const, value };
}

/** The sign-up payload of docs/product.md §7, exactly as the app writes it. */
export function signUpData(env: CaseEnv, extra: DocData = {}): DocData {
  return {
    id: env.me,
    source: 'password',
    email: env.myEmail,
    displayName: 'New Person',
    photoURL: '',
    acceptedTOC: ST,
    dateCreated: ST,
    isAccountOwner: true,
    affiliate: null,
    ...extra,
  };
}

/** The account-setup batch: account (free plan), slug claim, first team, user's accountId. */
export function accountSetup(
  env: CaseEnv,
  options: {
    slug?: string;
    plan?: DocData;
    account?: DocData;
    skipSlug?: boolean;
    skipUser?: boolean;
  } = {},
): AccessOp {
  const slug = options.slug ?? 'new-co';
  const ops: WriteOp[] = [
    {
      kind: 'set',
      path: 'accounts/acc-new',
      data: {
        id: 'acc-new',
        name: 'New Co',
        isActive: true,
        dateUpdated: ST,
        directory: { slug },
        plan: options.plan ?? FREE_PLAN,
        ownerId: env.me,
        collaborators: [],
        ...options.account,
      },
    },
    { kind: 'set', path: 'accounts/acc-new/teams/team-new', data: team('acc-new', 'New Co') },
  ];
  if (!options.skipSlug)
    ops.push({ kind: 'set', path: `slugs/${slug}`, data: { accountId: 'acc-new' } });
  if (!options.skipUser) {
    ops.push({
      kind: 'update',
      path: `users/${env.me}`,
      data: { accountId: 'acc-new', defaultTeam: 'team-new', teams: ['team-new'] },
    });
  }
  return batch(...ops);
}

/** A new card and its handle claim, in one batch (the way the builder creates cards). */
export function newCard(
  env: CaseEnv,
  options: {
    /** The card id (default card-new). */
    id?: string;
    accountId?: string;
    teamId?: string;
    handle?: string;
    extra?: DocData;
    claim?: DocData | null;
    /** The card-cap list the batch writes (default: this card; null: none). */
    usage?: readonly string[] | null;
  } = {},
): AccessOp {
  const id = options.id ?? 'card-new';
  const accountId = options.accountId ?? 'acc-a';
  const teamId = options.teamId ?? (accountId === 'acc-b' ? 'team-b1' : 'team-a1');
  const handle = options.handle ?? 'new-handle';
  const data = card(id, accountId, teamId, env.me, handle, {
    dateCreated: ST,
    dateUpdated: ST,
    ...options.extra,
  });
  const ops: WriteOp[] = [{ kind: 'set', path: `cards/${id}`, data }];
  if (options.claim !== null) {
    ops.push({
      kind: 'set',
      path: `handles/${handle}`,
      data: options.claim ?? { cardId: id, accountId },
    });
  }
  if (options.usage !== null) {
    ops.push(usage(accountId, options.usage ?? [id]));
  }
  return batch(...ops);
}

function checkout(env: CaseEnv, extra: DocData = {}, metadata: DocData = {}): AccessOp {
  return set(`users/${env.me}/checkout_sessions/cs-new`, {
    price: 'price-growth-monthly',
    allow_promotion_codes: true,
    success_url: 'http://localhost:5173/settings/billing',
    cancel_url: 'http://localhost:5173/settings/billing',
    metadata: { accountId: 'acc-a', accountName: 'Acme', ...metadata },
    client_reference_id: env.me,
    mode: 'subscription',
    quantity: 1,
    locale: 'auto',
    ...extra,
  });
}

/** The sign-up notice, at its one allowed id (`mail/signup-{uid}`) unless `id` says otherwise. */
function signUpMail(
  env: CaseEnv,
  extra: DocData = {},
  message: DocData = {},
  id = `signup-${env.me}`,
): AccessOp {
  return set(`mail/${id}`, {
    to: TEAM_EMAIL,
    message: {
      subject: 'New Cardbuilder sign-up: someone@example.test',
      html: '<p>A new account was created on Cardbuilder.</p>',
      ...message,
    },
    ...extra,
  });
}

/** A team link as src/data/team-settings.ts stores it. */
const TEAM_LINK = {
  id: 'tl1',
  name: 'Website',
  label: 'Website',
  value: 'https://acme.example',
  isTeamLink: true,
};

/** Team style keys as src/data/team-sync.ts writes them on a card. */
const TEAM_STYLES = ['template.backgroundSource', 'template.photoBg', 'signatureBasic.disclaimer'];

/** A team sync's card update (src/data/team-sync.ts runTeamSync), with `extra` on top. */
function syncCard(cardId: string, extra: DocData = {}): AccessOp {
  return update(`cards/${cardId}`, {
    contacts: [{ ...TEAM_LINK }],
    teamStyles: TEAM_STYLES,
    teamSyncVersion: 2,
    dateUpdated: ST,
    ...extra,
  });
}

/** An invite as src/data/members.ts writes it, with `extra` on top. */
function invite(
  env: CaseEnv,
  options: { email?: string; id?: string; accountId?: string; extra?: DocData } = {},
): AccessOp {
  const email = options.email ?? 'bob@example.test';
  return set(`accounts/${options.accountId ?? 'acc-a'}/invites/${options.id ?? email}`, {
    email,
    invitedBy: env.me,
    status: 'pending',
    role: 'collaborator',
    dateCreated: ST,
    ...options.extra,
  });
}

/**
 * `count` new cards of account A in one batch, each with its handle claim, the way the importer
 * writes them; the first `archived` of them archived. `more` is added to the batch.
 */
/**
 * The card-cap write of a batch (firestore.rules, underCardCapAfter), as src/data/cards.ts writes
 * it: the list, the count raised by its length (`inUse`, an increment unless given) and the time.
 */
function usage(
  accountId: string,
  cardIds: readonly string[],
  inUse: unknown = increment(cardIds.length),
): WriteOp {
  return {
    kind: 'set',
    path: `accounts/${accountId}/usage/cards`,
    data: { batch: [...cardIds], inUse, at: ST },
    merge: true,
  };
}

/** The writes of `op` (a batch) with its card-cap write replaced by `write`. */
function withUsage(op: AccessOp, write: WriteOp): WriteOp[] {
  if (op.kind !== 'batch') throw new Error('withUsage takes a batch');
  return [...op.ops.filter((w) => !w.path.endsWith('/usage/cards')), write];
}

/** Un-archives card-a3 and takes its handle claim back (archived cards hold none). */
function unArchiveA3(): WriteOp[] {
  return [
    { kind: 'update', path: 'cards/card-a3', data: { isArchived: false } },
    { kind: 'set', path: 'handles/old-card', data: { cardId: 'card-a3', accountId: 'acc-a' } },
  ];
}

/** Writes only the card-cap list of an account. */
function usageBatch(accountId: string): AccessOp {
  return batch(usage(accountId, ['card-x']));
}

/**
 * A batch creating `count` cards in account A, with the card-cap list naming the ones it brings into
 * use (plus `alsoInUse`), unless `usage` gives the list to write.
 */
function cardBatch(
  env: CaseEnv,
  count: number,
  options: {
    archived?: number;
    more?: WriteOp[];
    alsoInUse?: readonly string[];
    usage?: readonly string[];
  } = {},
): AccessOp {
  const ops: WriteOp[] = [];
  const inUse: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = `card-batch-${i}`;
    const handle = `batch-${i}`;
    ops.push({
      kind: 'set',
      path: `cards/${id}`,
      data: card(id, 'acc-a', 'team-a1', env.me, handle, {
        dateCreated: ST,
        dateUpdated: ST,
        isArchived: i < (options.archived ?? 0),
        teamStyles: [],
        teamSyncVersion: 0,
      }),
    });
    ops.push({ kind: 'set', path: `handles/${handle}`, data: { cardId: id, accountId: 'acc-a' } });
    if (i >= (options.archived ?? 0)) inUse.push(id);
  }
  ops.push(usage('acc-a', options.usage ?? [...inUse, ...(options.alsoInUse ?? [])]));
  return batch(...ops, ...(options.more ?? []));
}

// ------------------------------------------------------------------ the matrix

interface Row {
  what: string;
  op: (env: CaseEnv) => AccessOp;
  allow: readonly Actor[];
  /** The actors the row is run as (default: all). */
  actors?: readonly Actor[];
}

const ACCOUNT_A_EDITORS: readonly Actor[] = ['owner', 'collaborator', 'superAdmin'];
/** Who reads account A and edits its cards: its editors and its card editors. */
const ACCOUNT_A_CARD_EDITORS: readonly Actor[] = [...ACCOUNT_A_EDITORS, 'cardEditor'];
const EVERYONE: readonly Actor[] = ACTORS;

const MATRIX: Row[] = [
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

  // slugs
  { what: 'get a slug claim', op: () => get('slugs/acme'), allow: SIGNED_IN },
  {
    what: 'list slug claims',
    op: () => query({ collection: 'slugs', limit: 10 }),
    allow: ['superAdmin'],
  },
  {
    what: 'create a slug claim the account does not use',
    op: () => set('slugs/spare', { accountId: 'acc-a' }),
    allow: [],
  },
  { what: 'rewrite a slug claim', op: () => set('slugs/acme', { accountId: 'acc-b' }), allow: [] },
  { what: 'delete the slug claim account A uses', op: () => del('slugs/acme'), allow: [] },

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

  // invites (collaborators)
  {
    what: 'get an invite of account A',
    op: () => get(`accounts/acc-a/invites/${PENDING_INVITE}`),
    allow: ['owner', 'superAdmin'],
  },
  {
    what: 'list the invites of account A',
    op: () => query({ collection: 'accounts/acc-a/invites', limit: 100 }),
    allow: ['owner', 'superAdmin'],
  },
  { what: 'invite a collaborator to account A', op: (e) => invite(e), allow: ['owner'] },
  {
    what: 'revoke an invite of account A',
    op: () => del(`accounts/acc-a/invites/${PENDING_INVITE}`),
    allow: ['owner'],
  },
  {
    what: 'mark an invite of account A accepted',
    op: () => update(`accounts/acc-a/invites/${PENDING_INVITE}`, { status: 'accepted' }),
    allow: [],
  },
  {
    what: 'invite a card editor to account A',
    op: (e) => invite(e, { extra: { role: 'editor' } }),
    allow: ['owner'],
  },
  {
    what: 'ask for an invitation e-mail of account A again (resend)',
    op: () => update(`accounts/acc-a/invites/${PENDING_INVITE}`, { resendAt: ST }),
    allow: ['owner'],
  },
  {
    what: "get an invitation token's lookup",
    op: () => get(`invite_tokens/${'f'.repeat(64)}`),
    allow: [],
  },
  {
    what: 'list invitation token lookups',
    op: () => query({ collection: 'invite_tokens', limit: 10 }),
    allow: [],
  },
  {
    what: 'remove the card editor from account A',
    op: (e) => update('accounts/acc-a', { editors: arrayRemove(e.ids.uid.cardEditor) }),
    allow: ['owner', 'cardEditor'],
  },

  // promotions
  {
    what: 'get a promotion of account A',
    op: () => get('accounts/acc-a/promotions/promo-a1'),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'list the promotions of a team of account A',
    op: () =>
      query({
        collection: 'accounts/acc-a/promotions',
        where: [eq('teamId', 'team-a1'), eq('isArchived', false)],
      }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'create a promotion in account A',
    op: () =>
      set('accounts/acc-a/promotions/promo-new', {
        id: 'promo-new',
        teamId: 'team-a1',
        isArchived: false,
        status: 'draft',
        isScheduled: false,
        startDate: null,
        endDate: null,
        title: 'Spring',
        body: '',
        url: '',
      }),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: 'update a promotion of account A',
    op: () => update('accounts/acc-a/promotions/promo-a1', { status: 'draft', isArchived: true }),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: 'delete a promotion of account A',
    op: () => del('accounts/acc-a/promotions/promo-a1'),
    allow: ACCOUNT_A_EDITORS,
  },

  // cards
  {
    what: 'get a card of account A',
    op: () => get('cards/card-a1'),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'list the cards of account A',
    op: () =>
      query({
        collection: 'cards',
        where: [eq('accountId', 'acc-a'), eq('isArchived', false)],
        orderBy: [{ field: 'dateUpdated', direction: 'desc' }],
        limit: 100,
      }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'list cards without the tenant constraint',
    op: () => query({ collection: 'cards', where: [eq('isArchived', false)], limit: 100 }),
    allow: ['superAdmin'],
  },
  { what: 'create a card in account A', op: (e) => newCard(e), allow: ACCOUNT_A_CARD_EDITORS },
  {
    what: 'import a card that follows its team into account A',
    op: (e) => newCard(e, { extra: { teamStyles: TEAM_STYLES, teamSyncVersion: 1 } }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'apply a team sync to a card of account A',
    op: () => syncCard('card-a1'),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'update a card of account A',
    op: () => update('cards/card-a1', { name: 'Ada L.', title: 'CEO', dateUpdated: ST }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    // A template's layout and font live in the card's template map like its colours.
    what: 'give a card of account A a template with a layout and a font',
    op: () =>
      update('cards/card-a1', {
        template: { templateId: 'studio', layout: 'split', font: 'serif', accentColor: '#c4b5fd' },
        dateUpdated: ST,
      }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'delete a card of account A with its handle claim',
    op: () =>
      batch({ kind: 'delete', path: 'cards/card-a2' }, { kind: 'delete', path: 'handles/grace' }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },

  // handles
  {
    what: 'get a handle claim of account A',
    op: () => get('handles/ada'),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  { what: 'get a free handle (no claim)', op: () => get('handles/nobody-yet'), allow: SIGNED_IN },
  {
    what: 'list handle claims',
    op: () => query({ collection: 'handles', limit: 10 }),
    allow: ['superAdmin'],
  },
  {
    what: 'create a handle claim no card uses',
    op: () => set('handles/spare', { cardId: 'card-a1', accountId: 'acc-a' }),
    allow: [],
  },
  {
    what: 'rewrite a handle claim',
    op: () => set('handles/ada', { cardId: 'card-b1', accountId: 'acc-b' }),
    allow: [],
  },
  { what: 'delete a handle claim its card still uses', op: () => del('handles/ada'), allow: [] },

  // analytics
  {
    what: "get a card's analytics",
    op: () => get('analytics/card-a1'),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: "list a card's analytics entries",
    op: () =>
      query({
        collection: 'analytics/card-a1/entries',
        orderBy: [{ field: 'createdAt', direction: 'desc' }],
      }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: "list a card's analytics clicks",
    op: () =>
      query({
        collection: 'analytics/card-a1/clicks',
        orderBy: [{ field: 'at', direction: 'desc' }],
      }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'write an analytics entry',
    op: () => set('analytics/card-a1/entries/e-new', { name: 'Forged lead', createdAt: ST }),
    allow: [],
  },
  {
    what: 'write an analytics click',
    op: () => set('analytics/card-a1/clicks/k-new', { linkId: 'l1', at: ST }),
    allow: [],
  },
  {
    what: 'update analytics counters',
    op: () => update('analytics/card-a1', { views: 1000 }),
    allow: [],
  },
  { what: 'delete analytics', op: () => del('analytics/card-a1/entries/e1'), allow: [] },

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

  // templates
  { what: 'get a template', op: () => get('templates/classic'), allow: SIGNED_IN },
  {
    what: 'list templates',
    op: () =>
      query({
        collection: 'templates',
        where: [eq('isArchived', false)],
        orderBy: [{ field: 'order', direction: 'asc' }],
      }),
    allow: SIGNED_IN,
  },
  {
    what: 'create a template',
    op: () =>
      set('templates/tpl-new', {
        id: 'tpl-new',
        name: 'New',
        order: 9,
        isArchived: false,
        template: {},
      }),
    allow: ['superAdmin'],
  },
  {
    what: 'update a template',
    op: () => update('templates/classic', { order: 2 }),
    allow: ['superAdmin'],
  },
  { what: 'delete a template', op: () => del('templates/classic'), allow: ['superAdmin'] },

  // settings
  { what: 'get the release setting', op: () => get('settings/release'), allow: EVERYONE },
  {
    what: 'get the notifications setting',
    op: () => get('settings/notifications'),
    allow: SIGNED_IN,
  },
  { what: 'get another setting', op: () => get('settings/seed'), allow: [] },
  {
    what: 'update the release setting',
    op: () => update('settings/release', { version: '9.9.9' }),
    allow: [],
  },
  {
    what: 'update the notifications address',
    op: () => update('settings/notifications', { productTeamEmail: 'attacker@evil.test' }),
    allow: [],
  },

  // mail
  { what: 'send the sign-up notice', op: (e) => signUpMail(e), allow: ['newUser'] },
  { what: 'get a mail document', op: () => get('mail/m1'), allow: [] },
  { what: 'list mail', op: () => query({ collection: 'mail', limit: 10 }), allow: [] },
  {
    what: 'update a mail delivery',
    op: () => update('mail/m1', { 'delivery.state': 'PENDING' }),
    allow: [],
  },
  { what: 'delete a mail document', op: () => del('mail/m1'), allow: [] },
];

function expand(rows: readonly Row[]): AccessCase[] {
  const out: AccessCase[] = [];
  for (const row of rows) {
    for (const actor of row.actors ?? ACTORS) {
      const allowed = row.allow.includes(actor);
      out.push({
        name: `${row.what}: ${actor} ${allowed ? 'may' : 'may not'}`,
        as: actor,
        op: row.op,
        allowed,
      });
    }
  }
  return out;
}

// ------------------------------------------------------------------ the attacks, one by one

function c(name: string, as: Actor, allowed: boolean, op: (env: CaseEnv) => AccessOp): AccessCase {
  return { name, as, op, allowed };
}

const ATTACKS: AccessCase[] = [
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

  // slugs and directory
  c('owner changes the directory slug with its claims', 'owner', true, () =>
    batch(
      { kind: 'update', path: 'accounts/acc-a', data: { 'directory.slug': 'acme-inc' } },
      { kind: 'set', path: 'slugs/acme-inc', data: { accountId: 'acc-a' } },
      { kind: 'delete', path: 'slugs/acme' },
    ),
  ),
  c("owner takes another account's slug", 'owner', false, () =>
    batch(
      { kind: 'update', path: 'accounts/acc-a', data: { 'directory.slug': 'globex' } },
      { kind: 'set', path: 'slugs/globex', data: { accountId: 'acc-a' } },
      { kind: 'delete', path: 'slugs/acme' },
    ),
  ),
  c('owner changes the slug but keeps the old claim', 'owner', false, () =>
    batch(
      { kind: 'update', path: 'accounts/acc-a', data: { 'directory.slug': 'acme-inc' } },
      { kind: 'set', path: 'slugs/acme-inc', data: { accountId: 'acc-a' } },
    ),
  ),
  c("owner deletes another account's slug claim", 'owner', false, () => del('slugs/globex')),

  // cards: tenants, cap, handles, immutable fields
  c("otherOwner reads account A's cards", 'otherOwner', false, () =>
    query({ collection: 'cards', where: [eq('accountId', 'acc-a')], limit: 100 }),
  ),
  c('owner lists own cards without a limit', 'owner', false, () =>
    query({ collection: 'cards', where: [eq('accountId', 'acc-a')] }),
  ),
  c('owner lists own cards with a limit over 1000', 'owner', false, () =>
    query({ collection: 'cards', where: [eq('accountId', 'acc-a')], limit: 5000 }),
  ),
  c('owner lists cards by handle across accounts', 'owner', false, () =>
    query({ collection: 'cards', where: [eq('handle', 'hank')], limit: 1 }),
  ),
  c('owner lists own cards with accountId in [A]', 'owner', true, () =>
    query({
      collection: 'cards',
      where: [{ field: 'accountId', op: 'in', value: ['acc-a'] }],
      limit: 100,
    }),
  ),
  c("owner lists cards with accountId in [A, B] (B is another account's)", 'owner', false, () =>
    query({
      collection: 'cards',
      where: [{ field: 'accountId', op: 'in', value: ['acc-a', 'acc-b'] }],
      limit: 100,
    }),
  ),
  c('owner lists cards with accountId != B', 'owner', false, () =>
    query({
      collection: 'cards',
      where: [{ field: 'accountId', op: '!=', value: 'acc-b' }],
      limit: 100,
    }),
  ),
  c('owner creates a promotion whose url carries a line break', 'owner', false, () =>
    set('accounts/acc-a/promotions/promo-new', {
      id: 'promo-new',
      teamId: 'team-a1',
      isArchived: false,
      title: 'Spring',
      url: 'https://a\nX',
    }),
  ),
  c('owner creates a promotion with an https url', 'owner', true, () =>
    set('accounts/acc-a/promotions/promo-new', {
      id: 'promo-new',
      teamId: 'team-a1',
      isArchived: false,
      title: 'Spring',
      url: 'https://acme.example/spring',
    }),
  ),
  c('a member reads their own card', 'member', false, () => get('cards/card-a1')),
  c('super admin reads a card of any account', 'superAdmin', true, () => get('cards/card-b1')),
  c('super admin CAN read all accounts', 'superAdmin', true, () => get('accounts/acc-b')),
  c('otherOwner creates a card over the cap', 'otherOwner', false, (e) =>
    newCard(e, { accountId: 'acc-b' }),
  ),
  c('super admin creates a card over the cap', 'superAdmin', false, (e) =>
    newCard(e, { accountId: 'acc-b' }),
  ),
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

  // handle hoarding: archived cards hold no handle claim and are never created as such
  c(
    'otherOwner creates an archived card at the cap (to hoard its handle)',
    'otherOwner',
    false,
    (e) => newCard(e, { accountId: 'acc-b', extra: { isArchived: true } }),
  ),
  c('otherOwner creates an archived card without a claim at the cap', 'otherOwner', false, (e) =>
    newCard(e, { accountId: 'acc-b', extra: { isArchived: true }, claim: null, usage: null }),
  ),
  c('owner archives a card and keeps its handle claim', 'owner', false, () =>
    update('cards/card-a1', { isArchived: true }),
  ),
  c('owner archives a card, releasing its handle claim', 'owner', true, () =>
    batch(
      { kind: 'update', path: 'cards/card-a1', data: { isArchived: true } },
      { kind: 'delete', path: 'handles/ada' },
    ),
  ),
  c('owner claims a handle for an archived card', 'owner', false, () =>
    set('handles/old-card', { cardId: 'card-a3', accountId: 'acc-a' }),
  ),
  c('owner un-archives a card without taking its handle back', 'owner', false, () =>
    batch(
      { kind: 'update', path: 'cards/card-a3', data: { isArchived: false } },
      usage('acc-a', ['card-a3']),
    ),
  ),
  c('owner un-archives a card under the cap, naming it in the card-cap list', 'owner', true, () =>
    batch(
      { kind: 'update', path: 'cards/card-a3', data: { isArchived: false } },
      { kind: 'set', path: 'handles/old-card', data: { cardId: 'card-a3', accountId: 'acc-a' } },
      usage('acc-a', ['card-a3']),
    ),
  ),
  c('owner un-archives a card without the card-cap list', 'owner', false, () =>
    update('cards/card-a3', { isArchived: false }),
  ),
  c('super admin creates a card in account A', 'superAdmin', true, (e) => newCard(e)),
  c('otherOwner creates a card in account A', 'otherOwner', false, (e) =>
    newCard(e, { accountId: 'acc-a' }),
  ),
  c('collaborator creates a card in account A', 'collaborator', true, (e) => newCard(e)),
  c('owner creates a card without a handle claim', 'owner', false, (e) =>
    newCard(e, { claim: null }),
  ),
  c("owner takes another card's handle", 'owner', false, (e) => newCard(e, { handle: 'hank' })),
  c('owner creates a card whose claim names another card', 'owner', false, (e) =>
    newCard(e, { claim: { cardId: 'card-a1', accountId: 'acc-a' } }),
  ),
  c('owner creates a card with a malformed handle', 'owner', false, (e) =>
    newCard(e, { handle: 'Bad-Handle' }),
  ),
  c('owner creates a card for another owner', 'owner', false, (e) =>
    newCard(e, { extra: { ownerId: e.ids.uid.collaborator } }),
  ),
  c('owner creates a card with a field nobody thought of', 'owner', false, (e) =>
    newCard(e, { extra: { isVerified: true } }),
  ),
  c("owner creates a card in another account's team", 'owner', false, (e) =>
    newCard(e, { extra: { teamId: 'team-b1' } }),
  ),
  c('owner changes a handle with the claim batch', 'owner', true, () =>
    batch(
      { kind: 'delete', path: 'handles/ada' },
      { kind: 'set', path: 'handles/ada-l', data: { cardId: 'card-a1', accountId: 'acc-a' } },
      { kind: 'update', path: 'cards/card-a1', data: { handle: 'ada-l' } },
    ),
  ),
  c("owner changes a card's handle to another card's handle", 'owner', false, () =>
    batch(
      { kind: 'delete', path: 'handles/ada' },
      { kind: 'set', path: 'handles/hank', data: { cardId: 'card-a1', accountId: 'acc-a' } },
      { kind: 'update', path: 'cards/card-a1', data: { handle: 'hank' } },
    ),
  ),
  c('owner changes a handle but keeps the old claim', 'owner', false, () =>
    batch(
      { kind: 'set', path: 'handles/ada-l', data: { cardId: 'card-a1', accountId: 'acc-a' } },
      { kind: 'update', path: 'cards/card-a1', data: { handle: 'ada-l' } },
    ),
  ),
  c('owner changes a handle without claiming the new one', 'owner', false, () =>
    update('cards/card-a1', { handle: 'ada-l' }),
  ),
  c('owner deletes a card but keeps its claim', 'owner', false, () => del('cards/card-a2')),
  c("owner deletes another account's handle claim", 'owner', false, () => del('handles/hank')),
  c("owner changes a card's accountId", 'owner', false, () =>
    update('cards/card-a1', { accountId: 'acc-b' }),
  ),
  // A card's ownerId: only the account's owner changes it, and only to someone with a role in
  // the account now (People and access: the cards of a removed person are handed on).
  c('owner hands a card to the collaborator (honest use)', 'owner', true, (e) =>
    update('cards/card-a1', { ownerId: e.ids.uid.collaborator }),
  ),
  c('owner hands a card to the card editor (honest use)', 'owner', true, (e) =>
    update('cards/card-a1', { ownerId: e.ids.uid.cardEditor, dateUpdated: ST }),
  ),
  c('owner hands a card to a stranger', 'owner', false, (e) =>
    update('cards/card-a1', { ownerId: e.ids.uid.newUser }),
  ),
  c('owner hands a card to a removed collaborator', 'owner', false, () =>
    update('cards/card-a1', { ownerId: FORMER_COLLABORATOR }),
  ),
  c('owner hands a card to an id that is not a string', 'owner', false, () =>
    update('cards/card-a1', { ownerId: 42 }),
  ),
  c('collaborator takes a card for themselves', 'collaborator', false, (e) =>
    update('cards/card-a1', { ownerId: e.me }),
  ),
  c('cardEditor takes a card for themselves', 'cardEditor', false, (e) =>
    update('cards/card-a1', { ownerId: e.me }),
  ),
  c("otherOwner hands account A's card to themselves", 'otherOwner', false, (e) =>
    update('cards/card-a1', { ownerId: e.me }),
  ),
  c("owner changes a card's dateCreated", 'owner', false, () =>
    update('cards/card-a1', { dateCreated: new Date('2001-01-01T00:00:00Z') }),
  ),
  c("owner moves a card to another account's team", 'owner', false, () =>
    update('cards/card-a1', { teamId: 'team-b1' }),
  ),
  c('collaborator edits a card of the account', 'collaborator', true, () =>
    update('cards/card-a2', { title: 'VP', contacts: [] }),
  ),
  c('super admin edits a card of any account', 'superAdmin', true, () =>
    update('cards/card-b1', { title: 'Chief' }),
  ),
  c("otherOwner edits account A's card", 'otherOwner', false, () =>
    update('cards/card-a1', { title: 'Fired' }),
  ),

  // the search field nameLower (src/data/cards.ts): the name lower-cased, never anything else
  c('owner renames a card with its search field', 'owner', true, () =>
    update('cards/card-a1', { name: 'Ada Lovelace', nameLower: 'ada lovelace' }),
  ),
  c('owner writes a search field that is not the name lower-cased', 'owner', false, () =>
    update('cards/card-a1', { nameLower: 'zzz first in every search' }),
  ),
  c('owner renames a card and leaves a stale search field', 'owner', false, () =>
    update('cards/card-a1', { name: 'Ada Lovelace', nameLower: 'card card-a1' }),
  ),
  c('owner writes a search field that is not a string', 'owner', false, () =>
    update('cards/card-a1', { nameLower: 7 }),
  ),
  c('owner creates a card with its search field', 'owner', true, (e) =>
    newCard(e, { extra: { name: 'New Person', nameLower: 'new person' } }),
  ),
  c('owner creates a card whose search field is not its name', 'owner', false, (e) =>
    newCard(e, { extra: { name: 'New Person', nameLower: 'aaa' } }),
  ),

  // team sync fields on cards (src/data/team-sync.ts, importer.ts)
  c('owner syncs a card with 50 team styles', 'owner', true, () =>
    syncCard('card-a1', { teamStyles: Array.from({ length: 50 }, (_, i) => `template.k${i}`) }),
  ),
  c('owner syncs a card with no team styles left', 'owner', true, () =>
    syncCard('card-a1', { teamStyles: [] }),
  ),
  c('owner syncs a card with 51 team styles', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: Array.from({ length: 51 }, (_, i) => `template.k${i}`) }),
  ),
  c('owner syncs a card with a team style that is not a string', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: ['template.photoBg', 42] }),
  ),
  c('owner syncs a card with a team style that is a bool', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: ['template.photoBg', true] }),
  ),
  c('owner syncs a card with a team style that is null', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: [null] }),
  ),
  c('owner syncs a card with a team style that is a map', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: [{ key: 'template.photoBg' }] }),
  ),
  c('owner syncs a card with a team style outside the template and signature', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: ['plan.cardLimit'] }),
  ),
  c('owner syncs a card with a 100-character team style', 'owner', true, () =>
    syncCard('card-a1', { teamStyles: [`signatureBasic.${'k'.repeat(85)}`] }),
  ),
  c('owner syncs a card with team styles that are not a list', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: 'template.photoBg' }),
  ),
  c('owner syncs a card with a 101-character team style', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: [`template.${'k'.repeat(92)}`] }),
  ),
  c('owner syncs a card with markup in a team style', 'owner', false, () =>
    syncCard('card-a1', { teamStyles: ['template.<img src=x>'] }),
  ),
  c('owner syncs a card with a fractional team sync version', 'owner', false, () =>
    syncCard('card-a1', { teamSyncVersion: 1.5 }),
  ),
  c('owner syncs a card with a negative team sync version', 'owner', false, () =>
    syncCard('card-a1', { teamSyncVersion: -1 }),
  ),
  c('owner syncs a card with a team sync version as text', 'owner', false, () =>
    syncCard('card-a1', { teamSyncVersion: '2' }),
  ),
  c('owner imports a card with 51 team styles', 'owner', false, (e) =>
    newCard(e, {
      extra: { teamStyles: Array.from({ length: 51 }, (_, i) => `template.k${i}`) },
    }),
  ),
  c('owner imports a card with a team sync version as text', 'owner', false, (e) =>
    newCard(e, { extra: { teamSyncVersion: '1' } }),
  ),
  c("otherOwner syncs account A's card", 'otherOwner', false, () => syncCard('card-a1')),

  // the card cap judged per batch: the size of the batch's card-cap list is added to the count
  // (the fixture leaves account A 4 free slots; a batch of 2 cards, IMPORT_BATCH_CARDS, stays
  // within 20 access calls since each card create also reads its id's analytics)
  c('owner imports 2 cards in one batch with 4 free slots', 'owner', true, (e) => cardBatch(e, 2)),
  c('owner imports 2 cards, 1 of them archived, with 4 free slots', 'owner', false, (e) =>
    cardBatch(e, 2, { archived: 1 }),
  ),
  c(
    'owner imports 1 card whose card-cap list names 4 cards, with 4 free slots',
    'owner',
    true,
    (e) => cardBatch(e, 1, { usage: ['card-batch-0', 'pad-1', 'pad-2', 'pad-3'] }),
  ),
  c(
    'owner imports 1 card whose card-cap list names 5 cards, with 4 free slots',
    'owner',
    false,
    (e) => cardBatch(e, 1, { usage: ['card-batch-0', 'pad-1', 'pad-2', 'pad-3', 'pad-4'] }),
  ),
  c('owner imports 5 cards in one batch with 4 free slots', 'owner', false, (e) => cardBatch(e, 5)),
  // un-archive (taking its handle back) plus one new card: 2 of the 4 free slots, unless the
  // card-cap list says more; each case stays within the batch's 20 access calls
  c(
    'owner un-archives a card and imports 1 more, the card-cap list naming both',
    'owner',
    true,
    (e) => cardBatch(e, 1, { alsoInUse: ['card-a3'], more: unArchiveA3() }),
  ),
  c(
    'owner un-archives a card and imports 1 more, the card-cap list naming 5 with 4 free slots',
    'owner',
    false,
    (e) =>
      cardBatch(e, 1, {
        alsoInUse: ['card-a3', 'pad-1', 'pad-2', 'pad-3'],
        more: unArchiveA3(),
      }),
  ),
  c(
    'owner un-archives a card and imports 1, leaving the card out of the card-cap list',
    'owner',
    false,
    (e) => cardBatch(e, 1, { more: unArchiveA3() }),
  ),
  c('owner imports 2 cards naming only 1 in the card-cap list', 'owner', false, (e) =>
    cardBatch(e, 2, { usage: ['card-batch-0'] }),
  ),
  c('owner creates a card without the card-cap list', 'owner', false, (e) =>
    newCard(e, { usage: null }),
  ),
  c('owner creates a card whose card-cap list names another card', 'owner', false, (e) =>
    newCard(e, { usage: ['card-other'] }),
  ),
  c('collaborator imports 200 cards into account A in one batch', 'collaborator', false, (e) =>
    cardBatch(e, 200),
  ),
  c('otherOwner writes the card-cap list of account A', 'otherOwner', false, () =>
    usageBatch('acc-a'),
  ),
  c('owner writes a card-cap list with a field besides the ids', 'owner', false, () =>
    set('accounts/acc-a/usage/cards', { batch: ['x'], inUse: 3, at: ST, cardsInUse: 0 }),
  ),
  // the card count: raised by exactly the list's length at commit time, never lowered by a client
  c('owner creates a card, raising the stored count by 1 as a number', 'owner', true, (e) =>
    batch(...withUsage(newCard(e), usage('acc-a', ['card-new'], 3))),
  ),
  c('owner creates a card, keeping the stored count as it was', 'owner', false, (e) =>
    batch(...withUsage(newCard(e), usage('acc-a', ['card-new'], 2))),
  ),
  c('owner lowers the card count', 'owner', false, () =>
    batch(usage('acc-a', ['card-x'], increment(-1))),
  ),
  c('owner creates a card reusing the list an earlier batch left', 'owner', false, (e) =>
    newCard(e, { usage: null }),
  ),
  c('owner writes a card-cap list without the time of the commit', 'owner', false, () =>
    set('accounts/acc-a/usage/cards', { batch: ['card-x'], inUse: 3, at: OLD }),
  ),
  // the race: plan.cardsInUse (0) trails a batch that already took account B's last slot; the
  // card-cap document counts it, so a second batch is refused however it counts
  c(
    'otherOwner creates a card while plan.cardsInUse trails a batch that took the last slot',
    'otherOwner',
    false,
    (e) => newCard(e, { accountId: 'acc-b' }),
  ),
  c(
    "otherOwner creates a card counting from plan.cardsInUse instead of the card-cap document's count",
    'otherOwner',
    false,
    (e) => batch(...withUsage(newCard(e, { accountId: 'acc-b' }), usage('acc-b', ['card-new'], 1))),
  ),

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

  // invites (accounts/{id}/invites/{email}; accepting is server work)
  c('owner invites a mixed-case address', 'owner', false, (e) =>
    invite(e, { email: 'Bob@Example.test' }),
  ),
  c('owner invites under an id that is not the e-mail', 'owner', false, (e) =>
    invite(e, { id: 'bob@example.test', email: 'eve@example.test' }),
  ),
  c('owner invites something that is not an e-mail address', 'owner', false, (e) =>
    invite(e, { email: 'not an address' }),
  ),
  c('owner invites on behalf of the collaborator', 'owner', false, (e) =>
    invite(e, { extra: { invitedBy: e.ids.uid.collaborator } }),
  ),
  c('owner writes an invite already accepted', 'owner', false, (e) =>
    invite(e, { extra: { status: 'accepted' } }),
  ),
  c('owner back-dates an invite', 'owner', false, (e) =>
    invite(e, { extra: { dateCreated: new Date('2001-01-01T00:00:00Z') } }),
  ),
  c('owner invites with a role that does not exist', 'owner', false, (e) =>
    invite(e, { extra: { role: 'admin' } }),
  ),
  c('owner invites without a role', 'owner', false, (e) =>
    set('accounts/acc-a/invites/bob@example.test', {
      email: 'bob@example.test',
      invitedBy: e.me,
      status: 'pending',
      dateCreated: ST,
    }),
  ),

  // invitation tokens (docs/access.md, "Invitations"): only the server issues and reads them
  c('owner creates an invite with a token hash of their choosing', 'owner', false, (e) =>
    invite(e, { extra: { tokenHash: 'a'.repeat(64), expiresAt: new Date('2099-01-01') } }),
  ),
  c('owner plants a token hash on a pending invite', 'owner', false, () =>
    update(`accounts/acc-a/invites/${PENDING_INVITE}`, { tokenHash: 'a'.repeat(64) }),
  ),
  c('owner pushes the expiry of a pending invite', 'owner', false, () =>
    update(`accounts/acc-a/invites/${PENDING_INVITE}`, { expiresAt: new Date('2199-01-01') }),
  ),
  c('owner changes the role of a pending invite in place', 'owner', false, () =>
    update(`accounts/acc-a/invites/${PENDING_INVITE}`, { role: 'editor' }),
  ),
  c('owner asks for a resend with a made-up time', 'owner', false, () =>
    update(`accounts/acc-a/invites/${PENDING_INVITE}`, { resendAt: new Date('2001-01-01') }),
  ),
  c('owner asks for a resend (honest use)', 'owner', true, () =>
    update(`accounts/acc-a/invites/${PENDING_INVITE}`, { resendAt: ST }),
  ),
  c('collaborator asks for a resend of an invite', 'collaborator', false, () =>
    update(`accounts/acc-a/invites/${PENDING_INVITE}`, { resendAt: ST }),
  ),
  c('owner reads a token lookup', 'owner', false, () => get(`invite_tokens/${'f'.repeat(64)}`)),
  c('newUser guesses a token lookup', 'newUser', false, () =>
    get(`invite_tokens/${'0'.repeat(64)}`),
  ),
  c('newUser writes a token lookup for account A', 'newUser', false, (e) =>
    set(`invite_tokens/${'a'.repeat(64)}`, { accountId: 'acc-a', email: e.myEmail }),
  ),
  c('cardEditor reads the invites of account A', 'cardEditor', false, () =>
    query({ collection: 'accounts/acc-a/invites', limit: 100 }),
  ),
  c('cardEditor invites someone to account A', 'cardEditor', false, (e) => invite(e)),

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

  // mail
  c('a new user sends mail to another recipient', 'newUser', false, (e) =>
    signUpMail(e, { to: 'victim@example.test' }),
  ),
  c('a new user sends mail to a list of recipients', 'newUser', false, (e) =>
    signUpMail(e, { to: [TEAM_EMAIL, 'victim@example.test'] }),
  ),
  c('a new user sends mail with a cc', 'newUser', false, (e) =>
    signUpMail(e, { cc: 'victim@example.test' }),
  ),
  c('a new user sends mail with a template', 'newUser', false, (e) =>
    signUpMail(e, { template: { name: 'welcome', data: {} } }),
  ),
  c('a new user sends mail with huge html', 'newUser', false, (e) =>
    signUpMail(e, {}, { html: `<p>${'x'.repeat(11 * 1024)}</p>` }),
  ),
  c('a new user sends mail with a long subject', 'newUser', false, (e) =>
    signUpMail(e, {}, { subject: 's'.repeat(201) }),
  ),
  c('a new user sends mail with a text part', 'newUser', false, (e) =>
    signUpMail(e, {}, { text: 'plain' }),
  ),
  c('a new user sends mail with a delivery field', 'newUser', false, (e) =>
    signUpMail(e, { delivery: { state: 'SUCCESS' } }),
  ),
  c('a new user sends mail from another address', 'newUser', false, (e) =>
    signUpMail(e, { from: 'ceo@acme.example' }),
  ),
  c('a long-registered user sends the sign-up notice again', 'owner', false, (e) => signUpMail(e)),
  c('a new user sends a second sign-up notice under another id', 'newUser', false, (e) =>
    signUpMail(e, {}, {}, 'mail-new'),
  ),
  c('a new user sends the sign-up notice as another user', 'newUser', false, (e) =>
    signUpMail(e, {}, {}, `signup-${e.ids.uid.owner}`),
  ),
  c('a new user sends a 3 KB sign-up notice', 'newUser', false, (e) =>
    signUpMail(e, {}, { html: `<p>${'x'.repeat(3 * 1024)}</p>` }),
  ),
  c('super admin reads mail', 'superAdmin', false, () => get('mail/m1')),

  // analytics
  c("otherOwner reads account A's card analytics", 'otherOwner', false, () =>
    query({ collection: 'analytics/card-a1/entries' }),
  ),
  c('owner writes analytics of own card', 'owner', false, () =>
    set('analytics/card-a1', { views: 1000000, accountId: 'acc-a' }),
  ),
  c('super admin writes analytics', 'superAdmin', false, () =>
    set('analytics/card-b1/clicks/k-new', { linkId: 'l1', at: ST }),
  ),
  c('a member reads the analytics of their card', 'member', false, () => get('analytics/card-a1')),
  // A deleted card's leads: the id is public, so an attacker re-creates it in their own account
  // and would read the victim's leads if access followed the card (docs/access.md, Attacks).
  c("owner re-creates account B's deleted card id in account A", 'owner', false, (e) =>
    newCard(e, { id: 'card-gone', handle: 'gone-again' }),
  ),
  c('owner re-creates a deleted card id of their own account', 'owner', true, (e) =>
    newCard(e, { id: 'card-a-gone', handle: 'gone-again' }),
  ),
  c("owner reads the leads of account B's deleted card", 'owner', false, () =>
    query({ collection: 'analytics/card-gone/entries' }),
  ),
  c("owner reads the clicks of account B's deleted card", 'owner', false, () =>
    query({ collection: 'analytics/card-gone/clicks' }),
  ),
  c("owner reads the summary of account B's deleted card", 'owner', false, () =>
    get('analytics/card-gone'),
  ),
  c('otherOwner still reads the leads of their deleted card', 'otherOwner', true, () =>
    query({ collection: 'analytics/card-gone/entries' }),
  ),
  c('otherOwner still reads the summary of their deleted card', 'otherOwner', true, () =>
    get('analytics/card-gone'),
  ),
  c("owner reads leads account B wrote under the id of A's card", 'owner', false, () =>
    query({ collection: 'analytics/card-a2/entries' }),
  ),
  c("otherOwner reads leads B wrote under the id A's card holds now", 'otherOwner', true, () =>
    query({ collection: 'analytics/card-a2/entries' }),
  ),
  c('owner reads the (missing) analytics of a card never viewed', 'owner', true, () =>
    get('analytics/card-a3'),
  ),
  c('otherOwner reads the (missing) analytics of a card of account A', 'otherOwner', false, () =>
    get('analytics/card-a3'),
  ),

  // everything else is closed
  c('owner writes a collection the rules do not know', 'owner', false, () =>
    set('secrets/s1', { a: 1 }),
  ),
  c('owner reads a collection the rules do not know', 'owner', false, () => get('secrets/s1')),
  c('super admin writes a setting', 'superAdmin', false, () =>
    set('settings/notifications', { productTeamEmail: 'x@evil.test' }),
  ),
];

// ------------------------------------------------------------------ lead routing (webhooks, consent)

/** Account A's webhook, its secret (server only), a delivery of it and the retry queue's entry. */
function leadRoutingFixture(): Array<[string, DocData]> {
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

const LEAD_ROUTING_MATRIX: Row[] = [
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

// ------------------------------------------------------------------ company sign-in (SSO, docs/sso.md)

/** Account S's provider: required for its people. */
const SSO = { providerId: 'oidc.acme', name: 'Acme', domains: ['acme.test'], required: true };

/**
 * Account S (Corporate) requires its provider: A's owner owns it too, A's collaborator and card
 * editor are its collaborator and card editor, and `member` holds a seat on one of its cards.
 * `acme.test` is claimed for it.
 */
function ssoFixture(ids: Ids): Array<[string, DocData]> {
  const u = ids.uid;
  return [
    [
      'accounts/acc-sso',
      {
        id: 'acc-sso',
        name: 'SSO Co',
        isActive: true,
        dateUpdated: OLD,
        directory: { slug: 'sso-co' },
        plan: {
          type: 'corporate',
          isPaidAccount: true,
          cardLimit: 100,
          compCards: 0,
          cardsInUse: 2,
          trialEndDate: null,
        },
        ownerId: u.owner,
        collaborators: [u.collaborator],
        editors: [u.cardEditor],
        // The actors' own domain: the requirement applies to addresses at the mapped domains.
        sso: { ...SSO, domains: ['acme.test', ids.email.cardEditor.split('@')[1] ?? ''] },
      },
    ],
    ['accounts/acc-sso/teams/team-sso1', team('acc-sso', 'People')],
    [
      'cards/card-sso1',
      card('card-sso1', 'acc-sso', 'team-sso1', u.owner, 'sso-one', { claimedBy: u.member }),
    ],
    ['cards/card-sso2', card('card-sso2', 'acc-sso', 'team-sso1', u.owner, 'sso-two')],
    [
      'ssoDomains/acme.test',
      { accountId: 'acc-sso', providerId: 'oidc.acme', name: 'Acme', required: true },
    ],
    // The same requirement where the card editor's own domain is not mapped: someone the company
    // works with at another address.
    [
      'accounts/acc-sso-guest',
      {
        id: 'acc-sso-guest',
        name: 'SSO Guest Co',
        isActive: true,
        dateUpdated: OLD,
        directory: { slug: 'sso-guest-co' },
        plan: {
          type: 'corporate',
          isPaidAccount: true,
          cardLimit: 100,
          compCards: 0,
          cardsInUse: 0,
          trialEndDate: null,
        },
        ownerId: u.owner,
        collaborators: [],
        editors: [u.cardEditor],
        sso: SSO,
      },
    ],
  ];
}

/** A case as the actor signed in through `provider` (the ID token's sign_in_provider). */
function via(provider: string, access: AccessCase): AccessCase {
  return { ...access, name: `${access.name} (signed in with ${provider})`, provider };
}

const domainClaim = (extra: DocData = {}): DocData => ({
  accountId: 'acc-sso',
  providerId: 'oidc.acme',
  name: 'Acme',
  required: true,
  ...extra,
});

const SSO_CASES: AccessCase[] = [
  // require SSO applies to the people at the mapped domains, not to others the account works with
  c(
    'sso: a card editor at an unmapped domain who signed in with a password reads an account that requires SSO',
    'cardEditor',
    true,
    () => get('accounts/acc-sso-guest'),
  ),
  // require SSO: members who signed in another way reach nothing of the account
  c(
    'sso: a card editor who signed in with a password may not read an account that requires SSO',
    'cardEditor',
    false,
    () => get('accounts/acc-sso'),
  ),
  via(
    'oidc.acme',
    c('sso: a card editor may read an account that requires SSO', 'cardEditor', true, () =>
      get('accounts/acc-sso'),
    ),
  ),
  via(
    'oidc.other',
    c(
      'sso: a card editor may not read an account that requires SSO through another provider',
      'cardEditor',
      false,
      () => get('accounts/acc-sso'),
    ),
  ),
  via(
    'google.com',
    c(
      'sso: a card editor may not read an account that requires SSO by Google sign-in',
      'cardEditor',
      false,
      () => get('accounts/acc-sso'),
    ),
  ),
  c(
    'sso: a card editor who signed in with a password may not read a card of an account that requires SSO',
    'cardEditor',
    false,
    () => get('cards/card-sso2'),
  ),
  via(
    'oidc.acme',
    c(
      'sso: a card editor may edit a card of an account that requires SSO',
      'cardEditor',
      true,
      () => update('cards/card-sso2', { title: 'Through SSO' }),
    ),
  ),
  c(
    'sso: a seat holder who signed in with a password may not read their card',
    'member',
    false,
    () => get('cards/card-sso1'),
  ),
  c(
    'sso: a seat holder who signed in with a password may not edit their card',
    'member',
    false,
    () => update('cards/card-sso1', { title: 'By password' }),
  ),
  via(
    'oidc.acme',
    c('sso: a seat holder may read their card', 'member', true, () => get('cards/card-sso1')),
  ),
  c(
    'sso: a collaborator who signed in with a password may not read a team of an account that requires SSO',
    'collaborator',
    false,
    () => get('accounts/acc-sso/teams/team-sso1'),
  ),
  via(
    'oidc.acme',
    c(
      'sso: a collaborator may read a team of an account that requires SSO',
      'collaborator',
      true,
      () => get('accounts/acc-sso/teams/team-sso1'),
    ),
  ),
  // the owner is exempt: the way back in, and the one who turns the requirement off
  c('sso: the owner who signed in with a password still reads the account', 'owner', true, () =>
    get('accounts/acc-sso'),
  ),
  c('sso: the owner who signed in with a password turns "require SSO" off', 'owner', true, () =>
    update('accounts/acc-sso', { sso: { ...SSO, required: false } }),
  ),
  // configuration: the owner of a Corporate account only, a valid shape
  via(
    'oidc.acme',
    c('sso: a collaborator may not change the company sign-in', 'collaborator', false, () =>
      update('accounts/acc-sso', { sso: { ...SSO, required: false } }),
    ),
  ),
  c('sso: the owner removes the company sign-in', 'owner', true, () =>
    update('accounts/acc-sso', { sso: deleteField() }),
  ),
  c('sso: the owner may not name a built-in provider', 'owner', false, () =>
    update('accounts/acc-sso', { sso: { ...SSO, providerId: 'google.com' } }),
  ),
  c('sso: the owner may not map no domain', 'owner', false, () =>
    update('accounts/acc-sso', { sso: { ...SSO, domains: [] } }),
  ),
  c('sso: the owner may not add fields to the company sign-in', 'owner', false, () =>
    update('accounts/acc-sso', { sso: { ...SSO, exempt: ['someone'] } }),
  ),
  c(
    'sso: the owner of an account not on the Corporate plan may not set up company sign-in',
    'owner',
    false,
    () => update('accounts/acc-a', { sso: { ...SSO, required: false } }),
  ),
  // discovery: a domain claim is public by domain, never listed, unique, the owner's to write
  c('sso: a visitor reads the provider of a domain', 'visitor', true, () =>
    get('ssoDomains/acme.test'),
  ),
  c('sso: a visitor reads an unmapped domain as missing', 'visitor', true, () =>
    get('ssoDomains/nobody.test'),
  ),
  c('sso: a visitor may not list the mapped domains', 'visitor', false, () =>
    query({ collection: 'ssoDomains', limit: 10 }),
  ),
  c('sso: a signed-in user may not list the mapped domains', 'newUser', false, () =>
    query({ collection: 'ssoDomains', limit: 10 }),
  ),
  c('sso: the owner maps a new domain with its account', 'owner', true, () =>
    batch(
      {
        kind: 'update',
        path: 'accounts/acc-sso',
        data: { sso: { ...SSO, domains: ['acme.test', 'beta.test'] } },
      },
      { kind: 'set', path: 'ssoDomains/beta.test', data: domainClaim() },
    ),
  ),
  c('sso: the owner may not claim a domain the account does not map', 'owner', false, () =>
    set('ssoDomains/beta.test', domainClaim()),
  ),
  c(
    'sso: the owner may not claim a domain with another provider than the account’s',
    'owner',
    false,
    () =>
      batch(
        {
          kind: 'update',
          path: 'accounts/acc-sso',
          data: { sso: { ...SSO, domains: ['acme.test', 'beta.test'] } },
        },
        {
          kind: 'set',
          path: 'ssoDomains/beta.test',
          data: domainClaim({ providerId: 'oidc.evil' }),
        },
      ),
  ),
  c('sso: the owner updates a domain claim with the account’s change', 'owner', true, () =>
    batch(
      { kind: 'update', path: 'accounts/acc-sso', data: { sso: { ...SSO, required: false } } },
      { kind: 'set', path: 'ssoDomains/acme.test', data: domainClaim({ required: false }) },
    ),
  ),
  c('sso: another account’s owner may not take a claimed domain', 'otherOwner', false, () =>
    set('ssoDomains/acme.test', domainClaim({ accountId: 'acc-b' })),
  ),
  via(
    'oidc.acme',
    c('sso: a collaborator may not claim a domain', 'collaborator', false, () =>
      set('ssoDomains/gamma.test', domainClaim()),
    ),
  ),
  c('sso: the owner releases a domain', 'owner', true, () => del('ssoDomains/acme.test')),
  c('sso: another account’s owner may not release a domain', 'otherOwner', false, () =>
    del('ssoDomains/acme.test'),
  ),
  c('sso: a visitor may not release a domain', 'visitor', false, () => del('ssoDomains/acme.test')),
];

// ------------------------------------------------------------------ provisioning (SCIM, docs/scim.md)

const SCIM_HASH = 'a'.repeat(64);

/** Account A's provisioning token (metadata and its server-only lookup), settings and a user. */
function scimFixture(): Array<[string, DocData]> {
  return [
    [
      'accounts/acc-a/scimTokens/tok-a1',
      { label: 'Okta', hint: 'scim_…abcd', createdAt: OLD, createdBy: 'x', lastUsedAt: null },
    ],
    [`scim_tokens/${SCIM_HASH}`, { accountId: 'acc-a', tokenId: 'tok-a1', createdAt: OLD }],
    ['accounts/acc-a/scimSettings/current', { onDeactivate: 'archive', updatedAt: OLD }],
    [
      'accounts/acc-a/scimUsers/su-a1',
      { userName: 'pat@example.test', userNameLower: 'pat@example.test', cardId: 'card-a1' },
    ],
  ];
}

const SCIM_MATRIX: Row[] = [
  {
    what: 'get a provisioning token’s metadata of account A',
    op: () => get('accounts/acc-a/scimTokens/tok-a1'),
    allow: ['owner'],
  },
  {
    what: 'list the provisioning tokens of account A',
    op: () => query({ collection: 'accounts/acc-a/scimTokens', limit: 10 }),
    allow: ['owner'],
  },
  {
    what: 'make a provisioning token without the callable',
    op: () =>
      set('accounts/acc-a/scimTokens/tok-new', {
        label: 'mine',
        hint: 'scim_…zzzz',
        createdAt: ST,
      }),
    allow: [],
  },
  {
    what: 'mark a provisioning token used',
    op: () => update('accounts/acc-a/scimTokens/tok-a1', { lastUsedAt: ST }),
    allow: [],
  },
  {
    what: 'revoke a provisioning token directly',
    op: () => del('accounts/acc-a/scimTokens/tok-a1'),
    allow: [],
  },
  { what: 'read a token hash lookup', op: () => get(`scim_tokens/${SCIM_HASH}`), allow: [] },
  {
    what: 'list the token hash lookups',
    op: () => query({ collection: 'scim_tokens', limit: 10 }),
    allow: [],
  },
  {
    what: 'plant a token hash for account A',
    op: () => set(`scim_tokens/${'b'.repeat(64)}`, { accountId: 'acc-a', tokenId: 'tok-a1' }),
    allow: [],
  },
  {
    what: 'read the provisioning settings of account A',
    op: () => get('accounts/acc-a/scimSettings/current'),
    allow: ['owner'],
  },
  {
    what: 'change the provisioning settings without the callable',
    op: () => set('accounts/acc-a/scimSettings/current', { onDeactivate: 'keep' }),
    allow: [],
  },
  {
    what: 'read a provisioned user record of account A',
    op: () => get('accounts/acc-a/scimUsers/su-a1'),
    allow: [],
  },
  {
    what: 'list the provisioned users of account A',
    op: () => query({ collection: 'accounts/acc-a/scimUsers', limit: 10 }),
    allow: [],
  },
  {
    what: 'write a provisioned user record',
    op: () => update('accounts/acc-a/scimUsers/su-a1', { active: false }),
    allow: [],
  },
];

const LEAD_ROUTING_ATTACKS: AccessCase[] = [
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

/** A team sync job of account A as the team page creates it. */
function newSyncJob(env: CaseEnv, extra: DocData = {}): DocData {
  return {
    kind: 'teamSync',
    state: 'queued',
    teamId: 'team-a1',
    version: 2,
    createdBy: env.me,
    createdAt: ST,
    ...extra,
  };
}

/** An import job of account A as the Import tab creates it, after its rows. */
function newImportJob(env: CaseEnv, extra: DocData = {}): DocData {
  return {
    kind: 'import',
    state: 'queued',
    teamId: 'team-a1',
    rowCount: 150,
    rowParts: 1,
    createdBy: env.me,
    createdAt: ST,
    ...extra,
  };
}

const ROWS = { rows: [{ row: 0, name: 'Ada', email: 'ada@example.com', handle: 'ada-x' }] };

// Server jobs (accounts/{id}/jobs/{jobId}): managers ask, the server works and reports.
const JOBS: Row[] = [
  {
    what: 'get a job of account A',
    op: () => get('accounts/acc-a/jobs/job-running'),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'list the jobs of account A',
    op: () => query({ collection: 'accounts/acc-a/jobs', limit: 20 }),
    allow: ACCOUNT_A_CARD_EDITORS,
  },
  {
    what: 'ask for a team sync job in account A',
    op: (e) => set('accounts/acc-a/jobs/sync-team-a1-v2', newSyncJob(e)),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: "write an import's rows in account A",
    op: () => set('accounts/acc-a/jobs/new-import/rows/0000', ROWS),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: 'start an import job in account A with its rows',
    op: (e) =>
      batch(
        { kind: 'set', path: 'accounts/acc-a/jobs/new-import/rows/0000', data: ROWS },
        { kind: 'set', path: 'accounts/acc-a/jobs/new-import', data: newImportJob(e) },
      ),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: 'cancel a running job of account A',
    op: () => update('accounts/acc-a/jobs/job-running', { cancelRequested: true }),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: 'resume a failed job of account A',
    op: () => update('accounts/acc-a/jobs/job-failed', { state: 'queued' }),
    allow: ACCOUNT_A_EDITORS,
  },
  {
    what: 'delete a job of account A',
    op: () => del('accounts/acc-a/jobs/job-running'),
    allow: [],
  },
];

const JOB_ATTACKS: AccessCase[] = [
  c('owner creates a job already running', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { state: 'running' })),
  ),
  c('owner creates a job already done, with made-up progress', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { state: 'done', done: 1200, total: 1200 })),
  ),
  c('owner creates a job with a cursor of their choosing', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { cursor: 'card-9999' })),
  ),
  c('owner creates a job in the name of the collaborator', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { createdBy: e.ids.uid.collaborator })),
  ),
  c('owner creates a job of a kind that does not exist', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { kind: 'deleteEverything' })),
  ),
  c('owner creates a job for a team that does not exist', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { teamId: 'team-zz' })),
  ),
  c('owner creates a job for a team of account B', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { teamId: 'team-b1' })),
  ),
  c('owner creates an import job of 10,001 rows', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newImportJob(e, { rowCount: 10_001, rowParts: 51 })),
  ),
  c('owner back-dates a job', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { createdAt: OLD })),
  ),
  c('otherOwner asks for a job in account A', 'otherOwner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e)),
  ),
  c('card editor asks for a team sync job', 'cardEditor', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e)),
  ),
  c('owner rewrites an existing job as a new one', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/job-running', newSyncJob(e)),
  ),
  c('owner writes the progress of a running job', 'owner', false, () =>
    update('accounts/acc-a/jobs/job-running', { done: 1200, state: 'done' }),
  ),
  c('owner moves the cursor of a failed job before resuming it', 'owner', false, () =>
    update('accounts/acc-a/jobs/job-failed', { state: 'queued', cursor: 'card-0000' }),
  ),
  c('owner "resumes" a running job (a second run)', 'owner', false, () =>
    update('accounts/acc-a/jobs/job-running', { state: 'queued' }),
  ),
  c('owner marks a failed job done', 'owner', false, () =>
    update('accounts/acc-a/jobs/job-failed', { state: 'done' }),
  ),
  c('owner changes the rows of a job that exists', 'owner', false, () =>
    set('accounts/acc-a/jobs/job-running/rows/0000', ROWS),
  ),
  c('owner writes a part of 201 rows', 'owner', false, () =>
    set('accounts/acc-a/jobs/new-import/rows/0000', {
      rows: Array.from({ length: 201 }, (_, row) => ({ row })),
    }),
  ),
  c('owner writes a part under a name that is not a part number', 'owner', false, () =>
    set('accounts/acc-a/jobs/new-import/rows/extra', ROWS),
  ),
  c('owner reads the rows of an import', 'owner', false, () =>
    get('accounts/acc-a/jobs/new-import/rows/0000'),
  ),
  c('owner reads a job of account B', 'owner', false, () => get('accounts/acc-b/jobs/job-b')),
  c('otherOwner cancels a job of account A', 'otherOwner', false, () =>
    update('accounts/acc-a/jobs/job-running', { cancelRequested: true }),
  ),
  // The run's lease (leaseUntil) is the server's: a client could otherwise keep a lost run from
  // being resumed, or expire a live run's lease to get a second run of the job.
  c('owner extends the lease of a running job', 'owner', false, () =>
    update('accounts/acc-a/jobs/job-running', { leaseUntil: new Date('2099-01-01T00:00:00Z') }),
  ),
  c('owner expires the lease of a running job', 'owner', false, () =>
    update('accounts/acc-a/jobs/job-running', { leaseUntil: OLD }),
  ),
  c('owner cancels a job and stamps its lease in the same write', 'owner', false, () =>
    update('accounts/acc-a/jobs/job-running', { cancelRequested: true, leaseUntil: OLD }),
  ),
  c('owner creates a job with a lease of its own', 'owner', false, (e) =>
    set('accounts/acc-a/jobs/j1', newSyncJob(e, { leaseUntil: new Date('2099-01-01T00:00:00Z') })),
  ),
  c('super admin stamps the lease of a running job', 'superAdmin', false, () =>
    update('accounts/acc-a/jobs/job-running', { leaseUntil: OLD }),
  ),
  // The search-field repair's cursor (server_state/backfill-name-lower) is the server's alone.
  c('super admin reads the search backfill cursor', 'superAdmin', false, () =>
    get('server_state/backfill-name-lower'),
  ),
  c('owner moves the search backfill cursor to its end', 'owner', false, () =>
    set('server_state/backfill-name-lower', { after: 'zzzz', finishedAt: new Date() }),
  ),
  // The team-usage repair's cursor and suspects (server_state/backfill-team-usage): a client that
  // could write them could have the repair skip its teams, or overwrite their counts.
  c('super admin reads the team-usage repair’s state', 'superAdmin', false, () =>
    get('server_state/backfill-team-usage'),
  ),
  c('owner clears the team-usage repair’s suspects', 'owner', false, () =>
    set('server_state/backfill-team-usage', { after: null, suspects: [] }),
  ),
];

// Team usage (accounts/{id}/teamUsage/{teamId}): members read the counts, only the server writes.
const TEAM_USAGE: Row[] = [
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

// ------------------------------------------------------------------ deactivated accounts

/**
 * Account "Dormant" (acc-off), deactivated by the super admin, with the same people as account A
 * (owner, collaborator, card editor), so that every write refused there has its allowed twin in
 * account A (docs/access.md, "Deactivated accounts"). Its plan has room for cards and its
 * collaborator gate is open, so a refusal can only come from the deactivation.
 */
function deactivatedAccountFixture(ids: Ids): Array<[string, DocData]> {
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
interface Tenant {
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

const ACTIVE_ACCOUNT_A: Tenant = {
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

const DEACTIVATED_ACCOUNT: Tenant = {
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
const ACCOUNT_PEOPLE: readonly Actor[] = ['owner', 'collaborator', 'cardEditor', 'superAdmin'];

/**
 * The same rows for an active and a deactivated account. Reads keep their roles in both (members
 * still see their account); every write keeps its roles on the active account and, on the
 * deactivated one, only the super admin's (owner-only writes: nobody's).
 */
function deactivationTwins(t: Tenant): Row[] {
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

const DEACTIVATED_ACCOUNT_ATTACKS: AccessCase[] = [
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

// ------------------------------------------------------------------ employee seats

/** The link team-a3 sets on its cards, as the team and its cards store it (`teamLinkData`). */
const SEAT_TEAM_LINK = {
  id: 'team-site',
  name: 'Website',
  label: 'Company',
  value: 'https://acme.example',
  isTeamLink: true,
};
const SEAT_OWN_LINK = {
  id: 'l1',
  name: 'phone',
  label: 'Phone',
  value: '+1 555 0100',
  isTeamLink: false,
};

/**
 * Employee seats (docs/access.md, "Employee seats"): account "Seats" (acc-seat) has account A's
 * owner and collaborator; its card-s1, in team-s1 (which sets one team link), is claimed by the
 * member (a person with a card, no account); card-off2 of the deactivated account is claimed by
 * them too. Its own account, so account A's card counts stay as the count cases expect.
 */
function seatFixture(ids: Ids): Array<[string, DocData]> {
  const u = ids.uid;
  return [
    [
      'accounts/acc-seat',
      {
        id: 'acc-seat',
        name: 'Seats',
        isActive: true,
        dateUpdated: OLD,
        directory: { slug: 'seats' },
        plan: {
          type: 'growth',
          isPaidAccount: true,
          cardLimit: 10,
          compCards: 0,
          cardsInUse: 2,
          trialEndDate: null,
        },
        ownerId: u.owner,
        collaborators: [u.collaborator],
        editors: [],
      },
    ],
    ['slugs/seats', { accountId: 'acc-seat' }],
    ['accounts/acc-seat/usage/cards', { batch: ['card-s2'], inUse: 2, at: OLD }],
    ['accounts/acc-seat/teams/team-s1', { ...team('acc-seat', 'Field'), links: [SEAT_TEAM_LINK] }],
    [
      'cards/card-s1',
      card('card-s1', 'acc-seat', 'team-s1', u.owner, 'mel', {
        email: ids.email.member,
        claimedBy: u.member,
        contacts: [SEAT_TEAM_LINK, SEAT_OWN_LINK],
        template: { templateId: 'classic', accentColor: '#0f766e', photoAvatar: '' },
      }),
    ],
    [
      'cards/card-s2',
      card('card-s2', 'acc-seat', 'team-s1', u.owner, 'nia', { email: ids.email.member }),
    ],
    [
      'cards/card-s3',
      card('card-s3', 'acc-seat', 'team-s1', u.owner, 'old-seat', {
        email: ids.email.member,
        isArchived: true,
      }),
    ],
    ['handles/mel', { cardId: 'card-s1', accountId: 'acc-seat' }],
    ['handles/nia', { cardId: 'card-s2', accountId: 'acc-seat' }],
    [
      'cards/card-off2',
      card('card-off2', 'acc-off', 'team-off1', u.owner, 'snoozer', { claimedBy: u.member }),
    ],
    ['handles/snoozer', { cardId: 'card-off2', accountId: 'acc-off' }],
  ];
}

function seatInvite(e: CaseEnv, extra: DocData = {}): DocData {
  return {
    email: e.ids.email.member,
    invitedBy: e.me,
    status: 'pending',
    role: 'employee',
    cardId: 'card-s2',
    dateCreated: serverTimestamp(),
    ...extra,
  };
}

const SEAT_CASES: AccessCase[] = [
  // the seat holder: their one card, its personal fields
  c('member reads the card they claimed (honest use)', 'member', true, () => get('cards/card-s1')),
  c('member lists the cards they claimed (honest use)', 'member', true, (e) =>
    query({ collection: 'cards', where: [eq('claimedBy', e.me)], limit: 10 }),
  ),
  c('member renames the card they claimed (honest use)', 'member', true, () =>
    update('cards/card-s1', {
      name: 'Mel Jones',
      nameLower: 'mel jones',
      title: 'Field engineer',
      dateUpdated: serverTimestamp(),
    }),
  ),
  c('member changes their photo (honest use)', 'member', true, () =>
    update('cards/card-s1', { 'template.photoAvatar': 'https://files.example/me.png' }),
  ),
  c('member adds a link of their own and keeps the team link (honest use)', 'member', true, () =>
    update('cards/card-s1', {
      contacts: [
        SEAT_TEAM_LINK,
        SEAT_OWN_LINK,
        {
          id: 'l2',
          name: 'LinkedIn',
          label: '',
          value: 'https://linkedin.com/in/mel',
          isTeamLink: false,
        },
      ],
    }),
  ),
  c('member removes their own link (honest use)', 'member', true, () =>
    update('cards/card-s1', { contacts: [SEAT_TEAM_LINK] }),
  ),
  // the seat holder reaching past their personal fields (issue 23, own surfaces)
  c('member changes the e-mail of the card they claimed', 'member', false, () =>
    update('cards/card-s1', { email: 'someone.else@example.test' }),
  ),
  c('member archives the card they claimed', 'member', false, () =>
    update('cards/card-s1', { isArchived: true }),
  ),
  c('member deletes the card they claimed', 'member', false, () => del('cards/card-s1')),
  c('member moves the card they claimed to another team', 'member', false, () =>
    update('cards/card-s1', { teamId: 'team-s2' }),
  ),
  c(
    'member renames the card they claimed with a search name of their choosing',
    'member',
    false,
    () => update('cards/card-s1', { name: 'Mel Jones', nameLower: 'aaa top of the list' }),
  ),
  c('member dates the card they claimed with a time of their choosing', 'member', false, () =>
    update('cards/card-s1', { dateUpdated: new Date('2099-01-01T00:00:00Z') }),
  ),
  c('member gives up the card they claimed to the new user', 'member', false, (e) =>
    update('cards/card-s1', { claimedBy: e.ids.uid.newUser }),
  ),
  c('member reads the analytics of the card they claimed', 'member', false, () =>
    query({ collection: 'analytics/card-s1/entries' }),
  ),
  c('member claims the unclaimed card for the same address', 'member', false, (e) =>
    update('cards/card-s2', { claimedBy: e.me }),
  ),
  c('member raises the card count of the account of the card they claimed', 'member', false, () =>
    set('accounts/acc-seat/usage/cards', { batch: ['card-s9'], inUse: 3, at: serverTimestamp() }),
  ),
  c('member writes the seat on their own user document', 'member', false, (e) =>
    set(`users/${e.me}`, { cardSeat: { accountId: 'acc-seat', cardId: 'card-s2' } }),
  ),
  c('member reads a card of the account they did not claim', 'member', false, () =>
    get('cards/card-s2'),
  ),
  c('member lists the cards of the account', 'member', false, () =>
    query({ collection: 'cards', where: [eq('accountId', 'acc-seat')], limit: 10 }),
  ),
  c('member changes the accent colour of the card they claimed', 'member', false, () =>
    update('cards/card-s1', { 'template.accentColor': '#ff0000' }),
  ),
  c('member removes the team link from the card they claimed', 'member', false, () =>
    update('cards/card-s1', { contacts: [SEAT_OWN_LINK] }),
  ),
  c('member changes the team link of the card they claimed', 'member', false, () =>
    update('cards/card-s1', {
      contacts: [{ ...SEAT_TEAM_LINK, value: 'https://phish.example' }, SEAT_OWN_LINK],
    }),
  ),
  c('member changes the handle of the card they claimed', 'member', false, () =>
    update('cards/card-s1', { handleAllowIndex: false }),
  ),
  c('member turns off the lead form of the card they claimed', 'member', false, () =>
    update('cards/card-s1', { appForm: { enabled: false } }),
  ),
  c('member changes the company of the card they claimed', 'member', false, () =>
    update('cards/card-s1', { company: 'Mel Inc' }),
  ),
  c('member hands the card they claimed to someone else', 'member', false, (e) =>
    update('cards/card-s1', { claimedBy: e.ids.uid.newUser }),
  ),
  c('member edits the card they claimed in a deactivated account', 'member', false, () =>
    update('cards/card-off2', { title: 'Awake' }),
  ),
  c('otherOwner reads the card the member claimed', 'otherOwner', false, () =>
    get('cards/card-s1'),
  ),
  // the account's side: invitations to claim, taking a seat back
  c('owner invites the person a card is for to claim it (honest use)', 'owner', true, (e) =>
    set(`accounts/acc-seat/invites/${e.ids.email.member}`, seatInvite(e)),
  ),
  c('owner takes a seat back (honest use)', 'owner', true, () =>
    update('cards/card-s1', { claimedBy: deleteField() }),
  ),
  c('collaborator invites the person a card is for to claim it', 'collaborator', false, (e) =>
    set(`accounts/acc-seat/invites/${e.ids.email.member}`, seatInvite(e)),
  ),
  c('owner invites another address to claim a card', 'owner', false, (e) =>
    set(`accounts/acc-seat/invites/${e.ids.email.newUser}`, {
      ...seatInvite(e),
      email: e.ids.email.newUser,
    }),
  ),
  c('owner invites someone to claim an archived card', 'owner', false, (e) =>
    set(`accounts/acc-seat/invites/${e.ids.email.member}`, seatInvite(e, { cardId: 'card-s3' })),
  ),
  c('owner invites someone to claim account B’s card', 'owner', false, (e) =>
    set(`accounts/acc-seat/invites/${e.ids.email.member}`, seatInvite(e, { cardId: 'card-b1' })),
  ),
  c('owner sends a seat invitation with a token of their choosing', 'owner', false, (e) =>
    set(
      `accounts/acc-seat/invites/${e.ids.email.member}`,
      seatInvite(e, { tokenHash: 'a'.repeat(64) }),
    ),
  ),
  c('owner gives a card to a person by writing claimedBy', 'owner', false, (e) =>
    update('cards/card-s2', { claimedBy: e.ids.uid.newUser }),
  ),
  c('collaborator creates a card someone has already claimed', 'collaborator', false, (e) =>
    batch(
      {
        kind: 'set',
        path: 'cards/card-s9',
        data: {
          ...card('card-s9', 'acc-seat', 'team-s1', e.me, 'nine'),
          claimedBy: e.ids.uid.member,
          dateCreated: serverTimestamp(),
          dateUpdated: serverTimestamp(),
        },
      },
      { kind: 'set', path: 'handles/nine', data: { cardId: 'card-s9', accountId: 'acc-seat' } },
      usage('acc-seat', ['card-s9']),
    ),
  ),
  c('collaborator creates the same card unclaimed (honest use)', 'collaborator', true, (e) =>
    batch(
      {
        kind: 'set',
        path: 'cards/card-s9',
        data: {
          ...card('card-s9', 'acc-seat', 'team-s1', e.me, 'nine'),
          dateCreated: serverTimestamp(),
          dateUpdated: serverTimestamp(),
        },
      },
      { kind: 'set', path: 'handles/nine', data: { cardId: 'card-s9', accountId: 'acc-seat' } },
      usage('acc-seat', ['card-s9']),
    ),
  ),
  c('collaborator hands a claimed card to another person', 'collaborator', false, (e) =>
    update('cards/card-s1', { claimedBy: e.ids.uid.newUser }),
  ),
];

/**
 * Handing an account on (src/domain/ownership.ts): account A's owner has offered account "Hand"
 * (acc-hand) to its collaborator an hour ago; acc-hand-old's offer is eight days old (lapsed);
 * acc-hand-off's is open but the account is deactivated. Each has account A's owner, collaborator
 * and card editor, and the new user as a second collaborator.
 */
function handoverFixture(ids: Ids, now: Date): Array<[string, DocData]> {
  const u = ids.uid;
  const HOUR = 60 * 60 * 1000;
  const account = (id: string, offeredAgo: number, isActive = true): [string, DocData] => [
    `accounts/${id}`,
    {
      id,
      name: 'Hand',
      isActive,
      dateUpdated: OLD,
      directory: { slug: id },
      plan: { ...DOMAIN_FREE_PLAN, type: 'growth', isPaidAccount: true, cardLimit: 10 },
      ownerId: u.owner,
      collaborators: [u.collaborator, u.newUser],
      editors: [u.cardEditor],
      ownershipOffer: {
        to: u.collaborator,
        by: u.owner,
        at: new Date(now.getTime() - offeredAgo),
      },
    },
  ];
  const [, open] = account('acc-hand', HOUR);
  return [
    account('acc-hand', HOUR),
    account('acc-hand-old', 8 * 24 * HOUR),
    account('acc-hand-off', HOUR, false),
    // An offer whose maker no longer owns the account (the new user made it; stored by server
    // code, as no client write can leave one).
    [
      'accounts/acc-hand-former',
      {
        ...open,
        id: 'acc-hand-former',
        directory: { slug: 'acc-hand-former' },
        ownershipOffer: { to: u.collaborator, by: u.newUser, at: new Date(now.getTime() - HOUR) },
      },
    ],
    // The collaborator the open offer names was removed since.
    [
      'accounts/acc-hand-gone',
      {
        ...open,
        id: 'acc-hand-gone',
        directory: { slug: 'acc-hand-gone' },
        collaborators: [u.newUser],
      },
    ],
    // Handed on: the collaborator accepted, and account A's owner is now one of its collaborators.
    [
      'accounts/acc-handed',
      {
        id: 'acc-handed',
        name: 'Handed',
        isActive: true,
        dateUpdated: OLD,
        directory: { slug: 'acc-handed' },
        plan: { ...DOMAIN_FREE_PLAN, type: 'growth', isPaidAccount: true, cardLimit: 10 },
        ownerId: u.collaborator,
        collaborators: [u.newUser, u.owner],
        editors: [u.cardEditor],
      },
    ],
  ];
}

/** The write of the collaborator accepting acc-hand's offer, as the app sends it. */
function acceptHandover(e: CaseEnv, extra: DocData = {}, id = 'acc-hand'): AccessOp {
  return update(`accounts/${id}`, {
    ownerId: e.me,
    collaborators: [e.ids.uid.newUser, e.ids.uid.owner],
    ownershipOffer: deleteField(),
    ...extra,
  });
}

function offerTo(e: CaseEnv, to: string, extra: DocData = {}): AccessOp {
  return update('accounts/acc-a', {
    ownershipOffer: { to, by: e.me, at: serverTimestamp(), ...extra },
  });
}

const HANDOVER_CASES: AccessCase[] = [
  c('owner offers the account to the collaborator (honest use)', 'owner', true, (e) =>
    offerTo(e, e.ids.uid.collaborator),
  ),
  c('owner withdraws their offer of the account (honest use)', 'owner', true, () =>
    update('accounts/acc-hand', { ownershipOffer: deleteField() }),
  ),
  c('collaborator declines the offer of the account (honest use)', 'collaborator', true, () =>
    update('accounts/acc-hand', { ownershipOffer: deleteField() }),
  ),
  c('collaborator accepts the offer of the account (honest use)', 'collaborator', true, (e) =>
    acceptHandover(e),
  ),
  c('owner offers the account to the card editor', 'owner', false, (e) =>
    offerTo(e, e.ids.uid.cardEditor),
  ),
  c('owner offers the account to a stranger', 'owner', false, (e) =>
    offerTo(e, e.ids.uid.otherOwner),
  ),
  c('owner offers the account in the name of someone else', 'owner', false, (e) =>
    offerTo(e, e.ids.uid.collaborator, { by: e.ids.uid.collaborator }),
  ),
  c('owner offers the account with a made-up time', 'owner', false, (e) =>
    offerTo(e, e.ids.uid.collaborator, { at: new Date('2099-01-01T00:00:00Z') }),
  ),
  c('owner offers the account and renames it in one write', 'owner', false, (e) =>
    update('accounts/acc-a', {
      name: 'Renamed',
      ownershipOffer: { to: e.ids.uid.collaborator, by: e.me, at: serverTimestamp() },
    }),
  ),
  c('collaborator offers the account to themselves', 'collaborator', false, (e) =>
    offerTo(e, e.me),
  ),
  c('collaborator takes the account without an offer', 'collaborator', false, (e) =>
    update('accounts/acc-a', {
      ownerId: e.me,
      collaborators: [e.ids.uid.owner],
    }),
  ),
  c('cardEditor withdraws the offer made to the collaborator', 'cardEditor', false, () =>
    update('accounts/acc-hand', { ownershipOffer: deleteField() }),
  ),
  c('newUser withdraws the offer made to the other collaborator', 'newUser', false, () =>
    update('accounts/acc-hand', { ownershipOffer: deleteField() }),
  ),
  c('newUser redirects the offer to themselves', 'newUser', false, (e) =>
    update('accounts/acc-hand', { 'ownershipOffer.to': e.me }),
  ),
  c('owner redirects the open offer to the card editor', 'owner', false, (e) =>
    update('accounts/acc-hand', { 'ownershipOffer.to': e.ids.uid.cardEditor }),
  ),
  c('owner backdates the open offer', 'owner', false, () =>
    update('accounts/acc-hand', { 'ownershipOffer.at': new Date('2020-01-01T00:00:00Z') }),
  ),
  c('collaborator extends the lapsed offer made to them', 'collaborator', false, () =>
    update('accounts/acc-hand-old', { 'ownershipOffer.at': serverTimestamp() }),
  ),
  c('newUser accepts the offer made to the other collaborator', 'newUser', false, (e) =>
    update('accounts/acc-hand', {
      ownerId: e.me,
      collaborators: [e.ids.uid.collaborator, e.ids.uid.owner],
      ownershipOffer: deleteField(),
    }),
  ),
  c('collaborator accepts and leaves the old owner out', 'collaborator', false, (e) =>
    acceptHandover(e, { collaborators: [e.ids.uid.newUser] }),
  ),
  c('collaborator accepts and adds a stranger as collaborator', 'collaborator', false, (e) =>
    acceptHandover(e, {
      collaborators: [e.ids.uid.newUser, e.ids.uid.owner, e.ids.uid.otherOwner],
    }),
  ),
  c(
    'collaborator accepts and pads the collaborators with a duplicate',
    'collaborator',
    false,
    (e) =>
      acceptHandover(e, {
        collaborators: [e.ids.uid.newUser, e.ids.uid.owner, e.ids.uid.owner],
      }),
  ),
  c('collaborator accepts and removes the card editor', 'collaborator', false, (e) =>
    acceptHandover(e, { editors: [] }),
  ),
  c('collaborator accepts and keeps the offer', 'collaborator', false, (e) =>
    update('accounts/acc-hand', {
      ownerId: e.me,
      collaborators: [e.ids.uid.newUser, e.ids.uid.owner],
    }),
  ),
  c('collaborator accepts and makes someone else the owner', 'collaborator', false, (e) =>
    acceptHandover(e, { ownerId: e.ids.uid.newUser }),
  ),
  c('collaborator accepts an offer that lapsed', 'collaborator', false, (e) =>
    acceptHandover(e, {}, 'acc-hand-old'),
  ),
  c('collaborator accepts an offer of a deactivated account', 'collaborator', false, (e) =>
    acceptHandover(e, {}, 'acc-hand-off'),
  ),
  c(
    'collaborator accepts an offer made by someone who no longer owns the account',
    'collaborator',
    false,
    (e) => acceptHandover(e, {}, 'acc-hand-former'),
  ),
  c(
    'collaborator accepts an offer after being removed from the account',
    'collaborator',
    false,
    (e) => acceptHandover(e, {}, 'acc-hand-gone'),
  ),
  c('cardEditor accepts the offer made to the collaborator', 'cardEditor', false, (e) =>
    update('accounts/acc-hand', {
      ownerId: e.me,
      collaborators: [e.ids.uid.collaborator, e.ids.uid.newUser, e.ids.uid.owner],
      ownershipOffer: deleteField(),
    }),
  ),
  c('otherOwner accepts the offer made to the collaborator', 'otherOwner', false, (e) =>
    update('accounts/acc-hand', {
      ownerId: e.me,
      collaborators: [e.ids.uid.collaborator, e.ids.uid.newUser, e.ids.uid.owner],
      ownershipOffer: deleteField(),
    }),
  ),
  c('collaborator accepts and raises the plan in one write', 'collaborator', false, (e) =>
    acceptHandover(e, { 'plan.cardLimit': 1000 }),
  ),
  c('collaborator accepts and renames the account in one write', 'collaborator', false, (e) =>
    acceptHandover(e, { name: 'Mine now' }),
  ),
  c('collaborator accepts and deactivates the account in one write', 'collaborator', false, (e) =>
    acceptHandover(e, { isActive: false }),
  ),
  c('collaborator accepts and adds themselves as a card editor too', 'collaborator', false, (e) =>
    acceptHandover(e, { editors: [e.ids.uid.cardEditor, e.me] }),
  ),
  c(
    'collaborator accepts with the offer replaced by one to themselves',
    'collaborator',
    false,
    (e) => acceptHandover(e, { ownershipOffer: { to: e.me, by: e.me, at: serverTimestamp() } }),
  ),
  c('visitor accepts the offer made to the collaborator', 'visitor', false, (e) =>
    acceptHandover(e),
  ),
  // After the handover (acc-handed): the old owner is a collaborator and keeps no owner's power.
  c('owner, handed on, offers the account back to themselves', 'owner', false, (e) =>
    update('accounts/acc-handed', {
      ownershipOffer: { to: e.me, by: e.me, at: serverTimestamp() },
    }),
  ),
  c('owner, handed on, takes the account back without an offer', 'owner', false, (e) =>
    update('accounts/acc-handed', {
      ownerId: e.me,
      collaborators: [e.ids.uid.newUser, e.ids.uid.collaborator],
    }),
  ),
  c('owner, handed on, removes another collaborator', 'owner', false, (e) =>
    update('accounts/acc-handed', { collaborators: [e.me] }),
  ),
  c('owner, handed on, removes the card editor', 'owner', false, () =>
    update('accounts/acc-handed', { editors: [] }),
  ),
  c('owner, handed on, invites someone', 'owner', false, (e) =>
    invite(e, { accountId: 'acc-handed' }),
  ),
  c('owner, handed on, reads the account’s webhooks', 'owner', false, () =>
    query({ collection: 'accounts/acc-handed/webhooks', limit: 10 }),
  ),
  c('owner, handed on, buys for the account', 'owner', false, (e) =>
    checkout(e, {}, { accountId: 'acc-handed', accountName: 'Handed' }),
  ),
  c(
    'owner, handed on, still renames the account as a collaborator (honest use)',
    'owner',
    true,
    () => update('accounts/acc-handed', { name: 'Renamed' }),
  ),
  c('owner, handed on, leaves the account (honest use)', 'owner', true, (e) =>
    update('accounts/acc-handed', { collaborators: [e.ids.uid.newUser] }),
  ),
  c('collaborator, the new owner, invites someone (honest use)', 'collaborator', true, (e) =>
    invite(e, { accountId: 'acc-handed' }),
  ),
  c('collaborator, the new owner, removes the old owner (honest use)', 'collaborator', true, (e) =>
    update('accounts/acc-handed', { collaborators: [e.ids.uid.newUser] }),
  ),
];

/** `accounts/{id}/departures/{uid}`: the server's record of who lost access. */
const DEPARTURE_CASES: AccessCase[] = [
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

/** `users/{uid}.lastSignInAt` (src/domain/last-sign-in.ts): the person's own, at the server's time. */
const LAST_SIGN_IN_CASES: AccessCase[] = [
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

/**
 * The server's own records, which no rule names (issue 23, own surfaces): each would be worth
 * forging. A plan-sync ledger with no trial used buys a second trial; a processed-event marker
 * makes the card-count trigger skip a card (under the cap); an import lock held by a made-up job
 * blocks the account's imports, or a removed one lets two run; a reset mail log or backfill cursor
 * undoes a limit or a pass; a pending count adds views the card never had. The local server's
 * own tables (`counter_outbox`, `field_index`, `indexed_fields`) are not documents at all: a path
 * by their name is an ordinary, unmatched one.
 */
const SERVER_ONLY_PATHS = [
  'plan_sync/acc-a',
  'processed_events/countCardsInUse-event1',
  'accounts/acc-a/jobLocks/import',
  'invite_mail_log/acc-a',
  'server_state/backfill-name-lower',
  // A forged pending count would be folded into the card's views by the schedule.
  'analytics/card-a1/pendingCounts/p1',
  'counter_outbox/1',
  'field_index/cards',
  'indexed_fields/cards',
  // Apple Wallet passes that update (docs/wallet-updates.md): a pass's token and its devices' push
  // tokens are the server's alone.
  'walletPasses/card-a1',
  'walletPasses/card-a1/registrations/device1',
  'walletDevices/device1/registrations/card-a1',
];

const SERVER_ONLY_CASES: AccessCase[] = SERVER_ONLY_PATHS.flatMap((path) => {
  const collection = path.slice(0, path.lastIndexOf('/'));
  return (['owner', 'superAdmin'] as const).flatMap((as) => [
    c(`${as} reads the server's ${path}`, as, false, () => get(path)),
    c(`${as} lists the server's ${collection}`, as, false, () => query({ collection, limit: 10 })),
    c(`${as} writes the server's ${path}`, as, false, () =>
      set(path, { accountId: 'acc-a', jobId: 'mine', trialUsedBy: null, count: 0 }),
    ),
  ]);
});

/**
 * Scanned paper cards (docs/scanner.md): a member saves one through the `addScannedLead` callable,
 * which stores the entry and its count in one commit. No client writes one directly, not even
 * with the count beside it in a batch (a client could count a lead it never stored, or the reverse);
 * the account's people read it like any lead.
 */
const SCANNED_LEAD_CASES: AccessCase[] = [
  c('owner writes a scanned lead on their own card directly', 'owner', false, () =>
    set('analytics/card-a1/entries/scan-direct', {
      cardId: 'card-a1',
      accountId: 'acc-a',
      name: 'Grace Hopper',
      source: 'scanned',
      createdAt: ST,
    }),
  ),
  c('collaborator writes a scanned lead and its count in one batch', 'collaborator', false, () =>
    batch(
      {
        kind: 'set',
        path: 'analytics/card-a1/entries/scan-batch',
        data: {
          cardId: 'card-a1',
          accountId: 'acc-a',
          name: 'Grace Hopper',
          source: 'scanned',
          createdAt: ST,
        },
      },
      {
        kind: 'set',
        path: 'analytics/card-a1',
        data: { cardId: 'card-a1', accountId: 'acc-a', leads: increment(1) },
        merge: true,
      },
    ),
  ),
  c("otherOwner writes a scanned lead on account A's card", 'otherOwner', false, () =>
    set('analytics/card-a1/entries/scan-other', {
      cardId: 'card-a1',
      accountId: 'acc-a',
      name: 'Mallory',
      source: 'scanned',
      createdAt: ST,
    }),
  ),
  c("collaborator reads account A's leads, scanned ones with them", 'collaborator', true, () =>
    query({ collection: 'analytics/card-a1/entries' }),
  ),
];

export const ACCESS_CASES: readonly AccessCase[] = [
  ...expand(MATRIX),
  ...ATTACKS,
  ...expand(LEAD_ROUTING_MATRIX),
  ...LEAD_ROUTING_ATTACKS,
  ...expand(SCIM_MATRIX),
  ...SCANNED_LEAD_CASES,
  ...expand(JOBS),
  ...JOB_ATTACKS,
  ...expand(TEAM_USAGE),
  ...expand(deactivationTwins(ACTIVE_ACCOUNT_A)),
  ...expand(deactivationTwins(DEACTIVATED_ACCOUNT)),
  ...DEACTIVATED_ACCOUNT_ATTACKS,
  ...SEAT_CASES,
  ...HANDOVER_CASES,
  ...LAST_SIGN_IN_CASES,
  ...DEPARTURE_CASES,
  ...SERVER_ONLY_CASES,
  ...SSO_CASES,
];

/** Files (storage.rules / canWriteFile), run against the local server's file store. */
export interface FileCase {
  name: string;
  as: Actor;
  path: (env: CaseEnv) => string;
  contentType: string;
  allowed: boolean;
}

export const FILE_CASES: readonly FileCase[] = [
  {
    name: 'owner uploads a photo under own user folder',
    as: 'owner',
    path: (e) => `users/${e.me}/profile/photo.png`,
    contentType: 'image/png',
    allowed: true,
  },
  {
    name: "owner uploads under another user's folder",
    as: 'owner',
    path: (e) => `users/${e.ids.uid.collaborator}/profile/photo.png`,
    contentType: 'image/png',
    allowed: false,
  },
  {
    name: 'owner uploads a logo for account A',
    as: 'owner',
    path: () => 'accounts/acc-a/teams/team-a1/logo.png',
    contentType: 'image/png',
    allowed: true,
  },
  {
    name: 'collaborator uploads a logo for account A',
    as: 'collaborator',
    path: () => 'accounts/acc-a/logo.webp',
    contentType: 'image/webp',
    allowed: true,
  },
  {
    name: 'super admin uploads for account B',
    as: 'superAdmin',
    path: () => 'accounts/acc-b/logo.jpg',
    contentType: 'image/jpeg',
    allowed: true,
  },
  {
    name: 'otherOwner uploads for account A',
    as: 'otherOwner',
    path: () => 'accounts/acc-a/logo.png',
    contentType: 'image/png',
    allowed: false,
  },
  {
    name: 'a visitor uploads anywhere',
    as: 'visitor',
    path: (e) => `users/${e.me}/x.png`,
    contentType: 'image/png',
    allowed: false,
  },
  {
    name: 'owner uploads outside users/ and accounts/',
    as: 'owner',
    path: () => 'public/x.png',
    contentType: 'image/png',
    allowed: false,
  },
  {
    name: 'cardEditor uploads a card image for account A',
    as: 'cardEditor',
    path: () => 'accounts/acc-a/cards/card-a1/photoAvatar-1.png',
    contentType: 'image/png',
    allowed: true,
  },
  {
    name: 'cardEditor uploads a brand-kit logo for account A',
    as: 'cardEditor',
    path: () => 'accounts/acc-a/teams/team-a1/logo.png',
    contentType: 'image/png',
    allowed: false,
  },
  {
    name: 'cardEditor uploads a card image for account B',
    as: 'cardEditor',
    path: () => 'accounts/acc-b/cards/card-b1/photoAvatar-1.png',
    contentType: 'image/png',
    allowed: false,
  },
  // The deactivated account (docs/access.md, "Deactivated accounts"): its people upload nothing
  // there (their twins in account A above may), the super admin still may.
  {
    name: 'owner uploads a logo for the deactivated account',
    as: 'owner',
    path: () => 'accounts/acc-off/teams/team-off1/logo.png',
    contentType: 'image/png',
    allowed: false,
  },
  {
    name: 'collaborator uploads a card image for the deactivated account',
    as: 'collaborator',
    path: () => 'accounts/acc-off/cards/card-off1/photoAvatar-1.png',
    contentType: 'image/png',
    allowed: false,
  },
  {
    name: 'cardEditor uploads a card image for the deactivated account',
    as: 'cardEditor',
    path: () => 'accounts/acc-off/cards/card-off1/photoAvatar-1.png',
    contentType: 'image/png',
    allowed: false,
  },
  {
    name: 'super admin uploads a logo for the deactivated account',
    as: 'superAdmin',
    path: () => 'accounts/acc-off/teams/team-off1/logo.png',
    contentType: 'image/png',
    allowed: true,
  },
];
