/**
 * People and access (issue 24): who has access to an account, and the owner's changes (remove
 * access, move between collaborator and card editor, offer the account). Each is a plain account
 * update the rules check; the server then clears a removed person's `users/{uid}.accountId`
 * (`src/services/members/clear-removed-access.ts`). Invitations are ./members.ts.
 */
import { backend } from '../backend/current';
import type { Unsubscribe } from '../backend/port';
import { arrayRemove, deleteField, serverTimestamp } from 'firestore-engine/transforms';
import type { InviteRole } from '../domain/invites';
import type { Account, User } from '../domain/model';
import { ownershipAcceptance } from '../domain/ownership';
import { roleChangeLists } from '../domain/people';
import { departureFromDoc } from '../domain/schemas/departure';
import { accountPath } from './accounts';
import { getUser } from './users';

/** Someone who lost access, as the server recorded it (`accounts/{id}/departures/{uid}`). */
export type Departure = ReturnType<typeof departureFromDoc>;

/** How many departures People and access lists, the latest first. */
export const DEPARTURES_SHOWN = 20;

/** Follows the account's latest departures (the owner and collaborators read them). */
export function followDepartures(
  accountId: string,
  next: (departures: Departure[]) => void,
  error: (err: { code: string; message: string }) => void,
): Unsubscribe {
  return backend().onQuery(
    {
      collection: `${accountPath(accountId)}/departures`,
      orderBy: [{ field: 'removedAt', direction: 'desc' }],
      limit: DEPARTURES_SHOWN,
    },
    (docs) => next(docs.map(({ id, data }) => departureFromDoc(id, data))),
    error,
  );
}

/** The most cards counted per person: the page says "1000+" beyond it (a list query's limit). */
export const CARD_COUNT_LIMIT = 1000;

/** The user document of someone with access, or null when it cannot be read (deleted, or no longer in the account). */
export async function readPerson(uid: string): Promise<User | null> {
  try {
    return await getUser(uid);
  } catch (err) {
    console.warn('[people] reading a person failed', err);
    return null;
  }
}

/** How many live cards of the account `uid` created (their own cards), up to CARD_COUNT_LIMIT. */
export async function countCardsOwnedBy(accountId: string, uid: string): Promise<number> {
  const docs = await backend().query({
    collection: 'cards',
    where: [
      { field: 'accountId', op: '==', value: accountId },
      { field: 'ownerId', op: '==', value: uid },
      { field: 'isArchived', op: '==', value: false },
    ],
    limit: CARD_COUNT_LIMIT,
  });
  return docs.length;
}

/** Removes `uid`'s access at once (the rules read the account with get() on every request). */
export function removeAccess(accountId: string, uid: string, role: InviteRole): Promise<void> {
  const field = role === 'collaborator' ? 'collaborators' : 'editors';
  return backend().update(accountPath(accountId), { [field]: arrayRemove(uid) });
}

/**
 * Moves `uid` to the role `to` (collaborator ⇄ card editor). Refuses locally when they are not in
 * the other role; the rules refuse a promotion when the plan's collaborator gate is closed.
 */
export async function changeRole(account: Account, uid: string, to: InviteRole): Promise<void> {
  const lists = roleChangeLists(account, uid, to);
  if (!lists) throw new Error('This person does not have the other role any more.');
  await backend().update(accountPath(account.id), lists);
}

/**
 * The owner offers the account to the collaborator `to` (src/domain/ownership.ts); a new offer
 * replaces an open one. Nothing changes hands until they accept.
 */
export function offerOwnership(accountId: string, to: string, by: string): Promise<void> {
  return backend().update(accountPath(accountId), {
    ownershipOffer: { to, by, at: serverTimestamp() },
  });
}

/** Withdraws (the owner) or declines (the collaborator it names) the open ownership offer. */
export function endOwnershipOffer(accountId: string): Promise<void> {
  return backend().update(accountPath(accountId), { ownershipOffer: deleteField() });
}

/**
 * The collaborator the open offer names accepts it: they own the account and the old owner
 * becomes a collaborator, in the one write `acceptsOwnership` in the rules allows.
 */
export async function acceptOwnership(account: Account, uid: string): Promise<void> {
  const change = ownershipAcceptance(account, uid, new Date());
  if (!change) throw new Error('This offer is no longer open: ask the owner to offer it again.');
  await backend().update(accountPath(account.id), { ...change, ownershipOffer: deleteField() });
}

/** Card updates per batch when handing cards on (well inside the rules' 20 access calls a batch). */
const HAND_ON_CHUNK = 50;

/**
 * Hands every card `from` made in the account (archived ones too) to `to`, who must have a role
 * in the account now (`validOwnerChange` in the rules; the owner alone may). Leads of those cards
 * are then e-mailed to `to`. Answers how many cards moved.
 */
export async function handCardsOn(accountId: string, from: string, to: string): Promise<number> {
  const docs = await backend().query({
    collection: 'cards',
    where: [
      { field: 'accountId', op: '==', value: accountId },
      { field: 'ownerId', op: '==', value: from },
    ],
    limit: CARD_COUNT_LIMIT,
  });
  for (let i = 0; i < docs.length; i += HAND_ON_CHUNK) {
    await backend().batch(
      docs.slice(i, i + HAND_ON_CHUNK).map((doc) => ({
        kind: 'update' as const,
        path: `cards/${doc.id}`,
        data: { ownerId: to, dateUpdated: serverTimestamp() },
      })),
    );
  }
  return docs.length;
}
