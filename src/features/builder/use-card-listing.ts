/**
 * The builder's card list for an account of any size: the first page (by name) followed live, later
 * pages read by cursor on demand (`useLivePages`), and a search by prefix of name, handle or team
 * as a few limited queries. Whatever the account's size, opening the builder reads one page.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Card, Team } from '@/domain/model';
import {
  CARD_PAGE_SIZE,
  compareListOrder,
  normaliseSearch,
  readCardPage,
  searchCards,
  watchCardPage,
  type CardListFilter,
} from '@/data/cards';
import { useLivePages } from '@/ui/use-live-pages';

/**
 * How long typing pauses before the search runs: short, since a search is three limited queries and
 * an answer to older text is dropped (the bench's keystroke-to-results time includes this pause).
 */
export const SEARCH_DEBOUNCE_MS = 60;

export interface CardListing {
  /** The cards to show, in list order. */
  cards: Card[];
  loaded: boolean;
  /** More cards follow the loaded ones (browsing) or the search read its limit. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  search: string;
  setSearch: (text: string) => void;
  /** True while a search is typed but not answered yet. */
  searching: boolean;
  filter: CardListFilter;
  setFilter: (filter: CardListFilter) => void;
  error: string | null;
}

interface Found {
  key: string;
  cards: Card[];
  truncated: boolean;
}

const NO_CARDS: Card[] = [];

/** Search results come whole: there is no next page to read. */
function noNextPage(): void {}

const LOAD_FAILED = "Your cards couldn't be loaded. Please reload the page.";

export function useCardListing(accountId: string | null, teams: readonly Team[]): CardListing {
  const [search, setSearchText] = useState('');
  const [query, setQuery] = useState('');
  const [filter, setFilterState] = useState<CardListFilter>({});
  const [found, setFound] = useState<Found | null>(null);
  const [searchError, setSearchError] = useState<{ key: string; message: string } | null>(null);

  const browseKey = `${accountId ?? ''}|${filter.teamId ?? ''}|${filter.sync ?? ''}`;
  const searchKey = `${browseKey}|${query}`;

  // Browsing stays followed while a search shows, so clearing the search shows the list at once.
  const pages = useLivePages<Card>({
    key: accountId ? browseKey : null,
    pageSize: CARD_PAGE_SIZE,
    watchFirst: (next, error) => watchCardPage(accountId ?? '', filter, next, error),
    readAfter: (last) => readCardPage(accountId ?? '', filter, { name: last.name, id: last.id }),
    compare: compareListOrder,
    label: 'builder',
  });

  // Typing waits for a pause before it queries.
  useEffect(() => {
    const q = normaliseSearch(search);
    if (q === query) return;
    const timer = setTimeout(() => setQuery(q), q === '' ? 0 : SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, query]);

  const teamIdsFor = useCallback(
    (q: string) =>
      teams.filter((team) => normaliseSearch(team.name).startsWith(q)).map((team) => team.id),
    [teams],
  );

  useEffect(() => {
    if (!accountId || query === '') return;
    const key = searchKey;
    let live = true;
    searchCards(accountId, query, filter, teamIdsFor(query)).then(
      (result) => {
        if (live) setFound({ key, cards: result.cards, truncated: result.truncated });
      },
      (err: unknown) => {
        console.error('[builder] searching the cards failed', err);
        if (live) setSearchError({ key, message: "The search couldn't run. Please try again." });
      },
    );
    return () => {
      live = false;
    };
    // searchKey stands for accountId, filter and query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchKey, teamIdsFor]);

  const setSearch = useCallback((text: string) => setSearchText(text), []);
  const setFilter = useCallback((next: CardListFilter) => setFilterState(next), []);

  if (query !== '' || normaliseSearch(search) !== '') {
    // An answer to an older account, filter or search text is dropped, so a slow one never
    // overwrites a newer list.
    const answered = found?.key === searchKey && query !== '';
    return {
      cards: answered ? found.cards : NO_CARDS,
      loaded: answered,
      hasMore: answered && found.truncated,
      loadingMore: false,
      loadMore: noNextPage,
      search,
      setSearch,
      searching: !answered || normaliseSearch(search) !== query,
      filter,
      setFilter,
      error: searchError?.key === searchKey ? searchError.message : null,
    };
  }
  return {
    cards: pages.items ?? NO_CARDS,
    loaded: pages.items !== null,
    hasMore: pages.hasMore,
    loadingMore: pages.loadingMore,
    loadMore: pages.loadMore,
    search,
    setSearch,
    searching: false,
    filter,
    setFilter,
    error: pages.error === null ? null : LOAD_FAILED,
  };
}
