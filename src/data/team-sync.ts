/**
 * Applying a team's links and brand kit to the team's cards (spec sections 3 and 4), fast and
 * without ever leaving the team half-applied for good.
 *
 * Design (why it is shaped like this):
 *
 * - Firestore has no transaction across hundreds of documents, and batches must stay small, so the
 *   apply writes in chunks of at most `SYNC_CHUNK_WRITES` card updates, one batch each. A
 *   chunk is all-or-nothing; the run as a whole is made all-or-nothing *eventually* by recording
 *   the intent before any card is written and making the apply idempotent and resumable:
 *
 *   team  `syncVersion`   goes up by one each time the team's links or brand kit change (written
 *                         in the same update as the change itself: the intent record);
 *         `syncScope`     { links, branding }: what that version must apply. While a version is
 *                         unfinished, a newer change widens the scope instead of narrowing it;
 *         `syncedVersion` the last version that reached every card (written after the last chunk).
 *   card  `teamSyncVersion` the version this card was last written by;
 *         `teamStyles`      the template keys (`template.photoBg`, `signatureBasic.disclaimer`, ...)
 *                           that come from the team, so the builder can badge them and a later
 *                           sync can remove a style the team no longer sets.
 *
 * - Planning is pure (`planCardSync`): a card already at the version, a card that is not coupled
 *   (`bulkSync.syncTeamLinks` / `syncBranding` explicitly false, see `isCoupled`) and a card whose
 *   content would not change are left untouched. So running the same version twice writes nothing
 *   the second time, and a resumed run only writes the cards that a failed run did not reach.
 * - A failed chunk is retried (re-reading its cards first, so a card deleted meanwhile is dropped
 *   instead of failing the batch again); if it still fails, `syncedVersion < syncVersion` stays on
 *   the team and the team page resumes the run the next time it opens (`needsResume`).
 * - Links merge with `mergeTeamLinks` exactly; team links are stored on cards with
 *   `isTeamLink: true`, which is how the builder and the public page tell them apart.
 *
 *
 * The pure rules (planning, the brand-kit mapping, reading stored teams and cards) are in
 * src/domain/team-sync-plan.ts; this module runs them against the backend.
 */
import { backend } from '../backend/current';
import type { QueryDoc, QuerySpec, WriteOp } from '../backend/port';
import { serverTimestamp } from '../backend/transforms';
import {
  chunk,
  needsResume,
  planTeamSync,
  syncCardOf,
  teamBrandingOf,
  teamSyncState,
} from '../domain/team-sync-plan';
import { teamLinksOf } from '../domain/schemas/team';
import type { StoredFields, CardPatch, SyncTeam } from '../domain/team-sync-plan';

/**
 * The most card updates one batch carries, sized to the rules' access-call limits: a batch may make
 * 20 document reads in its rules and each write counts its own. `firestore.rules` reads the account
 * (and, for the super admin, their user document) to judge a card update: 2 reads a card at most,
 * so 10 cards a batch. Syncing thousands of cards belongs in a server job.
 */
export const SYNC_CHUNK_WRITES = 10;
/** Cards read per query page. */
export const SYNC_PAGE_SIZE = 500;
/** Attempts per chunk before the run stops and waits to be resumed. */
export const SYNC_ATTEMPTS = 3;

// ---- Running a sync against the backend -------------------------------------------------------

export interface SyncProgress {
  phase: 'reading' | 'writing' | 'done';
  /** Cards written so far in this run. */
  done: number;
  /** Cards this run has to write (known once reading is over). */
  total: number;
}

export interface SyncResult {
  version: number;
  /** Cards written. */
  updated: number;
  /** Cards of the team read. */
  cards: number;
}

export interface RunTeamSyncOptions {
  onProgress?: (progress: SyncProgress) => void;
  chunkWrites?: number;
  attempts?: number;
  /** Wait between attempts (ms × attempt number); tests pass 0. */
  retryDelayMs?: number;
}

function teamDocPath(accountId: string, teamId: string): string {
  return `accounts/${accountId}/teams/${teamId}`;
}

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
    after = typeof last.data.id === 'string' ? last.data.id : last.id;
  }
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

function updateOps(patches: readonly CardPatch[]): WriteOp[] {
  return patches.map((patch) => ({
    kind: 'update',
    path: `cards/${patch.cardId}`,
    data: { ...patch.data, dateUpdated: serverTimestamp() },
  }));
}

/**
 * Brings every card of the team to the team's current version (see the module comment). Resolves
 * with what it wrote; rejects when a chunk still fails after its attempts, leaving the team marked
 * unfinished so that the next run resumes where this one stopped.
 */
export async function runTeamSync(
  accountId: string,
  teamId: string,
  options: RunTeamSyncOptions = {},
): Promise<SyncResult> {
  const db = backend();
  const chunkWrites = Math.min(options.chunkWrites ?? SYNC_CHUNK_WRITES, SYNC_CHUNK_WRITES);
  const attempts = options.attempts ?? SYNC_ATTEMPTS;
  const delay = options.retryDelayMs ?? 300;
  const report = options.onProgress ?? (() => undefined);

  report({ phase: 'reading', done: 0, total: 0 });
  const teamSnap = await db.get(teamDocPath(accountId, teamId));
  if (!teamSnap.exists || !teamSnap.data) throw new Error('This team no longer exists.');
  const state = teamSyncState(teamSnap.data);
  const version = state.syncVersion;
  if (!needsResume(state)) {
    report({ phase: 'done', done: 0, total: 0 });
    return { version, updated: 0, cards: 0 };
  }
  const team: SyncTeam = {
    ...teamBrandingOf(teamSnap.data),
    links: teamLinksOf(teamSnap.data.links),
  };
  const docs = await readTeamCards(accountId, teamId);
  const patches = planTeamSync(
    docs.map((doc) => syncCardOf(doc.id, doc.data)),
    team,
    state.syncScope,
    version,
  );
  let done = 0;
  report({ phase: 'writing', done, total: patches.length });

  for (const part of chunk(patches, chunkWrites)) {
    let pending = part;
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (pending.length > 0) await db.batch(updateOps(pending));
        break;
      } catch (err) {
        if (attempt >= attempts) throw err;
        await sleep(delay * attempt);
        // Re-plan the chunk from fresh reads: drops cards deleted meanwhile and cards already done.
        const fresh = await Promise.all(part.map((p) => db.get(`cards/${p.cardId}`)));
        pending = planTeamSync(
          fresh
            .filter((s) => s.exists && s.data)
            .map((s) => syncCardOf(s.id, s.data as StoredFields)),
          team,
          state.syncScope,
          version,
        );
      }
    }
    done += part.length;
    report({ phase: 'writing', done, total: patches.length });
  }

  await db.update(teamDocPath(accountId, teamId), { syncedVersion: version });
  report({ phase: 'done', done, total: patches.length });
  return { version, updated: patches.length, cards: docs.length };
}
