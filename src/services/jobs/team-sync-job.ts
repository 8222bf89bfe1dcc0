/**
 * The team sync job: brings every card of a team to a team version (its links and brand kit,
 * `src/domain/team-sync.ts`), a page of cards per commit, in card-id order. The cursor is the last
 * card id done; the planner leaves alone a card already at the version, so a resumed or repeated
 * run writes nothing twice. The last chunk records `syncedVersion` on the team in the same commit.
 */
import type { DocData, WriteOp } from '@/backend/port';
import { serverTimestamp } from 'firestore-engine/transforms';
import { storedTeamSyncJobSchema } from '@/domain/schemas/job';
import { scanCursorOf } from '@/domain/schemas/scan-cursor';
import { planTeamSync, syncCardOf, syncTeamOf, teamSyncState } from '@/domain/team-sync-plan';
import type { SyncScope, SyncTeam } from '@/domain/team-sync-plan';
import { JobError } from './job-kind';
import type { JobContext, JobKindRunner, JobStep } from './job-kind';

/** Cards read and (at most) updated per commit: 400 updates + the job and the team < 500. */
export const TEAM_SYNC_CHUNK = 400;

interface TeamSyncRun {
  team: SyncTeam;
  scope: SyncScope;
  version: number;
  teamPath: string;
}

function teamCardsWhere(ctx: JobContext, teamId: string) {
  return [
    { field: 'accountId', op: '==' as const, value: ctx.accountId },
    { field: 'teamId', op: '==' as const, value: teamId },
  ];
}

export const teamSyncJob: JobKindRunner<TeamSyncRun> = {
  async start(ctx) {
    const job = storedTeamSyncJobSchema.parse(ctx.job);
    const teamId = job.teamId;
    const teamPath = `accounts/${ctx.accountId}/teams/${teamId}`;
    const snap = await ctx.db.get(teamPath);
    if (!teamId || !snap.data) throw new JobError('This team no longer exists.');
    const state = teamSyncState(snap.data);
    // The version the job was asked for; a newer change gets its own job.
    const version = Math.min(job.version || state.syncVersion, state.syncVersion);
    if (job.total === 0) {
      const cards = await ctx.db.query({
        collection: 'cards',
        where: teamCardsWhere(ctx, teamId),
      });
      await ctx.db.batch([{ kind: 'update', path: ctx.path, data: { total: cards.length } }]);
    }
    return { team: syncTeamOf(snap.data), scope: state.syncScope, version, teamPath };
  },

  async step(ctx, run): Promise<JobStep> {
    const job = storedTeamSyncJobSchema.parse(ctx.job);
    const { cursor } = job;
    const page = await ctx.db.query({
      collection: 'cards',
      where: [
        ...teamCardsWhere(ctx, job.teamId),
        ...(cursor !== null ? [{ field: 'id', op: '>' as const, value: cursor }] : []),
      ],
      orderBy: [{ field: 'id', direction: 'asc' }],
      limit: TEAM_SYNC_CHUNK,
    });
    const patches = planTeamSync(
      page.map((doc) => syncCardOf(doc.id, doc.data)),
      run.team,
      run.scope,
      run.version,
    );
    const ops: WriteOp[] = patches.map((patch) => ({
      kind: 'update',
      path: `cards/${patch.cardId}`,
      data: { ...patch.data, dateUpdated: serverTimestamp() },
    }));
    const finished = page.length < TEAM_SYNC_CHUNK;
    if (finished) {
      // Recorded only if no newer version reached every card first (it never goes back).
      const team = await ctx.db.get(run.teamPath);
      if (team.data && teamSyncState(team.data).syncedVersion < run.version) {
        ops.push({ kind: 'update', path: run.teamPath, data: { syncedVersion: run.version } });
      }
    }
    const last = page.at(-1);
    const progress: DocData = {
      done: job.done + page.length,
      written: job.written + patches.length,
      version: run.version,
      ...(last ? { cursor: scanCursorOf(last) } : {}),
    };
    if (finished) progress.total = progress.done;
    return { ops, progress, finished };
  },
};
