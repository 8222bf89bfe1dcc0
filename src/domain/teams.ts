/**
 * Teams (docs/product.md §2, §4, §5 and §8): which team is selected, the default-team deletion rule and
 * where to go after deleting a team, plus the team toasts.
 */

/** The error shown when a user tries to delete their default team (docs/product.md §5, §8). */
export const DEFAULT_TEAM_DELETE_MESSAGE = 'You cannot delete your default team.';

/**
 * The selected team (docs/product.md §4): the team with selectedTeamId when it is in the list and belongs to the
 * account; otherwise the first team in the list; `null` for an empty list.
 */
export function selectTeam<T extends { id: string; accountId: string }>(
  teams: readonly T[],
  selectedTeamId: string | null | undefined,
  accountId: string | null | undefined,
): T | null {
  if (selectedTeamId) {
    const selected = teams.find((team) => team.id === selectedTeamId);
    if (selected !== undefined && selected.accountId === accountId) return selected;
  }
  return teams[0] ?? null;
}

export type TeamDeleteCheck = { ok: true } | { ok: false; message: string };

/**
 * Whether the user may delete this team (docs/product.md §5): never their default team; nor, from the team
 * page, a team of more than `TEAM_DELETE_MOVE_LIMIT` cards (`cardCount`, the server's count).
 */
export function teamDeleteCheck(
  teamId: string,
  user: { defaultTeam?: string | null | undefined } | null | undefined,
  cardCount = 0,
): TeamDeleteCheck {
  if (user?.defaultTeam && user.defaultTeam === teamId) {
    return { ok: false, message: DEFAULT_TEAM_DELETE_MESSAGE };
  }
  if (cardCount > TEAM_DELETE_MOVE_LIMIT) {
    return { ok: false, message: teamTooLargeToDeleteMessage(cardCount) };
  }
  return { ok: true };
}

/**
 * The most cards a team delete moves to the default team from the browser (the move is a paged
 * read and chunked writes of the team's cards, docs/access.md "Team usage"). A larger team is not
 * deleted from the page: moving thousands of cards belongs in a server job, which does not exist
 * for deletes yet, so the page says so and offers archiving, which moves nothing.
 */
export const TEAM_DELETE_MOVE_LIMIT = 500;

/** Why a team of `cardCount` cards (over the limit) cannot be deleted from the team page. */
export function teamTooLargeToDeleteMessage(cardCount: number): string {
  return `This team has ${cardCount.toLocaleString('en-US')} cards, more than the ${TEAM_DELETE_MOVE_LIMIT} a delete can move to your default team. Archive the team instead: its cards stay as they are.`;
}

/**
 * Where to go after deleting a team (docs/product.md §2): a super admin goes to `/` (the caller then selects the
 * first team); others go to `/team/{defaultTeam}`. Choice: a user without a default team goes to
 * `/builder`.
 */
export function afterTeamDeletePath(user: {
  isSuperAdmin?: boolean | null | undefined;
  defaultTeam?: string | null | undefined;
}): string {
  if (user.isSuperAdmin === true) return '/';
  if (!user.defaultTeam) return '/builder';
  return `/team/${encodeURIComponent(user.defaultTeam)}`;
}

/** Toast after a team was deleted (docs/product.md §8): `{team name} has been deleted.` */
export function teamDeletedMessage(teamName: string): string {
  return `${teamName} has been deleted.`;
}

/** Toast after a team template was deleted (docs/product.md §8). */
export const TEAM_TEMPLATE_DELETED_MESSAGE = 'Team template deleted.';

/** Toast when deleting a team template failed (docs/product.md §8): `Error deleting team template: {message}`. */
export function teamTemplateDeleteErrorMessage(message: string): string {
  return `Error deleting team template: ${message}`;
}
