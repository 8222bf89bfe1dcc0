/**
 * The team usage schema (`accounts/{accountId}/teamUsage/{teamId}`, kept by the server, see
 * src/domain/team-usage.ts): a team's card counts as stored. A count that is not a finite number
 * reads as 0, so a repair compares the document with its cards and writes it right.
 */
import * as z from 'zod/mini';
import { count, storedMap, text } from './fields';

/** The three counts, the same wherever a team's usage is stored. */
const teamUsageCounts = { cards: count, linksCoupled: count, brandingCoupled: count };

/** A stored team usage document, field by field. */
export const storedTeamUsageSchema = storedMap({
  accountId: text,
  teamId: text,
  ...teamUsageCounts,
});

/** Counts kept inside another document (a repair's suspects): null when they are not a map. */
export const storedTeamUsageCountsOrNull = z.catch(z.nullable(z.object(teamUsageCounts)), null);
