/** A delivery's signature, and the receiver's check the docs show. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  newWebhookSecret,
  secretHint,
  signatureHeader,
  verifySignature,
} from '@/services/lead-routing/signature';

const NOW = new Date('2026-11-23T12:00:00Z');

describe('signature', () => {
  it('is t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const secret = 'whsec_test';
    const header = signatureHeader(secret, '{"a":1}', NOW);
    const t = Math.floor(NOW.getTime() / 1000);
    const expected = createHmac('sha256', secret).update(`${t}.{"a":1}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${expected}`);
  });

  it('verifies the right body and secret within five minutes, and nothing else', () => {
    const header = signatureHeader('s1', 'body', NOW);
    expect(verifySignature('s1', 'body', header, NOW)).toBe(true);
    expect(verifySignature('s1', 'body', header, new Date(NOW.getTime() + 299_000))).toBe(true);
    expect(verifySignature('s2', 'body', header, NOW)).toBe(false);
    expect(verifySignature('s1', 'body!', header, NOW)).toBe(false);
    expect(verifySignature('s1', 'body', header, new Date(NOW.getTime() + 301_000))).toBe(false);
    expect(verifySignature('s1', 'body', 'garbage', NOW)).toBe(false);
  });

  it('makes long random secrets and hints that show only their end', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
    expect(secretHint(a)).toBe(`whsec_…${a.slice(-4)}`);
    expect(secretHint(a)).not.toContain(a.slice(6, -4));
  });
});
