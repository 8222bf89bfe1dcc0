import { describe, it, expect } from 'vitest';
import {
  cardLimit,
  cardProgress,
  isCardCapReached,
  remainingCards,
  trialDaysRemaining,
} from '@/domain/plan';

function plan(cardLimitValue: number, compCards: number, cardsInUse: number) {
  return { cardLimit: cardLimitValue, compCards, cardsInUse };
}

describe('cardLimit', () => {
  it('adds complimentary cards to the plan limit', () => {
    expect(cardLimit(plan(5, 2, 0))).toBe(7);
  });

  it('is 0 when both are 0', () => {
    expect(cardLimit(plan(0, 0, 0))).toBe(0);
  });

  it('counts missing numbers as 0', () => {
    expect(cardLimit({ cardLimit: 3 } as never)).toBe(3);
  });
});

describe('cardProgress', () => {
  it('is floor(cardsInUse / limit * 100)', () => {
    expect(cardProgress(plan(3, 0, 1))).toBe(33);
    expect(cardProgress(plan(3, 0, 2))).toBe(66);
  });

  it('counts complimentary cards in the limit', () => {
    expect(cardProgress(plan(2, 2, 1))).toBe(25);
  });

  it('is 0 when the limit is 0', () => {
    expect(cardProgress(plan(0, 0, 0))).toBe(0);
    expect(cardProgress(plan(0, 0, 4))).toBe(0);
  });

  it('is 100 when the cap is exactly reached', () => {
    expect(cardProgress(plan(4, 1, 5))).toBe(100);
  });

  it('exceeds 100 when over the limit (not clamped)', () => {
    expect(cardProgress(plan(2, 0, 3))).toBe(150);
  });
});

describe('remainingCards', () => {
  it('is the limit minus the cards in use', () => {
    expect(remainingCards(plan(5, 2, 3))).toBe(4);
  });

  it('is 0 when the cap is exactly reached', () => {
    expect(remainingCards(plan(5, 0, 5))).toBe(0);
  });

  it('is negative when over the limit', () => {
    expect(remainingCards(plan(1, 0, 3))).toBe(-2);
  });
});

describe('isCardCapReached', () => {
  it('is false below the limit', () => {
    expect(isCardCapReached(plan(5, 0, 4))).toBe(false);
  });

  it('is true when cards in use equal the limit exactly', () => {
    expect(isCardCapReached(plan(5, 0, 5))).toBe(true);
  });

  it('is true above the limit', () => {
    expect(isCardCapReached(plan(5, 0, 6))).toBe(true);
  });

  it('is true with a limit of 0 and no cards', () => {
    expect(isCardCapReached(plan(0, 0, 0))).toBe(true);
  });

  it('counts complimentary cards before calling the cap reached', () => {
    expect(isCardCapReached(plan(5, 1, 5))).toBe(false);
  });
});

describe('trialDaysRemaining', () => {
  const now = new Date('2025-03-10T12:00:00Z');

  it('is 0 when the trial ends now', () => {
    expect(trialDaysRemaining(new Date(now), now)).toBe(0);
  });

  it('is 1 when the trial ends later today', () => {
    expect(trialDaysRemaining(new Date('2025-03-10T18:00:00Z'), now)).toBe(1);
  });

  it('is exactly the day count for whole days', () => {
    expect(trialDaysRemaining(new Date('2025-03-17T12:00:00Z'), now)).toBe(7);
  });

  it('rounds a part day up', () => {
    expect(trialDaysRemaining(new Date('2025-03-17T12:00:01Z'), now)).toBe(8);
  });

  it('uses the absolute difference for a trial that already ended', () => {
    expect(trialDaysRemaining(new Date('2025-03-08T00:00:00Z'), now)).toBe(3);
  });

  it('is 0 without a trial end date', () => {
    expect(trialDaysRemaining(null, now)).toBe(0);
    expect(trialDaysRemaining(undefined, now)).toBe(0);
  });

  it('is 0 for an invalid date', () => {
    expect(trialDaysRemaining(new Date('nope'), now)).toBe(0);
  });
});
