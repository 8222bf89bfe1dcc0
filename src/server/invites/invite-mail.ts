/**
 * The invitation e-mail, the one implementation both hosts run: on the creation of
 * `accounts/{accountId}/invites/{email}` (pending, well-formed) it queues the e-mail as a `mail/{id}`
 * document in the Trigger Email extension's shape (`{ to, message: { subject, html } }`), so a
 * client never writes mail to a stranger. Locally the mail outbox stand-in delivers it; in
 * production the extension does.
 *
 * The account's name, which its owner chooses, is escaped, stripped of control characters and
 * shortened, and the mails of an account are rate-limited (`INVITE_MAILS_PER_DAY`, one mail per
 * address per `INVITE_MAIL_RESEND_MS`) in a server-only ledger `invite_mail_log/{accountId}`, so
 * revoking and inviting again cannot make the product a spam relay. The ledger and the mail are
 * written in one transaction with the ledger's read, so concurrent invites cannot both pass it.
 */
import { isInviteEmail } from '../../domain/invites';
import { newDocId } from '../../backend/engine/paths';
import type { DocData } from '../../backend/port';
import type { ServerDb } from '../../backend/server-port';
import { escapeHtml } from '../../domain/html';

/** Server-only ledger of the invitation mails sent per account (closed to clients by default). */
export const INVITE_MAIL_LOG = 'invite_mail_log';
/** The most invitation e-mails one account sends per UTC day. */
export const INVITE_MAILS_PER_DAY = 50;
/** An address gets at most one invitation e-mail per account in this time. */
export const INVITE_MAIL_RESEND_MS = 24 * 60 * 60 * 1000;
/** The document path the trigger listens to. */
export const INVITE_DOCUMENT = 'accounts/{accountId}/invites/{email}';

const MAX_NAME_IN_MAIL = 100;
const INVITE_PATH = /^accounts\/([^/]+)\/invites\/([^/]+)$/;

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
  appOrigin: string;
}): { subject: string; html: string } {
  const name = mailSafeName(input.accountName) || 'a team';
  const link = `${input.appOrigin}/sign-up?invite=${encodeURIComponent(input.accountId)}`;
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

export type InviteMailOutcome = 'queued' | 'ignored' | 'already-sent' | 'daily-limit';

/**
 * On the creation of an invite document, queues its e-mail within the account's allowance.
 * `appOrigin` is the app's address, for the sign-up link.
 */
export async function queueInviteMail(
  db: ServerDb,
  change: { path: string; before: DocData | null; after: DocData | null },
  appOrigin: string,
  now: Date = new Date(),
): Promise<InviteMailOutcome> {
  const match = INVITE_PATH.exec(change.path);
  if (!match || change.before !== null || change.after === null) return 'ignored';
  const [, accountId, email] = match;
  if (accountId === undefined || email === undefined) return 'ignored';
  const invite = change.after;
  if (invite.status !== 'pending' || invite.email !== email || !isInviteEmail(email)) {
    return 'ignored';
  }
  const outcome = await db.runTransaction(async (tx): Promise<InviteMailOutcome> => {
    const account = await tx.get(`accounts/${accountId}`);
    if (!account.exists || !account.data) return 'ignored';
    const day = now.toISOString().slice(0, 10);
    const logPath = `${INVITE_MAIL_LOG}/${accountId}`;
    const log = (await tx.get(logPath)).data;
    const sentToday = log?.day === day && typeof log.count === 'number' ? log.count : 0;
    const recent = sentEntries(log?.recent, now);
    if (sentToday >= INVITE_MAILS_PER_DAY) return 'daily-limit';
    if (recent.some((entry) => entry.email === email)) return 'already-sent';
    const message = inviteMessage({
      accountName: typeof account.data.name === 'string' ? account.data.name : '',
      accountId,
      email,
      appOrigin,
    });
    tx.set(`mail/${newDocId()}`, { to: email, message });
    tx.set(logPath, {
      accountId,
      day,
      count: sentToday + 1,
      recent: [...recent, { email, at: now }].slice(-INVITE_MAILS_PER_DAY * 2),
    });
    return 'queued';
  });
  if (outcome === 'daily-limit') {
    console.warn(
      `[invites] ${accountId} reached its ${INVITE_MAILS_PER_DAY} invitation mails today`,
    );
  }
  return outcome;
}
