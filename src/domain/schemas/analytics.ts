/**
 * The analytics schemas (`analytics/{cardId}`, its `clicks` and its `pendingCounts`, written only by
 * the public surfaces with server privileges; docs/decisions/005): a card's summary, whose owner keys
 * decide whether a count or lead may be added to it, a link click, and a pending count of the
 * production outbox. A counter that is not a finite number reads as 0; a summary that names no
 * account reads as `''`, one that no account owns yet.
 */
import * as z from 'zod/mini';
import { count, dateOrNull, optionalText, storedMap, text } from './fields';

/** A map of counts by day ('YYYY-MM-DD') or by link id; a non-map reads as an empty one. */
const countsByKey = z.pipe(
  z.catch(z.record(z.string(), z.unknown()), {}),
  z.transform((counts: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(counts).map(([key, n]) => [key, count.parse(n)])),
  ),
);

/** A stored analytics summary, field by field. */
export const storedAnalyticsSummarySchema = storedMap({
  cardId: text,
  accountId: text,
  teamId: optionalText,
  views: count,
  scans: count,
  saves: count,
  viewsByDay: countsByKey,
  clicks: count,
  clicksByDay: countsByKey,
  clicksByLink: countsByKey,
  leads: count,
  updatedAt: dateOrNull,
});

/** A stored link click (`clicks/{id}`): the link, its name when clicked, and when. */
export const storedLinkClickSchema = storedMap({ linkId: text, name: text, at: dateOrNull });

/**
 * A stored pending count: the summary fields it adds, as the wire encoding's JSON text, and when it
 * was kept. `fields` is null when the text is not JSON, a count nothing can add.
 */
export const storedPendingCountSchema = storedMap({
  fields: z.pipe(
    text,
    z.transform((json: string): unknown => {
      try {
        return JSON.parse(json) as unknown;
      } catch {
        return null;
      }
    }),
  ),
  at: dateOrNull,
});
