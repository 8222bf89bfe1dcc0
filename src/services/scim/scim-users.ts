/**
 * SCIM users as employee seats (docs/scim.md; docs/access.md, "Employee seats"): each provisioned
 * user is a server-only record, one card of the account and a seat invitation. Every change of one
 * user is one transaction over the record, the card, the invitation and the claim of its userName,
 * so two requests for one name cannot both win.
 */
import { createHash } from 'node:crypto';
import { newDocId } from 'firestore-engine/paths';
import type { DocData, QueryDoc } from '@/backend/port';
import type { ServerDb, ServerTransaction } from '@/backend/server-port';
import { deleteField, serverTimestamp } from 'firestore-engine/transforms';
import { cardUsagePath, storedCardCap } from '@/domain/card-count';
import { generateHandle, isValidHandle } from '@/domain/handles';
import { importedCardData } from '@/domain/imported-card';
import { isSeatInvite, SEAT_ROLE } from '@/domain/invites';
import {
  cardNameOf,
  ScimError,
  seatEmailOf,
  type ScimUserAttributes,
  type ScimUserRecord,
} from '@/domain/scim';
import { storedAccountSchema } from '@/domain/schemas/account';
import { storedCardSchema } from '@/domain/schemas/card';
import { scimUserFromDoc, storedScimUserNameClaimSchema } from '@/domain/schemas/scim';
import { storedTeamSchema } from '@/domain/schemas/team';
import { slugify } from '@/domain/slug';
import { syncTeamOf, teamSyncState } from '@/domain/team-sync-plan';
import { scimSettingsOf, scimSettingsPath, type ScimSettings } from './scim-tokens';

/** The most users one account's list reads (a list past it answers `tooMany`). */
export const MAX_SCIM_USERS = 10_000;

export function scimUsersPath(accountId: string): string {
  return `accounts/${accountId}/scimUsers`;
}

function invitePath(accountId: string, email: string): string {
  return `accounts/${accountId}/invites/${email}`;
}

export async function readSettings(db: ServerDb, accountId: string): Promise<ScimSettings> {
  return scimSettingsOf((await db.get(scimSettingsPath(accountId))).data ?? undefined);
}

/** The team new users join: the owner's choice while it is live, else the first live team by name. */
export async function provisioningTeam(
  db: ServerDb,
  accountId: string,
  settings: ScimSettings,
  except = '',
): Promise<QueryDoc | null> {
  const teams = (await db.query({ collection: `accounts/${accountId}/teams` }))
    .map((doc) => ({ doc, team: storedTeamSchema.parse(doc.data) }))
    .filter(({ doc, team }) => !team.isArchived && doc.id !== except)
    .sort((a, b) => a.team.name.localeCompare(b.team.name) || a.doc.id.localeCompare(b.doc.id))
    .map(({ doc }) => doc);
  return teams.find((t) => t.id === settings.teamId) ?? teams[0] ?? null;
}

/**
 * The claim that makes a userName unique within the account (names compare without case). Its id
 * is a hash, since a userName may hold any character and be longer than a document id.
 */
function userNameClaimPath(accountId: string, userName: string): string {
  const key = createHash('sha256').update(userName.toLowerCase()).digest('hex');
  return `accounts/${accountId}/scimUserNames/${key}`;
}

/** The user a userName claim names (`''` for a malformed claim, which no user holds). */
function claimHolder(data: DocData | null | undefined): string {
  return storedScimUserNameClaimSchema.parse(data).userId;
}

function nameTaken(userName: string): ScimError {
  return new ScimError(409, `A user with userName "${userName}" exists.`, 'uniqueness');
}

/** Reads the claim of `userName` in the transaction; throws 409 when another user holds it. */
async function claimUserName(
  tx: ServerTransaction,
  accountId: string,
  userName: string,
  userId: string,
): Promise<string> {
  const path = userNameClaimPath(accountId, userName);
  const claim = await tx.get(path);
  if (claim.exists && claimHolder(claim.data) !== userId) throw nameTaken(userName);
  return path;
}

/**
 * Whether a stored user other than `except` has the name: users made before names were claimed
 * have no claim, so the records themselves are asked too.
 */
async function userNameTaken(
  db: ServerDb,
  accountId: string,
  userName: string,
  except: string,
): Promise<boolean> {
  const found = await db.query({
    collection: scimUsersPath(accountId),
    where: [{ field: 'userNameLower', op: '==', value: userName.toLowerCase() }],
    limit: 2,
  });
  return found.some((doc) => doc.id !== except);
}

/** A free handle from the person's name (`barbara-jensen`, `-2`, …), else from their address. */
async function freeHandle(db: ServerDb, name: string, email: string): Promise<string> {
  let base = generateHandle(name, 'firstname-lastname').slice(0, 50).replace(/-+$/, '');
  if (!isValidHandle(base)) base = slugify(email.split('@')[0] ?? '').slice(0, 50);
  if (!isValidHandle(base)) base = 'card';
  for (let n = 1; n <= 10; n++) {
    const handle = n === 1 ? base : `${base}-${n}`;
    if (!(await db.get(`handles/${handle}`)).exists) return handle;
  }
  return `${base}-${newDocId().slice(0, 6).toLowerCase()}`;
}

function recordData(
  attrs: ScimUserAttributes,
  extra: { cardId: string; created: Date; lastModified: Date; version: number },
): DocData {
  return {
    userName: attrs.userName,
    userNameLower: attrs.userName.toLowerCase(),
    externalId: attrs.externalId,
    active: attrs.active,
    name: { ...attrs.name },
    displayName: attrs.displayName,
    title: attrs.title,
    emails: [...attrs.emails],
    ...extra,
  };
}

/** Raises the card-cap count for one card brought into use, or refuses past the cap (403). */
async function takeCardRoom(tx: ServerTransaction, accountId: string): Promise<DocData> {
  const [account, usage] = await Promise.all([
    tx.get(`accounts/${accountId}`),
    tx.get(cardUsagePath(accountId)),
  ]);
  const cap = storedCardCap(account.data, usage.data);
  if (cap.inUse >= cap.limit) {
    throw new ScimError(
      403,
      `The account's plan allows ${cap.limit} cards and all are in use: raise the plan or archive a card.`,
    );
  }
  return { inUse: cap.inUse + 1, at: serverTimestamp() };
}

/**
 * The seat invitation for `email`, when no invitation for that address is pending (`pending` read
 * before the transaction's first write: Firestore's transactions read first).
 */
function inviteIfNone(
  tx: ServerTransaction,
  pending: boolean,
  accountId: string,
  email: string,
  cardId: string,
  ownerId: string,
): boolean {
  if (pending) return false;
  tx.set(invitePath(accountId, email), {
    email,
    invitedBy: ownerId,
    status: 'pending',
    role: SEAT_ROLE,
    cardId,
    dateCreated: serverTimestamp(),
  });
  return true;
}

/** Reads the pending seat invitation of `cardId` at `email`, to revoke it (null: none). */
async function seatInviteOf(
  tx: ServerTransaction,
  accountId: string,
  email: string,
  cardId: string,
): Promise<string | null> {
  if (email === '') return null;
  const invite = await tx.get(invitePath(accountId, email));
  return invite.exists && isSeatInvite(invite.data) && invite.data?.cardId === cardId
    ? invitePath(accountId, email)
    : null;
}

/**
 * POST /Users: the record, its card and the seat invitation. A live card of the account for the
 * same address that no SCIM user holds is taken over (cards imported before provisioning began).
 */
export async function createScimUser(
  db: ServerDb,
  accountId: string,
  attrs: ScimUserAttributes,
  now: Date,
): Promise<ScimUserRecord> {
  const email = seatEmailOf(attrs);
  if (await userNameTaken(db, accountId, attrs.userName, '')) throw nameTaken(attrs.userName);
  const settings = await readSettings(db, accountId);
  const [account, team, sameEmail, linked] = await Promise.all([
    db.get(`accounts/${accountId}`),
    provisioningTeam(db, accountId, settings),
    db.query({
      collection: 'cards',
      where: [
        { field: 'accountId', op: '==', value: accountId },
        { field: 'email', op: '==', value: email },
      ],
      limit: 10,
    }),
    db.query({ collection: scimUsersPath(accountId), limit: MAX_SCIM_USERS, select: ['cardId'] }),
  ]);
  if (!account.data) throw new ScimError(404, 'The account no longer exists.');
  if (team === null) {
    throw new ScimError(400, 'The account has no team for new people: add a team in Cardbuilder.');
  }
  const held = new Set(linked.map((doc) => scimUserFromDoc(doc.id, doc.data).cardId));
  const adopt =
    sameEmail.find((c) => !storedCardSchema.parse(c.data).isArchived && !held.has(c.id)) ?? null;
  const stored = storedAccountSchema.parse(account.data);
  const ownerId = stored.ownerId;
  const teamSync = storedTeamSchema.parse(team.data).bulkSync;
  const name = cardNameOf(attrs);
  const handle = adopt ? '' : await freeHandle(db, name, email);
  const id = newDocId();
  const cardId = adopt ? adopt.id : newDocId();
  const archive = !attrs.active && settings.onDeactivate === 'archive';

  await db.runTransaction(async (tx) => {
    const nameClaim = await claimUserName(tx, accountId, attrs.userName, id);
    const pending = (await tx.get(invitePath(accountId, email))).exists;
    if (!adopt) {
      if ((await tx.get(`handles/${handle}`)).exists) {
        throw new ScimError(409, 'The card’s handle was taken meanwhile: send the request again.');
      }
      const usage = archive ? null : await takeCardRoom(tx, accountId);
      const data = importedCardData(
        { row: 0, name, email, title: attrs.title, handle, links: [] },
        {
          accountId,
          ownerId,
          teamId: team.id,
          team: syncTeamOf(team.data),
          teamVersion: teamSyncState(team.data).syncVersion,
          company: stored.name,
          bulkSync: {
            syncTeamLinks: teamSync.syncTeamLinks !== false,
            syncBranding: teamSync.syncBranding !== false,
          },
        },
        cardId,
      );
      tx.set(`cards/${cardId}`, {
        ...data,
        isArchived: archive,
        dateCreated: serverTimestamp(),
        dateUpdated: serverTimestamp(),
      });
      tx.set(`handles/${handle}`, { cardId, accountId });
      if (usage) tx.set(cardUsagePath(accountId), usage, { merge: true });
    }
    if (attrs.active) inviteIfNone(tx, pending, accountId, email, cardId, ownerId);
    tx.set(nameClaim, { userId: id });
    tx.set(
      `${scimUsersPath(accountId)}/${id}`,
      recordData(attrs, { cardId, created: now, lastModified: now, version: 1 }),
    );
  });
  return scimUserFromDoc(
    id,
    recordData(attrs, { cardId, created: now, lastModified: now, version: 1 }),
  );
}

export async function readScimUser(
  db: ServerDb,
  accountId: string,
  id: string,
): Promise<ScimUserRecord> {
  const snap = await db.get(`${scimUsersPath(accountId)}/${id}`);
  if (!snap.exists || !snap.data) throw new ScimError(404, `There is no user ${id}.`);
  return scimUserFromDoc(id, snap.data);
}

/** The account's users, oldest first (the order pages are cut from). */
export async function listScimUsers(
  db: ServerDb,
  accountId: string,
  userName: string | null,
): Promise<ScimUserRecord[]> {
  const docs = await db.query({
    collection: scimUsersPath(accountId),
    ...(userName !== null
      ? { where: [{ field: 'userNameLower', op: '==' as const, value: userName.toLowerCase() }] }
      : {}),
    limit: MAX_SCIM_USERS + 1,
  });
  if (docs.length > MAX_SCIM_USERS) {
    throw new ScimError(400, 'Too many users to list: narrow the filter.', 'tooMany');
  }
  return docs
    .map((doc) => scimUserFromDoc(doc.id, doc.data))
    .sort((a, b) => a.created.getTime() - b.created.getTime() || a.id.localeCompare(b.id));
}

/**
 * PUT and PATCH: the user's attributes become `next`, and their card follows (name, title,
 * e-mail), as does their seat when `active` changes: deactivating takes the seat back at once
 * (`claimedBy` deleted, which the rules read on every request; a pending invitation is revoked) and
 * archives or keeps the card as the owner chose; reactivating restores it within the card cap and
 * invites again.
 */
export async function updateScimUser(
  db: ServerDb,
  accountId: string,
  current: ScimUserRecord,
  next: ScimUserAttributes,
  now: Date,
): Promise<ScimUserRecord> {
  const email = seatEmailOf(next);
  const renamed = next.userName.toLowerCase() !== current.userNameLower;
  if (renamed && (await userNameTaken(db, accountId, next.userName, current.id))) {
    throw nameTaken(next.userName);
  }
  const settings = await readSettings(db, accountId);
  const path = `${scimUsersPath(accountId)}/${current.id}`;
  return db.runTransaction(async (tx) => {
    const [stored, card, account] = await Promise.all([
      tx.get(path),
      tx.get(`cards/${current.cardId}`),
      tx.get(`accounts/${accountId}`),
    ]);
    if (!stored.exists || !stored.data) throw new ScimError(404, `There is no user ${current.id}.`);
    const before = scimUserFromDoc(current.id, stored.data);
    // The new name is claimed (a user made before claims existed gets its claim here), and a
    // renamed user's old claim is let go.
    const nameClaim = await claimUserName(tx, accountId, next.userName, current.id);
    const oldClaim = renamed ? userNameClaimPath(accountId, before.userName) : null;
    const releaseOld =
      oldClaim !== null && claimHolder((await tx.get(oldClaim)).data) === current.id;
    const ownerId = storedAccountSchema.parse(account.data).ownerId;
    const c = storedCardSchema.parse(card.data);
    if (card.exists && c.accountId === accountId) {
      const oldEmail = (c.email ?? '').toLowerCase();
      // Every read before the first write (Firestore's transactions).
      const oldInvite = await seatInviteOf(tx, accountId, oldEmail, current.cardId);
      const pending = (await tx.get(invitePath(accountId, email))).exists;
      const room = next.active && c.isArchived ? await takeCardRoom(tx, accountId) : null;
      const patch: DocData = {};
      const name = cardNameOf(next);
      if (name !== c.name) {
        patch.name = name;
        patch.nameLower = name.toLowerCase();
      }
      if (next.title !== c.title) patch.title = next.title;
      if (email !== oldEmail) patch.email = email;
      const claimed = (c.claimedBy ?? '') !== '';
      let reinvite = false;
      if (!next.active) {
        // Access ends now: the rules read `claimedBy` on every request of the seat holder.
        if (claimed) patch.claimedBy = deleteField();
        if (oldInvite) tx.delete(oldInvite);
        if (settings.onDeactivate === 'archive' && !c.isArchived) patch.isArchived = true;
      } else {
        if (room) {
          tx.set(cardUsagePath(accountId), room, { merge: true });
          patch.isArchived = false;
        }
        if (!claimed && (!before.active || email !== oldEmail)) {
          if (oldInvite && email !== oldEmail) tx.delete(oldInvite);
          reinvite = oldInvite === null || email !== oldEmail;
        }
      }
      if (reinvite) {
        inviteIfNone(tx, pending, accountId, email, current.cardId, ownerId);
      }
      if (Object.keys(patch).length > 0) {
        tx.update(`cards/${current.cardId}`, { ...patch, dateUpdated: serverTimestamp() });
      }
    }
    const data = recordData(next, {
      cardId: current.cardId,
      created: before.created,
      lastModified: now,
      version: before.version + 1,
    });
    tx.set(nameClaim, { userId: current.id });
    if (releaseOld && oldClaim !== null) tx.delete(oldClaim);
    tx.set(path, data);
    return scimUserFromDoc(current.id, data);
  });
}

/** DELETE: the record, the card with its handle claim, and a pending seat invitation. */
export async function deleteScimUser(db: ServerDb, accountId: string, id: string): Promise<void> {
  const path = `${scimUsersPath(accountId)}/${id}`;
  await db.runTransaction(async (tx) => {
    const stored = await tx.get(path);
    if (!stored.exists || !stored.data) throw new ScimError(404, `There is no user ${id}.`);
    const user = scimUserFromDoc(id, stored.data);
    const nameClaim = userNameClaimPath(accountId, user.userName);
    const claimed = claimHolder((await tx.get(nameClaim)).data) === id;
    const card = await tx.get(`cards/${user.cardId}`);
    const { accountId: cardAccount, handle, email } = storedCardSchema.parse(card.data);
    if (card.exists && cardAccount === accountId) {
      const claim = handle === '' ? null : await tx.get(`handles/${handle}`);
      const invite = await seatInviteOf(tx, accountId, (email ?? '').toLowerCase(), user.cardId);
      if (claim?.data?.cardId === user.cardId) tx.delete(`handles/${handle}`);
      if (invite) tx.delete(invite);
      tx.delete(`cards/${user.cardId}`);
    }
    if (claimed) tx.delete(nameClaim);
    tx.delete(path);
  });
}

/** Moves a user's card to `teamId` (a group PATCH); false when the user or card is gone. */
export async function moveUserCard(
  db: ServerDb,
  accountId: string,
  userId: string,
  teamId: string,
  onlyFrom: string | null,
): Promise<boolean> {
  const snap = await db.get(`${scimUsersPath(accountId)}/${userId}`);
  if (!snap.data) return false;
  const { cardId } = scimUserFromDoc(userId, snap.data);
  return db.runTransaction(async (tx) => {
    const card = await tx.get(`cards/${cardId}`);
    const stored = storedCardSchema.parse(card.data);
    if (!card.exists || stored.accountId !== accountId) return false;
    if (onlyFrom !== null && stored.teamId !== onlyFrom) return true;
    if (stored.teamId !== teamId) {
      tx.update(`cards/${cardId}`, { teamId, dateUpdated: serverTimestamp() });
    }
    return true;
  });
}
