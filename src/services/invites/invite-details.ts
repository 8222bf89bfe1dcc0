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
import { hashInviteToken } from './token';

/** The callable's name (region us-central1). */
export const INVITE_DETAILS = 'inviteDetails';

function text(data: DocData | null | undefined, field: string): string {
  const value = data?.[field];
  return typeof value === 'string' ? value : '';
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
  const accountId = text(lookup.data, 'accountId');
  const email = text(lookup.data, 'email');
  if (!lookup.exists || accountId === '' || email === '') return { status: 'invalid' };
  const [invite, account] = await Promise.all([
    db.get(inviteDocPath(accountId, email)),
    db.get(`accounts/${accountId}`),
  ]);
  if (
    !invite.exists ||
    !account.exists ||
    invite.data?.['status'] !== 'pending' ||
    invite.data['tokenHash'] !== tokenHash
  ) {
    return { status: 'invalid' };
  }
  const inviterId = text(invite.data, 'invitedBy');
  const inviter = inviterId !== '' ? await db.get(`users/${inviterId}`) : null;
  const expiresAt = invite.data['expiresAt'];
  const expired = !(expiresAt instanceof Date) || expiresAt.getTime() <= now.getTime();
  return {
    status: expired ? 'expired' : 'pending',
    accountName: text(account.data, 'name'),
    inviterName: text(inviter?.data, 'displayName') || text(inviter?.data, 'email'),
    email,
    seat: isSeatInvite(invite.data),
  };
}
