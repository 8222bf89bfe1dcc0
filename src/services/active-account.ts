/**
 * The server's half of "a deactivated account does nothing" (docs/access.md, "Deactivated
 * accounts"): the rules already refuse every client write of such an account, and this stops the
 * server-side work its people could still set off, or that was under way when it was deactivated
 * (callables, jobs, webhook deliveries, invitation mails). Reads the account each time, so a
 * reactivation takes effect at once.
 */
import { BackendError } from 'firestore-engine/errors';
import type { DocSnapshot } from '@/backend/port';
import { DEACTIVATED_ACCOUNT_MESSAGE, isAccountDeactivated } from '@/domain/account-status';

/** Anything that reads a document: the server port, a transaction, the public surfaces' reader. */
export interface AccountReader {
  get(path: string): DocSnapshot | Promise<DocSnapshot>;
}

/** True when the account exists and is deactivated. */
export async function accountDeactivated(db: AccountReader, accountId: string): Promise<boolean> {
  if (accountId === '' || accountId.includes('/')) return false;
  return isAccountDeactivated((await db.get(`accounts/${accountId}`)).data);
}

/** Throws the callable refusal (failed-precondition, a plain message) for a deactivated account. */
export async function requireActiveAccount(db: AccountReader, accountId: string): Promise<void> {
  if (await accountDeactivated(db, accountId)) {
    throw new BackendError('failed-precondition', DEACTIVATED_ACCOUNT_MESSAGE);
  }
}
