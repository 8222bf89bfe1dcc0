import { describe, expect, it } from 'vitest';
import { accountsToRecount, cardsInUse } from '@/domain/card-count';

describe('cardsInUse', () => {
  it('counts cards that are not archived', () => {
    expect(cardsInUse([{ isArchived: false }, { isArchived: true }, { isArchived: false }])).toBe(
      2,
    );
  });

  it('counts a card without an isArchived field as in use', () => {
    expect(cardsInUse([{}, { isArchived: true }])).toBe(1);
  });

  it('counts only isArchived exactly true as archived', () => {
    expect(cardsInUse([{ isArchived: 'true' }, { isArchived: 1 }, { isArchived: null }])).toBe(3);
  });

  it('is 0 for no cards', () => {
    expect(cardsInUse([])).toBe(0);
  });
});

describe('accountsToRecount', () => {
  it('recounts the account of a created card', () => {
    expect(accountsToRecount(null, { accountId: 'a', isArchived: false })).toEqual(['a']);
  });

  it('recounts the account of a deleted card', () => {
    expect(accountsToRecount({ accountId: 'a', isArchived: true }, null)).toEqual(['a']);
  });

  it('recounts when isArchived changes either way', () => {
    expect(
      accountsToRecount(
        { accountId: 'a', isArchived: false },
        { accountId: 'a', isArchived: true },
      ),
    ).toEqual(['a']);
    expect(accountsToRecount({ accountId: 'a', isArchived: true }, { accountId: 'a' })).toEqual([
      'a',
    ]);
  });

  it('does not recount when other fields change', () => {
    expect(
      accountsToRecount(
        { accountId: 'a', isArchived: false },
        { accountId: 'a', isArchived: false },
      ),
    ).toEqual([]);
  });

  it('recounts both accounts when a card moves between accounts', () => {
    expect(accountsToRecount({ accountId: 'a' }, { accountId: 'b' })).toEqual(['a', 'b']);
  });

  it('ignores a card without an account id', () => {
    expect(accountsToRecount(null, { isArchived: false })).toEqual([]);
  });
});
