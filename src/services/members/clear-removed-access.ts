/**
 * When someone loses access to an account, their user document still names it, and only server
 * code may clear `accountId`; left alone, their app would keep opening an account it may not read
 * and they could never set up their own. This trigger on `accounts/{accountId}` clears those
 * fields for each uid that lost its role, in a transaction that checks they still have none (so a
 * person invited back keeps the new access), and records the departure so People and access can
 * still list them.
 */
import type { DocData } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';
import { deleteField, serverTimestamp } from 'firestore-engine/transforms';
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
        // Once removed, their user document is no longer readable to the account: the departure
        // keeps what People and access shows of them and needs to hand their cards on.
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
