/**
 * The `resumeSubscription` callable, run by both hosts: the payer of a subscription cancelled at
 * period end resumes it from the billing page. The decision is `decideResume`
 * (src/domain/resume-subscription.ts); the change is the payment provider's (Stripe, or the local
 * stand-in). The document is read from the caller's own subscriptions, so nobody names another's.
 */
import { BackendError } from 'firestore-engine/errors';
import type { CallerAuth, ServerDb } from '@/backend/server-port';
import { decideResume, resumeRequest } from '@/domain/resume-subscription';

export const RESUME_SUBSCRIPTION = 'resumeSubscription';

/** The payment provider's side of a resume. */
export interface SubscriptionPayments {
  /** Drops the scheduled cancellation of the payer `uid`'s subscription `id`. */
  resume(subscription: { readonly uid: string; readonly id: string }): Promise<void>;
}

export interface ResumeOutput {
  /** False when the subscription was not ending (nothing to resume). */
  readonly resumed: boolean;
}

export async function resumeSubscription(
  db: ServerDb,
  payments: SubscriptionPayments,
  caller: CallerAuth | null,
  data: unknown,
  now: Date,
): Promise<ResumeOutput> {
  const request = resumeRequest(caller ? { uid: caller.uid } : null, data);
  if (!request.ok) throw new BackendError(request.code, request.message);
  const stored = await db.get(`users/${request.uid}/subscriptions/${request.subscriptionId}`);
  const decision = decideResume(stored.exists ? stored.data : null, now);
  if (!decision.ok) throw new BackendError(decision.code, decision.message);
  if (decision.resume) await payments.resume({ uid: request.uid, id: request.subscriptionId });
  return { resumed: decision.resume };
}
