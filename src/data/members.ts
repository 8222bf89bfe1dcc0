/**
 * Members and collaborators of an account (spec sections 1, 3 and 6).
 *
 * Members are the account's people with their cards, keyed by `memberKey(email, uid)`: a card's
 * e-mail (the person the card is for) and its owner's user id. They are derived from the account's
 * cards, which the owner may already read; no user directory is needed.
 *
 * Collaborators are invited by e-mail. The design, kept within what client rules can check:
 *
 *   accounts/{accountId}/invites/{email}       created and deleted by the account owner only, when
 *     email, invitedBy (uid), status 'pending', the collaborator gate is open; the id is the
 *     dateCreated                                lowercased e-mail, so one invite per person.
 *
 * Accepting is server work, because it changes documents the invitee may not write: a signed-in user
 * whose verified token e-mail equals the invite's id calls the server, which (admin rights, one
 * batch) adds the uid to `accounts/{accountId}.collaborators`, sets the user's `accountId`,
 * `defaultTeam` and `teams`, and deletes the invite. The invitation e-mail is likewise queued by
 * server code (a trigger on invite creation), never by the client, so the `mail` collection cannot
 * be used as a relay. Both live in `src/server/invites/`, hosted by the local server and by the
 * Cloud Functions alike; the invitee's side is `src/data/invites.ts`.
 */
import { backend } from '../backend/current';
import type { DocData, Unsubscribe } from '../backend/port';
import { serverTimestamp } from '../backend/transforms';
import type { Card } from '../domain/model';
import { memberKey } from '../domain/members';

export interface Member {
  key: string;
  email: string;
  uid: string;
  name: string;
  cards: Pick<Card, 'id' | 'name' | 'title' | 'handle' | 'teamId' | 'handleAllowIndex'>[];
}

export interface Invite {
  email: string;
  invitedBy: string;
  status: string;
  dateCreated: Date | null;
}

/** Groups cards into members by `memberKey(card e-mail, owner uid)`, sorted by name. */
export function membersFromCards(cards: readonly Card[]): Member[] {
  const byKey = new Map<string, Member>();
  for (const card of cards) {
    const email = (card.email ?? '').trim().toLowerCase();
    const uid = card.ownerId ?? '';
    const key = memberKey(email, uid);
    const member = byKey.get(key) ?? { key, email, uid, name: card.name, cards: [] };
    member.cards.push({
      id: card.id,
      name: card.name,
      title: card.title,
      handle: card.handle,
      handleAllowIndex: card.handleAllowIndex,
      ...(card.teamId !== undefined ? { teamId: card.teamId } : {}),
    });
    byKey.set(key, member);
  }
  return [...byKey.values()].sort(
    (a, b) =>
      a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) ||
      a.key.localeCompare(b.key),
  );
}

export function invitesPath(accountId: string): string {
  return `accounts/${accountId}/invites`;
}

export function invitePath(accountId: string, email: string): string {
  return `${invitesPath(accountId)}/${normaliseEmail(email)}`;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A plausible e-mail address: something@host.tld, no spaces. */
export function isEmail(value: string): boolean {
  return /^[^\s@/\\<>"'`,;]+@[^\s@/\\<>"'`,;]+\.[^\s@/\\<>"'`,;.]{2,}$/.test(value.trim());
}

function toInvite(data: DocData): Invite {
  return {
    email: typeof data.email === 'string' ? data.email : '',
    invitedBy: typeof data.invitedBy === 'string' ? data.invitedBy : '',
    status: typeof data.status === 'string' ? data.status : 'pending',
    dateCreated: data.dateCreated instanceof Date ? data.dateCreated : null,
  };
}

/** Follows the account's pending invites. */
export function followInvites(
  accountId: string,
  next: (invites: Invite[]) => void,
  error: (err: { code: string; message: string }) => void,
): Unsubscribe {
  return backend().onQuery(
    { collection: invitesPath(accountId), limit: 100 },
    (docs) =>
      next(docs.map((doc) => toInvite(doc.data)).sort((a, b) => a.email.localeCompare(b.email))),
    error,
  );
}

/**
 * Creates the invite of an e-mail address (the account owner only, while the collaborator gate is
 * open). It cannot renew one: writing an invite that exists is an update, which the rules refuse,
 * so inviting again means revoking first (`revokeInvite`).
 */
export function inviteCollaborator(
  accountId: string,
  email: string,
  invitedBy: string,
): Promise<void> {
  const address = normaliseEmail(email);
  return backend().set(invitePath(accountId, address), {
    email: address,
    invitedBy,
    status: 'pending',
    dateCreated: serverTimestamp(),
  });
}

export function revokeInvite(accountId: string, email: string): Promise<void> {
  return backend().delete(invitePath(accountId, email));
}
