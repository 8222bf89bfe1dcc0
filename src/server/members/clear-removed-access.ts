/**
 * When someone loses access to an account (the owner removes them on People and access, a
 * collaborator or card editor leaves, the account is deleted), their `users/{uid}.accountId`,
 * `defaultTeam` and `teams` still name it: rules let only server code clear `accountId` (it is set
 * once from a client). Left alone, the removed person's app would keep opening an account it may
 * not read, plan sync would keep counting the account as theirs, and they could never set up an
 * account of their own. This trigger on `accounts/{accountId}` (both hosts, `src/server/hosted.ts`)
 * clears those fields for each uid that had a role before the write and has none after it.
 *
 * Safe to repeat: each user is changed in a transaction that reads the account as it is now, and
 * only while the user still names this account and has no role in it (a person removed and
 * invited back in between keeps their new access).
 *
 * The same transaction records the departure (`accounts/{id}/departures/{uid}`: name, e-mail, the
 * role they had, when), so People and access can still list them as "Removed" and hand their cards
 * on after a reload: once removed, their user document is no longer readable to the account.
 */
import type { DocData } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';
import { deleteField, serverTimestamp } from '@/backend/transforms';
import { accessRoleOf, removedPeople } from '@/domain/people';
import { text } from '@/domain/schemas/fields';

/** The document the trigger listens to. */
export const ACCOUNT_ACCESS_DOCUMENT = 'accounts/{accountId}';

/** Clears the account from each removed person's user document; answers the uids changed. */
export async function clearRemovedAccess(
  db: ServerDb,
  accountId: string,
  before: DocData | null,
  after: DocData | null,
): Promise<string[]> {
  const cleared: string[] = [];
  for (const uid of removedPeople(before, after)) {
    const changed = await db.runTransaction(async (tx) => {
      const [account, user] = await Promise.all([
        tx.get(`accounts/${accountId}`),
        tx.get(`users/${uid}`),
      ]);
      if (!user.exists || user.data?.['accountId'] !== accountId) return false;
      if (account.exists && accessRoleOf(account.data, uid) !== null) return false;
      const role = accessRoleOf(before, uid);
      if (account.exists && role !== null) {
        tx.set(`accounts/${accountId}/departures/${uid}`, {
          uid,
          name: text.parse(user.data?.['displayName']),
          email: text.parse(user.data?.['email']),
          role,
          removedAt: serverTimestamp(),
        });
      }
      tx.update(`users/${uid}`, {
        accountId: deleteField(),
        defaultTeam: deleteField(),
        teams: deleteField(),
      });
      return true;
    });
    if (changed) cleared.push(uid);
  }
  return cleared;
}
