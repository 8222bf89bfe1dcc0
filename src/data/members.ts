/**
 * Members and collaborators of an account (docs/product.md §1, §3, §6). Members are derived from
 * the account's cards, keyed by `memberKey(card e-mail, owner uid)`: no user directory is needed.
 * Invites (fields: src/domain/schemas/invite.ts) are the owner's to create and delete; the server
 * (`src/services/invites/`) issues and e-mails the secret token, so a client never sees one.
 */
import { backend } from '../backend/current';
import type { DocData, Unsubscribe } from '../backend/port';
import { serverTimestamp } from 'firestore-engine/transforms';
import { inviteRole, isSeatInvite, type InviteRole } from '../domain/invites';
import type { Card } from '../domain/model';
import { memberKey, normaliseEmail } from '../domain/members';
import { storedInviteSchema } from '../domain/schemas/invite';

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
  role: InviteRole;
  dateCreated: Date | null;
  /** When the server last e-mailed a link (null until it has). */
  sentAt: Date | null;
  /** When the current link stops working. */
  expiresAt: Date | null;
  /** When a send was refused by the daily limits (after `sentAt`: the last request was not sent). */
  limitedAt: Date | null;
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

// The id is the lowercased address, so a person has one invite at most.
export function invitePath(accountId: string, email: string): string {
  return `${invitesPath(accountId)}/${normaliseEmail(email)}`;
}

function toInvite(data: DocData): Invite {
  const invite = storedInviteSchema.parse(data);
  return {
    email: invite.email,
    invitedBy: invite.invitedBy,
    status: invite.status,
    role: inviteRole(invite.role),
    dateCreated: invite.dateCreated,
    sentAt: invite.sentAt,
    expiresAt: invite.expiresAt,
    limitedAt: invite.limitedAt,
  };
}

/**
 * Follows the stored invitations of the account that `keep` picks: one query for the invitations
 * to a role (`followInvites`) and the seat invitations (`./seats.ts`), which share the collection.
 */
export function followInviteDocs(
  accountId: string,
  keep: (data: DocData) => boolean,
  next: (invites: DocData[]) => void,
  error: (err: { code: string; message: string }) => void,
): Unsubscribe {
  return backend().onQuery(
    { collection: invitesPath(accountId), limit: 100 },
    (docs) => next(docs.map((doc) => doc.data).filter(keep)),
    error,
  );
}

/** Follows the account's pending invitations to a role, by address. */
export function followInvites(
  accountId: string,
  next: (invites: Invite[]) => void,
  error: (err: { code: string; message: string }) => void,
): Unsubscribe {
  return followInviteDocs(
    accountId,
    (data) => !isSeatInvite(data),
    (invites) => next(invites.map(toInvite).sort((a, b) => a.email.localeCompare(b.email))),
    error,
  );
}

/**
 * Creates the invite of an e-mail address with its role (the account owner only, while the
 * collaborator gate is open); the server then e-mails the link, never the client, so the `mail`
 * collection cannot be used as a relay. It cannot renew one: writing an invite that exists is an
 * update, which the rules refuse; `resendInvite` sends a new link.
 */
export function inviteCollaborator(
  accountId: string,
  email: string,
  invitedBy: string,
  role: InviteRole = 'collaborator',
): Promise<void> {
  const address = normaliseEmail(email);
  return backend().set(invitePath(accountId, address), {
    email: address,
    invitedBy,
    status: 'pending',
    role,
    dateCreated: serverTimestamp(),
  });
}

/**
 * Asks the server to e-mail the invitation again: it issues a new link, and the old one stops
 * working at once.
 */
export function resendInvite(accountId: string, email: string): Promise<void> {
  return backend().update(invitePath(accountId, email), { resendAt: serverTimestamp() });
}

/** Revokes an invitation: its link stops working at once. */
export function revokeInvite(accountId: string, email: string): Promise<void> {
  return backend().delete(invitePath(accountId, email));
}
