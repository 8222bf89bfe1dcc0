import { describe, expect, it } from 'vitest';
import { storedCardCap } from '@/domain/card-count';
import { storedCardUsageSchema } from '@/domain/schemas/card-usage';

const at = new Date('2026-03-01T10:00:00Z');

describe('card-cap document schema', () => {
  it('reads a batch’s card-cap write as the driver returns it', () => {
    expect(storedCardUsageSchema.parse({ batch: ['card-1', 'card-2'], inUse: 7, at })).toEqual({
      batch: ['card-1', 'card-2'],
      inUse: 7,
      at,
    });
  });

  it('reads the server’s recount, which writes the count alone, with an empty batch', () => {
    expect(storedCardUsageSchema.parse({ inUse: 0 })).toEqual({ batch: [], inUse: 0 });
  });

  it('gives a malformed document its defaults: no count, only the string ids, no time', () => {
    expect(
      storedCardUsageSchema.parse({ batch: ['card-1', 4, null], inUse: 2.5, at: 'today' }),
    ).toEqual({ batch: ['card-1'] });
    expect(storedCardUsageSchema.parse({ batch: 'card-1', inUse: '3' })).toEqual({ batch: [] });
    expect(storedCardUsageSchema.parse(null)).toEqual({ batch: [] });
  });
});

describe('storedCardCap', () => {
  const account = { plan: { cardLimit: 5, compCards: 2, cardsInUse: 4 } };

  it('counts from the card-cap document once it holds a count', () => {
    expect(storedCardCap(account, { batch: ['card-1'], inUse: 6, at })).toEqual({
      inUse: 6,
      limit: 7,
    });
  });

  it('counts from the plan when the card-cap document holds no int, as the rules do', () => {
    expect(storedCardCap(account, null)).toEqual({ inUse: 4, limit: 7 });
    expect(storedCardCap(account, { inUse: 6.5 })).toEqual({ inUse: 4, limit: 7 });
    expect(storedCardCap(account, { inUse: '6' })).toEqual({ inUse: 4, limit: 7 });
  });

  it('reads a malformed plan’s numbers as 0', () => {
    expect(storedCardCap({ plan: { cardLimit: '5', compCards: null } }, undefined)).toEqual({
      inUse: 0,
      limit: 0,
    });
    expect(storedCardCap(null, undefined)).toEqual({ inUse: 0, limit: 0 });
  });
});
