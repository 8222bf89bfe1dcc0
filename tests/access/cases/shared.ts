/**
 * What every access case is built from (docs/access.md): the actors, a case's shape, the
 * operations in the port's terms and the matrix's rows, expanded to one case per actor.
 */
import type { DocData, QuerySpec, WriteOp } from '@/backend/port';
import { increment, serverTimestamp } from 'firestore-engine/transforms';
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
export const WITH_USER_DOC: readonly Actor[] = [
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
export const OLD = new Date('2025-01-02T03:04:05Z');

/** The domain's free plan: account setup with it must pass `firestore.rules`' freePlan(). */
export const FREE_PLAN: DocData = { ...DOMAIN_FREE_PLAN };

/** The uid of account B's card editor (a uid only, never signed in; B's plan has no collaborators). */
export const B_CARD_EDITOR = 'b-card-editor-uid';

/** The uid of a removed collaborator of account A (a document only, never signed in). */
export const FORMER_COLLABORATOR = 'former-collaborator-uid';

export function user(ids: Ids, who: SignedInActor, extra: DocData): DocData {
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
export function team(accountId: string, name: string): DocData {
  return { ...newTeamDocument(accountId, name) };
}

export function card(
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

/** A stored team sync job of team-a1 in `state`, as the server leaves it. */
export function job(state: string): DocData {
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

export const ST = serverTimestamp();

export function get(path: string): AccessOp {
  return { kind: 'get', path };
}
export function query(spec: QuerySpec): AccessOp {
  return { kind: 'query', spec };
}
export function set(path: string, data: DocData): AccessOp {
  return { kind: 'set', path, data };
}
export function update(path: string, data: DocData): AccessOp {
  return { kind: 'update', path, data };
}
export function del(path: string): AccessOp {
  return { kind: 'delete', path };
}
export function batch(...ops: WriteOp[]): AccessOp {
  return { kind: 'batch', ops };
}
export function eq(field: string, value: unknown) {
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

export function checkout(env: CaseEnv, extra: DocData = {}, metadata: DocData = {}): AccessOp {
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
export function signUpMail(
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
export const TEAM_LINK = {
  id: 'tl1',
  name: 'Website',
  label: 'Website',
  value: 'https://acme.example',
  isTeamLink: true,
};

/** Team style keys as src/data/team-sync.ts writes them on a card. */
export const TEAM_STYLES = [
  'template.backgroundSource',
  'template.photoBg',
  'signatureBasic.disclaimer',
];

/** A team sync's card update (src/data/team-sync.ts runTeamSync), with `extra` on top. */
export function syncCard(cardId: string, extra: DocData = {}): AccessOp {
  return update(`cards/${cardId}`, {
    contacts: [{ ...TEAM_LINK }],
    teamStyles: TEAM_STYLES,
    teamSyncVersion: 2,
    dateUpdated: ST,
    ...extra,
  });
}

/** An invite as src/data/members.ts writes it, with `extra` on top. */
export function invite(
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
export function usage(
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
export function withUsage(op: AccessOp, write: WriteOp): WriteOp[] {
  if (op.kind !== 'batch') throw new Error('withUsage takes a batch');
  return [...op.ops.filter((w) => !w.path.endsWith('/usage/cards')), write];
}

/** Un-archives card-a3 and takes its handle claim back (archived cards hold none). */
export function unArchiveA3(): WriteOp[] {
  return [
    { kind: 'update', path: 'cards/card-a3', data: { isArchived: false } },
    { kind: 'set', path: 'handles/old-card', data: { cardId: 'card-a3', accountId: 'acc-a' } },
  ];
}

/** Writes only the card-cap list of an account. */
export function usageBatch(accountId: string): AccessOp {
  return batch(usage(accountId, ['card-x']));
}

/**
 * A batch creating `count` cards in account A, with the card-cap list naming the ones it brings into
 * use (plus `alsoInUse`), unless `usage` gives the list to write.
 */
export function cardBatch(
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

export interface Row {
  what: string;
  op: (env: CaseEnv) => AccessOp;
  allow: readonly Actor[];
  /** The actors the row is run as (default: all). */
  actors?: readonly Actor[];
}

export const ACCOUNT_A_EDITORS: readonly Actor[] = ['owner', 'collaborator', 'superAdmin'];
/** Who reads account A and edits its cards: its editors and its card editors. */
export const ACCOUNT_A_CARD_EDITORS: readonly Actor[] = [...ACCOUNT_A_EDITORS, 'cardEditor'];
export const EVERYONE: readonly Actor[] = ACTORS;

export function expand(rows: readonly Row[]): AccessCase[] {
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

export function c(
  name: string,
  as: Actor,
  allowed: boolean,
  op: (env: CaseEnv) => AccessOp,
): AccessCase {
  return { name, as, op, allowed };
}
