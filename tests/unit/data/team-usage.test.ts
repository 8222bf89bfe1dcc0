/**
 * The team page's counts come from the team's one usage document: as stored when well-formed, and
 * a count that is not a number, or below zero, shows as none.
 */
import { describe, expect, it } from 'vitest';
import { setBackend } from '@/backend/current';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import { followTeamUsage, NO_USAGE } from '@/data/team-usage';
import type { TeamUsage } from '@/domain/team-usage';

const PATH = 'accounts/acme/teamUsage/sales';

async function usageStored(data: Record<string, unknown> | null): Promise<TeamUsage> {
  const db = createMemoryBackend();
  setBackend(db);
  if (data) db.seed(PATH, data);
  return new Promise((resolve, reject) => {
    const stop = followTeamUsage(
      'acme',
      'sales',
      (usage) => {
        stop();
        resolve(usage);
      },
      reject,
    );
  });
}

describe('following a team’s usage', () => {
  it('reads the counts the server stored', async () => {
    expect(
      await usageStored({
        accountId: 'acme',
        teamId: 'sales',
        cards: 3,
        linksCoupled: 2,
        brandingCoupled: 1,
      }),
    ).toEqual({ cards: 3, linksCoupled: 2, brandingCoupled: 1 });
  });

  it('reads a team never counted as no usage', async () => {
    expect(await usageStored(null)).toEqual(NO_USAGE);
  });

  it('reads a count that is not a number, or below zero, as none', async () => {
    expect(await usageStored({ cards: '3', linksCoupled: -2, brandingCoupled: Infinity })).toEqual(
      NO_USAGE,
    );
  });
});
