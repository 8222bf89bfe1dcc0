/**
 * The rules of lead routing that both the owner's settings screen and the server's sender need:
 * the payload formats, how many webhooks an account may have, when a failed delivery is tried
 * again (the backoff schedule, about a day in all), and the checks on a webhook address that need
 * no network (the server then resolves the host and refuses private addresses; see
 * docs/lead-webhooks.md), and who may keep receiving leads. Pure: time comes in as an argument.
 */
import { accessRoleOf, type MemberLists } from './people';

/** `plain`: the product's own JSON; `hubspot`: HubSpot's contact-properties shape. */
export type LeadWebhookFormat = 'plain' | 'hubspot';

export const LEAD_WEBHOOK_FORMATS: readonly LeadWebhookFormat[] = ['plain', 'hubspot'];

export const LEAD_WEBHOOK_FORMAT_LABELS: Readonly<Record<LeadWebhookFormat, string>> = {
  plain: 'Plain JSON',
  hubspot: 'HubSpot contact properties',
};

/** The most webhooks one account may have. */
export const MAX_LEAD_WEBHOOKS = 5;

/** Longest accepted webhook address. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Longest consent wording an owner may set (and the server stores with a lead). */
export const MAX_CONSENT_TEXT = 500;

/**
 * The waits before each retry of a failed delivery, in order: after the first attempt fails the
 * next comes a minute later, then 5 min, 30 min, 2 h, 6 h and 15 h (23 h 36 min in all); when the
 * seventh attempt fails the delivery is given up.
 */
export const LEAD_WEBHOOK_BACKOFF_MS: readonly number[] = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  15 * 3_600_000,
];

/** Every attempt a delivery gets: the first and one per backoff step. */
export const LEAD_WEBHOOK_MAX_ATTEMPTS = LEAD_WEBHOOK_BACKOFF_MS.length + 1;

/**
 * When the next attempt is due after attempt number `attempt` (1-based) failed at `now`, or null
 * when that was the last one and the delivery is given up.
 */
export function nextLeadWebhookAttempt(attempt: number, now: Date): Date | null {
  const wait = LEAD_WEBHOOK_BACKOFF_MS[attempt - 1];
  return wait === undefined ? null : new Date(now.getTime() + wait);
}

/** Whether an HTTP status counts as delivered (2xx). */
export function isDeliveredStatus(status: number): boolean {
  return status >= 200 && status < 300;
}

/** Host names that mean this machine. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface WebhookUrlPolicy {
  /**
   * Whether `http://` to this machine (localhost, 127.0.0.1, [::1]) is accepted: on the local
   * server only, so that a developer and the tests can point a webhook at a receiver on loopback.
   * In production only https to a public address is.
   */
  readonly allowLoopbackHttp: boolean;
}

/**
 * What is wrong with a webhook address before any network is asked, as a sentence for the
 * owner, or null when it may go on to the server's address check.
 */
export function webhookUrlProblem(raw: string, policy: WebhookUrlPolicy): string | null {
  const text = raw.trim();
  if (text === '') return 'Enter the address that should receive your leads.';
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return 'That address is too long.';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a full address starting with https://, for example https://example.com/leads.';
  }
  if (url.username !== '' || url.password !== '') {
    return 'Leave the user name and password out of the address; the signature proves the sender.';
  }
  const loopback = LOOPBACK_NAMES.has(url.hostname.toLowerCase());
  if (url.protocol === 'https:') {
    if (loopback && !policy.allowLoopbackHttp) {
      return 'The address must be reachable on the internet, not a private or local one.';
    }
    return null;
  }
  if (url.protocol === 'http:' && loopback && policy.allowLoopbackHttp) return null;
  return 'The address must start with https://.';
}

/**
 * Said on a webhook that lead routing turned off because whoever set it up (or last changed it)
 * no longer owns or collaborates on the account: leads, with the visitors' contact details, must
 * not go on flowing to an address a person who left chose.
 */
export const WEBHOOK_PAUSED_SETTER_LEFT =
  'Turned off: the person who set it up no longer manages this account. Check its address, then turn it on again.';

/**
 * Whether a webhook may still receive the account's leads: the person recorded as having set it
 * up (`setUpBy`, the owner who made or last changed it) still owns or collaborates on the
 * account. A webhook made before that was recorded has no `setUpBy` and goes on.
 */
export function webhookSetterStays(setUpBy: unknown, account: MemberLists | null): boolean {
  if (typeof setUpBy !== 'string' || setUpBy === '') return true;
  const role = accessRoleOf(account, setUpBy);
  return role === 'owner' || role === 'collaborator';
}
