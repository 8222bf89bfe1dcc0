/**
 * Employee seats on the client (src/domain/seats.ts; docs/access.md, "Employee seats"): the owner
 * invites the person a card is for to claim it, follows who claimed, and takes a seat back; the
 * seat holder reads and saves their card. Accepting is the `acceptInvite` callable, as for the
 * other invitations (`./invites.ts`).
 */
import { backend } from '../backend/current';
import type { Unsubscribe } from '../backend/port';
import { deleteField, serverTimestamp } from 'firestore-engine/transforms';
import { isSeatInvite, SEAT_ROLE } from '../domain/invites';
import { normaliseEmail } from '../domain/members';
import type { Card } from '../domain/model';
import { cardFromDoc } from '../domain/schemas/card';
import { storedLinkData } from '../domain/schemas/link';
import { storedInviteSchema } from '../domain/schemas/invite';
import { seatChanges, type SeatEdit } from '../domain/seats';
import { cardPath, nameLowerOf } from './cards';
import { IMAGE_TYPES } from './files';
import { followInviteDocs, invitePath } from './members';

/** A pending seat invitation. */
export interface SeatInvite {
  email: string;
  cardId: string;
  sentAt: Date | null;
}

/**
 * Invites the person `card` is for (its e-mail) to claim it: the owner only; the server e-mails
 * the link. Refuses locally a card without an e-mail.
 */
export function inviteToClaim(
  card: Pick<Card, 'id' | 'email'>,
  accountId: string,
  invitedBy: string,
) {
  const email = normaliseEmail(card.email ?? '');
  if (email === '') return Promise.reject(new Error('This card has no e-mail address to invite.'));
  return backend().set(invitePath(accountId, email), {
    email,
    invitedBy,
    status: 'pending',
    role: SEAT_ROLE,
    cardId: card.id,
    dateCreated: serverTimestamp(),
  });
}

/** Follows the account's pending seat invitations (the owner reads invitations). */
export function followSeatInvites(
  accountId: string,
  next: (invites: SeatInvite[]) => void,
  error: (err: { code: string; message: string }) => void,
): Unsubscribe {
  return followInviteDocs(
    accountId,
    isSeatInvite,
    (invites) =>
      next(
        invites.map((data) => {
          const { email, cardId, sentAt } = storedInviteSchema.parse(data);
          return { email, cardId, sentAt };
        }),
      ),
    error,
  );
}

/** Takes a seat back: the holder loses the card at once; their card stays with the account. */
export function takeSeatBack(cardId: string): Promise<void> {
  return backend().update(cardPath(cardId), { claimedBy: deleteField() });
}

/** Follows the seat holder's card; null when it is gone or no longer theirs. */
export function followMyCard(cardId: string, next: (card: Card | null) => void): Unsubscribe {
  return backend().onDoc(
    cardPath(cardId),
    (snap) => next(snap.exists && snap.data ? cardFromDoc(snap.id, snap.data) : null),
    () => next(null),
  );
}

/**
 * Saves a seat holder's edit: only the fields the rules let them change, the photo as the one
 * template field (so a branding sync running meanwhile is not undone). Answers false when nothing
 * changed.
 */
export async function saveMyCard(card: Card, edit: SeatEdit): Promise<boolean> {
  const changes = seatChanges(card, edit);
  if (!changes) return false;
  const data: Record<string, unknown> = { dateUpdated: serverTimestamp() };
  if (changes.name !== undefined) {
    data.name = changes.name;
    data.nameLower = nameLowerOf(changes.name);
  }
  if (changes.title !== undefined) data.title = changes.title;
  if (changes.contacts !== undefined) data.contacts = changes.contacts.map(storedLinkData);
  if (changes.photoAvatar !== undefined) data['template.photoAvatar'] = changes.photoAvatar;
  await backend().update(cardPath(card.id), data);
  return true;
}

/**
 * Uploads the seat holder's photo (checked and resized as the builder's images are, which also
 * drops camera metadata) to their own files, and answers its download URL.
 */
export function uploadMyPhoto(
  uid: string,
  image: { readonly blob: Blob; readonly contentType: string },
): Promise<string> {
  const ext = IMAGE_TYPES[image.contentType] ?? 'bin';
  return backend().files.upload(
    `users/${uid}/card-photo-${Date.now()}.${ext}`,
    image.blob,
    image.contentType,
  );
}
