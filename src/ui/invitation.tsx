/**
 * A pending invitation as the owner manages it, on the team's Members tab and on People and
 * access alike: one line on its link (sent, until when, expired, held back by the daily mail
 * limit) and the Resend and Revoke buttons with what each says when done. One place, so the two
 * screens never describe the same invitation differently.
 */
import { resendInvite, revokeInvite, type Invite } from '@/data/members';
import { Button, type ButtonVariant } from './button';

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** Where an invitation's link stands, in words that follow a role ("Card editor · …"). */
export function inviteLinkStatus(invite: Invite, now: Date = new Date()): string {
  if (invite.limitedAt && (!invite.sentAt || invite.limitedAt > invite.sentAt)) {
    return 'not sent again: too many invitation e-mails today, try tomorrow';
  }
  if (!invite.sentAt || !invite.expiresAt) return 'sending the invitation…';
  if (invite.expiresAt <= now) return 'link expired: resend it';
  return `sent ${DATE.format(invite.sentAt)} · link works until ${DATE.format(invite.expiresAt)}`;
}

/** Runs one action of a row: `key` marks the row busy, `done` and `failed` are its toasts. */
export type RunInviteAction = (
  key: string,
  work: () => Promise<void>,
  done: string,
  failed: string,
) => void;

/** Resend (the server mails a new link and the old one dies) and Revoke (the link dies). */
export function InviteActions(props: {
  accountId: string;
  email: string;
  busy: boolean;
  run: RunInviteAction;
  resendVariant?: ButtonVariant;
}) {
  const { accountId, email, busy, run } = props;
  return (
    <>
      <Button
        size="small"
        variant={props.resendVariant ?? 'ghost'}
        disabled={busy}
        aria-label={`Resend the invitation to ${email}`}
        onClick={() =>
          run(
            email,
            () => resendInvite(accountId, email),
            `A new invitation link is on its way to ${email}; the old link no longer works.`,
            'Could not resend the invitation.',
          )
        }
      >
        Resend
      </Button>
      <Button
        size="small"
        variant="ghost"
        disabled={busy}
        aria-label={`Revoke the invitation of ${email}`}
        onClick={() =>
          run(
            email,
            () => revokeInvite(accountId, email),
            `Invitation of ${email} revoked: its link no longer works.`,
            'Could not revoke the invitation.',
          )
        }
      >
        Revoke
      </Button>
    </>
  );
}
