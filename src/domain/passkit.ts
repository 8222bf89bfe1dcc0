/**
 * The rules of Apple's PassKit web service (the protocol Wallet speaks to keep a saved pass up to
 * date; docs/wallet-updates.md): which request an address and method name, what a valid
 * `Authorization: ApplePass <token>` header, device id, push token and serial number look like, how
 * the update tag compares, and when a fetch of the pass may be answered 304. Pure: the server
 * (`src/services/wallet/passkit-service.ts`) does the reads, writes and answers.
 */

/** The path segment, under the card host, of the web service: `{card host}/passkit/v1/...`. */
export const PASSKIT_SEGMENT = 'passkit';

/** The `webServiceURL` of the passes served from the card host `cardHost` (Wallet adds `/v1/...`). */
export function passKitServiceUrl(cardHost: string): string {
  return `${cardHost.replace(/\/+$/, '')}/${PASSKIT_SEGMENT}`;
}

/** One request of the web service, as its address and method name it. */
export type PassKitRoute =
  | {
      readonly kind: 'register' | 'unregister';
      readonly deviceId: string;
      readonly passTypeIdentifier: string;
      readonly serialNumber: string;
    }
  | { readonly kind: 'serials'; readonly deviceId: string; readonly passTypeIdentifier: string }
  | { readonly kind: 'pass'; readonly passTypeIdentifier: string; readonly serialNumber: string }
  | { readonly kind: 'log' }
  | { readonly kind: 'method-not-allowed'; readonly allow: string };

/** Identifiers Wallet sends: letters, digits and `.-_`, at most 256 characters. */
const ID = /^[A-Za-z0-9._-]{1,256}$/;

export function isPassKitId(value: string): boolean {
  return ID.test(value);
}

/**
 * The request `segments` (the path after `{card host}/passkit/`, decoded) and `method` name, or
 * null when they name no request of the protocol (the host answers 404).
 */
export function parsePassKitRoute(
  method: string,
  segments: readonly string[],
): PassKitRoute | null {
  if (segments[0] !== 'v1' || !segments.slice(1).every(isPassKitId)) return null;
  const [, a, b, c, d, e] = segments;
  const n = segments.length;
  if (n === 6 && a === 'devices' && c === 'registrations' && b && d && e) {
    if (method === 'POST') {
      return { kind: 'register', deviceId: b, passTypeIdentifier: d, serialNumber: e };
    }
    if (method === 'DELETE') {
      return { kind: 'unregister', deviceId: b, passTypeIdentifier: d, serialNumber: e };
    }
    return { kind: 'method-not-allowed', allow: 'POST, DELETE' };
  }
  if (n === 5 && a === 'devices' && c === 'registrations' && b && d) {
    if (method === 'GET') return { kind: 'serials', deviceId: b, passTypeIdentifier: d };
    return { kind: 'method-not-allowed', allow: 'GET' };
  }
  if (n === 4 && a === 'passes' && b && c) {
    if (method === 'GET') return { kind: 'pass', passTypeIdentifier: b, serialNumber: c };
    return { kind: 'method-not-allowed', allow: 'GET' };
  }
  if (n === 2 && a === 'log') {
    return method === 'POST' ? { kind: 'log' } : { kind: 'method-not-allowed', allow: 'POST' };
  }
  return null;
}

/** The token of an `Authorization: ApplePass <token>` header, or null for any other header. */
export function applePassToken(authorization: string | undefined): string | null {
  const match = /^ApplePass ([A-Za-z0-9._~+/=-]{16,256})$/.exec((authorization ?? '').trim());
  return match?.[1] ?? null;
}

/** The push token of a registration body (`{"pushToken": "<hex>"}`), or null when it has none. */
export function registrationPushToken(body: string | null): string | null {
  if (body === null) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    const token =
      typeof parsed === 'object' && parsed !== null
        ? (parsed as { pushToken?: unknown }).pushToken
        : undefined;
    return typeof token === 'string' && /^[0-9A-Fa-f]{16,200}$/.test(token) ? token : null;
  } catch {
    return null;
  }
}

/** The messages of a log body (`{"logs": ["..."]}`), at most 20 of 500 characters each. */
export function passKitLogMessages(body: string | null): string[] {
  if (body === null) return [];
  try {
    const parsed: unknown = JSON.parse(body);
    const logs =
      typeof parsed === 'object' && parsed !== null ? (parsed as { logs?: unknown }).logs : [];
    return Array.isArray(logs)
      ? logs
          .filter((line): line is string => typeof line === 'string')
          .slice(0, 20)
          .map((line) => line.slice(0, 500))
      : [];
  } catch {
    return [];
  }
}

/** A pass a device registered, with the time it last changed. */
export interface RegisteredPass {
  readonly serialNumber: string;
  readonly updatedAt: Date;
}

/** The update tag of a time: its milliseconds since the epoch, as text. */
export function updateTag(at: Date): string {
  return String(at.getTime());
}

/**
 * The answer to "which of my passes changed since `tag`" (`passesUpdatedSince`, absent on a
 * device's first ask: every pass): the serial numbers changed after the tag and the tag to send
 * next time (the latest change among them), or null when none changed (the service answers 204).
 * A tag that is not one of ours counts as absent, so the device fetches everything once.
 */
export function passesUpdatedSince(
  passes: readonly RegisteredPass[],
  tag: string | null,
): { serialNumbers: string[]; lastUpdated: string } | null {
  const since = tag !== null && /^\d{1,15}$/.test(tag) ? Number(tag) : -1;
  const changed = passes.filter((pass) => pass.updatedAt.getTime() > since);
  if (changed.length === 0) return null;
  const latest = Math.max(...changed.map((pass) => pass.updatedAt.getTime()));
  return {
    serialNumbers: changed.map((pass) => pass.serialNumber).sort(),
    lastUpdated: String(latest),
  };
}

/**
 * Whether a pass last changed at `updatedAt` may be answered 304 to `If-Modified-Since`: HTTP dates
 * count whole seconds, so the change's second is compared (a change within the same second as
 * the date the device holds is not newer than it).
 */
export function notModifiedSince(updatedAt: Date, ifModifiedSince: string | undefined): boolean {
  if (!ifModifiedSince) return false;
  const since = Date.parse(ifModifiedSince);
  if (Number.isNaN(since)) return false;
  return Math.floor(updatedAt.getTime() / 1000) * 1000 <= since;
}
