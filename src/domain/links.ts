/**
 * Team links on cards (docs/product.md §3 and §4): merging a team's links into a card's personal list,
 * deciding when a team's links or brand kit changed, the display label, and card coupling.
 */
import equal from 'fast-deep-equal';
import { linkScheduleChanged } from './link-schedule';
import type { Link } from './model';

type LinkList = readonly Link[] | null | undefined;

/**
 * Merges a team's links into a card's personal list (docs/product.md §4):
 * - the team has no links → team links are removed from the personal list;
 * - the personal list is empty → the team list is used (a copy, in team order);
 * - otherwise personal links keep their place, team links still in the team list are kept in place
 *   and overwritten by the team version, team links gone from the team list are dropped, and new team
 *   links are appended in team order.
 * A personal entry counts as a team link when isTeamLink is true or its id is a team link's id, so a
 * link never appears twice.
 */
export function mergeTeamLinks(personal: LinkList, team: LinkList): Link[] {
  const personalLinks = personal ?? [];
  const teamLinks = team ?? [];
  if (teamLinks.length === 0) return personalLinks.filter((link) => link.isTeamLink !== true);
  if (personalLinks.length === 0) return [...teamLinks];

  const teamById = new Map(teamLinks.map((link) => [link.id, link] as const));
  const merged: Link[] = [];
  const placed = new Set<string>();
  for (const link of personalLinks) {
    const teamVersion = teamById.get(link.id);
    if (teamVersion) {
      if (!placed.has(link.id)) {
        merged.push(teamVersion);
        placed.add(link.id);
      }
    } else if (link.isTeamLink !== true) {
      merged.push(link);
    }
  }
  for (const link of teamLinks) {
    if (!placed.has(link.id)) {
      merged.push(link);
      placed.add(link.id);
    }
  }
  return merged;
}

/**
 * Whether a team's links changed (docs/product.md §4): compared in order on id, label, name and value, and on
 * visibility (hidden, start, end) so a schedule set on the team reaches its cards; a different
 * length is a change. Missing lists count as empty.
 */
export function teamLinksChanged(a: LinkList, b: LinkList): boolean {
  const left = a ?? [];
  const right = b ?? [];
  if (left.length !== right.length) return true;
  return left.some((link, i) => {
    const other = right[i];
    return (
      other === undefined ||
      link.id !== other.id ||
      link.label !== other.label ||
      link.name !== other.name ||
      link.value !== other.value ||
      linkScheduleChanged(link, other)
    );
  });
}

/** Whether a brand kit changed (docs/product.md §4): deep inequality of the two kits. */
export function brandKitChanged(a: unknown, b: unknown): boolean {
  return !equal(a, b);
}

/**
 * The label a link is shown with (docs/product.md §3): a team link named Phone (any case) is labelled
 * Reception; otherwise its label, or its name when the label is blank.
 */
export function linkDisplayLabel(link: Pick<Link, 'name' | 'label' | 'isTeamLink'>): string {
  if (link.isTeamLink === true && link.name.trim().toLowerCase() === 'phone') return 'Reception';
  return link.label.trim() !== '' ? link.label : link.name;
}

/**
 * Whether a card is coupled to its team's links or branding (docs/product.md §4): only a bulkSync value that is
 * explicitly `false` uncouples; `true`, `undefined`, `null` or anything else means coupled.
 */
export function isCoupled(value: unknown): boolean {
  return value !== false;
}

/**
 * Whether a link's id can key the card's per-link click counts (`clicksByLink.{id}`, spec 2): the
 * id is the card's own data, written by any member (a seat holder too) with no rule on its shape,
 * so one named like a reserved field (Firestore's `__…__`, an object's `__proto__`, `constructor`,
 * `prototype`), empty or over 100 characters is counted in the card's totals only; a per-link key
 * by that name would make the whole summary unwritable.
 */
export function isCountableLinkId(id: string): boolean {
  return (
    id.length >= 1 &&
    id.length <= 100 &&
    !/^__.*__$/s.test(id) &&
    id !== 'constructor' &&
    id !== 'prototype'
  );
}
