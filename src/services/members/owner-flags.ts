/**
 * After an account changes hands (an accepted ownership offer, src/domain/ownership.ts), the two
 * people's `users/{uid}.isAccountOwner` still say who owned it before: rules let no client change
 * that flag. This runs in the account trigger beside `clearRemovedAccess` (both hosts,
 * `src/services/hosted.ts`) and sets the flag of the old and the new owner from the account as it is
 * now, each in its own transaction, only while the user still belongs to this account. Safe to
 * repeat: a second delivery finds the flags already right and writes nothing.
 */
import type { DocData } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';
import { storedAccountSchema } from '@/domain/schemas/account';
import { storedPick } from '@/domain/schemas/fields';
import { storedUserSchema } from '@/domain/schemas/user';

const accountOwner = storedPick(storedAccountSchema, { ownerId: true });
const userAccount = storedPick(storedUserSchema, { accountId: true });

function ownerOf(account: DocData | null | undefined): string | null {
  return accountOwner.parse(account).ownerId || null;
}

/** Moves `isAccountOwner` to the account's owner; answers the uids changed. */
export async function moveOwnerFlags(
  db: ServerDb,
  accountId: string,
  before: DocData | null,
  after: DocData | null,
): Promise<string[]> {
  const from = ownerOf(before);
  const to = ownerOf(after);
  if (from === null || to === null || from === to) return [];
  const changed: string[] = [];
  for (const uid of [from, to]) {
    const wrote = await db.runTransaction(async (tx) => {
      const [account, user] = await Promise.all([
        tx.get(`accounts/${accountId}`),
        tx.get(`users/${uid}`),
      ]);
      if (!account.exists || !user.exists) return false;
      if (userAccount.parse(user.data).accountId !== accountId) return false;
      const owns = ownerOf(account.data) === uid;
      // Any stored value but the right boolean is written over.
      if (user.data?.['isAccountOwner'] === owns) return false;
      tx.update(`users/${uid}`, { isAccountOwner: owns });
      return true;
    });
    if (wrote) changed.push(uid);
  }
  return changed;
}
