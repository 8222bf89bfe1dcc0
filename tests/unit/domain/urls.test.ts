import { describe, it, expect } from 'vitest';
import {
  cardPublicUrl,
  clickTrackingUrl,
  signaturePreviewUrl,
  trackedCardUrl,
} from '@/domain/urls';

const hosts = {
  card: 'https://cards.example',
  signature: 'https://sig.example',
  link: 'https://go.example',
};

describe('cardPublicUrl', () => {
  it('uses the handle when handleAllowIndex is true', () => {
    expect(cardPublicUrl({ id: 'c1', handle: 'jane-doe', handleAllowIndex: true }, hosts)).toBe(
      'https://cards.example/jane-doe',
    );
  });

  it('uses {id}/i when handleAllowIndex is false', () => {
    expect(cardPublicUrl({ id: 'c1', handle: 'jane-doe', handleAllowIndex: false }, hosts)).toBe(
      'https://cards.example/c1/i',
    );
  });

  it('falls back to the id form when the handle is blank', () => {
    expect(cardPublicUrl({ id: 'c1', handle: '', handleAllowIndex: true }, hosts)).toBe(
      'https://cards.example/c1/i',
    );
  });

  it('ignores a trailing slash on the host', () => {
    expect(
      cardPublicUrl({ id: 'c1', handle: 'jane', handleAllowIndex: true }, { card: 'http://x/' }),
    ).toBe('http://x/jane');
  });

  it('works with a path-prefix host (local development)', () => {
    expect(
      cardPublicUrl({ id: 'c1', handle: 'jane', handleAllowIndex: false }, { card: '/c' }),
    ).toBe('/c/c1/i');
  });
});

describe('trackedCardUrl', () => {
  it('adds ?via=1 to the handle form', () => {
    expect(trackedCardUrl({ id: 'c1', handle: 'jane', handleAllowIndex: true }, hosts)).toBe(
      'https://cards.example/jane?via=1',
    );
  });

  it('adds ?via=1 to the id form', () => {
    expect(trackedCardUrl({ id: 'c1', handle: 'jane', handleAllowIndex: false }, hosts)).toBe(
      'https://cards.example/c1/i?via=1',
    );
  });
});

describe('signaturePreviewUrl', () => {
  it('is {signature host}/{handle}', () => {
    expect(signaturePreviewUrl({ handle: 'jane-doe' }, hosts)).toBe('https://sig.example/jane-doe');
    expect(
      signaturePreviewUrl({ id: 'c1', handle: 'jane-doe', handleAllowIndex: true }, hosts),
    ).toBe('https://sig.example/jane-doe');
  });

  it("is an unlisted card's private address, never its handle", () => {
    expect(
      signaturePreviewUrl({ id: 'c1', handle: 'jane-doe', handleAllowIndex: false }, hosts),
    ).toBe('https://sig.example/c1/i');
  });
});

describe('clickTrackingUrl', () => {
  it('is {link host}/{value}/{card id}/{link id}/{lowercased name}/nodcard/click', () => {
    expect(clickTrackingUrl({ id: 'l1', name: 'Phone', value: '5551234' }, 'c1', hosts)).toBe(
      'https://go.example/5551234/c1/l1/phone/nodcard/click',
    );
  });

  it('URL-encodes every part', () => {
    expect(
      clickTrackingUrl(
        { id: 'l 1', name: 'My Site', value: 'https://ex.com/a?b=c&d=e#f' },
        'c/1',
        hosts,
      ),
    ).toBe(
      'https://go.example/https%3A%2F%2Fex.com%2Fa%3Fb%3Dc%26d%3De%23f/c%2F1/l%201/my%20site/nodcard/click',
    );
  });

  it('encodes single and double quotes', () => {
    expect(clickTrackingUrl({ id: "it's", name: 'Say "Hi"', value: `o'neil"` }, 'c1', hosts)).toBe(
      'https://go.example/o%27neil%22/c1/it%27s/say%20%22hi%22/nodcard/click',
    );
  });

  it('lowercases the name before encoding', () => {
    expect(clickTrackingUrl({ id: 'l1', name: 'LinkedIn', value: 'x' }, 'c1', hosts)).toContain(
      '/linkedin/nodcard/click',
    );
  });
});
