/**
 * Accepting an invitation, the client side (the invite is written by ./members.ts; the server side
 * is the `acceptInvite` callable, docs/access.md "Invitations"). The token of `/sign-up?invite=`
 * is remembered in local storage until it is tried, since a magic link or Google sign-in leaves the
 * page and comes back.
 */
import { backend } from '../backend/current';
import type { AcceptInviteOutput } from '../backend/port';
import type { InviteDetails } from '../domain/invite-details';
import { INVITE_TOKEN } from '../domain/invites';
import { rememberedParam } from './remembered-param';

/** Local storage key of the invitation the visitor arrived with (its token). */
export const PENDING_INVITE_KEY = 'cardbuilder.pendingInvite';

/** The invitation of `?invite=`, remembered so that it survives a magic-link round trip. */
export const pendingInviteParam = rememberedParam({
  param: 'invite',
  key: PENDING_INVITE_KEY,
  pattern: INVITE_TOKEN,
  storage: 'local',
});

/** The token of `?invite=` in a location's search string, or null when absent or malformed. */
export function inviteFromSearch(search: string): string | null {
  return pendingInviteParam.fromSearch(search);
}

/** Remembers the invitation the visitor arrived with, so it survives a magic-link round trip. */
export function rememberPendingInvite(token: string): void {
  pendingInviteParam.remember(token);
}

/** The remembered invitation's token, or null. */
export function pendingInvite(): string | null {
  return pendingInviteParam.read();
}

export function clearPendingInvite(): void {
  pendingInviteParam.forget();
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
