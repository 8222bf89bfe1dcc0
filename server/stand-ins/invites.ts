/**
 * Collaborator invitations, the server side (the client side is src/data/members.ts; who may write
 * an invite is `match /invites/{email}` in firestore.rules):
 *
 * - `acceptInviteRoute`: the https callable `acceptInvite` (`{ accountId }`). The caller's verified
 *   token e-mail must have a pending invite at `accounts/{accountId}/invites/{e-mail}`; then ONE
 *   batch adds the uid to the account's `collaborators`, sets the user's `accountId`,
 *   `defaultTeam` (the account's first team that is not archived, by name), `teams` (all of them)
 *   and `isAccountOwner: false`, and deletes the invite. Accepting is server work because the
 *   invitee may write none of those fields for an account they do not belong to. The decision is
 *   `decideAcceptInvite` (src/domain/invites.ts), which the production Cloud Function
 *   (functions/src/accept-invite.ts) hosts too; this file only reads and commits.
 * - `sendInviteMail`: on the creation of an invite, queues the invitation e-mail as a `mail`
 *   document (the Trigger Email extension's shape), so the client never writes mail to a stranger.
 *
 * Security choices:
 * - The token's e-mail must be verified (`email_verified`): otherwise anyone who registers the
 *   invited address with a password before its owner does (Firebase Auth does not verify it) would
 *   join the account. Magic-link and Google sign-ins are verified; a password sign-up must confirm
 *   its address first (failed-precondition says so).
 * - A missing account and a missing invite get the same answer (no oracle for account ids).
 * - The collaborator gate (src/domain/gates.ts) and the collaborator limit (cardLimit + compCards)
 *   are checked again at acceptance, the only way anyone is added (clients may only remove): a
 *   plan downgraded since the invite no longer lets people in.
 * - A user who already belongs to another account is refused (one account per user).
 * - Reads and the batch run in one synchronous turn, so no other write can slip between them.
 * - The invitation e-mail carries the account's name, which its owner chooses: it is escaped,
 *   stripped of control characters, shortened, and the mails of an account are rate-limited
 *   (`INVITE_MAILS_PER_DAY`, one mail per address per `INVITE_MAIL_RESEND_MS`) in a server-only
 *   ledger `invite_mail_log/{accountId}`, so revoking and inviting again cannot make the product a
 *   spam relay.
 */
import { BackendError } from '../../src/backend/errors';
import { newDocId } from '../../src/backend/engine/paths';
import type { WriteOp } from '../../src/backend/port';
import { arrayUnion } from '../../src/backend/transforms';
import {
  acceptInviteRequest,
  decideAcceptInvite,
  isInviteEmail,
  type AcceptInviteResult,
  type AcceptInviteWrite,
} from '../../src/domain/invites';
import { callableRoute } from '../callable';
import type { AdminDb, AuthInfo, CommitTrigger, RouteHandler } from '../types';

export type { AcceptInviteResult } from '../../src/domain/invites';

/** The callable's name: POST /functions/{projectId}/us-central1/acceptInvite. */
export const ACCEPT_INVITE = 'acceptInvite';
/** Server-only ledger of the invitation mails sent per account (closed to clients by default). */
export const INVITE_MAIL_LOG = 'invite_mail_log';
/** The most invitation e-mails one account sends per UTC day. */
export const INVITE_MAILS_PER_DAY = 50;
/** An address gets at most one invitation e-mail per account in this time. */
export const INVITE_MAIL_RESEND_MS = 24 * 60 * 60 * 1000;
const MAX_NAME_IN_MAIL = 100;

const INVITE_PATH = /^accounts\/([^/]+)\/invites\/([^/]+)$/;

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One write of the decision as a write of the local server's batch. */
function toWriteOp(write: AcceptInviteWrite): WriteOp {
  switch (write.kind) {
    case 'add-collaborator':
      return { kind: 'update', path: write.path, data: { collaborators: arrayUnion(write.uid) } };
    case 'join-user':
      return { kind: 'update', path: write.path, data: { ...write.data } };
    case 'delete-invite':
      return { kind: 'delete', path: write.path };
  }
}

/**
 * Accepts the caller's invite to `data.accountId` (see the module comment; the decision is
 * `decideAcceptInvite` of src/domain/invites.ts). Synchronous: the reads and the one batch happen
 * without a gap. Throws a BackendError the callable reports as is.
 */
export function acceptInvite(
  db: AdminDb,
  auth: AuthInfo | null,
  data: unknown,
): AcceptInviteResult {
  const request = acceptInviteRequest(
    auth
      ? { uid: auth.uid, email: auth.email, emailVerified: auth.claims['email_verified'] === true }
      : null,
    data,
  );
  if (!request.ok) throw new BackendError(request.code, request.message);
  const { accountId } = request;
  const invite = db.get(request.invitePath);
  const decision = decideAcceptInvite(request, {
    invite: invite.exists ? invite.data : null,
    account: db.get(`accounts/${accountId}`).data,
    user: db.get(`users/${request.uid}`).data,
    teams: db.query({
      collection: `accounts/${accountId}/teams`,
      where: [{ field: 'isArchived', op: '==', value: false }],
    }),
  });
  if (!decision.ok) throw new BackendError(decision.code, decision.message);
  db.batch(decision.writes.map(toWriteOp));
  return decision.result;
}

/** The `acceptInvite` callable for the local server (`startServer({ routes })`). */
export const acceptInviteRoute: RouteHandler = callableRoute(
  ACCEPT_INVITE,
  async (data, auth, ctx) => acceptInvite(ctx.db, auth, data),
);

// ---- The invitation e-mail ----------------------------------------------------------------------

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** An account name fit for a subject line: no control characters, one line, at most 100 chars. */
export function mailSafeName(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  const line = clean.replace(/\s+/g, ' ').trim();
  return line.length > MAX_NAME_IN_MAIL ? `${line.slice(0, MAX_NAME_IN_MAIL - 1)}…` : line;
}

/** The invitation e-mail: subject and escaped html with the sign-up link. */
export function inviteMessage(input: {
  accountName: string;
  accountId: string;
  email: string;
  publicOrigin: string;
}): { subject: string; html: string } {
  const name = mailSafeName(input.accountName) || 'a team';
  const link = `${input.publicOrigin}/sign-up?invite=${encodeURIComponent(input.accountId)}`;
  const subject = `You're invited to join ${name} on Cardbuilder`;
  const html = [
    '<p>Hello,</p>',
    `<p>You have been invited to join <strong>${escapeHtml(name)}</strong> on Cardbuilder, to help edit its digital business cards.</p>`,
    `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
    `<p>Sign up or sign in with this e-mail address (${escapeHtml(input.email)}) to accept it. If you did not expect this invitation, you can ignore this e-mail.</p>`,
  ].join('\n');
  return { subject, html };
}

interface SentEntry {
  email: string;
  at: Date;
}

function sentEntries(value: unknown, now: Date): SentEntry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): SentEntry[] => {
    if (!isMap(item) || typeof item.email !== 'string' || !(item.at instanceof Date)) return [];
    if (now.getTime() - item.at.getTime() >= INVITE_MAIL_RESEND_MS) return [];
    return [{ email: item.email, at: item.at }];
  });
}

/**
 * On the creation of `accounts/{accountId}/invites/{email}` (pending, well-formed), queues the
 * invitation e-mail as `mail/{id}` = { to, message: { subject, html } }, within the account's mail
 * allowance (see the module comment); the ledger and the mail are written in one batch.
 */
export const sendInviteMail: CommitTrigger = (change, ctx) => {
  const match = INVITE_PATH.exec(change.path);
  if (!match || change.before !== null || change.after === null) return;
  const [, accountId, email] = match;
  if (accountId === undefined || email === undefined) return;
  const invite = change.after;
  if (invite.status !== 'pending' || invite.email !== email || !isInviteEmail(email)) return;
  const account = ctx.db.get(`accounts/${accountId}`).data;
  if (!account) return;

  const now = new Date();
  const day = now.toISOString().slice(0, 10);
  const logPath = `${INVITE_MAIL_LOG}/${accountId}`;
  const log = ctx.db.get(logPath).data;
  const sentToday = log?.day === day && typeof log.count === 'number' ? log.count : 0;
  const recent = sentEntries(log?.recent, now);
  if (sentToday >= INVITE_MAILS_PER_DAY) {
    console.warn(
      `[invites] ${accountId} reached its ${INVITE_MAILS_PER_DAY} invitation mails today`,
    );
    return;
  }
  if (recent.some((entry) => entry.email === email)) return;

  const message = inviteMessage({
    accountName: typeof account.name === 'string' ? account.name : '',
    accountId,
    email,
    publicOrigin: ctx.publicOrigin,
  });
  ctx.db.batch([
    { kind: 'set', path: `mail/${newDocId()}`, data: { to: email, message } },
    {
      kind: 'set',
      path: logPath,
      data: {
        accountId,
        day,
        count: sentToday + 1,
        recent: [...recent, { email, at: now }].slice(-INVITE_MAILS_PER_DAY * 2),
      },
    },
  ]);
};
