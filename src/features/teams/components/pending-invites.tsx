/**
 * The account's pending invitations under Team → Members: to whom, in which role, when the link
 * was sent and until when it works, with Resend (the server mails a new link and the old one dies)
 * and Revoke (the link dies) for the owner. The super admin sees the list without the buttons.
 */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { resendInvite, revokeInvite } from '@/data/members';
import type { Invite } from '@/data/members';
import { INVITE_ROLE_LABELS } from '@/domain/invites';
import { Button } from '@/ui/button';
import { plainWriteError } from '@/domain/access-errors';

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** What the owner should know about an invitation's link, in one line. */
export function inviteStatus(invite: Invite, now: Date = new Date()): string {
  const role = INVITE_ROLE_LABELS[invite.role];
  if (invite.limitedAt && (!invite.sentAt || invite.limitedAt > invite.sentAt)) {
    return `${role} · not sent again: too many invitation e-mails today, try tomorrow`;
  }
  if (!invite.sentAt || !invite.expiresAt) return `${role} · sending the invitation…`;
  if (invite.expiresAt <= now) return `${role} · link expired: resend it`;
  return `${role} · sent ${DATE.format(invite.sentAt)} · link works until ${DATE.format(invite.expiresAt)}`;
}

function messageOf(err: unknown, fallback: string): string {
  return plainWriteError(err, fallback);
}

export function PendingInvites(props: {
  accountId: string;
  invites: Invite[];
  canManage: boolean;
}) {
  const { accountId, invites, canManage } = props;
  const [busy, setBusy] = useState<string | null>(null);

  async function run(email: string, work: () => Promise<void>, done: string, failed: string) {
    setBusy(email);
    try {
      await work();
      toast.success(done);
    } catch (err) {
      toast.error(messageOf(err, failed));
    } finally {
      setBusy(null);
    }
  }

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
                <Button
                  size="small"
                  variant="ghost"
                  disabled={busy === invite.email}
                  aria-label={`Resend the invitation to ${invite.email}`}
                  onClick={() =>
                    void run(
                      invite.email,
                      () => resendInvite(accountId, invite.email),
                      `A new invitation link is on its way to ${invite.email}; the old link no longer works.`,
                      'Could not resend the invitation.',
                    )
                  }
                >
                  Resend
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  disabled={busy === invite.email}
                  aria-label={`Revoke the invitation of ${invite.email}`}
                  onClick={() =>
                    void run(
                      invite.email,
                      () => revokeInvite(accountId, invite.email),
                      `Invitation of ${invite.email} revoked: its link no longer works.`,
                      'Could not revoke the invitation.',
                    )
                  }
                >
                  Revoke
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
