/**
 * What an invitation page may know before the person signs up (the `inviteDetails` callable,
 * src/services/invites/invite-details.ts): the account, the inviter, the invited address and
 * whether the link still works. `invalid` covers an unknown, revoked, replaced or used link alike.
 */
export type InviteDetails =
  | { status: 'invalid' }
  | {
      status: 'pending' | 'expired';
      accountName: string;
      inviterName: string;
      email: string;
      /** A seat invitation: the person claims their own card instead of joining the account. */
      seat: boolean;
    };

/** Reads the callable's answer, refusing anything but the shape above (an old server, a proxy page). */
export function parseInviteDetails(raw: unknown): InviteDetails | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const value = raw as Record<string, unknown>;
  if (value.status === 'invalid') return { status: 'invalid' };
  if (value.status !== 'pending' && value.status !== 'expired') return null;
  const str = (key: string) => (typeof value[key] === 'string' ? value[key] : '');
  return {
    status: value.status,
    accountName: str('accountName'),
    inviterName: str('inviterName'),
    email: str('email'),
    seat: value.seat === true,
  };
}
