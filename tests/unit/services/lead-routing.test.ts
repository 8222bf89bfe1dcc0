/**
 * The pieces of lead routing that need no network: the two payload shapes, the signature (and the
 * receiver's check the docs show), and the address check that keeps webhooks off private networks.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  hubspotLeadPayload,
  leadWebhookBody,
  plainLeadPayload,
  type LeadForWebhook,
} from '@/services/lead-routing/payloads';
import {
  newWebhookSecret,
  secretHint,
  signatureHeader,
  verifySignature,
} from '@/services/lead-routing/signature';
import { checkWebhookUrl, isAllowedAddress } from '@/services/lead-routing/webhook-address';

const NOW = new Date('2026-11-23T12:00:00Z');
const LEAD: LeadForWebhook = {
  id: 'lead1',
  createdAt: NOW,
  name: 'Ada Lovelace King',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  company: 'Analytical Engines',
  note: 'Call me',
  consent: { text: 'You may contact me.', given: true, at: NOW },
};
const CTX = { accountId: 'acc1', card: { id: 'card1', name: 'Sales card' }, test: false };

describe('payloads', () => {
  it('plain: the lead, the card and the consent, with an event name', () => {
    expect(plainLeadPayload(LEAD, CTX)).toEqual({
      event: 'lead.created',
      test: false,
      leadId: 'lead1',
      createdAt: '2026-11-23T12:00:00.000Z',
      accountId: 'acc1',
      card: { id: 'card1', name: 'Sales card' },
      lead: {
        name: 'Ada Lovelace King',
        email: 'ada@example.com',
        phone: '+44 20 7946 0000',
        company: 'Analytical Engines',
        note: 'Call me',
      },
      consent: { text: 'You may contact me.', given: true, at: '2026-11-23T12:00:00.000Z' },
    });
    expect(plainLeadPayload({ ...LEAD, consent: null }, { ...CTX, test: true })).toMatchObject({
      event: 'lead.test',
      test: true,
      consent: null,
    });
  });

  it('hubspot: contact properties by their internal names, the name split, consent kept', () => {
    expect(hubspotLeadPayload(LEAD, CTX)).toEqual({
      properties: {
        email: 'ada@example.com',
        firstname: 'Ada',
        lastname: 'Lovelace King',
        phone: '+44 20 7946 0000',
        company: 'Analytical Engines',
        message: 'Call me',
        lifecyclestage: 'lead',
        cardbuilder_card: 'Sales card',
        cardbuilder_consent_text: 'You may contact me.',
        cardbuilder_consent_given: 'true',
        cardbuilder_consent_at: '2026-11-23T12:00:00.000Z',
      },
    });
    const single = hubspotLeadPayload({ id: 'x', createdAt: NOW, name: 'Cher', title: 'CEO' }, CTX);
    expect(single.properties).toMatchObject({ firstname: 'Cher', jobtitle: 'CEO' });
    expect(single.properties).not.toHaveProperty('lastname');
  });

  it('the body is the chosen format as JSON', () => {
    expect(JSON.parse(leadWebhookBody('hubspot', LEAD, CTX))).toHaveProperty('properties');
    expect(JSON.parse(leadWebhookBody('plain', LEAD, CTX))).toHaveProperty('lead');
  });
});

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
