/**
 * A team's card counts as the team page shows them: how many listed cards the team has, and how
 * many of those take the team's links and its branding. The server keeps them in
 * `accounts/{accountId}/teamUsage/{teamId}`, applying the change of each card write that can move
 * them (`src/services/team-usage.ts`), so the team page reads one document instead of every card, however
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

function contribution(card: UsageCard): TeamUsage {
  if (card.isArchived === true) return { cards: 0, linksCoupled: 0, brandingCoupled: 0 };
  return {
    cards: 1,
    linksCoupled: isCoupled(flag(card, 'syncTeamLinks')) ? 1 : 0,
    brandingCoupled: isCoupled(flag(card, 'syncBranding')) ? 1 : 0,
  };
}

/** How one team's counts move. */
export interface TeamUsageChange {
  readonly team: TeamRef;
  readonly delta: TeamUsage;
}

/**
 * How a card write from `before` to `after` (null: missing) moves the teams' counts: the card's
 * team when it was created or deleted, archived or restored, or coupled or uncoupled; both teams
 * when it moved. Empty for every other edit, so names and links cost nothing.
 */
export function teamUsageChanges(
  before: UsageCard | null,
  after: UsageCard | null,
): TeamUsageChange[] {
  const changes = new Map<string, { team: TeamRef; delta: TeamUsage }>();
  const add = (card: UsageCard | null, sign: 1 | -1) => {
    const team = card ? refOf(card) : null;
    if (!card || !team) return;
    const key = `${team.accountId}/${team.teamId}`;
    const c = contribution(card);
    const prev = changes.get(key)?.delta ?? { cards: 0, linksCoupled: 0, brandingCoupled: 0 };
    changes.set(key, {
      team,
      delta: {
        cards: prev.cards + sign * c.cards,
        linksCoupled: prev.linksCoupled + sign * c.linksCoupled,
        brandingCoupled: prev.brandingCoupled + sign * c.brandingCoupled,
      },
    });
  };
  add(before, -1);
  add(after, 1);
  return [...changes.values()].filter(
    ({ delta }) => delta.cards !== 0 || delta.linksCoupled !== 0 || delta.brandingCoupled !== 0,
  );
}
