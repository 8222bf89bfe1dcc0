/**
 * The users repository: `users/{uid}` documents (docs/product.md §3), written against the port.
 */
import { backend } from '../backend/current';
import type { DocData, Unsubscribe, WriteOp } from '../backend/port';
import { serverTimestamp, type FieldTransform } from 'firestore-engine/transforms';
import type { User } from '../domain/model';
import { userFromDoc } from '../domain/schemas/user';

export function userPath(uid: string): string {
  return `users/${uid}`;
}

/** The payload written when a user signs in for the first time (docs/product.md §7), exactly. */
export interface NewUserPayload {
  id: string;
  source: string;
  email: string;
  displayName: string;
  photoURL: string;
  acceptedTOC: Date | FieldTransform;
  dateCreated: Date | FieldTransform;
  isAccountOwner: boolean;
  affiliate: string | null;
}

export async function getUser(uid: string): Promise<User | null> {
  const snap = await backend().get(userPath(uid));
  return snap.exists && snap.data ? userFromDoc(snap.id, snap.data) : null;
}

/** Follows a user document live; `next(null)` while it does not exist. */
export function followUser(
  uid: string,
  next: (user: User | null) => void,
  error: (err: { code: string; message: string }) => void,
): Unsubscribe {
  return backend().onDoc(
    userPath(uid),
    (snap) => next(snap.exists && snap.data ? userFromDoc(snap.id, snap.data) : null),
    error,
  );
}

/** Creates the user document with the given id. */
export function createUser(payload: NewUserPayload): Promise<void> {
  return backend().set(userPath(payload.id), { ...payload });
}

/** Records that the person opened the app signed in, at the server's time (src/domain/last-sign-in.ts). */
export function recordSignIn(uid: string): Promise<void> {
  return backend().update(userPath(uid), { lastSignInAt: serverTimestamp() });
}

export function updateUser(uid: string, patch: DocData): Promise<void> {
  return backend().update(userPath(uid), patch);
}

/** The batch write that links a user to the account and first team they just created. */
export function userJoinAccountOp(uid: string, accountId: string, teamId: string): WriteOp {
  return {
    kind: 'update',
    path: userPath(uid),
    data: { accountId, defaultTeam: teamId, teams: [teamId] },
  };
}

/** Stores a profile photo and returns its download URL. */
export function uploadUserPhoto(uid: string, file: Blob): Promise<string> {
  const type = file.type || 'image/jpeg';
  const extension = type.split('/')[1]?.replace(/[^a-z0-9]/g, '') || 'jpg';
  return backend().files.upload(`users/${uid}/profile/photo.${extension}`, file, type);
}
