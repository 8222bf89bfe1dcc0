/**
 * Joining an account by invitation, on the auth screens. The invitation e-mail links to
 * `/sign-up?invite={accountId}`: the sign-up and sign-in pages show a banner and remember the
 * invitation (`useInviteFromUrl`), so that it survives a magic-link round trip. Once signed in, a
 * user without an account is routed to /register/step2, where `useInviteAcceptance` first tries the
 * remembered invitation: on success they are in the account and go to the builder; otherwise they
 * read why, in plain words, and can set up their own account instead.
 */
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router-dom';
import { getAccount } from '../../data/accounts';
import {
  acceptInvite,
  clearPendingInvite,
  inviteFromSearch,
  pendingInvite,
  rememberPendingInvite,
} from '../../data/invites';
import { inviteRefusalReason } from '../../domain/invites';
import type { InviteRefusalReason } from '../../domain/invites';
import { useAuth } from '../../stores/auth-store';
import { Alert } from '../../ui/page';

export const INVITE_BANNER_TEXT =
  "You've been invited to join a team on Cardbuilder. Sign up with the e-mail address the invitation was sent to.";

/** The invitation of this page's `?invite=`, remembered for after the sign-in; null without one. */
export function useInviteFromUrl(): string | null {
  const { search } = useLocation();
  const invite = inviteFromSearch(search);
  useEffect(() => {
    if (invite) rememberPendingInvite(invite);
  }, [invite]);
  return invite;
}

/** Says the visitor was invited, and with which address to sign up. */
export function InviteBanner() {
  return (
    <Alert tone="info">
      <p>{INVITE_BANNER_TEXT}</p>
    </Alert>
  );
}

/** A path on the auth screens that keeps the invitation, e.g. the link from sign-up to sign-in. */
export function withInvite(path: string, invite: string | null): string {
  return invite ? `${path}?invite=${encodeURIComponent(invite)}` : path;
}

/** Why the invitation could not be accepted, as the invitee should read it. */
export function inviteFailureMessage(reason: InviteRefusalReason | null): string {
  switch (reason) {
    case 'unverified-email':
    case 'no-email':
      return 'Please confirm your e-mail first: sign in with the link we e-mail you (magic link) and open the invitation again.';
    case 'no-invite':
    case 'bad-account-id':
      return 'This invitation is no longer valid. Ask the account owner to invite you again.';
    case 'other-account':
      return 'You already belong to another Cardbuilder account, and a person can belong to one account only. Ask the account owner to invite another e-mail address.';
    case 'gate-closed':
      return 'This account’s plan no longer includes collaborators. Ask the account owner to upgrade, then open the invitation again.';
    case 'no-room':
      return 'This account already has as many collaborators as its plan allows. Ask the account owner to make room, then open the invitation again.';
    case 'no-team':
      return 'This account has no team to join yet. Ask the account owner to create one, then open the invitation again.';
    case 'not-signed-up':
    case 'signed-out':
      return 'We could not finish your sign-in in time to accept the invitation. Please open the invitation again.';
    case null:
      return 'We could not accept the invitation just now. Please open the invitation again in a moment.';
  }
}

export type InviteAcceptance =
  | { status: 'none' }
  | { status: 'joining'; accountId: string }
  | { status: 'failed'; message: string };

/**
 * On the account setup step: when an invitation is remembered and the signed-in user has no
 * account yet, accepts it once. Success shows "You've joined {account}" and opens the builder (the
 * user document's live update makes the routing follow); a refusal is reported for the page to
 * show. Either way the invitation is forgotten, so the page falls back to setting up an account.
 */
export function useInviteAcceptance(): InviteAcceptance {
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  const [state, setState] = useState<InviteAcceptance>(() => {
    const accountId = pendingInvite();
    return accountId ? { status: 'joining', accountId } : { status: 'none' };
  });
  const started = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const accountId = state.status === 'joining' ? state.accountId : null;
  const hasAccount = typeof user?.accountId === 'string' && user.accountId !== '';
  const ready = user !== null && !hasAccount;

  useEffect(() => {
    // Wait for the user document (the server refuses a caller who has not signed up); try once.
    if (accountId === null || !ready || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const joined = await acceptInvite(accountId);
        clearPendingInvite();
        const account = await getAccount(joined.accountId).catch((err: unknown) => {
          console.warn('[invites] reading the joined account failed', err);
          return null;
        });
        toast.success(`You've joined ${account?.name || 'the account'}`);
        if (mounted.current) navigate('/builder', { replace: true });
      } catch (err) {
        clearPendingInvite();
        console.warn('[invites] accepting the invitation failed', err);
        const reason = inviteRefusalReason(err as { code?: unknown; message?: unknown });
        if (mounted.current) setState({ status: 'failed', message: inviteFailureMessage(reason) });
      }
    })();
  }, [accountId, ready, navigate]);

  return state;
}
