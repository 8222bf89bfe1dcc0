/**
 * A team's card counts as the team page shows them: how many listed cards the team has, and how
 * many of those take the team's links and its branding. The server keeps them in
 * `accounts/{accountId}/teamUsage/{teamId}`, applying the change of each card write that can move
 * them (`src/services/team-usage.ts`), so the team page reads one document instead of every card, however
 * large the account is (docs/access.md, "Team usage").
 */
import { isCoupled } from './links';
import { storedCardSchema } from './schemas/card';
import { storedPick } from './schemas/fields';

/** The stored counts of one team. */
export interface TeamUsage {
  /** Listed cards of the team (not archived). */
  readonly cards: number;
  /** Of those, the cards that take the team's links (`bulkSync.syncTeamLinks` not false). */
  readonly linksCoupled: number;
  /** Of those, the cards that take the team's branding (`bulkSync.syncBranding` not false). */
  readonly brandingCoupled: number;
}

/** A stored card, as the callers pass it (a document's data). */
export interface UsageCard {
  accountId?: unknown;
  teamId?: unknown;
  isArchived?: unknown;
  bulkSync?: unknown;
}

/**
 * The fields of a stored card the counts read, decoded with the card schema's own definitions: a
 * recount reads every card of a team, so nothing else of the card is decoded.
 */
const usageCardSchema = storedPick(storedCardSchema, {
  accountId: true,
  teamId: true,
  isArchived: true,
  bulkSync: true,
});

type UsageFields = ReturnType<typeof usageCardSchema.parse>;

/** Counts a team's cards (the caller passes that team's cards; archived ones are skipped). */
export function teamUsageOf(cards: Iterable<UsageCard>): TeamUsage {
  let total = 0;
  let links = 0;
  let branding = 0;
  for (const stored of cards) {
    const { isArchived, bulkSync } = usageCardSchema.parse(stored);
    if (isArchived) continue;
    total++;
    if (isCoupled(bulkSync?.syncTeamLinks)) links++;
    if (isCoupled(bulkSync?.syncBranding)) branding++;
  }
  return { cards: total, linksCoupled: links, brandingCoupled: branding };
}

/** A team of an account, as the recount addresses it. */
export interface TeamRef {
  readonly accountId: string;
  readonly teamId: string;
}

function refOf({ accountId, teamId }: UsageFields): TeamRef | null {
  return accountId !== '' && teamId !== undefined && teamId !== '' ? { accountId, teamId } : null;
}

function contribution({ isArchived, bulkSync }: UsageFields): TeamUsage {
  if (isArchived) return { cards: 0, linksCoupled: 0, brandingCoupled: 0 };
  return {
    cards: 1,
    linksCoupled: isCoupled(bulkSync?.syncTeamLinks) ? 1 : 0,
    brandingCoupled: isCoupled(bulkSync?.syncBranding) ? 1 : 0,
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
  const add = (stored: UsageCard | null, sign: 1 | -1) => {
    if (!stored) return;
    const card = usageCardSchema.parse(stored);
    const team = refOf(card);
    if (!team) return;
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
