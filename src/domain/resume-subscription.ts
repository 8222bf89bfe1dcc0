/**
 * Resume on the billing page (docs/product.md §7): a subscription cancelled at period end carries
 * on as before, without a trip through the payment provider's portal. Only its payer resumes it
 * (resuming means being charged again), only before its end: Stripe never revives a subscription
 * that has ended, so that takes a new checkout. Resuming one that is not ending changes nothing,
 * so a repeated request is harmless.
 */
import * as z from 'zod/mini';
import { isTerminalSubscriptionStatus } from './plan-sync';
import { refuse, type Refusal } from './refusal';
import { dateOrNull, flag, storedMap, text } from './schemas/fields';

export type ResumeRefusalCode =
  'unauthenticated' | 'invalid-argument' | 'not-found' | 'failed-precondition';

export type ResumeRefusal = Refusal<ResumeRefusalCode>;

export interface ResumeRequest {
  readonly ok: true;
  /** The caller: subscriptions live under their payer, `users/{uid}/subscriptions/{id}`. */
  readonly uid: string;
  readonly subscriptionId: string;
}

export interface ResumeDecision {
  readonly ok: true;
  /** False when the subscription is not ending: there is nothing to undo. */
  readonly resume: boolean;
}

export const RESUME_MESSAGES = {
  signIn: 'Sign in to resume your plan.',
  badRequest: 'Say which subscription to resume.',
  missing: 'No such subscription.',
  ended:
    'This subscription has ended and cannot be resumed. Choose a plan on the pricing page to subscribe again.',
} as const;

/** Stripe's subscription ids (`sub_…`) and the stand-in's: letters, digits, `_` and `-`. */
const SUBSCRIPTION_ID = /^[A-Za-z0-9_-]{1,255}$/;

const resumeInput = z.object({ subscriptionId: z.string().check(z.regex(SUBSCRIPTION_ID)) });

const storedSubscription = storedMap({
  status: text,
  cancel_at_period_end: flag,
  cancel_at: dateOrNull,
  current_period_end: dateOrNull,
});

/** The callable's input, from the signed-in caller only. */
export function resumeRequest(
  caller: { uid: string } | null,
  data: unknown,
): ResumeRequest | ResumeRefusal {
  if (!caller) return refuse('unauthenticated', RESUME_MESSAGES.signIn);
  const input = resumeInput.safeParse(data);
  if (!input.success) return refuse('invalid-argument', RESUME_MESSAGES.badRequest);
  return { ok: true, uid: caller.uid, subscriptionId: input.data.subscriptionId };
}

/** Whether the stored subscription (null: none) is resumed, left as it is, or refused. */
export function decideResume(
  stored: Readonly<Record<string, unknown>> | null,
  now: Date,
): ResumeDecision | ResumeRefusal {
  if (stored === null) return refuse('not-found', RESUME_MESSAGES.missing);
  const sub = storedSubscription.parse(stored);
  if (isTerminalSubscriptionStatus(sub.status)) {
    return refuse('failed-precondition', RESUME_MESSAGES.ended);
  }
  if (!sub.cancel_at_period_end) return { ok: true, resume: false };
  const end = sub.cancel_at ?? sub.current_period_end;
  if (end !== null && end.getTime() <= now.getTime()) {
    return refuse('failed-precondition', RESUME_MESSAGES.ended);
  }
  return { ok: true, resume: true };
}

/**
 * The subscription document as the payments extension writes it after a resume (it rewrites the
 * whole document from Stripe's event): the scheduled cancellation is gone.
 */
export function resumedSubscription<T extends Readonly<Record<string, unknown>>>(stored: T): T {
  return { ...stored, cancel_at_period_end: false, cancel_at: null, canceled_at: null };
}
