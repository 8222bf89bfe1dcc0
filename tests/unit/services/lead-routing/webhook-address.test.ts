/** The address check that keeps webhooks off private networks. */
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isAllowedAddress } from '@/services/lead-routing/webhook-address';

describe('webhook address check (SSRF)', () => {
  const PRODUCTION = { allowLoopbackHttp: false };
  const LOCAL = { allowLoopbackHttp: true };

  it('refuses private, loopback, link-local and metadata addresses in production', () => {
    for (const ip of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isAllowedAddress(ip, PRODUCTION), ip).toBe(false);
    }
    expect(isAllowedAddress('93.184.216.34', PRODUCTION)).toBe(true);
    expect(isAllowedAddress('2606:2800:220:1::1', PRODUCTION)).toBe(true);
  });

  // IPv6 forms that carry an IPv4 address inside them: a NAT64, 6to4 or SIIT gateway on the
  // function's network (or an old stack that still routes IPv4-compatible addresses) would take
  // them to that IPv4 address, so each is judged as private as the address it carries could be.
  it('refuses IPv6 addresses that carry an IPv4 address (compatible, 6to4, NAT64, translated)', () => {
    for (const ip of [
      '::7f00:1',
      '::a00:1',
      '::ffff:0:7f00:1',
      '2002:7f00:1::',
      '2002:a00:1::1',
      '64:ff9b:1::a00:1',
      'fec0::1',
    ]) {
      expect(isAllowedAddress(ip, PRODUCTION), ip).toBe(false);
    }
    // Plain public IPv4 addresses stay allowed (an IPv6 rule must not catch them).
    expect(isAllowedAddress('8.8.8.8', PRODUCTION)).toBe(true);
    expect(isAllowedAddress('2a00:1450:4001:80b::200e', PRODUCTION)).toBe(true);
  });

  it('allows loopback only on the local server, and still no other private address there', () => {
    expect(isAllowedAddress('127.0.0.1', LOCAL)).toBe(true);
    expect(isAllowedAddress('::1', LOCAL)).toBe(true);
    expect(isAllowedAddress('192.168.1.1', LOCAL)).toBe(false);
  });

  it('resolves the host and refuses a name that points inside the network', async () => {
    const resolve = async (host: string) =>
      host === 'inside.example.com' ? ['10.0.0.8'] : ['93.184.216.34'];
    expect(await checkWebhookUrl('https://hooks.example.com/x', PRODUCTION, resolve)).toBeNull();
    expect(await checkWebhookUrl('https://inside.example.com/x', PRODUCTION, resolve)).toBe(
      'The address must be reachable on the internet, not a private or local one.',
    );
    expect(await checkWebhookUrl('https://169.254.169.254/', PRODUCTION, resolve)).toMatch(
      /not a private/,
    );
    const missing = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await checkWebhookUrl('https://nope.example.com/', PRODUCTION, missing)).toMatch(
      /could not be found/,
    );
  });
});
