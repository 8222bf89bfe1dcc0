/**
 * Deactivating and reactivating an account (docs/product.md §3: Account.isActive; docs/product.md §4: only active accounts
 * are listed; docs/product.md §6: the super admin). `isActive` is a server-only field (docs/access.md), so a
 * super admin changes it through the `setAccountActive` callable, and this is its decision, pure,
 * for every host alike: the local server (`local-server/account-status.ts`) and a production Cloud
 * Function read the two documents, ask `decideAccountStatus`, and write the update it returns.
 *
 * The update sets `dateUpdated` with `isActive`, so the account list (ordered by dateUpdated) shows
 * the change where a super admin looks first.
 */
import { refuse, type Refusal } from './refusal';

/** The callable's name: POST /functions/{projectId}/us-central1/setAccountActive. */
export const SET_ACCOUNT_ACTIVE = 'setAccountActive';

/** What an account id may look like (refused before anything is read). */
export const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** The error codes of the refusals, as the callable protocol names them. */
export type AccountStatusRefusalCode =
  'unauthenticated' | 'invalid-argument' | 'permission-denied' | 'not-found';

export type AccountStatusRefusal = Refusal<AccountStatusRefusalCode>;

/** A well-formed request from a signed-in caller. */
export interface AccountStatusRequest {
  readonly ok: true;
  readonly uid: string;
  readonly accountId: string;
  readonly isActive: boolean;
}

export interface AccountStatusResult {
  accountId: string;
  isActive: boolean;
}

export interface AccountStatusDecision {
  readonly ok: true;
  /** The fields to write on `accounts/{accountId}`, or null when the account is already so. */
  readonly update: { isActive: boolean; dateUpdated: Date } | null;
  readonly result: AccountStatusResult;
}

/**
 * Reads the callable's input: the caller (null when the request carries no valid ID token) and
 * `{ accountId, isActive }`. Refuses a signed-out caller, a malformed id and a non-boolean flag.
 */
export function accountStatusRequest(
  caller: { uid: string } | null,
  data: unknown,
): AccountStatusRequest | AccountStatusRefusal {
  if (!caller) return refuse('unauthenticated', 'Please sign in as a super admin.');
  const input = (typeof data === 'object' && data !== null ? data : {}) as {
    accountId?: unknown;
    isActive?: unknown;
  };
  if (typeof input.accountId !== 'string' || !ACCOUNT_ID_PATTERN.test(input.accountId)) {
    return refuse('invalid-argument', 'accountId must be an account id.');
  }
  if (typeof input.isActive !== 'boolean') {
    return refuse('invalid-argument', 'isActive must be true or false.');
  }
  return { ok: true, uid: caller.uid, accountId: input.accountId, isActive: input.isActive };
}

/**
 * Decides the request: only a caller whose own user document says `isSuperAdmin: true` may change
 * an account's status (the flag is written by server code only, so it cannot be forged); the
 * account must exist. A change writes `isActive` and `dateUpdated = now`; asking for the status the
 * account already has writes nothing (a repeated click changes no date).
 */
export function decideAccountStatus(
  request: AccountStatusRequest,
  docs: {
    caller: Readonly<Record<string, unknown>> | null | undefined;
    account: Readonly<Record<string, unknown>> | null | undefined;
  },
  now: Date,
): AccountStatusDecision | AccountStatusRefusal {
  if (docs.caller?.['isSuperAdmin'] !== true) {
    return refuse('permission-denied', 'Only a super admin may deactivate or reactivate accounts.');
  }
  if (!docs.account) return refuse('not-found', `There is no account ${request.accountId}.`);
  const result = { accountId: request.accountId, isActive: request.isActive };
  if (docs.account['isActive'] === request.isActive) return { ok: true, update: null, result };
  return { ok: true, update: { isActive: request.isActive, dateUpdated: now }, result };
}

/**
 * Whether an account is deactivated (docs/access.md, "Deactivated accounts"). Only an explicit
 * `isActive: false` is: an account stored before the flag existed counts as active, as it always
 * did. The rules (`isWritable`), the public surfaces and the server's callables and jobs all ask
 * this one question.
 */
export function isAccountDeactivated(account: { readonly isActive?: unknown } | null): boolean {
  return account?.isActive === false;
}

/** What a callable answers (failed-precondition) when asked to act for a deactivated account. */
export const DEACTIVATED_ACCOUNT_MESSAGE =
  'This account is deactivated: nothing in it can be changed until support reactivates it.';

/**
 * What a server job records when its account is deactivated: the job fails with this message and
 * keeps its cursor, so a manager resumes it where it stopped once the account is active again.
 */
export const DEACTIVATED_JOB_MESSAGE =
  'Paused because the account was deactivated. Resume the job once the account is active again.';
