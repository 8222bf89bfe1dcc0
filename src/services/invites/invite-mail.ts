/**
 * The invitation e-mail and its token, run by both hosts when an invite is created or a resend
 * asked for, so a client never mails a stranger nor sees a token. Only the token's SHA-256 is
 * stored (on the invite and in server-only `invite_tokens/{hash}`); a resend kills the old link. A
 * server-only ledger rate-limits mails per account and address, in one transaction, so the product
 * cannot be a spam relay; each request (`inviteRequestKey`) is answered once however often its
 * event arrives.
 */
import { createHash } from 'node:crypto';
import type { DocData } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';
import { escapeHtml } from '@/domain/html';
import {
  INVITE_ROLE_LABELS,
  INVITE_TOKENS,
  INVITE_TTL_MS,
  inviteRole,
  isSeatInvite,
  SEAT_ROLE,
  isInviteEmail,
  type InviteRole,
} from '@/domain/invites';
import { hashInviteToken, newInviteToken } from './token';
import { storedAccountSchema } from '@/domain/schemas/account';
import {
  storedInviteMailLogSchema,
  storedInviteSchema,
  type StoredInvite,
} from '@/domain/schemas/invite';
import { mailLine } from '../mail-layout';

/** Server-only ledger of the invitation mails sent per account (closed to clients by default). */
export const INVITE_MAIL_LOG = 'invite_mail_log';
/** The most invitation e-mails one account sends per UTC day. */
export const INVITE_MAILS_PER_DAY = 50;
/** An address gets at most this many invitation e-mails per account in `INVITE_MAIL_WINDOW_MS`. */
export const INVITE_MAILS_PER_ADDRESS = 3;
export const INVITE_MAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The document path the trigger listens to. */
export const INVITE_DOCUMENT = 'accounts/{accountId}/invites/{email}';

const MAX_NAME_IN_MAIL = 100;
const INVITE_PATH = /^accounts\/([^/]+)\/invites\/([^/]+)$/;

export interface MailMessage {
  subject: string;
  html: string;
  text: string;
}

/** The plain branded frame of the product's e-mails; `body` is already escaped HTML. */
function brandedHtml(body: string): string {
  return [
    '<div style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">',
    '<p style="font-size:18px;font-weight:bold;color:#1d4ed8;margin:0 0 16px">Cardbuilder</p>',
    body,
    '<p style="font-size:12px;color:#6b7280;margin-top:24px">Cardbuilder · digital business cards</p>',
    '</div>',
  ].join('\n');
}

function button(link: string, label: string): string {
  return `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

type MailRole = InviteRole | typeof SEAT_ROLE;

function roleDuty(role: MailRole): string {
  if (role === SEAT_ROLE) return 'to keep your own digital business card up to date';
  return role === 'editor'
    ? 'to edit its digital business cards'
    : 'to edit its digital business cards, teams and promotions';
}

function roleLabel(role: MailRole): string {
  return role === SEAT_ROLE ? 'a card holder' : INVITE_ROLE_LABELS[role];
}

/** The invitation e-mail: subject, escaped html and text, with the secret link. */
export function inviteMessage(input: {
  accountName: string;
  email: string;
  role: MailRole;
  link: string;
  expiresAt: Date;
}): MailMessage {
  const name = mailLine(input.accountName, MAX_NAME_IN_MAIL) || 'a team';
  const role = roleLabel(input.role);
  const until = input.expiresAt.toUTCString();
  const subject = `You're invited to join ${name} on Cardbuilder`;
  const html = brandedHtml(
    [
      '<p>Hello,</p>',
      `<p>You have been invited to join <strong>${escapeHtml(name)}</strong> on Cardbuilder as ${escapeHtml(role)}, ${roleDuty(input.role)}.</p>`,
      button(input.link, 'Accept the invitation'),
      `<p>Sign up or sign in with this e-mail address (${escapeHtml(input.email)}) to accept it. The link works once and until ${escapeHtml(until)}. If you did not expect this invitation, you can ignore this e-mail.</p>`,
    ].join('\n'),
  );
  const text = [
    'Hello,',
    '',
    `You have been invited to join ${name} on Cardbuilder as ${role}, ${roleDuty(input.role)}.`,
    '',
    `Accept the invitation: ${input.link}`,
    '',
    `Sign up or sign in with this e-mail address (${input.email}) to accept it. The link works once and until ${until}. If you did not expect this invitation, you can ignore this e-mail.`,
  ].join('\n');
  return { subject, html, text };
}

/** The e-mail to an account's owner when an invitation was accepted. */
export function inviteAcceptedMessage(input: {
  accountName: string;
  invitee: string;
  role: MailRole;
  appOrigin: string;
}): MailMessage {
  const name = mailLine(input.accountName, MAX_NAME_IN_MAIL) || 'your account';
  const role = roleLabel(input.role);
  const link = `${input.appOrigin}/builder`;
  const subject = `${mailLine(input.invitee, MAX_NAME_IN_MAIL)} joined ${name} on Cardbuilder`;
  const html = brandedHtml(
    [
      '<p>Hello,</p>',
      `<p><strong>${escapeHtml(input.invitee)}</strong> accepted your invitation and joined <strong>${escapeHtml(name)}</strong> as ${escapeHtml(role)}.</p>`,
      button(link, 'Open Cardbuilder'),
      '<p>You can change or remove their access under Team → Members.</p>',
    ].join('\n'),
  );
  const text = [
    'Hello,',
    '',
    `${input.invitee} accepted your invitation and joined ${name} as ${role}.`,
    '',
    `Open Cardbuilder: ${link}`,
    '',
    'You can change or remove their access under Team → Members.',
  ].join('\n');
  return { subject, html, text };
}

export type InviteMailOutcome = 'queued' | 'ignored' | 'address-limit' | 'daily-limit';

/**
 * The server-written field of an invite naming the request last answered (mailed, or refused by a
 * limit): `created-{dateCreated ms}` or `resend-{resendAt ms}`. Clients cannot write it (the rules
 * let the owner change `resendAt` alone).
 */
export const INVITE_MAIL_REQUEST = 'mailRequest';

/**
 * The invite's latest request for a mail: its last resend, else its creation (`dateCreated` tells a
 * re-invitation after a revoke from the first one).
 */
export function inviteRequestKey(invite: Pick<StoredInvite, 'resendAt' | 'dateCreated'>): string {
  if (invite.resendAt !== null) return `resend-${invite.resendAt.getTime()}`;
  return invite.dateCreated !== null ? `created-${invite.dateCreated.getTime()}` : 'created';
}

/** The id of the mail answering one request: the same on every delivery of its event. */
export function inviteMailId(accountId: string, email: string, request: string): string {
  const digest = createHash('sha256').update(`${accountId}/${email}/${request}`).digest('hex');
  return `invite-${digest.slice(0, 40)}`;
}

/**
 * True when the change asks for a mail: the invite was created, or its owner asked to resend. An
 * invite created with a token already was written by server code (a client may not write one),
 * which has mailed or handed out its link itself.
 */
function wantsMail(before: DocData | null, after: DocData | null): boolean {
  if (after === null) return false;
  const invite = storedInviteSchema.parse(after);
  if (before === null) return invite.tokenHash === '';
  const asked = invite.resendAt?.getTime();
  return asked !== undefined && asked !== storedInviteSchema.parse(before).resendAt?.getTime();
}

/**
 * On an invite's creation or resend request, issues a new token and queues its e-mail within the
 * account's allowance. `appOrigin` is the app's address, for the link. Past a limit nothing is
 * issued (the link sent before stays good) and the invite gets `limitedAt`, which the owner sees.
 */
export async function queueInviteMail(
  db: ServerDb,
  change: { path: string; before: DocData | null; after: DocData | null },
  appOrigin: string,
  now: Date = new Date(),
): Promise<InviteMailOutcome> {
  const match = INVITE_PATH.exec(change.path);
  if (!match || !wantsMail(change.before, change.after)) return 'ignored';
  const [, accountId, email] = match;
  if (accountId === undefined || email === undefined) return 'ignored';
  const outcome = await db.runTransaction(async (tx): Promise<InviteMailOutcome> => {
    // Read again: the invite may have been revoked since the change, or answered already.
    const inviteSnap = await tx.get(change.path);
    const stored = inviteSnap.exists ? inviteSnap.data : null;
    // Read as stored first: a document without a status is no pending invitation.
    if (!stored || stored.status !== 'pending') return 'ignored';
    const invite = storedInviteSchema.parse(stored);
    if (invite.email !== email) return 'ignored';
    if (!isInviteEmail(email)) return 'ignored';
    // The request is the invite's latest (a newer resend supersedes this event's), and it is
    // answered once: a repeated or retried event, or a stale one, finds it answered.
    const request = inviteRequestKey(invite);
    if (invite.mailRequest === request) return 'ignored';
    const account = await tx.get(`accounts/${accountId}`);
    if (!account.exists || !account.data) return 'ignored';
    const day = now.toISOString().slice(0, 10);
    const logPath = `${INVITE_MAIL_LOG}/${accountId}`;
    const log = storedInviteMailLogSchema.parse((await tx.get(logPath)).data);
    const sentToday = log.day === day ? log.count : 0;
    const recent = log.recent.filter(
      (entry) => now.getTime() - entry.at.getTime() < INVITE_MAIL_WINDOW_MS,
    );
    if (sentToday >= INVITE_MAILS_PER_DAY) {
      tx.update(change.path, { limitedAt: now, [INVITE_MAIL_REQUEST]: request });
      return 'daily-limit';
    }
    if (recent.filter((entry) => entry.email === email).length >= INVITE_MAILS_PER_ADDRESS) {
      tx.update(change.path, { limitedAt: now, [INVITE_MAIL_REQUEST]: request });
      return 'address-limit';
    }

    const token = newInviteToken();
    const tokenHash = hashInviteToken(token);
    const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
    const role = isSeatInvite(invite) ? SEAT_ROLE : inviteRole(invite.role);
    if (invite.tokenHash !== '') {
      tx.delete(`${INVITE_TOKENS}/${invite.tokenHash}`);
    }
    tx.set(`${INVITE_TOKENS}/${tokenHash}`, { accountId, email, expiresAt });
    tx.update(change.path, {
      tokenHash,
      expiresAt,
      sentAt: now,
      limitedAt: null,
      [INVITE_MAIL_REQUEST]: request,
    });
    const message = inviteMessage({
      accountName: storedAccountSchema.parse(account.data).name,
      email,
      role,
      link: `${appOrigin}/sign-up?invite=${token}`,
      expiresAt,
    });
    tx.set(`mail/${inviteMailId(accountId, email, request)}`, { to: email, message });
    tx.set(logPath, {
      accountId,
      day,
      count: sentToday + 1,
      recent: [...recent, { email, at: now }].slice(-INVITE_MAILS_PER_DAY * 2),
    });
    return 'queued';
  });
  if (outcome === 'daily-limit' || outcome === 'address-limit') {
    console.warn(`[invites] ${accountId}: invitation mail not sent (${outcome})`);
  }
  return outcome;
}
