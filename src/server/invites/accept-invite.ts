/**
 * `acceptInvite`, the https callable both hosts serve (the local server with its callable route,
 * production as the `acceptInvite` Cloud Function with Firebase's callable protocol): the caller,
 * whose verified token e-mail has a pending invite at `accounts/{accountId}/invites/{e-mail}`,
 * becomes a collaborator of the account. The checks and the writes are `acceptInviteRequest` and
 * `decideAcceptInvite` of `src/domain/invites.ts`; this module reads the documents they need and
 * commits their writes, all in one transaction, so a plan change, another acceptance or a revoked
 * invite cannot slip between the decision and its writes.
 *
 * Security choices (see docs/access.md, "Collaborator invites"):
 * - the token's e-mail must be verified, or anyone who registers the invited address with a
 *   password before its owner does would join the account;
 * - a missing account and a missing invite get the same answer (no oracle for account ids);
 * - the collaborator gate and the collaborator limit are checked again at acceptance, the only way
 *   anyone is added (clients may only remove collaborators);
 * - a user who already belongs to another account is refused (one account per user).
 */
import { BackendError } from '../../backend/errors';
import type { DocData } from '../../backend/port';
import type { CallerAuth, ServerDb } from '../../backend/server-port';
import { arrayUnion } from '../../backend/transforms';
import {
  acceptInviteRequest,
  decideAcceptInvite,
  type AcceptInviteResult,
  type InviteRefusalReason,
} from '../../domain/invites';

/** The callable's name (region us-central1). */
export const ACCEPT_INVITE = 'acceptInvite';

/** A refusal: a BackendError whose code the callable protocol reports, and why. */
export class AcceptInviteError extends BackendError {
  readonly reason: InviteRefusalReason;

  constructor(refusal: {
    code: BackendError['code'];
    reason: InviteRefusalReason;
    message: string;
  }) {
    super(refusal.code, refusal.message);
    this.name = 'AcceptInviteError';
    this.reason = refusal.reason;
  }
}

function dataOf(snap: { exists: boolean; data: DocData | null }): DocData | null {
  return snap.exists ? snap.data : null;
}

/**
 * Accepts the caller's invitation to `data.accountId`. Throws AcceptInviteError on a refusal; the
 * decision's writes (collaborator added, user joined, invite deleted) commit together or not at all.
 */
export async function acceptInvite(
  db: ServerDb,
  auth: CallerAuth | null,
  data: unknown,
): Promise<AcceptInviteResult> {
  const request = acceptInviteRequest(auth, data);
  if (!request.ok) throw new AcceptInviteError(request);
  const { accountId, uid } = request;

  return db.runTransaction(async (tx) => {
    const [invite, account, user, teams] = await Promise.all([
      tx.get(request.invitePath),
      tx.get(`accounts/${accountId}`),
      tx.get(`users/${uid}`),
      tx.query({
        collection: `accounts/${accountId}/teams`,
        where: [{ field: 'isArchived', op: '==', value: false }],
      }),
    ]);
    const decision = decideAcceptInvite(request, {
      invite: dataOf(invite),
      account: dataOf(account),
      user: dataOf(user),
      teams: teams.map((doc) => ({ id: doc.id, data: doc.data })),
    });
    if (!decision.ok) throw new AcceptInviteError(decision);
    for (const write of decision.writes) {
      switch (write.kind) {
        case 'add-collaborator':
          tx.update(write.path, { collaborators: arrayUnion(write.uid) });
          break;
        case 'join-user':
          tx.update(write.path, { ...write.data });
          break;
        case 'delete-invite':
          tx.delete(write.path);
          break;
      }
    }
    return decision.result;
  });
}
