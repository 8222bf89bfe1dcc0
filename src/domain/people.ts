/**
 * Who has access to an account and in which role (docs/access.md, "Roles"; the People and access
 * page). Pure: the account document's `ownerId`, `collaborators` and `editors` are the
 * only source, the same lists `firestore.rules` reads with get(), so what the page shows is what
 * the rules decide.
 */
import type { InviteRole } from './invites';
import { storedAccountSchema } from './schemas/account';
import { storedPick } from './schemas/fields';

/** A person's role in an account: its owner, or one of the two roles an invitation grants. */
export type AccessRole = 'owner' | InviteRole;

export const ACCESS_ROLE_LABELS: Record<AccessRole, string> = {
  owner: 'Owner',
  collaborator: 'Collaborator',
  editor: 'Card editor',
};

export interface MemberLists {
  readonly ownerId?: unknown;
  readonly collaborators?: unknown;
  readonly editors?: unknown;
}

/** The three member fields alone, with the account schema's definitions. */
const storedMemberLists = storedPick(storedAccountSchema, {
  ownerId: true,
  collaborators: true,
  editors: true,
});

/** The account's members as stored: a non-text owner is '', a missing list is empty. */
function membersOf(lists: MemberLists) {
  const { ownerId, collaborators = [], editors = [] } = storedMemberLists.parse(lists);
  return { ownerId, collaborators, editors };
}

/** The role of `uid` in the account, or null when they have none (a collaborator listed twice is a collaborator). */
export function accessRoleOf(
  account: MemberLists | null | undefined,
  uid: string,
): AccessRole | null {
  if (!account || uid === '') return null;
  const { ownerId, collaborators, editors } = membersOf(account);
  if (ownerId === uid) return 'owner';
  if (collaborators.includes(uid)) return 'collaborator';
  if (editors.includes(uid)) return 'editor';
  return null;
}

/** Everyone with access, owner first, then collaborators and card editors in list order, each once. */
export function accountPeople(
  account: MemberLists | null | undefined,
): { uid: string; role: AccessRole }[] {
  if (!account) return [];
  const seen = new Set<string>();
  const people: { uid: string; role: AccessRole }[] = [];
  const add = (uid: string, role: AccessRole) => {
    if (uid === '' || seen.has(uid)) return;
    seen.add(uid);
    people.push({ uid, role });
  };
  const { ownerId, collaborators, editors } = membersOf(account);
  add(ownerId, 'owner');
  for (const uid of collaborators) add(uid, 'collaborator');
  for (const uid of editors) add(uid, 'editor');
  return people;
}

/**
 * The uids that had access before a change of the account document and have none after it (a
 * removal, someone leaving, or the account deleted). The owner is included only when the account
 * is gone. Used by the server to clear the removed people's `users/{uid}.accountId`.
 */
export function removedPeople(
  before: MemberLists | null | undefined,
  after: MemberLists | null | undefined,
): string[] {
  return accountPeople(before)
    .map((p) => p.uid)
    .filter((uid) => accessRoleOf(after, uid) === null);
}

/**
 * The account write that moves a collaborator to card editor or back (the only role change the
 * rules allow a client: `ownerMovesOneMember`), or null when `uid` is not in the other role now.
 * Written as whole lists so the write says exactly what the account will hold.
 */
export function roleChangeLists(
  account: MemberLists,
  uid: string,
  to: InviteRole,
): { collaborators: string[]; editors: string[] } | null {
  const from = accessRoleOf(account, uid);
  if (from === null || from === 'owner' || from === to) return null;
  const { collaborators, editors } = membersOf(account);
  return to === 'collaborator'
    ? { collaborators: [...collaborators, uid], editors: editors.filter((u) => u !== uid) }
    : { collaborators: collaborators.filter((u) => u !== uid), editors: [...editors, uid] };
}
