/**
 * Whether one link of a card is offered to visitors at a given moment: not `hidden`, and between
 * its start (inclusive) and end (exclusive). The moment always comes in as an argument, so the
 * server render, the click redirect, the builder and tests all decide with the same rule. Start
 * and end are stored as UTC instants and shown in the owner's time zone (docs/link-scheduling.md).
 */
import type { Link } from './model';

/** The optional visibility fields a stored link may carry. */
export interface LinkSchedule {
  /** True when the owner switched the link off. */
  hidden?: boolean;
  /** ISO instant from which the link is shown. */
  startsAt?: string;
  /** ISO instant from which the link is no longer shown. */
  endsAt?: string;
}

/** A change to the visibility fields, as an editor produces it (a cleared field is undefined). */
export type LinkScheduleInput = { [K in keyof LinkSchedule]?: LinkSchedule[K] | undefined };

/** Where a link stands at a moment. */
export type LinkState =
  | { readonly kind: 'live' }
  | { readonly kind: 'hidden' }
  | { readonly kind: 'scheduled'; readonly startsAt: Date }
  | { readonly kind: 'ended'; readonly endsAt: Date };

/** An instant from a stored value, or null when absent or not a date (then it is ignored). */
export function scheduleInstant(value: unknown): Date | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Where a link stands at `now`: hidden wins, then not yet started, then ended. */
export function linkState(link: LinkSchedule, now: Date): LinkState {
  if (link.hidden === true) return { kind: 'hidden' };
  const startsAt = scheduleInstant(link.startsAt);
  if (startsAt !== null && now.getTime() < startsAt.getTime()) {
    return { kind: 'scheduled', startsAt };
  }
  const endsAt = scheduleInstant(link.endsAt);
  if (endsAt !== null && now.getTime() >= endsAt.getTime()) return { kind: 'ended', endsAt };
  return { kind: 'live' };
}

/** Whether a link is offered to visitors at `now`. */
export function isLinkLive(link: LinkSchedule, now: Date): boolean {
  return linkState(link, now).kind === 'live';
}

/** The links offered to visitors at `now`, in their order. */
export function liveLinks<T extends LinkSchedule>(links: readonly T[], now: Date): T[] {
  return links.filter((link) => isLinkLive(link, now));
}

/**
 * The visibility fields of a stored link, checked: `hidden` only when true, start and end only
 * when they are dates (normalised to ISO). Readers of stored cards and teams spread this into the
 * link they build so the fields travel everywhere a link goes.
 */
export function linkScheduleOf(value: unknown): LinkSchedule {
  const data = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const out: LinkSchedule = {};
  if (data.hidden === true) out.hidden = true;
  const startsAt = scheduleInstant(data.startsAt);
  if (startsAt !== null) out.startsAt = startsAt.toISOString();
  const endsAt = scheduleInstant(data.endsAt);
  if (endsAt !== null) out.endsAt = endsAt.toISOString();
  return out;
}

/** Whether two links differ in visibility (hidden, start, end). */
export function linkScheduleChanged(a: Partial<Link>, b: Partial<Link>): boolean {
  const left = linkScheduleOf(a);
  const right = linkScheduleOf(b);
  return (
    (left.hidden === true) !== (right.hidden === true) ||
    left.startsAt !== right.startsAt ||
    left.endsAt !== right.endsAt
  );
}

/** The problem with a schedule, in words, or null: the end must come after the start. */
export function linkScheduleProblem(link: LinkSchedule): string | null {
  const startsAt = scheduleInstant(link.startsAt);
  const endsAt = scheduleInstant(link.endsAt);
  if (startsAt !== null && endsAt !== null && endsAt.getTime() <= startsAt.getTime()) {
    return 'The end must be after the start.';
  }
  return null;
}

/** A date-time as the owner reads it, in their time zone (or the one given, for tests). */
export function formatScheduleInstant(date: Date, timeZone?: string): string {
  return date.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone !== undefined ? { timeZone } : {}),
  });
}

/** The state at a glance for the builder: "Hidden", "Scheduled from …", "Ended …", "Until …". */
export function linkStateLabel(link: LinkSchedule, now: Date, timeZone?: string): string | null {
  const state = linkState(link, now);
  if (state.kind === 'hidden') return 'Hidden';
  if (state.kind === 'scheduled') {
    return `Scheduled from ${formatScheduleInstant(state.startsAt, timeZone)}`;
  }
  if (state.kind === 'ended') return `Ended ${formatScheduleInstant(state.endsAt, timeZone)}`;
  const endsAt = scheduleInstant(link.endsAt);
  return endsAt !== null ? `Until ${formatScheduleInstant(endsAt, timeZone)}` : null;
}

/** A stored instant as the value of an `<input type="datetime-local">`, in local time. */
export function instantToLocalInput(value: string | undefined): string {
  const date = scheduleInstant(value);
  if (date === null) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** An `<input type="datetime-local">` value (local time) as a stored ISO instant, or undefined. */
export function localInputToInstant(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (match === null) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The link with its visibility fields replaced, absent ones removed (Firestore refuses undefined). */
export function withLinkSchedule<T extends Link>(link: T, schedule: LinkScheduleInput): T {
  const { hidden: _h, startsAt: _s, endsAt: _e, ...rest } = link;
  return { ...(rest as T), ...linkScheduleOf(schedule) };
}
