/**
 * `inviteDetails`, the public https callable both hosts serve (`src/server/hosted.ts`): what an
 * invitation page may say before the person signs up — the account's name, who invited them, the
 * invited address (to pre-fill the form) and whether the link still works. Without it the page
 * could only say "you've been invited to a team" and report a revoked link after the person had
 * created an account for nothing.
 *
 * It answers only to the holder of the link's token (256 random bits, looked up by its hash in the
 * server-only `invite_tokens`), so it tells nobody anything the invitation e-mail did not. An
 * unknown, revoked, resent or used token all answer `invalid`, as `acceptInvite` answers them the
 * same way: nothing can be probed.
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
