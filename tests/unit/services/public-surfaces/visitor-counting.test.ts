/**
 * Who counts as a visitor of a public card, and how often: robots, previews, scripts, HEAD and
 * prefetch never; a visitor once per card per 30 minutes; one address cannot drive a counter by
 * changing its user agent; the salt (and every hash under it) is replaced each day.
 */
import { describe, expect, it } from 'vitest';
import { createVisitorCounter, isAutomated } from '@/services/public-surfaces/visitor-counting';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

function traits(userAgent: string, method = 'GET', headers: Record<string, string> = {}) {
  return { method, userAgent, header: (name: string) => headers[name] ?? '' };
}

describe('isAutomated', () => {
  it('lets browsers through', () => {
    expect(isAutomated(traits(CHROME))).toBe(false);
    expect(isAutomated(traits(SAFARI))).toBe(false);
  });

  it.each([
    'Googlebot/2.1 (+http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    'WhatsApp/2.23.20.0',
    'TelegramBot (like TwitterBot)',
    'Mozilla/5.0 (Macintosh) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
    'curl/8.5.0',
    'Wget/1.21.4',
    'python-requests/2.32.3',
    'Go-http-client/2.0',
    'node',
    'axios/1.7.2',
    'Mozilla/5.0',
    '',
    '   ',
  ])('counts no visit from %j', (agent) => {
    expect(isAutomated(traits(agent))).toBe(true);
  });

  it('counts no HEAD request and no prefetch', () => {
    expect(isAutomated(traits(CHROME, 'HEAD'))).toBe(true);
    expect(isAutomated(traits(CHROME, 'GET', { 'sec-purpose': 'prefetch' }))).toBe(true);
    expect(isAutomated(traits(CHROME, 'GET', { 'sec-purpose': 'prefetch;prerender' }))).toBe(true);
    expect(isAutomated(traits(CHROME, 'GET', { purpose: 'prefetch' }))).toBe(true);
    expect(isAutomated(traits(CHROME, 'GET', { 'x-moz': 'prefetch' }))).toBe(true);
  });
});

describe('createVisitorCounter', () => {
  const T0 = Date.UTC(2026, 10, 23, 10, 0, 0);
  const MIN = 60_000;
  const visit = (ip: string, userAgent = CHROME, cardId = 'card-1') => ({ ip, userAgent, cardId });

  it('counts a visitor once per card per 30 minutes', () => {
    const counter = createVisitorCounter();
    let counted = 0;
    for (let i = 0; i < 40; i++)
      if (counter.admit('view', visit('1.1.1.1'), T0 + i * 10_000)) counted++;
    expect(counted).toBe(1);
    expect(counter.admit('view', visit('1.1.1.1'), T0 + 29 * MIN)).toBe(false);
    expect(counter.admit('view', visit('1.1.1.1'), T0 + 30 * MIN)).toBe(true);
  });

  it('counts another visitor, another card and another kind separately', () => {
    const counter = createVisitorCounter();
    expect(counter.admit('view', visit('1.1.1.1'), T0)).toBe(true);
    expect(counter.admit('view', visit('2.2.2.2'), T0)).toBe(true);
    expect(counter.admit('view', visit('1.1.1.1', SAFARI), T0)).toBe(true);
    expect(counter.admit('view', visit('1.1.1.1', CHROME, 'card-2'), T0)).toBe(true);
    expect(counter.admit('save', visit('1.1.1.1'), T0)).toBe(true);
    expect(counter.admit('save', visit('1.1.1.1'), T0 + MIN)).toBe(false);
  });

  it('does not let one address drive a counter by changing its user agent', () => {
    const counter = createVisitorCounter({ perAddress: 5 });
    let counted = 0;
    for (let i = 0; i < 100; i++) {
      if (counter.admit('view', visit('6.6.6.6', `${CHROME} r${i}`), T0 + i)) counted++;
    }
    expect(counted).toBe(5);
    // Other addresses are not held back by it.
    expect(counter.admit('view', visit('7.7.7.7'), T0 + 200)).toBe(true);
  });

  it('forgets every visitor with the day, under a new salt', () => {
    const salts: Buffer[] = [];
    const counter = createVisitorCounter({
      newSalt: () => {
        const salt = Buffer.from(`salt-${salts.length}`);
        salts.push(salt);
        return salt;
      },
    });
    const lateEvening = Date.UTC(2026, 10, 23, 23, 50);
    expect(counter.admit('view', visit('1.1.1.1'), lateEvening)).toBe(true);
    expect(counter.admit('view', visit('1.1.1.1'), lateEvening + 5 * MIN)).toBe(false);
    // Past midnight: a new salt, and yesterday's hashes are gone (the visitor counts anew).
    expect(counter.admit('view', visit('1.1.1.1'), lateEvening + 15 * MIN)).toBe(true);
    expect(salts).toHaveLength(2);
  });

  it('stays within its memory bound', () => {
    const counter = createVisitorCounter({ maxKeys: 100 });
    for (let i = 0; i < 1000; i++) counter.admit('view', visit(`10.0.${i >> 8}.${i & 255}`), T0);
    // The newest visitor is still remembered.
    expect(counter.admit('view', visit('10.0.3.231'), T0 + MIN)).toBe(false);
  });
});
