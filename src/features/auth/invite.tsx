/**
 * Joining an account by invitation, on the auth screens: the banner and remembering of
 * `/sign-up?invite=` (`useInviteFromUrl`), accepting it on account setup for a user without an
 * account (`useInviteAcceptance`), and where they are for one with an account
 * (`useInviteForMember`, which never touches their account). A refusal always says why.
 */
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/ui/toast';
import { useNavigate } from 'react-router-dom';
import { getAccount } from '@/data/accounts';
import {
  acceptInvite,
  clearPendingInvite,
  lookUpInvite,
  pendingInvite,
  pendingInviteParam,
} from '@/data/invites';
import type { InviteDetails } from '@/domain/invite-details';
import { inviteRefusalReason } from '@/domain/invites';
import type { InviteRefusalReason } from '@/domain/invites';
import { MY_CARD_ROUTE } from '@/domain/routing';
import { useAuth } from '@/stores/auth-store';
import { Alert } from '@/ui/page';
import { useMounted } from '@/ui/use-mounted';
import { useRememberedParam } from './use-remembered-param';

export const INVITE_BANNER_TEXT =
  "You've been invited to join a team on Cardbuilder. Sign up with the e-mail address the invitation was sent to.";

/** The invitation of this page's `?invite=`, remembered for after the sign-in; null without one. */
export function useInviteFromUrl(): string | null {
  return useRememberedParam(pendingInviteParam);
}

/** What the page knows of the invitation it was opened with. */
export type InviteLookup =
  | { state: 'none' }
  | { state: 'checking' }
  /** The lookup failed (offline, an old server): the page says what it can without it. */
  | { state: 'unknown' }
  | { state: 'known'; details: InviteDetails };

/**
 * Asks the server what the invitation says, once per token, before the person signs up: so the
 * page names the account and the inviter, pre-fills the address, and says at once when the link
 * is dead or expired (the invitation is then forgotten, so nothing tries it after sign-up).
 */
export function useInviteDetails(token: string | null): InviteLookup {
  const [found, setFound] = useState<{ token: string; lookup: InviteLookup } | null>(null);
  useEffect(() => {
    if (token === null) return;
    let live = true;
    lookUpInvite(token)
      .then((details) => {
        if (details.status !== 'pending') clearPendingInvite();
        if (live) setFound({ token, lookup: { state: 'known', details } });
      })
      .catch((err: unknown) => {
        console.warn('[invites] looking up the invitation failed', err);
        if (live) setFound({ token, lookup: { state: 'unknown' } });
      });
    return () => {
      live = false;
    };
  }, [token]);
  if (token === null) return { state: 'none' };
  return found?.token === token ? found.lookup : { state: 'checking' };
}

/** The pending invitation's details, when the link still works. */
export function pendingDetails(
  lookup: InviteLookup,
): { accountName: string; inviterName: string; email: string; seat: boolean } | null {
  return lookup.state === 'known' && lookup.details.status === 'pending' ? lookup.details : null;
}

function inviterOf(details: { inviterName: string }): string {
  return details.inviterName || 'The account owner';
}

/**
 * Says who invited the visitor to which account and with which address to sign up; or, before
 * they create anything, that the link no longer works.
 */
export function InviteBanner(props: { lookup: InviteLookup }) {
  const { lookup } = props;
  if (lookup.state === 'none') return null;
  if (lookup.state === 'checking') {
    return (
      <Alert tone="info">
        <p>Checking your invitation…</p>
      </Alert>
    );
  }
  if (lookup.state === 'unknown') {
    return (
      <Alert tone="info">
        <p>{INVITE_BANNER_TEXT}</p>
      </Alert>
    );
  }
  const { details } = lookup;
  if (details.status === 'invalid') {
    return (
      <Alert tone="error">
        <p>{inviteFailureMessage('no-invite')}</p>
        <p>You can still create an account of your own below.</p>
      </Alert>
    );
  }
  if (details.status === 'expired') {
    return (
      <Alert tone="error">
        <p>
          This invitation to join {details.accountName} has expired. Ask{' '}
          {details.inviterName || 'the account owner'} to send it again.
        </p>
        <p>You can still create an account of your own below.</p>
      </Alert>
    );
  }
  return (
    <Alert tone="info">
      <p>
        {inviterOf(details)} invited you to {details.seat ? 'claim your card at ' : 'join '}
        <strong>{details.accountName}</strong> on Cardbuilder. Use <strong>{details.email}</strong>,
        the address the invitation was sent to.
      </p>
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
    case 'no-email':
      return 'Your sign-in has no e-mail address. Sign in with the e-mail address the invitation was sent to.';
    case 'no-invite':
    case 'bad-token':
      return 'This invitation link is no longer valid: it was used, revoked or replaced by a newer one. Ask the account owner to send it again.';
    case 'expired':
      return 'This invitation link has expired. Ask the account owner to send it again.';
    case 'wrong-email':
      return 'This invitation was sent to another e-mail address. Sign out, then sign up or sign in with the address it was sent to.';
    case 'other-account':
      return 'You already have a Cardbuilder account, and a person can belong to one account only, so we did not add you: your account stays as it is. Ask the owner to invite another e-mail address.';
    case 'gate-closed':
      return 'This account’s plan no longer includes collaborators. Ask the account owner to upgrade, then open the invitation again.';
    case 'no-room':
      return 'This account already has as many collaborators as its plan allows. Ask the account owner to make room, then open the invitation again.';
    case 'no-team':
      return 'This account has no team to join yet. Ask the account owner to create one, then open the invitation again.';
    case 'account-deactivated':
      return 'This account is deactivated, so nobody can join it for now. Ask the account owner to contact support, then open the invitation again once it is active.';
    case 'no-card':
      return 'The card this invitation was for is no longer available (it was archived, deleted or given to another address). Ask the person who invited you to send a new invitation.';
    case 'card-claimed':
      return 'Someone else has already claimed this card. Ask the person who invited you to check the address it was sent to.';
    case 'not-signed-up':
    case 'signed-out':
      return 'We could not finish your sign-in in time to accept the invitation. Please open the invitation again.';
    case null:
      return 'We could not accept the invitation just now. Please open the invitation again in a moment.';
  }
}

export type InviteAcceptance =
  { status: 'none' } | { status: 'joining'; token: string } | { status: 'failed'; message: string };

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
    const token = pendingInvite();
    return token ? { status: 'joining', token } : { status: 'none' };
  });
  const started = useRef(false);
  const mounted = useMounted();

  const token = state.status === 'joining' ? state.token : null;
  const hasAccount = typeof user?.accountId === 'string' && user.accountId !== '';
  const ready = user !== null && !hasAccount;

  useEffect(() => {
    // Wait for the user document (the server refuses a caller who has not signed up); try once.
    if (token === null || !ready || started.current) return;
    started.current = true;
    // Forgotten before the call: once the server adds the user, the member hook of the root
    // layout must not try it a second time.
    clearPendingInvite();
    void (async () => {
      try {
        const joined = await acceptInvite(token);
        if (joined.cardId !== undefined) {
          // A seat: the card is theirs to edit, the account is not theirs to read.
          toast.success('Your card is yours to keep up to date');
          if (mounted.current) navigate(MY_CARD_ROUTE, { replace: true });
          return;
        }
        const account = await getAccount(joined.accountId).catch((err: unknown) => {
          console.warn('[invites] reading the joined account failed', err);
          return null;
        });
        toast.success(`You've joined ${account?.name || 'the account'}`);
        if (mounted.current) navigate('/builder', { replace: true });
      } catch (err) {
        console.warn('[invites] accepting the invitation failed', err);
        const reason = inviteRefusalReason(err as { code?: unknown; message?: unknown });
        if (mounted.current) setState({ status: 'failed', message: inviteFailureMessage(reason) });
      }
    })();
  }, [token, ready, navigate, mounted]);

  return state;
}

/**
 * For a signed-in user who already has an account (mounted by the root layout): when an
 * invitation is remembered, tries it once. The server leaves their account alone; if it is the
 * account they already belong to, the invitation is just used up ("You're already in {account}");
 * otherwise a toast tells them, in plain words, why they were not added.
 */
export function useInviteForMember(): void {
  const user = useAuth((s) => s.user);
  const hasAccount = typeof user?.accountId === 'string' && user.accountId !== '';
  const tried = useRef<string | null>(null);

  // Runs after every render: the root layout remembers a link's invitation in an effect of its
  // own, which local storage does not announce.
  useEffect(() => {
    const token = hasAccount ? pendingInvite() : null;
    if (token === null || tried.current === token) return;
    tried.current = token;
    clearPendingInvite();
    void (async () => {
      try {
        const joined = await acceptInvite(token);
        const account = await getAccount(joined.accountId).catch(() => null);
        toast.success(`You're already in ${account?.name || 'this account'}`);
      } catch (err) {
        console.warn('[invites] accepting the invitation failed', err);
        const reason = inviteRefusalReason(err as { code?: unknown; message?: unknown });
        toast.error(inviteFailureMessage(reason), { duration: 12000, id: 'invite-refused' });
      }
    })();
  });
}
