/**
 * Accepting a collaborator invitation, the client side (the invite itself is written by
 * src/data/members.ts; the server side is the `acceptInvite` callable, see docs/access.md).
 *
 * The invitation e-mail links to `/sign-up?invite={accountId}`. The invitee may then sign in with a
 * magic link, which leaves the page and comes back through /magiclink, so the invite is remembered
 * in local storage until the account setup step tries it (and forgets it, whatever the outcome).
 */
import { backend } from '../backend/current';
import type { AcceptInviteOutput } from '../backend/port';
import { INVITE_ACCOUNT_ID } from '../domain/invites';

/** Local storage key of the invitation the visitor arrived with (an account id). */
export const PENDING_INVITE_KEY = 'cardbuilder.pendingInvite';

type InviteStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;

function browserStorage(): InviteStorage {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** The account id of `?invite=` in a location's search string, or null when absent or malformed. */
export function inviteFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get('invite')?.trim() ?? '';
  return INVITE_ACCOUNT_ID.test(value) ? value : null;
}

/** Remembers the invitation the visitor arrived with, so it survives a magic-link round trip. */
export function rememberPendingInvite(
  accountId: string,
  storage: InviteStorage = browserStorage(),
): void {
  if (!INVITE_ACCOUNT_ID.test(accountId)) return;
  try {
    storage?.setItem(PENDING_INVITE_KEY, accountId);
  } catch (err) {
    console.warn('[invites] remembering the invitation failed', err);
  }
}

/** The remembered invitation's account id, or null. */
export function pendingInvite(storage: InviteStorage = browserStorage()): string | null {
  try {
    const value = storage?.getItem(PENDING_INVITE_KEY) ?? '';
    return INVITE_ACCOUNT_ID.test(value) ? value : null;
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
 * Accepts the signed-in user's invitation to `accountId` (the `acceptInvite` callable). On success
 * the server has written the user's `accountId`, `defaultTeam` and `teams`; the user document's
 * live update brings them to the app. Refusals are BackendErrors: `inviteRefusalReason` of
 * src/domain/invites.ts tells which.
 */
export function acceptInvite(accountId: string): Promise<AcceptInviteOutput> {
  return backend().functions.acceptInvite({ accountId });
}
