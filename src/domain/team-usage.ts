/**
 * A team's card counts as the team page shows them: how many listed cards the team has, and how
 * many of those take the team's links and its branding. The server keeps them in
 * `accounts/{accountId}/teamUsage/{teamId}` by recounting after each card write that can move them
 * (`src/server/team-usage.ts`), so the team page reads one document instead of every card, however
 * large the account is (docs/access.md, "Team usage").
 */
import { isCoupled } from './links';

/** The stored counts of one team. */
export interface TeamUsage {
  /** Listed cards of the team (not archived). */
  readonly cards: number;
  /** Of those, the cards that take the team's links (`bulkSync.syncTeamLinks` not false). */
  readonly linksCoupled: number;
  /** Of those, the cards that take the team's branding (`bulkSync.syncBranding` not false). */
  readonly brandingCoupled: number;
}

/** The fields of a stored card the counts look at. */
export interface UsageCard {
  accountId?: unknown;
  teamId?: unknown;
  isArchived?: unknown;
  bulkSync?: unknown;
}

function flag(card: UsageCard, field: 'syncTeamLinks' | 'syncBranding'): unknown {
  const bulk = card.bulkSync;
  return typeof bulk === 'object' && bulk !== null
    ? (bulk as Record<string, unknown>)[field]
    : undefined;
}

/** Counts a team's cards (the caller passes that team's cards; archived ones are skipped). */
export function teamUsageOf(cards: Iterable<UsageCard>): TeamUsage {
  let total = 0;
  let links = 0;
  let branding = 0;
  for (const card of cards) {
    if (card.isArchived === true) continue;
    total++;
    if (isCoupled(flag(card, 'syncTeamLinks'))) links++;
    if (isCoupled(flag(card, 'syncBranding'))) branding++;
  }
  return { cards: total, linksCoupled: links, brandingCoupled: branding };
}

/** A team of an account, as the recount addresses it. */
export interface TeamRef {
  readonly accountId: string;
  readonly teamId: string;
}

function refOf(card: UsageCard | null): TeamRef | null {
  const accountId = card?.accountId;
  const teamId = card?.teamId;
  return typeof accountId === 'string' &&
    accountId !== '' &&
    typeof teamId === 'string' &&
    teamId !== ''
    ? { accountId, teamId }
    : null;
}

function countedState(card: UsageCard): string {
  return [
    card.isArchived === true,
    isCoupled(flag(card, 'syncTeamLinks')),
    isCoupled(flag(card, 'syncBranding')),
  ].join();
}

/**
 * The teams whose counts a card write from `before` to `after` (null: missing) can change: the
 * card's team when it was created or deleted, archived or restored, or coupled or uncoupled; both
 * teams when it moved. Empty for every other edit, so names and links cost no recount.
 */
export function teamsToRecount(before: UsageCard | null, after: UsageCard | null): TeamRef[] {
  const from = refOf(before);
  const to = refOf(after);
  const same = from && to && from.accountId === to.accountId && from.teamId === to.teamId;
  if (same && before && after && countedState(before) === countedState(after)) return [];
  if (same) return [to];
  return [from, to].filter((ref): ref is TeamRef => ref !== null);
}
