import { describe, expect, it } from 'vitest';
import { userFromDoc } from '@/domain/schemas/user';

describe('user schema', () => {
  it('keeps only a true super-admin flag and string team ids', () => {
    const toc = new Date('2026-01-01T00:00:00Z');
    expect(
      userFromDoc('u1', {
        email: 'a@b.co',
        acceptedTOC: toc,
        accountId: 5,
        teams: ['t1', null],
        isSuperAdmin: 'true',
        defaultTeam: 't1',
      }),
    ).toEqual({ id: 'u1', email: 'a@b.co', acceptedTOC: toc, teams: ['t1'], defaultTeam: 't1' });
  });
});
