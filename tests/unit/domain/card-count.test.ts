import { describe, expect, it } from 'vitest';
import { cardsInUse, cardsInUseChanges, countsAfterChange } from '@/domain/card-count';

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

describe('cardsInUseChanges', () => {
  it('raises the account of a card created in use by one', () => {
    expect(cardsInUseChanges(null, { accountId: 'a', isArchived: false })).toEqual([
      { accountId: 'a', delta: 1 },
    ]);
  });

  it('does not count a card created archived', () => {
    expect(cardsInUseChanges(null, { accountId: 'a', isArchived: true })).toEqual([]);
  });

  it('lowers the account by one for a live card deleted, and not for an archived one', () => {
    expect(cardsInUseChanges({ accountId: 'a' }, null)).toEqual([{ accountId: 'a', delta: -1 }]);
    expect(cardsInUseChanges({ accountId: 'a', isArchived: true }, null)).toEqual([]);
  });

  it('moves the account by one when isArchived changes either way', () => {
    expect(
      cardsInUseChanges(
        { accountId: 'a', isArchived: false },
        { accountId: 'a', isArchived: true },
      ),
    ).toEqual([{ accountId: 'a', delta: -1 }]);
    expect(cardsInUseChanges({ accountId: 'a', isArchived: true }, { accountId: 'a' })).toEqual([
      { accountId: 'a', delta: 1 },
    ]);
  });

  it('moves nothing when other fields change', () => {
    expect(
      cardsInUseChanges(
        { accountId: 'a', isArchived: false },
        { accountId: 'a', isArchived: false },
      ),
    ).toEqual([]);
  });

  it('moves a card between accounts: one down, the other up', () => {
    expect(cardsInUseChanges({ accountId: 'a' }, { accountId: 'b' })).toEqual([
      { accountId: 'a', delta: -1 },
      { accountId: 'b', delta: 1 },
    ]);
  });

  it('ignores a card without an account id', () => {
    expect(cardsInUseChanges(null, { isArchived: false })).toEqual([]);
  });
});

describe('countsAfterChange', () => {
  it('keeps the cap count a client batch raised for the card it created', () => {
    expect(countsAfterChange({ cardsInUse: 4, inUse: 5 }, 1)).toEqual({ cardsInUse: 5, inUse: 5 });
  });

  it('raises the cap count for a card written with server privileges (raised nothing)', () => {
    expect(countsAfterChange({ cardsInUse: 4, inUse: 4 }, 1)).toEqual({ cardsInUse: 5, inUse: 5 });
  });

  it('keeps a count raised for a card whose write is still to be counted', () => {
    expect(countsAfterChange({ cardsInUse: 4, inUse: 6 }, 1)).toEqual({ cardsInUse: 5, inUse: 6 });
  });

  it('lowers both for a card leaving use', () => {
    expect(countsAfterChange({ cardsInUse: 4, inUse: 6 }, -1)).toEqual({
      cardsInUse: 3,
      inUse: 5,
    });
  });

  it('starts the cap count from the plan when the card-cap document has none', () => {
    expect(countsAfterChange({ cardsInUse: 2, inUse: undefined }, 1)).toEqual({
      cardsInUse: 3,
      inUse: 3,
    });
  });

  it('never goes below zero', () => {
    expect(countsAfterChange({ cardsInUse: 0, inUse: 0 }, -1)).toEqual({ cardsInUse: 0, inUse: 0 });
  });
});
