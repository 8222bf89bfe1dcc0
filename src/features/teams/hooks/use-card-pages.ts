/**
 * A few pages of an account's cards for the team page (the members list, the brand kit's sample):
 * the first page by name followed live, later pages read by cursor on demand, so opening the team
 * page reads one page of cards however large the account is. The counts come from the team's
 * usage document instead (`use-team-usage.ts`).
 */
import { compareListOrder, readCardPage, watchCardPage } from '@/data/cards';
import type { CardListFilter } from '@/data/cards';
import type { Card } from '@/domain/model';
import { useLivePages } from '@/ui/use-live-pages';

/** Cards per page of the members list. */
export const MEMBER_PAGE_SIZE = 100;

export interface CardPages {
  /** The loaded cards in name order; null until the first page arrives (or fails). */
  cards: Card[] | null;
  /** The cards could not be read. */
  failed: boolean;
  /** The last page read was full, so more may follow. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

export function useCardPages(
  accountId: string | null,
  filter: CardListFilter,
  pageSize = MEMBER_PAGE_SIZE,
): CardPages {
  const teamId = filter.teamId;
  const pages = useLivePages<Card>({
    key: accountId ? `${accountId}/${teamId ?? '*'}/${pageSize}` : null,
    pageSize,
    watchFirst: (next, error) => watchCardPage(accountId ?? '', { teamId }, next, error, pageSize),
    readAfter: (last) =>
      readCardPage(accountId ?? '', { teamId }, { name: last.name, id: last.id }, pageSize),
    compare: compareListOrder,
    label: 'teams',
  });
  const failed = pages.items === null && pages.error !== null;
  return {
    cards: failed ? [] : pages.items,
    failed,
    hasMore: pages.hasMore,
    loadingMore: pages.loadingMore,
    loadMore: pages.loadMore,
  };
}
