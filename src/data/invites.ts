/**
 * Accepting an invitation, the client side (the invite itself is written by src/data/members.ts;
 * the server side is the `acceptInvite` callable, see docs/access.md, "Invitations").
 *
 * The invitation e-mail links to `/sign-up?invite={token}`, a secret token. The invitee may then
 * sign in with a magic link or Google, which leave the page and come back, so the token is
 * remembered in this browser's local storage until it is tried (and forgotten whatever the
 * outcome): by the account setup step for someone without an account, or at once for someone who
 * already has one.
 */
import { backend } from '../backend/current';
import type { AcceptInviteOutput } from '../backend/port';
import type { InviteDetails } from '../domain/invite-details';
import { INVITE_TOKEN } from '../domain/invites';

/** Local storage key of the invitation the visitor arrived with (its token). */
export const PENDING_INVITE_KEY = 'cardbuilder.pendingInvite';

type InviteStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;

function browserStorage(): InviteStorage {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** The token of `?invite=` in a location's search string, or null when absent or malformed. */
export function inviteFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get('invite')?.trim() ?? '';
  return INVITE_TOKEN.test(value) ? value : null;
}

/** Remembers the invitation the visitor arrived with, so it survives a magic-link round trip. */
export function rememberPendingInvite(
  token: string,
  storage: InviteStorage = browserStorage(),
): void {
  if (!INVITE_TOKEN.test(token)) return;
  try {
    storage?.setItem(PENDING_INVITE_KEY, token);
  } catch (err) {
    console.warn('[invites] remembering the invitation failed', err);
  }
}

/** The remembered invitation's token, or null. */
export function pendingInvite(storage: InviteStorage = browserStorage()): string | null {
  try {
    const value = storage?.getItem(PENDING_INVITE_KEY) ?? '';
    return INVITE_TOKEN.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function clearPendingInvite(storage: InviteStorage = browserStorage()): void {
  try {
    storage?.removeItem(PENDING_INVITE_KEY);
  } catch (err) {
    console.warn('[invites] forgetting the invitation failed', err);
  }
}

/**
 * Accepts the invitation of `token` for the signed-in user (the `acceptInvite` callable). On success
 * the server has written the user's `accountId`, `defaultTeam` and `teams`; the user document's
 * live update brings them to the app. Refusals are BackendErrors: `inviteRefusalReason` of
 * src/domain/invites.ts tells which.
 */
export function acceptInvite(token: string): Promise<AcceptInviteOutput> {
  return backend().functions.acceptInvite({ token });
}

/**
 * What the invitation of `token` says before anyone signs in (the public `inviteDetails`
 * callable): the account, who invited, the invited address, and whether the link still works.
 */
export function lookUpInvite(token: string): Promise<InviteDetails> {
  return backend().functions.inviteDetails({ token });
}
