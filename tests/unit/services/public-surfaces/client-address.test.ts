/**
 * The visitor's address on Cloud Functions: taken where Hosting's proxies put it, never from a
 * header the client can choose (the lead limiter and the visit counts key on it).
 */
import { describe, expect, it } from 'vitest';
import { visitorIp } from '@/services/public-surfaces/client-address';

function req(headers: Record<string, string>) {
  return { headers } as Parameters<typeof visitorIp>[0];
}

describe('visitorIp', () => {
  it('takes the address Hosting appended, not the ones the client sent before it', () => {
    expect(visitorIp(req({ 'x-forwarded-for': '203.0.113.7, 151.101.1.1' }))).toBe('203.0.113.7');
    expect(
      visitorIp(req({ 'x-forwarded-for': '6.6.6.6, 7.7.7.7, 203.0.113.7, 151.101.1.1' })),
    ).toBe('203.0.113.7');
  });

  it('ignores Fastly-Client-IP, which a client may set', () => {
    expect(
      visitorIp(
        req({ 'fastly-client-ip': '6.6.6.6', 'x-forwarded-for': '203.0.113.7, 151.101.1.1' }),
      ),
    ).toBe('203.0.113.7');
  });

  it('falls back to the only entry, and to nothing', () => {
    expect(visitorIp(req({ 'x-forwarded-for': '203.0.113.7' }))).toBe('203.0.113.7');
    expect(visitorIp(req({}))).toBe('');
    expect(visitorIp(req({}), '127.0.0.1')).toBe('127.0.0.1');
  });
});
