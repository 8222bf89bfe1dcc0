/**
 * Accepting an invitation (docs/access.md, "Invitations"): the pure decision, which
 * src/services/invites/accept-invite.ts runs in one transaction for both hosts. A link's secret
 * token is stored only as its SHA-256 (on the invite and in server-only `invite_tokens/{hash}`);
 * it is good while the invite holds that hash, before `expiresAt`, and once. The app reads
 * refusals back with `inviteRefusalReason`, so the server's messages here are the callable's
 * answers.
 */
import { isAccountDeactivated } from './account-status';
import { computeGates } from './gates';
import type { Plan } from './model';
import { cardLimit } from './plan';
import { storedAccountSchema } from './schemas/account';
import { storedCardSchema } from './schemas/card';
import { storedInviteSchema, storedInviteTokenSchema } from './schemas/invite';
import { storedTeamSchema } from './schemas/team';
import { storedUserSchema } from './schemas/user';

/** What an invitation token looks like: 32 random bytes in base64url (43 characters). */
export const INVITE_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** How long an invitation link stays good after it is issued. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Server-only lookup of a token's invite, keyed by the token's hash (closed to clients). */
export const INVITE_TOKENS = 'invite_tokens';
/** The most team ids written to a user's `teams` (the users rule allows 100). */
export const MAX_INVITE_TEAMS = 100;

/**
 * The role an invitation grants (docs/access.md, "Roles"): a collaborator edits the account as its
 * owner does, except billing, members and the account itself; a card editor edits its cards only.
 */
export type InviteRole = 'collaborator' | 'editor';
export const INVITE_ROLES: readonly InviteRole[] = ['collaborator', 'editor'];
export const INVITE_ROLE_LABELS: Record<InviteRole, string> = {
  collaborator: 'Collaborator',
  editor: 'Card editor',
};
/** The account field that lists the uids of a role. */
export const ROLE_FIELD: Record<InviteRole, 'collaborators' | 'editors'> = {
  collaborator: 'collaborators',
  editor: 'editors',
};

/**
 * The role of a seat invitation (docs/access.md, "Employee seats"): the person claims one card of
 * the account (`cardId`) and edits its personal fields; they join no role list.
 */
export const SEAT_ROLE = 'employee';

/** True when an invite document is a seat invitation. */
export function isSeatInvite(invite: { readonly role?: unknown } | null | undefined): boolean {
  return invite?.role === SEAT_ROLE;
}

/** The role of an invite document; an invite without one (written before roles) grants collaborator. */
export function inviteRole(value: unknown): InviteRole {
  return value === 'editor' ? 'editor' : 'collaborator';
}

/**
 * True when `uid` is a card editor of the account (and not its owner or a collaborator): the app
 * then offers only the cards (the rules refuse the rest, docs/access.md "Roles").
 */
export function isCardEditorOf(
  account: { ownerId?: unknown; collaborators?: unknown; editors?: unknown } | null | undefined,
  uid: string | null | undefined,
): boolean {
  if (!account || !uid || account.ownerId === uid) return false;
  const listed = (value: unknown) => Array.isArray(value) && value.includes(uid);
  return listed(account.editors) && !listed(account.collaborators);
}

/** Why an invitation cannot be accepted. */
export type InviteRefusalReason =
  | 'signed-out'
  | 'bad-token'
  | 'no-email'
  | 'no-invite'
  | 'expired'
  | 'wrong-email'
  | 'not-signed-up'
  | 'other-account'
  | 'gate-closed'
  | 'no-room'
  | 'no-team'
  | 'account-deactivated'
  | 'no-card'
  | 'card-claimed';

/** The error codes of the refusals (named as Firestore and the callable protocol name them). */
export type InviteRefusalCode =
  | 'unauthenticated'
  | 'invalid-argument'
  | 'failed-precondition'
  | 'not-found'
  | 'resource-exhausted'
  | 'deadline-exceeded';

export interface InviteRefusal {
  readonly ok: false;
  readonly reason: InviteRefusalReason;
  readonly code: InviteRefusalCode;
  readonly message: string;
}

export interface AcceptInviteResult {
  accountId: string;
  defaultTeam: string;
  teams: string[];
  /** A seat invitation's card, now the caller's to edit. */
  cardId?: string;
}

/** The caller as the verified ID token says (uid, e-mail and whether the e-mail is verified). */
export interface InviteCaller {
  readonly uid: string;
  readonly email: string | null | undefined;
  readonly emailVerified: boolean;
}

/** A valid request: the caller and the token's hash (the id of its lookup document). */
export interface AcceptInviteRequest {
  readonly ok: true;
  readonly uid: string;
  /** The caller's e-mail, lowercased. */
  readonly email: string;
  readonly tokenHash: string;
}

/** One write of an acceptance, free of any SDK: each host maps it onto its own transaction. */
export type AcceptInviteWrite =
  | {
      readonly kind: 'add-member';
      readonly path: string;
      readonly field: 'collaborators' | 'editors';
      readonly uid: string;
    }
  | {
      readonly kind: 'join-user';
      readonly path: string;
      readonly data: {
        accountId: string;
        defaultTeam: string;
        teams: string[];
        isAccountOwner: false;
      };
    }
  | { readonly kind: 'claim-card'; readonly path: string; readonly uid: string }
  | {
      readonly kind: 'seat-user';
      readonly path: string;
      readonly data: { cardSeat: { accountId: string; cardId: string } };
    }
  | { readonly kind: 'delete'; readonly path: string }
  | {
      readonly kind: 'mail-owner';
      readonly to: string;
      readonly accountName: string;
      readonly invitee: string;
      readonly role: InviteRole | typeof SEAT_ROLE;
    };

export interface AcceptInviteDecision {
  readonly ok: true;
  readonly result: AcceptInviteResult;
  /** All of them in one transaction, in this order. */
  readonly writes: readonly AcceptInviteWrite[];
}

type Data = Readonly<Record<string, unknown>>;

/** The documents a decision needs; `teams` are the account's teams (archived ones are skipped). */
export interface AcceptInviteDocs {
  /** `invite_tokens/{hash}`: where the token points. */
  readonly lookup: Data | null;
  readonly invite: Data | null;
  readonly account: Data | null;
  readonly user: Data | null;
  /** The account owner's user document, for the e-mail saying the invitation was accepted. */
  readonly owner: Data | null;
  readonly teams: readonly { readonly id: string; readonly data: Data }[];
  /** A seat invitation's card (`cards/{invite.cardId}`); null for the other invitations. */
  readonly card?: Data | null;
}

const MESSAGES = {
  'signed-out': () => 'Sign in to accept an invitation.',
  'bad-token': () => 'This invitation link is incomplete: open it from the e-mail again.',
  'no-email': () => 'Your sign-in has no e-mail address.',
  'no-invite': () => 'This invitation is no longer valid.',
  expired: () => 'This invitation has expired.',
  'wrong-email': (email: string) =>
    `This invitation was sent to another e-mail address than ${email}.`,
  'not-signed-up': () => 'Finish signing up before you accept the invitation.',
  'other-account': () =>
    'You already belong to another account: a user can belong to one account only.',
  'gate-closed': () => "This account's plan no longer includes collaborators: ask its owner.",
  'no-room': () => 'This account has as many collaborators as its plan allows: ask its owner.',
  'no-team': () => 'This account has no team to join yet: ask its owner to create one.',
  'account-deactivated': () =>
    'This account is deactivated, so nobody can join it now: ask its owner to contact support.',
  'no-card': () =>
    'The card this invitation was for is no longer available: ask the person who invited you.',
  'card-claimed': () =>
    'Someone else has already claimed this card: ask the person who invited you.',
} satisfies Record<InviteRefusalReason, (email: string) => string>;

const CODES: Record<InviteRefusalReason, InviteRefusalCode> = {
  'signed-out': 'unauthenticated',
  'bad-token': 'invalid-argument',
  'no-email': 'failed-precondition',
  'no-invite': 'not-found',
  expired: 'deadline-exceeded',
  'wrong-email': 'failed-precondition',
  'not-signed-up': 'failed-precondition',
  'other-account': 'failed-precondition',
  'gate-closed': 'failed-precondition',
  'no-room': 'resource-exhausted',
  'no-team': 'failed-precondition',
  'account-deactivated': 'failed-precondition',
  'no-card': 'failed-precondition',
  'card-claimed': 'failed-precondition',
};

function refuse(reason: InviteRefusalReason, email = ''): InviteRefusal {
  return { ok: false, reason, code: CODES[reason], message: MESSAGES[reason](email) };
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The path of the invite of `email` (lowercased) to `accountId`. */
export function inviteDocPath(accountId: string, email: string): string {
  return `accounts/${accountId}/invites/${email}`;
}

/**
 * Checks who calls and with what, before anything is read: a signed-in caller with an e-mail and a
 * well-formed token. The e-mail need not be verified: the token proves that its bearer received the
 * invitation mailed to that address (docs/access.md); the address must still be the invited one.
 * `hash` is the host's SHA-256 (hex) of the token.
 */
export function acceptInviteRequest(
  caller: InviteCaller | null,
  data: unknown,
  hash: (token: string) => string,
): AcceptInviteRequest | InviteRefusal {
  if (!caller) return refuse('signed-out');
  const token = isMap(data) ? data.token : undefined;
  if (typeof token !== 'string' || !INVITE_TOKEN.test(token)) return refuse('bad-token');
  const email = (caller.email ?? '').trim().toLowerCase();
  if (email === '' || email.includes('/')) return refuse('no-email');
  return { ok: true, uid: caller.uid, email, tokenHash: hash(token) };
}

/** The teams that are not archived, by name (then id), at most MAX_INVITE_TEAMS: the first is the default. */
export function openTeamIds(teams: AcceptInviteDocs['teams']): string[] {
  return teams
    .filter((team) => team.data.isArchived === false)
    .map((team) => ({
      id: team.id,
      name: storedTeamSchema.parse(team.data).name,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    .map((team) => team.id)
    .slice(0, MAX_INVITE_TEAMS);
}

/**
 * The collaborator gate and limit of an account's plan (src/domain/gates.ts, plan.ts): a missing
 * or malformed number counts as 0, as the app's account store counts it.
 */
export function collaboratorRoom(
  accountId: string,
  account: Data,
): { open: boolean; limit: number } {
  const plan = (isMap(account.plan) ? account.plan : {}) as Partial<Plan>;
  const limit = cardLimit({
    cardLimit: plan.cardLimit ?? 0,
    compCards: plan.compCards ?? 0,
    cardsInUse: plan.cardsInUse ?? 0,
  });
  const gates = computeGates({
    account: {
      id: accountId,
      plan: { type: plan.type ?? '', isPaidAccount: plan.isPaidAccount === true },
    },
    user: null,
    collaboratorLimit: limit,
  });
  return { open: gates.canAddCollaborators, limit };
}

/**
 * Decides an acceptance (docs/access.md): the token's lookup must lead to a pending invite that
 * still carries its hash (revoked and resent tokens are dead; a missing account, lookup or invite
 * all get the same answer, so nothing can be probed), not expired, for the caller's e-mail. The
 * caller must have signed up and belong to no other account. Someone already in (the owner, or a
 * member whose user names the account) only has the invite used up. Otherwise the plan's
 * collaborator gate must still be open and its limit (collaborators and card editors together) not
 * reached, and the account must have a team; then the uid joins the role's list (`collaborators`
 * or `editors`), the user gets `accountId`, `defaultTeam` (the first open team by name), `teams`
 * and `isAccountOwner: false`, the invite and its lookup are deleted, and the owner is mailed.
 */
export function decideAcceptInvite(
  request: AcceptInviteRequest,
  docs: AcceptInviteDocs,
  now: Date,
): AcceptInviteDecision | InviteRefusal {
  const { uid, email, tokenHash } = request;
  const { lookup, invite, account, user } = docs;
  const { accountId } = storedInviteTokenSchema.parse(lookup);
  if (
    !lookup ||
    !invite ||
    !account ||
    invite.status !== 'pending' ||
    invite.tokenHash !== tokenHash
  ) {
    return refuse('no-invite');
  }
  // Joining is a change to the account, which is frozen while deactivated; the invitation stays
  // and works again once the account is reactivated (docs/access.md, "Deactivated accounts").
  if (isAccountDeactivated(account)) return refuse('account-deactivated');
  const { expiresAt } = storedInviteSchema.parse(invite);
  if (expiresAt === null || expiresAt.getTime() <= now.getTime()) return refuse('expired');
  if (invite.email !== email) return refuse('wrong-email', email);
  if (!user) return refuse('not-signed-up');
  const current = storedUserSchema.parse(user).accountId ?? null;
  if (current !== null && current !== accountId) return refuse('other-account');

  const invitePath = inviteDocPath(accountId, email);
  const usedUp: AcceptInviteWrite[] = [
    { kind: 'delete', path: invitePath },
    { kind: 'delete', path: `${INVITE_TOKENS}/${tokenHash}` },
  ];
  if (isSeatInvite(invite)) return decideSeat(request, docs, accountId, usedUp);
  const { collaborators = [], editors = [] } = storedAccountSchema.parse(account);
  const listed = collaborators.includes(uid) || editors.includes(uid);
  if (account.ownerId === uid || (listed && current === accountId)) {
    return {
      ok: true,
      result: membershipOf(accountId, user),
      writes: usedUp,
    };
  }

  const room = collaboratorRoom(accountId, account);
  if (!room.open) return refuse('gate-closed');
  if (!listed && collaborators.length + editors.length >= room.limit) return refuse('no-room');
  const teams = openTeamIds(docs.teams);
  const defaultTeam = teams[0];
  if (defaultTeam === undefined) return refuse('no-team');

  const role = inviteRole(invite.role);
  return {
    ok: true,
    result: { accountId, defaultTeam, teams },
    writes: [
      { kind: 'add-member', path: `accounts/${accountId}`, field: ROLE_FIELD[role], uid },
      {
        kind: 'join-user',
        path: `users/${uid}`,
        data: { accountId, defaultTeam, teams, isAccountOwner: false },
      },
      ...usedUp,
      ...mailOwner(docs, account, email, role),
    ],
  };
}

/** The answer for someone whose user document stays as it is: the teams it already names. */
function membershipOf(accountId: string, user: Data): AcceptInviteResult {
  const stored = storedUserSchema.parse(user);
  return {
    accountId,
    defaultTeam: stored.defaultTeam ?? '',
    teams: stored.teams ?? [],
  };
}

function mailOwner(
  docs: AcceptInviteDocs,
  account: Data,
  invitee: string,
  role: InviteRole | typeof SEAT_ROLE,
): AcceptInviteWrite[] {
  const ownerEmail = storedUserSchema.parse(docs.owner).email ?? '';
  if (ownerEmail === '') return [];
  const accountName = storedAccountSchema.parse(account).name;
  return [{ kind: 'mail-owner', to: ownerEmail, accountName, invitee, role }];
}

/**
 * A seat invitation's acceptance: the card must still be a live card of the account, for the
 * invited address, and claimed by nobody else. The caller claims it (`claimedBy`, which the rules
 * read) and their user document points at it (`cardSeat`, which the app routes by); they join no
 * role list, so the collaborator gate and limit do not apply. Someone who already belongs to
 * another account is refused as for any invitation; a member of this one may claim their card too.
 */
function decideSeat(
  request: AcceptInviteRequest,
  docs: AcceptInviteDocs,
  accountId: string,
  usedUp: readonly AcceptInviteWrite[],
): AcceptInviteDecision | InviteRefusal {
  const { uid, email } = request;
  const user = docs.user ?? {};
  const account = docs.account ?? {};
  const invite = docs.invite ?? {};
  const card = docs.card ?? null;
  const { cardId } = storedInviteSchema.parse(invite);
  const stored = card === null ? null : storedCardSchema.parse(card);
  const cardEmail = (stored?.email ?? '').trim().toLowerCase();
  if (
    card === null ||
    cardId === '' ||
    card.accountId !== accountId ||
    card.isArchived !== false ||
    cardEmail !== email
  ) {
    return refuse('no-card');
  }
  const claimedBy = stored?.claimedBy ?? null;
  if (claimedBy !== null && claimedBy !== uid) return refuse('card-claimed');
  const current = storedUserSchema.parse(user).accountId ?? null;
  return {
    ok: true,
    result: { ...membershipOf(accountId, user), cardId },
    writes: [
      { kind: 'claim-card', path: `cards/${cardId}`, uid },
      ...(current === null
        ? [
            {
              kind: 'seat-user' as const,
              path: `users/${uid}`,
              data: { cardSeat: { accountId, cardId } },
            },
          ]
        : []),
      ...usedUp,
      ...mailOwner(docs, account, email, SEAT_ROLE),
    ],
  };
}

/**
 * Tells which refusal an error of the `acceptInvite` callable is, from its code and message (the
 * callable carries no more), so the app can explain it in its own words; null when it is none of
 * them (a network failure, an internal error).
 */
export function inviteRefusalReason(error: {
  code?: unknown;
  message?: unknown;
}): InviteRefusalReason | null {
  const code = typeof error.code === 'string' ? error.code.replace(/^functions\//, '') : '';
  const message = typeof error.message === 'string' ? error.message : '';
  switch (code) {
    case 'unauthenticated':
      return 'signed-out';
    case 'invalid-argument':
      return 'bad-token';
    case 'deadline-exceeded':
      return 'expired';
    case 'not-found':
      return 'no-invite';
    case 'resource-exhausted':
      return 'no-room';
    case 'failed-precondition':
      if (message.startsWith('This invitation was sent to another')) return 'wrong-email';
      for (const reason of [
        'no-email',
        'not-signed-up',
        'other-account',
        'gate-closed',
        'no-team',
        'account-deactivated',
        'no-card',
        'card-claimed',
      ] as const) {
        if (message === MESSAGES[reason]()) return reason;
      }
      return null;
    default:
      return null;
  }
}

/**
 * An invitation's address as it is stored: lowercased, and safe as a document id (no '/', no
 * spaces). `firestore.rules` (isInviteEmail) holds the same pattern; the access table checks both.
 */
export const INVITE_EMAIL_PATTERN = /^[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63}){1,8}$/;

/** True when `value` is a stored invitation address (see `INVITE_EMAIL_PATTERN`). */
export function isInviteEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && INVITE_EMAIL_PATTERN.test(value);
}
