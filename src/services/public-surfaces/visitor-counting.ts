/**
 * Which requests of the public surfaces count as a visit, so that views, scans, saves and clicks
 * tell the truth (docs/access.md, "Attacks and where each is stopped"). Automated clients never
 * count; a visitor counts once per card and kind in a window, without cookies: a hash under a salt
 * that lives only in this process's memory and changes each UTC day, so no address or user agent
 * is stored nor linked across days. Memory is bounded; the state is per process, so two instances
 * may each count one visitor once.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** Link-preview fetchers, search robots and scripted HTTP clients (not visitors). */
const AUTOMATED_AGENTS =
  /\bbot\b|bot\/|bot-|crawler|spider|slurp|facebookexternalhit|facebookcatalog|embedly|preview|whatsapp\/|telegram|discord|slack|skype|vkshare|pinterest|quora link|redditbot|linkedinbot|twitterbot|applebot|bingbot|googlebot|google-inspectiontool|yandex|baiduspider|duckduckbot|ahrefs|semrush|mj12bot|phantomjs|lighthouse|^curl\/|\bcurl\b|\bwget\b|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|libwww|lwp::|node-fetch|^node$|axios|undici|got \(|postmanruntime|insomnia|httpie|scrapy|feedfetcher|\bhttp_request|^mozilla\/5\.0$/i;

export interface RequestTraits {
  readonly method: string;
  readonly userAgent: string;
  /** A header by lower-case name ('' when absent). */
  readonly header: (name: string) => string;
}

/** Whether a request comes from a robot, a preview fetcher, a script or a prefetch. */
export function isAutomated(req: RequestTraits): boolean {
  if (req.method.toUpperCase() !== 'GET') return true;
  const agent = req.userAgent.trim();
  if (agent === '') return true;
  if (AUTOMATED_AGENTS.test(agent)) return true;
  const purpose = `${req.header('sec-purpose')} ${req.header('purpose')} ${req.header('x-purpose')}`;
  if (/\b(prefetch|prerender|preview)\b/i.test(purpose)) return true;
  if (/prefetch/i.test(req.header('x-moz'))) return true;
  return false;
}

export interface VisitorCounterOptions {
  /** How long a counted visitor is not counted again for the same card and kind (default 30 min). */
  readonly windowMs?: number;
  /**
   * Distinct visitors of one address counted per card and kind in a window (default 5), so one
   * address cannot drive a counter by changing its user agent, yet an office behind it still counts.
   */
  readonly perAddress?: number;
  /** The most visitors and addresses remembered at once (default 100,000). */
  readonly maxKeys?: number;
  /** A new salt (tests); default 32 random bytes. */
  readonly newSalt?: () => Buffer;
}

export interface VisitorCounter {
  /**
   * Whether this visit counts for `cardId` and `kind` ('view', 'scan', 'save', 'click:{link}'):
   * true the first time a visitor comes in a window, false for the visitor's repeats and beyond
   * the address's share. `now` in ms.
   */
  admit(
    kind: string,
    visit: { ip: string; userAgent: string; cardId: string },
    now: number,
  ): boolean;
}

function dayOf(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

export function createVisitorCounter(options: VisitorCounterOptions = {}): VisitorCounter {
  const windowMs = options.windowMs ?? 30 * 60_000;
  const perAddress = options.perAddress ?? 5;
  const maxKeys = options.maxKeys ?? 100_000;
  const newSalt = options.newSalt ?? (() => randomBytes(32));

  let day = '';
  let salt: Buffer = Buffer.alloc(0);
  /** Visitor hash → when it was last counted. */
  const visitors = new Map<string, number>();
  /** Address hash → when each of its counted visitors in the window was counted. */
  const addresses = new Map<string, number[]>();

  function hash(...parts: string[]): string {
    return createHmac('sha256', salt).update(parts.join('\n')).digest('base64url');
  }

  /** Forgets what has expired, then the oldest, so that a map never outgrows `maxKeys`. */
  function bound<V>(map: Map<string, V>, last: (value: V) => number, now: number): void {
    if (map.size < maxKeys) return;
    for (const [key, value] of map) if (now - last(value) >= windowMs) map.delete(key);
    while (map.size >= maxKeys) {
      const oldest = map.keys().next();
      if (oldest.done === true) break;
      map.delete(oldest.value);
    }
  }

  return {
    admit(kind, visit, now) {
      const today = dayOf(now);
      if (today !== day) {
        // A new day: a new salt, and nothing hashed under the old one is kept.
        day = today;
        salt = newSalt();
        visitors.clear();
        addresses.clear();
      }
      const visitor = hash('visitor', kind, visit.cardId, visit.ip, visit.userAgent);
      const seen = visitors.get(visitor);
      if (seen !== undefined && now - seen < windowMs) return false;

      const address = hash('address', kind, visit.cardId, visit.ip);
      const recent = (addresses.get(address) ?? []).filter((at) => now - at < windowMs);
      if (recent.length >= perAddress) {
        addresses.set(address, recent);
        return false;
      }
      recent.push(now);
      bound(addresses, (times) => times[times.length - 1] ?? 0, now);
      addresses.delete(address);
      addresses.set(address, recent);
      bound(visitors, (at) => at, now);
      visitors.delete(visitor);
      visitors.set(visitor, now);
      return true;
    },
  };
}
