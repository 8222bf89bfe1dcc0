/**
 * The link schema: one entry of a card's `contacts` or a team's `links` (docs/product.md §3: id, name,
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
 * A stored link as a Link. A link without an id gets `{idPrefix}-{index}` (its place in the list),
 * so the builder can still tell it apart; `isTeamLink` is present only when true.
 */
export function linkFromDoc(value: unknown, index: number, idPrefix = 'link'): Link {
  const {
    id,
    name,
    label,
    value: linkValue,
    isTeamLink,
    ...schedule
  } = storedLinkSchema.parse(value);
  return withoutUndefined({
    id: id || `${idPrefix}-${index}`,
    name,
    label,
    value: linkValue,
    ...linkScheduleOf(schedule),
    isTeamLink,
  });
}

/** A link as documents store it: the four fields, `isTeamLink` always written, its schedule. */
export function storedLinkData(link: Link): Link {
  return {
    id: link.id,
    name: link.name,
    label: link.label,
    value: link.value,
    isTeamLink: link.isTeamLink === true,
    ...linkScheduleOf(link),
  };
}

/** A team's link as teams and cards store it: `storedLinkData` with `isTeamLink: true`. */
export function teamLinkData(link: Link): Link {
  return { ...storedLinkData(link), isTeamLink: true };
}
