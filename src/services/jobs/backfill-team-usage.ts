/**
 * A repair of the team counts (`../team-usage.ts`), run on a schedule by both hosts and safe to
 * run any number of times: old cards, a trigger that gave up, or a privileged write that skipped
 * the trigger leave the counts wrong, and only a recount puts them right. Each step is bounded and
 * resumes from a cursor, so a run costs the same however many accounts there are. A wrong count is
 * repaired only after `SETTLE_MS` and only if it has not moved, so triggers still on their way are
 * not counted twice.
 */
import type { DocData } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';
import { serverTimestamp } from 'firestore-engine/transforms';
import { scanCursorOf } from '@/domain/schemas/scan-cursor';
import { storedTeamUsageBackfillSchema } from '@/domain/schemas/server-state';
import { storedTeamUsageSchema } from '@/domain/schemas/team-usage';
import { teamUsageOf, type TeamUsage } from '@/domain/team-usage';
import { teamCardsQuery, teamUsagePath } from '../team-usage';
import { BACKFILL_REST_MS } from './backfill-name-lower';

/** Where a step keeps its cursor and suspects (no client rule matches `server_state`). */
export const BACKFILL_TEAM_USAGE_STATE = 'server_state/backfill-team-usage';

/** How long a suspect's counts must stay as they were before it is repaired. */
export const SETTLE_MS = 10 * 60 * 1000;

/** Accounts read per page, and cards per page of a team's count. */
const ACCOUNT_PAGE = 50;
const CARD_PAGE = 1000;

/** At most this many suspects are kept (the state is one document); more wait for a later pass. */
const MAX_SUSPECTS = 200;

interface Suspect {
  readonly accountId: string;
  readonly teamId: string;
  /** The stored counts when the difference was seen (null: no usage document). */
  readonly stored: TeamUsage | null;
  readonly seenAt: number;
}

export interface TeamUsageStepOptions {
  /** Cards a step counts at most, beyond the account it is in (default 5,000). */
  cards?: number;
  /** Accounts a step looks at most (default 500: accounts without cards cost reads too). */
  accounts?: number;
  /** The clock (tests pass a fake). */
  clock?: () => number;
}

export type TeamUsageStepOutcome = 'resting' | 'continues' | 'finished';

export interface TeamUsageStepResult {
  readonly outcome: TeamUsageStepOutcome;
  /** Teams whose counts this step put right. */
  readonly repaired: number;
  /** Teams found to differ, left to settle. */
  readonly suspected: number;
}

/** A team's stored counts; null when it has no usage document. */
function storedUsage(data: DocData | null | undefined): TeamUsage | null {
  if (!data) return null;
  const { cards, linksCoupled, brandingCoupled } = storedTeamUsageSchema.parse(data);
  return { cards, linksCoupled, brandingCoupled };
}

function same(a: TeamUsage | null, b: TeamUsage | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.cards === b.cards &&
    a.linksCoupled === b.linksCoupled &&
    a.brandingCoupled === b.brandingCoupled
  );
}

/** A team's counts from its cards, read in pages by id; and how many cards it read. */
async function countTeam(
  db: ServerDb,
  accountId: string,
  teamId: string,
): Promise<{ usage: TeamUsage; read: number }> {
  let usage = teamUsageOf([]);
  let read = 0;
  let after: string | null = null;
  for (;;) {
    const team = teamCardsQuery(accountId, teamId);
    const page = await db.query({
      ...team,
      where: [
        ...team.where,
        ...(after !== null ? [{ field: 'id', op: '>' as const, value: after }] : []),
      ],
      orderBy: [{ field: 'id', direction: 'asc' }],
      limit: CARD_PAGE,
    });
    const one = teamUsageOf(page.map((doc) => doc.data));
    usage = {
      cards: usage.cards + one.cards,
      linksCoupled: usage.linksCoupled + one.linksCoupled,
      brandingCoupled: usage.brandingCoupled + one.brandingCoupled,
    };
    read += page.length;
    const last = page.at(-1);
    if (page.length < CARD_PAGE || !last) return { usage, read };
    after = scanCursorOf(last);
  }
}

/**
 * Repairs a suspect in one transaction: true when its stored counts were still those it was
 * suspected with and differed from its cards (now written); false when anything moved, or the
 * account is gone.
 */
async function repairSuspect(db: ServerDb, suspect: Suspect): Promise<boolean> {
  return db.runTransaction(async (tx) => {
    const { accountId, teamId } = suspect;
    if (!(await tx.get(`accounts/${accountId}`)).exists) return false;
    const path = teamUsagePath(accountId, teamId);
    const stored = storedUsage((await tx.get(path)).data);
    if (!same(stored, suspect.stored)) return false;
    const cards = await tx.query(teamCardsQuery(accountId, teamId));
    const real = teamUsageOf(cards.map((doc) => doc.data));
    if (same(stored, real)) return false;
    tx.set(path, { ...real, accountId, teamId });
    return true;
  });
}

/**
 * One bounded step of the repair (see the module comment): settles the suspects that have waited
 * long enough, then counts teams from the stored cursor until `cards` cards are read.
 */
export async function backfillTeamUsageStep(
  db: ServerDb,
  options: TeamUsageStepOptions = {},
): Promise<TeamUsageStepResult> {
  const budget = options.cards ?? 5000;
  const maxAccounts = options.accounts ?? 500;
  const now = (options.clock ?? Date.now)();
  const state = storedTeamUsageBackfillSchema.parse((await db.get(BACKFILL_TEAM_USAGE_STATE)).data);
  const finishedAt = state.finishedAt?.getTime() ?? null;
  let { after } = state;

  let repaired = 0;
  const waiting: Suspect[] = [];
  for (const suspect of state.suspects) {
    if (now - suspect.seenAt < SETTLE_MS) waiting.push(suspect);
    else if (await repairSuspect(db, suspect)) repaired++;
  }

  const resting = after === null && finishedAt !== null && now - finishedAt < BACKFILL_REST_MS;
  let suspected = 0;
  let read = 0;
  let visited = 0;
  let finished = false;
  if (!resting) {
    pass: while (read < budget && visited < maxAccounts) {
      const accounts = await db.query({
        collection: 'accounts',
        ...(after !== null ? { where: [{ field: 'id', op: '>' as const, value: after }] } : {}),
        orderBy: [{ field: 'id', direction: 'asc' }],
        limit: ACCOUNT_PAGE,
      });
      for (const account of accounts) {
        const accountId = account.id;
        const [teams, usages] = await Promise.all([
          db.query({ collection: `accounts/${accountId}/teams` }),
          db.query({ collection: `accounts/${accountId}/teamUsage` }),
        ]);
        const teamIds = new Set([...teams, ...usages].map((doc) => doc.id));
        for (const teamId of [...teamIds].sort()) {
          const counted = await countTeam(db, accountId, teamId);
          read += counted.read;
          const stored = storedUsage(usages.find((doc) => doc.id === teamId)?.data);
          // A team with no cards and no counts has nothing to repair.
          const empty = stored === null && counted.usage.cards === 0;
          if (empty || same(stored, counted.usage)) continue;
          const known = waiting.some((s) => s.accountId === accountId && s.teamId === teamId);
          if (!known && waiting.length < MAX_SUSPECTS) {
            waiting.push({ accountId, teamId, stored, seenAt: now });
            suspected++;
          }
        }
        after = accountId;
        visited++;
        if (read >= budget || visited >= maxAccounts) break pass;
      }
      if (accounts.length < ACCOUNT_PAGE) {
        after = null;
        finished = true;
        break;
      }
    }
  }

  await db.batch([
    {
      kind: 'set',
      path: BACKFILL_TEAM_USAGE_STATE,
      data: {
        after,
        finishedAt: finished ? new Date(now) : state.finishedAt,
        repaired: state.repaired + repaired,
        suspects: waiting.map((s) => ({ ...s, seenAt: new Date(s.seenAt) })),
        updatedAt: serverTimestamp(),
      },
    },
  ]);
  const outcome: TeamUsageStepOutcome = resting ? 'resting' : finished ? 'finished' : 'continues';
  return { outcome, repaired, suspected };
}
