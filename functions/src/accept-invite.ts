/**
 * Production host of the `acceptInvite` https callable (us-central1), a thin host with no logic of
 * its own: the checks and the writes are `acceptInviteRequest` and `decideAcceptInvite` of
 * `src/domain/invites.ts`, which the local server's stand-in (`server/stand-ins/invites.ts`) hosts
 * too, so both backends accept and refuse alike (docs/access.md, "Collaborator invites").
 *
 * The reads and the writes run in one Firestore transaction, so a plan change, another acceptance
 * or a revoked invite cannot slip between the decision and its writes (the local server gets the
 * same guarantee by doing both in one synchronous turn). Inside the transaction the account's
 * `collaborators` are written whole (read list + uid), which is what `arrayUnion` does there.
 *
 * Deliberately free of `firebase-functions` and `firebase-admin` imports: the deployable wrapper
 * is a few lines, e.g.
 *
 *   export const acceptInvite = onCall({ region: 'us-central1' }, async (request) => {
 *     try {
 *       return await acceptInviteCall(getFirestore(), request.auth ?? null, request.data);
 *     } catch (err) {
 *       if (err instanceof AcceptInviteError) throw new HttpsError(err.code, err.message);
 *       throw err;
 *     }
 *   });
 *
 * and `getFirestore()` from firebase-admin satisfies `InviteFirestore` below; `request.auth`
 * (`{ uid, token: { email, email_verified } }`) satisfies `InviteAuth`. The refusal codes are
 * HttpsError codes, so the client (`httpsCallable`) sees `functions/not-found` and so on, which the
 * firebase driver maps to the port's BackendError codes.
 */
import {
  acceptInviteRequest,
  decideAcceptInvite,
  type AcceptInviteResult,
  type InviteRefusalCode,
  type InviteRefusalReason,
} from '../../src/domain/invites';

type Data = Record<string, unknown>;

/** The part of a firebase-admin DocumentSnapshot the host uses. */
export interface InviteSnapshot {
  readonly id: string;
  readonly exists: boolean;
  data(): Data | undefined;
}

/** A document reference (opaque to the host: only handed back to the transaction). */
export interface InviteDocRef {
  readonly path: string;
}

/** A query (opaque to the host: only handed back to the transaction). */
export type InviteQuery = object;

/** The part of a firebase-admin Transaction the host uses. */
export interface InviteTransaction {
  get(ref: InviteDocRef): Promise<InviteSnapshot>;
  get(query: InviteQuery): Promise<{ readonly docs: readonly InviteSnapshot[] }>;
  update(ref: InviteDocRef, data: Data): unknown;
  delete(ref: InviteDocRef): unknown;
}

/** The part of firebase-admin's Firestore the host uses (`getFirestore()` satisfies it). */
export interface InviteFirestore {
  doc(path: string): InviteDocRef;
  collection(path: string): { where(field: string, op: '==', value: unknown): InviteQuery };
  runTransaction<T>(work: (tx: InviteTransaction) => Promise<T>): Promise<T>;
}

/** The callable's `request.auth`: the verified ID token's uid and claims. */
export interface InviteAuth {
  readonly uid: string;
  readonly token: { readonly email?: string | undefined; readonly email_verified?: boolean };
}

/** A refusal, with the HttpsError code and the message the caller reads. */
export class AcceptInviteError extends Error {
  readonly code: InviteRefusalCode;
  readonly reason: InviteRefusalReason;

  constructor(refusal: { code: InviteRefusalCode; reason: InviteRefusalReason; message: string }) {
    super(refusal.message);
    this.name = 'AcceptInviteError';
    this.code = refusal.code;
    this.reason = refusal.reason;
  }
}

function snapshotData(snap: InviteSnapshot): Data | null {
  return snap.exists ? (snap.data() ?? null) : null;
}

/**
 * Accepts the caller's invitation to `data.accountId`: the decision of src/domain/invites.ts, its
 * writes committed in the same transaction as its reads. Throws AcceptInviteError on a refusal.
 */
export async function acceptInviteCall(
  db: InviteFirestore,
  auth: InviteAuth | null,
  data: unknown,
): Promise<AcceptInviteResult> {
  const request = acceptInviteRequest(
    auth
      ? {
          uid: auth.uid,
          email: auth.token.email,
          emailVerified: auth.token.email_verified === true,
        }
      : null,
    data,
  );
  if (!request.ok) throw new AcceptInviteError(request);
  const { accountId, uid } = request;

  return db.runTransaction(async (tx) => {
    const [invite, account, user, teams] = await Promise.all([
      tx.get(db.doc(request.invitePath)),
      tx.get(db.doc(`accounts/${accountId}`)),
      tx.get(db.doc(`users/${uid}`)),
      tx.get(db.collection(`accounts/${accountId}/teams`).where('isArchived', '==', false)),
    ]);
    const accountData = snapshotData(account);
    const decision = decideAcceptInvite(request, {
      invite: snapshotData(invite),
      account: accountData,
      user: snapshotData(user),
      teams: teams.docs.map((doc) => ({ id: doc.id, data: doc.data() ?? {} })),
    });
    if (!decision.ok) throw new AcceptInviteError(decision);

    for (const write of decision.writes) {
      const ref = db.doc(write.path);
      switch (write.kind) {
        case 'add-collaborator': {
          const current = Array.isArray(accountData?.['collaborators'])
            ? (accountData['collaborators'] as unknown[])
            : [];
          const collaborators = current.includes(write.uid) ? current : [...current, write.uid];
          tx.update(ref, { collaborators });
          break;
        }
        case 'join-user':
          tx.update(ref, { ...write.data });
          break;
        case 'delete-invite':
          tx.delete(ref);
          break;
      }
    }
    return decision.result;
  });
}
