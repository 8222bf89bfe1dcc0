/**
 * `inviteDetails`, the public callable both hosts serve: what an invitation page may say before
 * the person signs up (account, inviter, address, whether the link still works), so nobody creates
 * an account for a dead link. It answers only the holder of the link's token, so it tells nothing
 * the e-mail did not; an unknown, revoked, resent or used token all answer `invalid`, as
 * `acceptInvite` does, so nothing can be probed.
 */
import type { DocData } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';
import { INVITE_TOKEN, INVITE_TOKENS, inviteDocPath, isSeatInvite } from '@/domain/invites';
import type { InviteDetails } from '@/domain/invite-details';
import { storedAccountSchema } from '@/domain/schemas/account';
import { storedInviteSchema, storedInviteTokenSchema } from '@/domain/schemas/invite';
import { storedUserSchema } from '@/domain/schemas/user';
import { hashInviteToken } from './token';

/** The callable's name (region us-central1). */
export const INVITE_DETAILS = 'inviteDetails';

/** How an inviter is named: their display name, else their e-mail (both as the user stored them). */
function personName(user: DocData | null | undefined): string {
  const { displayName, email } = storedUserSchema.parse(user);
  return displayName || email || '';
}

/** What the invitation of `data.token` says, as of `now`. */
export async function inviteDetails(
  db: ServerDb,
  data: unknown,
  now: Date = new Date(),
): Promise<InviteDetails> {
  const token =
    typeof data === 'object' && data !== null ? (data as { token?: unknown }).token : undefined;
  if (typeof token !== 'string' || !INVITE_TOKEN.test(token)) return { status: 'invalid' };
  const tokenHash = hashInviteToken(token);
  const lookup = await db.get(`${INVITE_TOKENS}/${tokenHash}`);
  const { accountId, email } = storedInviteTokenSchema.parse(lookup.data);
  if (!lookup.exists || accountId === '' || email === '') return { status: 'invalid' };
  const [invite, account] = await Promise.all([
    db.get(inviteDocPath(accountId, email)),
    db.get(`accounts/${accountId}`),
  ]);
  // Read as stored first: a document without a status is no pending invitation.
  if (!invite.exists || !account.exists || invite.data?.['status'] !== 'pending') {
    return { status: 'invalid' };
  }
  const stored = storedInviteSchema.parse(invite.data);
  if (stored.tokenHash !== tokenHash) return { status: 'invalid' };
  const inviter = stored.invitedBy !== '' ? await db.get(`users/${stored.invitedBy}`) : null;
  const expired = stored.expiresAt === null || stored.expiresAt.getTime() <= now.getTime();
  return {
    status: expired ? 'expired' : 'pending',
    accountName: storedAccountSchema.parse(account.data).name,
    inviterName: personName(inviter?.data),
    email,
    seat: isSeatInvite(stored),
  };
}
