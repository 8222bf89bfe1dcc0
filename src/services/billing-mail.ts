/**
 * The account's e-mails about itself (welcome; subscription started, renewed, failed, ending,
 * ended), run by both hosts as `mail` documents in the Trigger Email extension's shape. Each
 * mail's id names its event and is written in a transaction only when missing, so webhooks
 * delivered twice, retried functions and stale rewrites send nothing twice; clients cannot create
 * these ids (firestore.rules allows them only `mail/signup-{uid}`).
 */
import type { DocData } from '../backend/port';
import type { ServerDb } from '../backend/server-port';
import { isTerminalSubscriptionStatus, ledgerKey } from '../domain/plan-sync';
import { priceIdFromField, stringMap } from '../domain/schemas/billing';
import { text } from '../domain/schemas/fields';
import { dateFromField, productIdFromField } from '../domain/schemas/subscription';
import { isSubscriptionCurrent } from '../domain/subscriptions';
import { mailLine, renderMail } from './mail-layout';
import { PLAN_SYNC_COLLECTION } from './plan-sync';
import type { MailContent } from './mail-layout';

/** The document paths the triggers listen to (Cloud Functions' patterns). */
export const ACCOUNT_DOCUMENT = 'accounts/{accountId}';

const ACCOUNT_PATH = /^accounts\/([^/]+)$/;
const SUBSCRIPTION_PATH = /^users\/([^/]+)\/subscriptions\/([^/]+)$/;

export type SubscriptionMailEvent =
  'started' | 'renewed' | 'plan-changed' | 'payment-failed' | 'ending' | 'ended';

const FAILED_STATUSES = ['past_due', 'unpaid'];

/** A subscription's status; '' for none (a missing document, a malformed field). */
function status(doc: DocData | null): string {
  return text.parse(doc?.['status']);
}

/** The id of the price a subscription document is on; '' for none. */
function priceIdOf(doc: DocData | null): string {
  return priceIdFromField(doc?.['price']) ?? '';
}

function time(value: unknown): number {
  return dateFromField(value)?.getTime() ?? Number.NEGATIVE_INFINITY;
}

/**
 * The events a subscription write announces, each with the key that makes it once-only: a
 * subscription starts and ends once; it renews and fails once per period; a cancellation at period
 * end is announced once per cancellation (its canceled_at).
 */
export function subscriptionMailEvents(
  before: DocData | null,
  after: DocData | null,
): Array<{ event: SubscriptionMailEvent; key: string }> {
  if (after === null) return [];
  const was = status(before);
  const is = status(after);
  const period = time(after['current_period_start']);
  const events: Array<{ event: SubscriptionMailEvent; key: string }> = [];
  if (isSubscriptionCurrent(is) && (before === null || was === 'incomplete')) {
    events.push({ event: 'started', key: 'started' });
  }
  // A plan change updates the same subscription (docs/decisions/013-one-subscription-per-account.md):
  // it is announced as a change, never as a second "welcome", and its new period is no renewal.
  const planChanged =
    before !== null &&
    isSubscriptionCurrent(is) &&
    isSubscriptionCurrent(was) &&
    priceIdOf(before) !== '' &&
    priceIdOf(after) !== priceIdOf(before);
  if (planChanged) {
    events.push({ event: 'plan-changed', key: `changed-${priceIdOf(after)}-${period}` });
  }
  if (
    !planChanged &&
    is === 'active' &&
    before !== null &&
    (isSubscriptionCurrent(was) || FAILED_STATUSES.includes(was)) &&
    period > time(before['current_period_start'])
  ) {
    events.push({ event: 'renewed', key: `renewed-${period}` });
  }
  if (FAILED_STATUSES.includes(is) && !FAILED_STATUSES.includes(was)) {
    events.push({ event: 'payment-failed', key: `failed-${period}` });
  }
  if (
    !isTerminalSubscriptionStatus(is) &&
    after['cancel_at_period_end'] === true &&
    before?.['cancel_at_period_end'] !== true
  ) {
    events.push({ event: 'ending', key: `ending-${time(after['canceled_at'])}` });
  }
  if (is === 'canceled' && before !== null && !isTerminalSubscriptionStatus(was)) {
    events.push({ event: 'ended', key: 'ended' });
  }
  return events;
}

function formatDay(value: unknown): string {
  const date = dateFromField(value);
  return date
    ? date.toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      })
    : 'the end of the period';
}

/** What one subscription e-mail says. `plan` and `account` are names their owners chose. */
export function subscriptionMail(input: {
  event: SubscriptionMailEvent;
  plan: string;
  account: string;
  subscription: DocData;
  appOrigin: string;
  /** True when the account had its one trial before this subscription (no second free trial). */
  trialUsed?: boolean;
}): MailContent {
  const { event, subscription: sub } = input;
  const plan = mailLine(input.plan) || 'paid';
  const account = mailLine(input.account) || 'your account';
  const billing = { label: 'Open billing', url: `${input.appOrigin}/settings/billing` };
  switch (event) {
    case 'started':
      return {
        subject: `Your ${plan} subscription has started`,
        heading: `Welcome to ${plan}`,
        paragraphs: [
          ['Your ', { strong: plan }, ' subscription for ', { strong: account }, ' has started.'],
          status(sub) !== 'trialing'
            ? [`It renews on ${formatDay(sub['current_period_end'])}.`]
            : input.trialUsed === true
              ? [
                  `This account has already had its free trial, so the paid features start with the first payment on ${formatDay(sub['trial_end'])}.`,
                ]
              : [`Your free trial runs until ${formatDay(sub['trial_end'])}.`],
        ],
        action: billing,
      };
    case 'plan-changed':
      return {
        subject: `Your plan is now ${plan}`,
        heading: 'Your plan has changed',
        paragraphs: [
          ['Your subscription for ', { strong: account }, ' is now on ', { strong: plan }, '.'],
          [
            `The change is prorated on your next invoice; the plan renews on ${formatDay(sub['current_period_end'])}.`,
          ],
        ],
        action: billing,
      };
    case 'renewed':
      return {
        subject: `Your ${plan} subscription has renewed`,
        heading: 'Thank you for your payment',
        paragraphs: [
          ['Your ', { strong: plan }, ' subscription for ', { strong: account }, ' has renewed.'],
          [`The next renewal is on ${formatDay(sub['current_period_end'])}.`],
        ],
        action: billing,
      };
    case 'payment-failed':
      return {
        subject: `Payment failed for your ${plan} subscription`,
        heading: 'We could not take your payment',
        paragraphs: [
          [
            'The payment for the ',
            { strong: plan },
            ' subscription of ',
            { strong: account },
            ' failed. The paid features are paused until it is paid.',
          ],
          ['Update your payment method in billing to keep your plan.'],
        ],
        action: billing,
      };
    case 'ending':
      return {
        subject: `Your ${plan} subscription ends on ${formatDay(sub['cancel_at'] ?? sub['current_period_end'])}`,
        heading: 'Your subscription is cancelled',
        paragraphs: [
          [
            'Your ',
            { strong: plan },
            ' subscription for ',
            { strong: account },
            ` stays active until ${formatDay(sub['cancel_at'] ?? sub['current_period_end'])}. Nothing more is charged.`,
          ],
          ['Changed your mind? Resume it in billing before then.'],
        ],
        action: billing,
      };
    case 'ended':
      return {
        subject: `Your ${plan} subscription has ended`,
        heading: 'Your subscription has ended',
        paragraphs: [
          [
            'Your ',
            { strong: plan },
            ' subscription for ',
            { strong: account },
            ' has ended, and the account is on the Free plan now.',
          ],
          ['Your cards are kept. Subscribe again any time from Pricing.'],
        ],
        action: { label: 'See plans', url: `${input.appOrigin}/pricing` },
      };
  }
}

/** A document id from parts: only letters, digits, `_` and `-`. */
function mailId(...parts: string[]): string {
  return parts.map((part) => part.replace(/[^A-Za-z0-9_-]/g, '_')).join('-');
}

/**
 * On a write of a subscription document, queues the e-mail of each event it announces that was not
 * queued before. Returns the ids of the mail documents it wrote.
 */
export async function queueSubscriptionMail(
  db: ServerDb,
  change: { path: string; before: DocData | null; after: DocData | null },
  appOrigin: string,
): Promise<string[]> {
  const match = SUBSCRIPTION_PATH.exec(change.path);
  const uid = match?.[1];
  const subscriptionId = match?.[2];
  if (!uid || !subscriptionId || change.after === null) return [];
  const events = subscriptionMailEvents(change.before, change.after);
  if (events.length === 0) return [];
  const after = change.after;
  return db.runTransaction(async (tx) => {
    const user = (await tx.get(`users/${uid}`)).data;
    const to = text.parse(user?.['email']);
    if (to === '') return [];
    const fresh: Array<{ id: string; event: SubscriptionMailEvent }> = [];
    for (const { event, key } of events) {
      const id = mailId('billing', uid, subscriptionId, key);
      if (!(await tx.get(`mail/${id}`)).exists) fresh.push({ id, event });
    }
    if (fresh.length === 0) return [];
    const productId = productIdFromField(after['product']);
    const product = productId ? (await tx.get(`products/${productId}`)).data : null;
    const metadata = stringMap.parse(after['metadata']);
    const accountId = text.parse(user?.['accountId']);
    const account = accountId ? (await tx.get(`accounts/${accountId}`)).data : null;
    // The plan sync's record of the account's one trial (src/domain/plan-sync.ts).
    const ledger =
      accountId && status(after) === 'trialing'
        ? (await tx.get(`${PLAN_SYNC_COLLECTION}/${accountId}`)).data
        : null;
    const trialUsedBy = text.parse(ledger?.['trialUsedBy']);
    const trialUsed = trialUsedBy !== '' && trialUsedBy !== ledgerKey(uid, subscriptionId);
    for (const { id, event } of fresh) {
      const content = subscriptionMail({
        event,
        plan: text.parse(product?.['name']),
        account: text.parse(account?.['name']) || text.parse(metadata['accountName']),
        subscription: after,
        appOrigin,
        trialUsed,
      });
      tx.set(`mail/${id}`, { to, message: renderMail(content) });
    }
    return fresh.map((item) => item.id);
  });
}

/** The welcome e-mail after account setup. */
export function welcomeMail(input: { account: string; appOrigin: string }): MailContent {
  const account = mailLine(input.account) || 'your account';
  return {
    subject: 'Welcome to Cardbuilder',
    heading: 'Welcome to Cardbuilder',
    paragraphs: [
      ['Your account ', { strong: account }, ' is ready.'],
      [
        'Build your first digital business card, share it by link or QR code, and add it to your e-mail signature.',
      ],
    ],
    action: { label: 'Build your card', url: `${input.appOrigin}/builder` },
  };
}

/**
 * On the creation of `accounts/{accountId}`, queues the welcome e-mail to its owner once. Returns the
 * mail id, or null when none was queued.
 */
export async function queueWelcomeMail(
  db: ServerDb,
  change: { path: string; before: DocData | null; after: DocData | null },
  appOrigin: string,
): Promise<string | null> {
  const accountId = ACCOUNT_PATH.exec(change.path)?.[1];
  if (!accountId || change.before !== null || change.after === null) return null;
  const ownerId = text.parse(change.after['ownerId']);
  if (ownerId === '') return null;
  const name = text.parse(change.after['name']);
  return db.runTransaction(async (tx) => {
    const id = mailId('welcome', accountId);
    if ((await tx.get(`mail/${id}`)).exists) return null;
    const to = text.parse((await tx.get(`users/${ownerId}`)).data?.['email']);
    if (to === '') return null;
    tx.set(`mail/${id}`, {
      to,
      message: renderMail(welcomeMail({ account: name, appOrigin })),
    });
    return id;
  });
}
