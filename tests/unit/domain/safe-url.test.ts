import { describe, it, expect } from 'vitest';
import { isAllowedTarget, safeLinkHref } from '@/domain/safe-url';

describe('safeLinkHref', () => {
  it('turns a phone number into tel: with digits and a leading +', () => {
    expect(safeLinkHref({ name: 'Phone', value: '+1 (555) 123-4567' })).toBe('tel:+15551234567');
  });

  it('keeps a phone extension', () => {
    expect(safeLinkHref({ name: 'Phone', value: '020 7946 0958 ext. 12' })).toBe(
      'tel:02079460958;ext=12',
    );
  });

  it('accepts a phone value that already has tel:', () => {
    expect(safeLinkHref({ name: 'phone', value: 'tel:555-1234' })).toBe('tel:5551234');
  });

  it('refuses a phone value that is not a number', () => {
    expect(safeLinkHref({ name: 'Phone', value: 'javascript:alert(1)' })).toBeNull();
    expect(safeLinkHref({ name: 'Phone', value: 'call me' })).toBeNull();
  });

  it('turns an e-mail address into mailto:', () => {
    expect(safeLinkHref({ name: 'Email', value: ' jane.doe+x@example.com ' })).toBe(
      'mailto:jane.doe+x@example.com',
    );
    expect(safeLinkHref({ name: 'email', value: 'MAILTO:jane@example.com' })).toBe(
      'mailto:jane@example.com',
    );
  });

  it('refuses an e-mail value that is not an address', () => {
    expect(safeLinkHref({ name: 'Email', value: 'jane' })).toBeNull();
    expect(safeLinkHref({ name: 'Email', value: 'javascript:alert(1)//@x.com' })).toBeNull();
  });

  it('turns an sms number into sms:', () => {
    expect(safeLinkHref({ name: 'SMS', value: '+44 7700 900123' })).toBe('sms:+447700900123');
  });

  it('turns a WhatsApp number into a wa.me link', () => {
    expect(safeLinkHref({ name: 'WhatsApp', value: '+34 600 11 22 33' })).toBe(
      'https://wa.me/34600112233',
    );
  });

  it('keeps a WhatsApp link that is already a URL', () => {
    expect(safeLinkHref({ name: 'whatsapp', value: 'wa.me/34600112233' })).toBe(
      'https://wa.me/34600112233',
    );
  });

  it('adds https:// to a website without a scheme', () => {
    expect(safeLinkHref({ name: 'Website', value: 'acme.io/about' })).toBe('https://acme.io/about');
    expect(safeLinkHref({ name: 'Website', value: 'www.acme.io:8080/x' })).toBe(
      'https://www.acme.io:8080/x',
    );
  });

  it('refuses a website whose host has spaces in it, rather than linking to it', () => {
    expect(safeLinkHref({ name: 'Website', value: 'not a url' })).toBeNull();
    expect(safeLinkHref({ name: 'Website', value: 'https://not a url/x' })).toBeNull();
    expect(safeLinkHref({ name: 'Website', value: 'acme.io/a b' })).toBe('https://acme.io/a%20b');
  });

  it('keeps http and https URLs', () => {
    expect(safeLinkHref({ name: 'Website', value: 'http://acme.io' })).toBe('http://acme.io');
    expect(safeLinkHref({ name: 'LinkedIn', value: 'https://linkedin.com/in/jane' })).toBe(
      'https://linkedin.com/in/jane',
    );
  });

  it('gives https to a protocol-relative URL', () => {
    expect(safeLinkHref({ name: 'Website', value: '//acme.io' })).toBe('https://acme.io');
  });

  it('turns a social @handle into the profile URL', () => {
    expect(safeLinkHref({ name: 'Instagram', value: '@jane.doe' })).toBe(
      'https://www.instagram.com/jane.doe',
    );
    expect(safeLinkHref({ name: 'x', value: 'jane' })).toBe('https://x.com/jane');
  });

  it('turns an address into a map search', () => {
    expect(safeLinkHref({ name: 'Address', value: '1 Main St, Springfield' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Springfield',
    );
  });

  it('refuses an empty value', () => {
    expect(safeLinkHref({ name: 'Website', value: '   ' })).toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '  javascript:alert(1)',
    '\u0001javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\r\nscript:alert(1)',
    'java\u0000script:alert(1)',
    'java\u200bscript:alert(1)',
    'javascript\t:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://acme.io/1234',
    'ftp://acme.io/file',
  ])('refuses a dangerous website value %j', (value) => {
    expect(safeLinkHref({ name: 'Website', value })).toBeNull();
  });

  it('refuses a dangerous scheme for any link kind', () => {
    for (const name of ['Website', 'LinkedIn', 'Custom', 'Address', 'WhatsApp', 'Instagram']) {
      expect(safeLinkHref({ name, value: 'javascript:alert(1)' })).toBeNull();
    }
  });

  it('only ever returns an allowed target', () => {
    const values = ['acme.io', 'tel:1', 'mailto:a@b.co', '@x', '+1 555', 'x y z', 'a@b.co'];
    const kinds = ['Website', 'Phone', 'Email', 'SMS', 'WhatsApp', 'Address', 'Instagram', 'x'];
    for (const name of kinds) {
      for (const value of values) {
        const href = safeLinkHref({ name, value });
        if (href !== null) expect(isAllowedTarget(href)).toBe(true);
      }
    }
  });
});

describe('isAllowedTarget', () => {
  it.each([
    'https://acme.io',
    'http://acme.io/path?q=1',
    'HTTPS://ACME.IO',
    'mailto:jane@acme.io',
    'tel:+15551234',
    'sms:+15551234',
  ])('allows %s', (url) => {
    expect(isAllowedTarget(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html,hi',
    'vbscript:x',
    'file:///etc/passwd',
    'about:blank',
    '/relative/path',
    'acme.io',
    'https:',
    'https://',
    'https:acme.io',
    'tel:',
    'https://acme.io/a\u0000b',
  ])('refuses %j', (url) => {
    expect(isAllowedTarget(url)).toBe(false);
  });
});
