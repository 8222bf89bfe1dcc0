/**
 * The `setAccountActive` https callable on the local server: a super admin deactivates or
 * reactivates an account. The checks and the update are `accountStatusRequest` and
 * `decideAccountStatus` (src/domain/account-status.ts); this host only reads the caller's user
 * document and the account, and writes the update. The reads and the write happen in one
 * synchronous turn, so nothing can slip between the decision and its write.
 */
import { BackendError } from '@/backend/errors';
import {
  SET_ACCOUNT_ACTIVE,
  accountStatusRequest,
  decideAccountStatus,
  type AccountStatusResult,
} from '@/domain/account-status';
import { callableRoute } from './callable';
import type { AdminDb, AuthInfo, RouteHandler } from './types';

/** Decides and applies one request; throws the refusal as a BackendError the callable reports. */
export function setAccountActive(
  db: AdminDb,
  auth: AuthInfo | null,
  data: unknown,
  now: Date = new Date(),
): AccountStatusResult {
  const request = accountStatusRequest(auth ? { uid: auth.uid } : null, data);
  if (!request.ok) throw new BackendError(request.code, request.message);
  const decision = decideAccountStatus(
    request,
    {
      caller: db.get(`users/${request.uid}`).data,
      account: db.get(`accounts/${request.accountId}`).data,
    },
    now,
  );
  if (!decision.ok) throw new BackendError(decision.code, decision.message);
  if (decision.update) db.update(`accounts/${request.accountId}`, { ...decision.update });
  return decision.result;
}

/** The callable for the local server (`startServer({ routes })`). */
export const setAccountActiveRoute: RouteHandler = callableRoute(
  SET_ACCOUNT_ACTIVE,
  async (data, auth, ctx) => setAccountActive(ctx.db, auth, data),
);
