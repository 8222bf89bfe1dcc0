/**
 * The link schema: one entry of a card's `contacts` or a team's `links` (spec section 3: id, name,
 * label, value, isTeamLink; plus the visibility schedule of docs/link-scheduling.md).
 */
import * as z from 'zod/mini';
import { linkScheduleOf } from '../link-schedule';
import type { Link } from '../model';
import { optionalText, storedMap, text, withoutUndefined } from './fields';

/** A stored link, field by field; the schedule is normalised by `linkScheduleOf`. */
export const storedLinkSchema = storedMap({
  id: text,
  name: text,
  label: text,
  value: text,
  isTeamLink: z.catch(z.optional(z.literal(true)), undefined),
  hidden: z.catch(z.optional(z.unknown()), undefined),
  startsAt: optionalText,
  endsAt: optionalText,
});

export type StoredLink = z.infer<typeof storedLinkSchema>;

/**
 * A stored link as a Link. A link without an id gets `link-{index}` (its place in the list), so the
 * builder can still tell it apart; `isTeamLink` is present only when true.
 */
export function linkFromDoc(value: unknown, index: number): Link {
  const {
    id,
    name,
    label,
    value: linkValue,
    isTeamLink,
    ...schedule
  } = storedLinkSchema.parse(value);
  return withoutUndefined({
    id: id || `link-${index}`,
    name,
    label,
    value: linkValue,
    ...linkScheduleOf(schedule),
    isTeamLink,
  });
}
