/**
 * The `acceptInvite` callable both hosts serve: the caller, holding an invitation token, joins the
 * invite's account in its role. The decision is pure (src/domain/invites.ts); this module reads
 * what it needs and commits its writes in one transaction, so a plan change, another acceptance, a
 * resend or a revoke cannot slip in between. Security choices are in docs/access.md,
 * "Invitations": every missing or stale token gets the same answer, the caller's e-mail must be
 * the invited one, and the collaborator limit and one account per user are checked again here.
 */
import { newDocId } from 'firestore-engine/paths';
import { BackendError } from 'firestore-engine/errors';
import type { DocData } from '@/backend/port';
import type { CallerAuth, ServerDb } from '@/backend/server-port';
import { arrayUnion } from 'firestore-engine/transforms';
import {
  acceptInviteRequest,
  decideAcceptInvite,
  inviteDocPath,
  INVITE_TOKENS,
  isSeatInvite,
  type AcceptInviteResult,
  type InviteRefusalReason,
} from '@/domain/invites';
import { storedAccountSchema } from '@/domain/schemas/account';
import { storedInviteSchema, storedInviteTokenSchema } from '@/domain/schemas/invite';
import { inviteAcceptedMessage } from './invite-mail';
import { hashInviteToken } from './token';

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
 * Accepts the caller's invitation (`data.token`). Throws AcceptInviteError on a refusal; the
 * decision's writes (member added, user joined, invite and token deleted, owner mailed) commit
 * together or not at all.
 */
export async function acceptInvite(
  db: ServerDb,
  auth: CallerAuth | null,
  data: unknown,
  appOrigin = '',
  now: Date = new Date(),
): Promise<AcceptInviteResult> {
  const request = acceptInviteRequest(auth, data, hashInviteToken);
  if (!request.ok) throw new AcceptInviteError(request);
  const { uid } = request;

  return db.runTransaction(async (tx) => {
    const lookup = dataOf(await tx.get(`${INVITE_TOKENS}/${request.tokenHash}`));
    const { accountId, email } = storedInviteTokenSchema.parse(lookup);
    const found = lookup !== null && accountId !== '' && email !== '';
    const [invite, account, user, teams] = found
      ? await Promise.all([
          tx.get(inviteDocPath(accountId, email)),
          tx.get(`accounts/${accountId}`),
          tx.get(`users/${uid}`),
          tx.query({
            collection: `accounts/${accountId}/teams`,
            where: [{ field: 'isArchived', op: '==', value: false }],
          }),
        ])
      : [null, null, null, []];
    const inviteData = invite ? dataOf(invite) : null;
    const seatCardId =
      inviteData && isSeatInvite(inviteData) ? storedInviteSchema.parse(inviteData).cardId : '';
    const card = seatCardId !== '' ? dataOf(await tx.get(`cards/${seatCardId}`)) : null;
    const accountData = account ? dataOf(account) : null;
    const { ownerId } = storedAccountSchema.parse(accountData);
    const owner = ownerId !== '' ? dataOf(await tx.get(`users/${ownerId}`)) : null;
    const decision = decideAcceptInvite(
      request,
      {
        lookup: found ? lookup : null,
        invite: inviteData,
        account: accountData,
        user: user ? dataOf(user) : null,
        owner,
        teams: teams.map((doc) => ({ id: doc.id, data: doc.data })),
        card,
      },
      now,
    );
    if (!decision.ok) throw new AcceptInviteError(decision);
    for (const write of decision.writes) {
      switch (write.kind) {
        case 'add-member':
          tx.update(write.path, { [write.field]: arrayUnion(write.uid) });
          break;
        case 'join-user':
        case 'seat-user':
          tx.update(write.path, { ...write.data });
          break;
        case 'claim-card':
          tx.update(write.path, { claimedBy: write.uid });
          break;
        case 'delete':
          tx.delete(write.path);
          break;
        case 'mail-owner':
          tx.set(`mail/${newDocId()}`, {
            to: write.to,
            message: inviteAcceptedMessage({
              accountName: write.accountName,
              invitee: write.invitee,
              role: write.role,
              appOrigin,
            }),
          });
          break;
      }
    }
    return decision.result;
  });
}
