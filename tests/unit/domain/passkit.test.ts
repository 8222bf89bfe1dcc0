import { describe, expect, it } from 'vitest';
import {
  applePassToken,
  notModifiedSince,
  parsePassKitRoute,
  passesUpdatedSince,
  passKitLogMessages,
  passKitServiceUrl,
  registrationPushToken,
} from '@/domain/passkit';

const PT = 'pass.com.example.card';

describe('PassKit web service rules', () => {
  it('the web service lives under the card host, where Hosting already rewrites', () => {
    expect(passKitServiceUrl('https://x.web.app/c/')).toBe('https://x.web.app/c/passkit');
  });

  it('names the five requests of the protocol by address and method', () => {
    const reg = ['v1', 'devices', 'd1', 'registrations', PT, 's1'];
    expect(parsePassKitRoute('POST', reg)).toEqual({
      kind: 'register',
      deviceId: 'd1',
      passTypeIdentifier: PT,
      serialNumber: 's1',
    });
    expect(parsePassKitRoute('DELETE', reg)?.kind).toBe('unregister');
    expect(parsePassKitRoute('GET', reg)).toEqual({
      kind: 'method-not-allowed',
      allow: 'POST, DELETE',
    });
    expect(parsePassKitRoute('GET', ['v1', 'devices', 'd1', 'registrations', PT])?.kind).toBe(
      'serials',
    );
    expect(parsePassKitRoute('GET', ['v1', 'passes', PT, 's1'])).toEqual({
      kind: 'pass',
      passTypeIdentifier: PT,
      serialNumber: 's1',
    });
    expect(parsePassKitRoute('POST', ['v1', 'log'])).toEqual({ kind: 'log' });
  });

  it('refuses other versions, shapes and identifiers with odd characters', () => {
    expect(parsePassKitRoute('GET', ['v2', 'passes', PT, 's1'])).toBeNull();
    expect(parsePassKitRoute('GET', ['v1', 'passes', PT])).toBeNull();
    expect(parsePassKitRoute('GET', ['v1', 'passes', PT, 'a/b'])).toBeNull();
    expect(parsePassKitRoute('GET', ['v1', 'passes', PT, 'x'.repeat(257)])).toBeNull();
  });

  it('reads the token of an ApplePass authorization and nothing else', () => {
    expect(applePassToken('ApplePass abcdefghijklmnop0123')).toBe('abcdefghijklmnop0123');
    expect(applePassToken('Bearer abcdefghijklmnop0123')).toBeNull();
    expect(applePassToken('ApplePass short')).toBeNull();
    expect(applePassToken(undefined)).toBeNull();
  });

  it('takes a hex push token from a registration body', () => {
    expect(registrationPushToken('{"pushToken":"a1b2c3d4e5f60718"}')).toBe('a1b2c3d4e5f60718');
    expect(registrationPushToken('{"pushToken":"not hex at all!"}')).toBeNull();
    expect(registrationPushToken('{')).toBeNull();
    expect(registrationPushToken(null)).toBeNull();
  });

  it('keeps at most 20 log lines of 500 characters', () => {
    const lines = Array.from({ length: 30 }, () => 'x'.repeat(600));
    const kept = passKitLogMessages(JSON.stringify({ logs: [...lines, 3] }));
    expect(kept).toHaveLength(20);
    expect(kept[0]).toHaveLength(500);
    expect(passKitLogMessages('nope')).toEqual([]);
  });

  it('lists the passes changed after the tag, with the latest change as the next tag', () => {
    const passes = [
      { serialNumber: 'b', updatedAt: new Date(2000) },
      { serialNumber: 'a', updatedAt: new Date(3000) },
      { serialNumber: 'c', updatedAt: new Date(1000) },
    ];
    expect(passesUpdatedSince(passes, null)).toEqual({
      serialNumbers: ['a', 'b', 'c'],
      lastUpdated: '3000',
    });
    expect(passesUpdatedSince(passes, '1500')).toEqual({
      serialNumbers: ['a', 'b'],
      lastUpdated: '3000',
    });
    expect(passesUpdatedSince(passes, '3000')).toBeNull();
    // A tag that is not ours: everything, once.
    expect(passesUpdatedSince(passes, 'yesterday')?.serialNumbers).toHaveLength(3);
  });

  it('answers 304 only when the held copy is as new as the change, to the second', () => {
    const at = new Date('2025-01-02T03:04:05.678Z');
    expect(notModifiedSince(at, at.toUTCString())).toBe(true);
    expect(notModifiedSince(at, new Date('2025-01-02T03:04:04Z').toUTCString())).toBe(false);
    expect(notModifiedSince(at, undefined)).toBe(false);
    expect(notModifiedSince(at, 'garbage')).toBe(false);
  });
});
