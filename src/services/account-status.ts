/**
 * The `setAccountActive` callable, the one implementation both hosts run (the local server and the
 * production Cloud Function, both wired from `./hosted.ts`): a super admin deactivates or
 * reactivates an account. The checks and the update are `accountStatusRequest` and
 * `decideAccountStatus` (src/domain/account-status.ts); this reads the caller's user document and
 * the account and writes the update in one transaction, so nothing can slip between the decision
 * and its write (a caller demoted meanwhile, an account deleted meanwhile).
 */
import { BackendError } from 'firestore-engine/errors';
import type { CallerAuth, ServerDb } from '@/backend/server-port';
import {
  accountStatusRequest,
  decideAccountStatus,
  type AccountStatusResult,
} from '@/domain/account-status';

/** Decides and applies one request; throws the refusal as a BackendError the callable reports. */
export async function setAccountActive(
  db: ServerDb,
  caller: CallerAuth | null,
  data: unknown,
  now: Date = new Date(),
): Promise<AccountStatusResult> {
  const request = accountStatusRequest(caller ? { uid: caller.uid } : null, data);
  if (!request.ok) throw new BackendError(request.code, request.message);
  const accountPath = `accounts/${request.accountId}`;
  return db.runTransaction(async (tx) => {
    const [callerDoc, account] = [await tx.get(`users/${request.uid}`), await tx.get(accountPath)];
    const decision = decideAccountStatus(
      request,
      { caller: callerDoc.data, account: account.exists ? account.data : null },
      now,
    );
    if (!decision.ok) throw new BackendError(decision.code, decision.message);
    if (decision.update) tx.update(accountPath, { ...decision.update });
    return decision.result;
  });
}
