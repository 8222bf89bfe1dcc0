import { describe, it, expect } from 'vitest';
import { highResPhotoUrl } from '@/domain/photos';

describe('highResPhotoUrl', () => {
  it('swaps size s96 for s384', () => {
    expect(highResPhotoUrl('https://lh3.googleusercontent.com/a/abc=s96-c')).toBe(
      'https://lh3.googleusercontent.com/a/abc=s384-c',
    );
  });

  it('swaps an s96 path segment', () => {
    expect(highResPhotoUrl('https://lh3.googleusercontent.com/-x/s96/photo.jpg')).toBe(
      'https://lh3.googleusercontent.com/-x/s384/photo.jpg',
    );
  });

  it('leaves other sizes alone', () => {
    expect(highResPhotoUrl('https://example.com/a=s960-c')).toBe('https://example.com/a=s960-c');
  });

  it('does not touch s96 inside a word', () => {
    expect(highResPhotoUrl('https://example.com/photos96.jpg')).toBe(
      'https://example.com/photos96.jpg',
    );
  });

  it('leaves a URL without a size unchanged', () => {
    expect(highResPhotoUrl('https://example.com/me.png')).toBe('https://example.com/me.png');
    expect(highResPhotoUrl('')).toBe('');
  });
});
