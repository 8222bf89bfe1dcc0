/**
 * The account's pending invitations under Team → Members: to whom, in which role, when the link
 * was sent and until when it works, with Resend (the server mails a new link and the old one dies)
 * and Revoke (the link dies) for the owner. The super admin sees the list without the buttons.
 */

import { useRowActions } from '@/ui/use-row-actions';
import type { Invite } from '@/data/members';
import { INVITE_ROLE_LABELS } from '@/domain/invites';
import { InviteActions, inviteLinkStatus } from '@/ui/invitation';

/** What the owner should know about an invitation, in one line: its role and its link. */
export function inviteStatus(invite: Invite, now: Date = new Date()): string {
  return `${INVITE_ROLE_LABELS[invite.role]} · ${inviteLinkStatus(invite, now)}`;
}

export function PendingInvites(props: {
  accountId: string;
  invites: Invite[];
  canManage: boolean;
}) {
  const { accountId, invites, canManage } = props;
  const { busy, run } = useRowActions();

  if (invites.length === 0) return null;
  return (
    <>
      <h3 className="team-section__subheading" id="pending-invites-heading">
        Pending invitations
      </h3>
      <ul className="member-list" aria-labelledby="pending-invites-heading">
        {invites.map((invite) => (
          <li key={invite.email} className="member member--invite" data-invite={invite.email}>
            <div className="member__who">
              <span className="member__name">{invite.email}</span>
              <span className="member__meta">{inviteStatus(invite)}</span>
            </div>
            {canManage ? (
              <div className="member__actions">
                <InviteActions
                  accountId={accountId}
                  email={invite.email}
                  busy={busy === invite.email}
                  run={(...args) => void run(...args)}
                />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
