import { describe, expect, it } from 'vitest';
import { storedTeamUsageSchema } from '@/domain/schemas/team-usage';

describe('team usage schema', () => {
  it('reads a team’s counts as the server stored them', () => {
    const stored = { accountId: 'a1', teamId: 't1', cards: 3, linksCoupled: 2, brandingCoupled: 1 };
    expect(storedTeamUsageSchema.parse(stored)).toEqual(stored);
  });

  it('reads a count that is not a finite number as 0', () => {
    expect(
      storedTeamUsageSchema.parse({
        cards: '3',
        linksCoupled: Number.POSITIVE_INFINITY,
        brandingCoupled: null,
      }),
    ).toEqual({ accountId: '', teamId: '', cards: 0, linksCoupled: 0, brandingCoupled: 0 });
  });
});
