/**
 * The schemas of the server's own bookkeeping in `server_state/` (no client rule matches it): the
 * state of each repair that runs in bounded steps from a cursor (src/services/jobs/backfill-*.ts).
 * A malformed state reads as a pass that has not started, so the repair starts one.
 */
import * as z from 'zod/mini';
import { count, dateOrNull, listOf, storedMap, textOrNull } from './fields';
import { storedTeamUsageCountsOrNull } from './team-usage';

/** What every repair keeps: the id its pass goes on after, and when its last pass finished. */
const passFields = { after: textOrNull, finishedAt: dateOrNull };

/** `server_state/backfill-name-lower`: the pass and the cards it has written in all. */
export const storedNameLowerBackfillSchema = storedMap({ ...passFields, written: count });

/** When a suspect was seen, in milliseconds (stored as a date; 0 when it is neither). */
const seenAt = z.pipe(
  z.catch(z.union([z.date(), z.number()]), 0),
  z.transform((at: Date | number) => (at instanceof Date ? at.getTime() : at)),
);

/** A team whose counts differed from its cards, with the counts stored when that was seen. */
const storedUsageSuspectSchema = z.object({
  accountId: z.string(),
  teamId: z.string(),
  stored: storedTeamUsageCountsOrNull,
  seenAt,
});

/**
 * `server_state/backfill-team-usage`: the pass, the teams it has repaired in all, and the suspects
 * waiting to settle (one that names no account or team is dropped).
 */
export const storedTeamUsageBackfillSchema = storedMap({
  ...passFields,
  repaired: count,
  suspects: listOf(storedUsageSuspectSchema),
});
