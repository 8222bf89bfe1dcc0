/**
 * A few pages of an account's cards for the team page (the members list, the brand kit's sample):
 * the first page by name followed live, later pages read by cursor on demand, so opening the team
 * page reads one page of cards however large the account is. The counts come from the team's
 * usage document instead (`use-team-usage.ts`).
 */
import { useCallback, useEffect, useState } from 'react';
import { cursorAfter, readCardPage, watchCardPage } from '@/data/cards';
import type { CardListFilter } from '@/data/cards';
import type { Card } from '@/domain/model';

/** Cards per page of the members list. */
export const MEMBER_PAGE_SIZE = 100;

export interface CardPages {
  /** The loaded cards in name order; null until the first page arrives. */
  cards: Card[] | null;
  /** The last page read was full, so more may follow. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

interface State {
  key: string;
  first: Card[];
  more: Card[];
  done: boolean;
}

export function useCardPages(
  accountId: string | null,
  filter: CardListFilter,
  pageSize = MEMBER_PAGE_SIZE,
): CardPages {
  const teamId = filter.teamId;
  const key = `${accountId ?? ''}/${teamId ?? '*'}/${pageSize}`;
  const [state, setState] = useState<State | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    if (!accountId) return;
    return watchCardPage(
      accountId,
      { teamId },
      (cards) =>
        setState((prev) =>
          prev && prev.key === key
            ? { ...prev, first: cards }
            : { key, first: cards, more: [], done: cards.length < pageSize },
        ),
      (err) => {
        console.error('[teams] following the cards failed', err);
        setState({ key, first: [], more: [], done: true });
      },
      pageSize,
    );
  }, [accountId, teamId, key, pageSize]);

  const current = state && state.key === key ? state : null;
  const cards = current ? [...current.first, ...current.more] : null;
  const hasMore = current !== null && !current.done && current.first.length >= pageSize;

  const loadMore = useCallback(() => {
    if (!accountId || !current || loadingMore) return;
    const after = cursorAfter(current.more.length > 0 ? current.more : current.first);
    if (!after) return;
    setLoadingMore(true);
    readCardPage(accountId, { teamId }, after, pageSize)
      .then((page) =>
        setState((prev) =>
          prev && prev.key === key
            ? { ...prev, more: [...prev.more, ...page], done: page.length < pageSize }
            : prev,
        ),
      )
      .catch((err: unknown) => console.error('[teams] loading more cards failed', err))
      .finally(() => setLoadingMore(false));
  }, [accountId, current, loadingMore, teamId, key, pageSize]);

  return { cards, hasMore, loadingMore, loadMore };
}
