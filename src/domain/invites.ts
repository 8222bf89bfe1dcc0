/**
 * Accepting a collaborator invitation (spec sections 3 and 6; docs/access.md, "Collaborator
 * invites"): the decision, kept pure; `src/server/invites/accept-invite.ts` runs it for both
 * hosts (the local server's callable and the production Cloud Function). A host reads the documents, asks `decideAcceptInvite`, and commits the
 * writes it returns in one batch (or transaction), or reports the refusal's code and message.
 *
 * The app reads the refusals back with `inviteRefusalReason` to tell the invitee in plain words what
 * went wrong; the server's messages below are the ones the callable answers with.
 */
import { computeGates } from './gates';
import type { Plan } from './model';
import { cardLimit } from './plan';

/** What an account id may look like (the callable refuses anything else before reading). */
export const INVITE_ACCOUNT_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** The most team ids written to a user's `teams` (the users rule allows 100). */
export const MAX_INVITE_TEAMS = 100;

/** Why an invitation cannot be accepted. */
export type InviteRefusalReason =
  | 'signed-out'
  | 'bad-account-id'
  | 'no-email'
  | 'unverified-email'
  | 'no-invite'
  | 'not-signed-up'
  | 'other-account'
  | 'gate-closed'
  | 'no-room'
  | 'no-team';

/** The error codes of the refusals (named as Firestore and the callable protocol name them). */
export type InviteRefusalCode =
  | 'unauthenticated'
  | 'invalid-argument'
  | 'failed-precondition'
  | 'not-found'
  | 'resource-exhausted';

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
}

/** The caller as the verified ID token says (uid, e-mail and whether the e-mail is verified). */
export interface InviteCaller {
  readonly uid: string;
  readonly email: string | null | undefined;
  readonly emailVerified: boolean;
}

/** A valid request: whose invite to look for, and where. */
export interface AcceptInviteRequest {
  readonly ok: true;
  readonly uid: string;
  readonly accountId: string;
  /** The caller's e-mail, lowercased: the id of the invite document. */
  readonly email: string;
  readonly invitePath: string;
}

/** One write of an acceptance, free of any SDK: each host maps it onto its own batch. */
export type AcceptInviteWrite =
  | { readonly kind: 'add-collaborator'; readonly path: string; readonly uid: string }
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
  | { readonly kind: 'delete-invite'; readonly path: string };

export interface AcceptInviteDecision {
  readonly ok: true;
  readonly result: AcceptInviteResult;
  /** All of them in one batch, in this order. */
  readonly writes: readonly AcceptInviteWrite[];
}

type Data = Readonly<Record<string, unknown>>;

/** The documents a decision needs; `teams` are the account's teams (archived ones are skipped). */
export interface AcceptInviteDocs {
  readonly invite: Data | null;
  readonly account: Data | null;
  readonly user: Data | null;
  readonly teams: readonly { readonly id: string; readonly data: Data }[];
}

const MESSAGES = {
  'signed-out': () => 'Sign in to accept an invitation.',
  'bad-account-id': () => 'accountId must be an account id.',
  'no-email': () => 'Your sign-in has no e-mail address.',
  'unverified-email': (email: string) =>
    `Confirm your e-mail address (${email}) first: sign in with the link we e-mail you, then accept the invitation.`,
  'no-invite': (email: string) => `There is no pending invitation for ${email} to this account.`,
  'not-signed-up': () => 'Finish signing up before you accept the invitation.',
  'other-account': () =>
    'You already belong to another account: a user can belong to one account only.',
  'gate-closed': () => "This account's plan no longer includes collaborators: ask its owner.",
  'no-room': () => 'This account has as many collaborators as its plan allows: ask its owner.',
  'no-team': () => 'This account has no team to join yet: ask its owner to create one.',
} satisfies Record<InviteRefusalReason, (email: string) => string>;

const CODES: Record<InviteRefusalReason, InviteRefusalCode> = {
  'signed-out': 'unauthenticated',
  'bad-account-id': 'invalid-argument',
  'no-email': 'failed-precondition',
  'unverified-email': 'failed-precondition',
  'no-invite': 'not-found',
  'not-signed-up': 'failed-precondition',
  'other-account': 'failed-precondition',
  'gate-closed': 'failed-precondition',
  'no-room': 'resource-exhausted',
  'no-team': 'failed-precondition',
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
 * Checks who calls and with what, before anything is read: a signed-in caller, a well-formed
 * account id, an e-mail on the token that is verified (anyone may register an address with a
 * password before its owner does, and Firebase Auth does not verify it).
 */
export function acceptInviteRequest(
  caller: InviteCaller | null,
  data: unknown,
): AcceptInviteRequest | InviteRefusal {
  if (!caller) return refuse('signed-out');
  const accountId = isMap(data) ? data.accountId : undefined;
  if (typeof accountId !== 'string' || !INVITE_ACCOUNT_ID.test(accountId)) {
    return refuse('bad-account-id');
  }
  const email = (caller.email ?? '').trim().toLowerCase();
  if (email === '' || email.includes('/')) return refuse('no-email');
  if (!caller.emailVerified) return refuse('unverified-email', email);
  return {
    ok: true,
    uid: caller.uid,
    accountId,
    email,
    invitePath: inviteDocPath(accountId, email),
  };
}

/** The teams that are not archived, by name (then id), at most MAX_INVITE_TEAMS: the first is the default. */
export function openTeamIds(teams: AcceptInviteDocs['teams']): string[] {
  return teams
    .filter((team) => team.data.isArchived === false)
    .map((team) => ({
      id: team.id,
      name: typeof team.data.name === 'string' ? team.data.name : '',
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

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
}

/**
 * Decides an acceptance (docs/access.md): the invite must be pending and the account exist (a
 * missing account and a missing invite get the same answer, so account ids cannot be probed); the
 * caller must have signed up and belong to no other account. Someone already in (the owner, or a
 * collaborator whose user names the account) only has the invite deleted. Otherwise the plan's
 * collaborator gate must still be open and below its limit (a plan downgraded since the invite lets
 * nobody in), and the account must have a team; then the uid joins `collaborators`, the user gets
 * `accountId`, `defaultTeam` (the first open team by name), `teams` and `isAccountOwner: false`,
 * and the invite is deleted.
 */
export function decideAcceptInvite(
  request: AcceptInviteRequest,
  docs: AcceptInviteDocs,
): AcceptInviteDecision | InviteRefusal {
  const { uid, accountId, email, invitePath } = request;
  const { invite, account, user } = docs;
  if (!invite || invite.status !== 'pending' || !account) return refuse('no-invite', email);
  if (!user) return refuse('not-signed-up');
  const current = typeof user.accountId === 'string' ? user.accountId : null;
  if (current !== null && current !== accountId) return refuse('other-account');

  const deleteInvite: AcceptInviteWrite = { kind: 'delete-invite', path: invitePath };
  const collaborators = Array.isArray(account.collaborators) ? account.collaborators : [];
  const listed = collaborators.includes(uid);
  if (account.ownerId === uid || (listed && current === accountId)) {
    return {
      ok: true,
      result: {
        accountId,
        defaultTeam: typeof user.defaultTeam === 'string' ? user.defaultTeam : '',
        teams: stringList(user.teams),
      },
      writes: [deleteInvite],
    };
  }

  const room = collaboratorRoom(accountId, account);
  if (!room.open) return refuse('gate-closed');
  if (!listed && collaborators.length >= room.limit) return refuse('no-room');
  const teams = openTeamIds(docs.teams);
  const defaultTeam = teams[0];
  if (defaultTeam === undefined) return refuse('no-team');

  return {
    ok: true,
    result: { accountId, defaultTeam, teams },
    writes: [
      { kind: 'add-collaborator', path: `accounts/${accountId}`, uid },
      {
        kind: 'join-user',
        path: `users/${uid}`,
        data: { accountId, defaultTeam, teams, isAccountOwner: false },
      },
      deleteInvite,
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
      return 'bad-account-id';
    case 'not-found':
      return 'no-invite';
    case 'resource-exhausted':
      return 'no-room';
    case 'failed-precondition':
      if (message.startsWith('Confirm your e-mail address')) return 'unverified-email';
      for (const reason of [
        'no-email',
        'not-signed-up',
        'other-account',
        'gate-closed',
        'no-team',
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
