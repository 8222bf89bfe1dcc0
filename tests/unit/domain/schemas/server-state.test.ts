import { describe, expect, it } from 'vitest';
import {
  storedNameLowerBackfillSchema,
  storedTeamUsageBackfillSchema,
} from '@/domain/schemas/server-state';

const finishedAt = new Date('2026-11-26T10:00:00Z');
const seen = new Date('2026-11-26T09:50:00Z');

describe('the name search repair’s state', () => {
  it('reads the cursor, the last finished pass and the cards written', () => {
    expect(
      storedNameLowerBackfillSchema.parse({ after: 'card-9', finishedAt, written: 12 }),
    ).toEqual({ after: 'card-9', finishedAt, written: 12 });
  });

  it('reads a malformed state as a pass not yet started', () => {
    expect(
      storedNameLowerBackfillSchema.parse({ after: 9, finishedAt: 'yesterday', written: '12' }),
    ).toEqual({ after: null, finishedAt: null, written: 0 });
    expect(storedNameLowerBackfillSchema.parse(null)).toEqual({
      after: null,
      finishedAt: null,
      written: 0,
    });
  });
});

describe('the team usage repair’s state', () => {
  it('reads its suspects with the counts they were seen with', () => {
    const state = storedTeamUsageBackfillSchema.parse({
      after: 'acct-3',
      finishedAt,
      repaired: 2,
      suspects: [
        {
          accountId: 'a1',
          teamId: 't1',
          stored: { cards: 3, linksCoupled: 2, brandingCoupled: 1 },
          seenAt: seen,
        },
        { accountId: 'a2', teamId: 't2', stored: null, seenAt: seen.getTime() },
      ],
    });
    expect(state).toEqual({
      after: 'acct-3',
      finishedAt,
      repaired: 2,
      suspects: [
        {
          accountId: 'a1',
          teamId: 't1',
          stored: { cards: 3, linksCoupled: 2, brandingCoupled: 1 },
          seenAt: seen.getTime(),
        },
        { accountId: 'a2', teamId: 't2', stored: null, seenAt: seen.getTime() },
      ],
    });
  });

  it('drops a suspect that names no team, and gives the others their defaults', () => {
    const state = storedTeamUsageBackfillSchema.parse({
      repaired: 'two',
      suspects: [
        'a1/t1',
        { accountId: 'a1' },
        { accountId: 'a1', teamId: 't1', stored: 5, seenAt: 'now' },
        { accountId: 'a1', teamId: 't2', stored: { cards: 'x' } },
      ],
    });
    expect(state).toEqual({
      after: null,
      finishedAt: null,
      repaired: 0,
      suspects: [
        { accountId: 'a1', teamId: 't1', stored: null, seenAt: 0 },
        {
          accountId: 'a1',
          teamId: 't2',
          stored: { cards: 0, linksCoupled: 0, brandingCoupled: 0 },
          seenAt: 0,
        },
      ],
    });
  });
});
