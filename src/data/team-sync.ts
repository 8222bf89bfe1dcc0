/**
 * Applying a team's links and brand kit to its cards (docs/product.md §3, §4), the client's side:
 * the planning is pure (src/domain/team-sync-plan.ts) and the writes are a server job
 * (src/services/jobs/team-sync-job.ts), so 10,000 cards sync without the page doing the writes,
 * and go on if the person leaves. The client asks for the job and follows it (./jobs.ts).
 */
import { backend } from '../backend/current';
import type { QueryDoc, QuerySpec } from '../backend/port';
import { serverTimestamp } from 'firestore-engine/transforms';
import { scanCursorOf } from '../domain/schemas/scan-cursor';
import { jobPath } from './jobs';

/**
 * The id of the job that brings a team's cards to `version`: one job per version, so two tabs that
 * see the same unfinished version ask for the same job, and the second request (refused by the
 * rules as a rewrite) harmlessly follows the first.
 */
export function teamSyncJobId(teamId: string, version: number): string {
  return `sync-${teamId}-v${version}`;
}

/**
 * Asks the server to bring every card of the team to `version`; resolves with the job's id. When
 * the job exists already (another tab asked, or this is a resume), it is left as it is.
 */
export async function requestTeamSync(
  accountId: string,
  teamId: string,
  version: number,
  uid: string,
): Promise<string> {
  const jobId = teamSyncJobId(teamId, version);
  const path = jobPath(accountId, jobId);
  const existing = await backend().get(path);
  if (!existing.exists) {
    try {
      await backend().set(path, {
        kind: 'teamSync',
        state: 'queued',
        teamId,
        version,
        createdBy: uid,
        createdAt: serverTimestamp(),
      });
    } catch (err) {
      // Created by another tab between the read and the write: follow that one.
      if (!(await backend().get(path)).exists) throw err;
    }
  }
  return jobId;
}

/**
 * The most card updates one client batch carries, sized to the rules' access-call limits: a batch
 * may make 20 document reads in its rules and each write counts its own; a card update reads the
 * account (and, for the super admin, their user document), so 10 cards a batch. Moving a deleted
 * team's cards uses it; syncing is a server job.
 */
export const SYNC_CHUNK_WRITES = 10;
/** Cards read per query page. */
export const SYNC_PAGE_SIZE = 500;

/** One page of a team's cards, ordered by id so pages never overlap. */
export function teamCardsPage(accountId: string, teamId: string, afterId?: string): QuerySpec {
  return {
    collection: 'cards',
    where: [
      { field: 'accountId', op: '==', value: accountId },
      { field: 'teamId', op: '==', value: teamId },
      ...(afterId !== undefined ? [{ field: 'id', op: '>' as const, value: afterId }] : []),
    ],
    orderBy: [{ field: 'id', direction: 'asc' }],
    limit: SYNC_PAGE_SIZE,
  };
}

/** Every card of a team (all pages). */
export async function readTeamCards(accountId: string, teamId: string): Promise<QueryDoc[]> {
  const all: QueryDoc[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await backend().query(teamCardsPage(accountId, teamId, after));
    all.push(...page);
    const last = page[page.length - 1];
    if (page.length < SYNC_PAGE_SIZE || !last) return all;
    after = scanCursorOf(last);
  }
}
