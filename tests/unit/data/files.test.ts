/** Where a card's images are stored. */
import { describe, expect, it } from 'vitest';
import { cardImagePath } from '@/data/files';

describe('card images', () => {
  it('stores images under the account and card with the slot and a timestamp', () => {
    expect(cardImagePath('acme', 'c1', 'photoAvatar', 'image/jpeg', new Date(1700000000000))).toBe(
      'accounts/acme/cards/c1/photoAvatar-1700000000000.jpg',
    );
  });
});
