/**
 * The link visibility rule with a controlled clock: hidden wins, a start is inclusive, an end
 * exclusive, unreadable dates are ignored, and the builder's state label reads in a given zone.
 */
import { describe, expect, it } from 'vitest';
import {
  instantToLocalInput,
  isLinkLive,
  linkScheduleChanged,
  linkScheduleOf,
  linkScheduleProblem,
  linkState,
  linkStateLabel,
  liveLinks,
  localInputToInstant,
  withLinkSchedule,
} from '@/domain/link-schedule';
import { teamLinksChanged } from '@/domain/links';

const START = '2026-12-01T09:00:00.000Z';
const END = '2026-12-05T17:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('linkState', () => {
  it('is live with no fields at all', () => {
    expect(linkState({}, at('2026-01-01T00:00:00Z'))).toEqual({ kind: 'live' });
  });

  it('is hidden whatever the schedule says', () => {
    expect(linkState({ hidden: true, startsAt: START }, at('2026-12-02T00:00:00Z')).kind).toBe(
      'hidden',
    );
  });

  it('appears at its start (inclusive) and disappears at its end (exclusive)', () => {
    const link = { startsAt: START, endsAt: END };
    expect(linkState(link, at('2026-12-01T08:59:59.999Z'))).toEqual({
      kind: 'scheduled',
      startsAt: at(START),
    });
    expect(isLinkLive(link, at(START))).toBe(true);
    expect(isLinkLive(link, at('2026-12-05T16:59:59.999Z'))).toBe(true);
    expect(linkState(link, at(END))).toEqual({ kind: 'ended', endsAt: at(END) });
  });

  it('ignores a start or end that is not a date', () => {
    expect(isLinkLive({ startsAt: 'soon', endsAt: '' }, at('2026-01-01T00:00:00Z'))).toBe(true);
  });
});

describe('liveLinks', () => {
  it('keeps only the live links, in order', () => {
    const links = [
      { id: 'a' },
      { id: 'b', hidden: true },
      { id: 'c', endsAt: START },
      { id: 'd', startsAt: START },
    ];
    expect(liveLinks(links, at('2026-12-02T00:00:00Z')).map((l) => l.id)).toEqual(['a', 'd']);
  });
});

describe('stored fields', () => {
  it('reads only well-formed values, normalised to ISO', () => {
    expect(
      linkScheduleOf({ hidden: 'yes', startsAt: '2026-12-01T10:00:00+01:00', endsAt: 42 }),
    ).toEqual({ startsAt: START });
    expect(linkScheduleOf({ hidden: true })).toEqual({ hidden: true });
    expect(linkScheduleOf(null)).toEqual({});
  });

  it('replaces the fields of a link and drops cleared ones (no undefined is stored)', () => {
    const link = { id: 'a', name: 'Website', label: '', value: 'x', hidden: true, startsAt: START };
    const next = withLinkSchedule(link, { hidden: false, startsAt: undefined, endsAt: END });
    expect(next).toEqual({ id: 'a', name: 'Website', label: '', value: 'x', endsAt: END });
    expect(Object.values(next)).not.toContain(undefined);
  });

  it('counts a schedule change as a team links change, so it reaches the cards', () => {
    const base = { id: 'a', name: 'Website', label: '', value: 'x' };
    expect(linkScheduleChanged(base, { ...base, hidden: false })).toBe(false);
    expect(teamLinksChanged([base], [{ ...base }])).toBe(false);
    expect(teamLinksChanged([base], [{ ...base, hidden: true }])).toBe(true);
    expect(teamLinksChanged([base], [{ ...base, endsAt: END }])).toBe(true);
  });
});

describe('builder helpers', () => {
  it('refuses an end that is not after the start', () => {
    expect(linkScheduleProblem({ startsAt: END, endsAt: START })).toBe(
      'The end must be after the start.',
    );
    expect(linkScheduleProblem({ startsAt: START, endsAt: START })).not.toBeNull();
    expect(linkScheduleProblem({ startsAt: START, endsAt: END })).toBeNull();
    expect(linkScheduleProblem({ endsAt: END })).toBeNull();
  });

  it('labels the state at a glance in the owner’s time zone', () => {
    const zone = 'Europe/Paris';
    expect(linkStateLabel({ hidden: true }, at(START), zone)).toBe('Hidden');
    expect(linkStateLabel({ startsAt: START }, at('2026-11-30T00:00:00Z'), zone)).toBe(
      'Scheduled from 1 Dec 2026, 10:00',
    );
    expect(linkStateLabel({ endsAt: END }, at('2026-12-06T00:00:00Z'), zone)).toBe(
      'Ended 5 Dec 2026, 18:00',
    );
    expect(linkStateLabel({ endsAt: END }, at(START), zone)).toBe('Until 5 Dec 2026, 18:00');
    expect(linkStateLabel({}, at(START), zone)).toBeNull();
  });

  it('round-trips a local date-time input through the stored instant', () => {
    const stored = localInputToInstant('2026-12-01T10:30');
    expect(stored).toBeDefined();
    expect(instantToLocalInput(stored)).toBe('2026-12-01T10:30');
    expect(localInputToInstant('')).toBeUndefined();
    expect(instantToLocalInput(undefined)).toBe('');
  });
});
