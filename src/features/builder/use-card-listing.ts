/**
 * The builder's card list for an account of any size: the first page (by name) followed live, later
 * pages read on demand by cursor, and a search (name, handle or team, by prefix) that runs as a few
 * limited queries. Whatever the account's size, opening the builder reads one page of cards.
 *
 * Answers that arrive after the account, the filter or the search text changed are dropped, so a
 * slow page never overwrites a newer list.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Card, Team } from '@/domain/model';
import {
  CARD_PAGE_SIZE,
  cursorAfter,
  normaliseSearch,
  readCardPage,
  searchCards,
  watchCardPage,
  type CardListFilter,
} from '@/data/cards';

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

interface Page {
  key: string;
  cards: Card[];
}

const NO_MORE: { cards: Card[]; done: boolean } = { cards: [], done: false };
const NO_CARDS: Card[] = [];

/** True when `card` comes after `other` in the list's order (name, then id, as the index). */
function sortsAfter(card: Card, other: Card): boolean {
  if (card.name !== other.name) return card.name > other.name;
  return card.id > other.id;
}

const LOAD_FAILED = "Your cards couldn't be loaded. Please reload the page.";

export function useCardListing(accountId: string | null, teams: readonly Team[]): CardListing {
  const [search, setSearchText] = useState('');
  const [query, setQuery] = useState('');
  const [filter, setFilterState] = useState<CardListFilter>({});
  const [first, setFirst] = useState<Page | null>(null);
  const [more, setMore] = useState<Page & { done: boolean }>({ key: '', cards: [], done: false });
  const [found, setFound] = useState<(Page & { truncated: boolean }) | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<{ key: string; message: string } | null>(null);

  const browseKey = `${accountId ?? ''}|${filter.teamId ?? ''}|${filter.sync ?? ''}`;
  const searchKey = `${browseKey}|${query}`;
  const keyRef = useRef(browseKey);
  useEffect(() => {
    keyRef.current = query === '' ? browseKey : searchKey;
  }, [query, browseKey, searchKey]);

  // Typing waits for a pause before it queries.
  useEffect(() => {
    const q = normaliseSearch(search);
    if (q === query) return;
    const timer = setTimeout(() => setQuery(q), q === '' ? 0 : SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, query]);

  useEffect(() => {
    if (!accountId || query !== '') return;
    const key = browseKey;
    let previous: Card[] = [];
    return watchCardPage(
      accountId,
      filter,
      (cards) => {
        // A card added or renamed into the first page pushes its last card out: with later
        // pages loaded (which start after that card), keep it at their head, or it would vanish.
        const last = cards.at(-1);
        if (last && cards.length >= CARD_PAGE_SIZE) {
          const ids = new Set(cards.map((card) => card.id));
          const pushed = previous.filter((card) => !ids.has(card.id) && sortsAfter(card, last));
          if (pushed.length > 0) {
            setMore((prev) => {
              if (prev.key !== key || prev.cards.length === 0) return prev;
              const moved = new Set(pushed.map((card) => card.id));
              return { ...prev, cards: [...pushed, ...prev.cards.filter((c) => !moved.has(c.id))] };
            });
          }
        }
        previous = cards;
        setFirst({ key, cards });
      },
      (err) => {
        console.error('[builder] following the cards failed', err);
        setError({ key, message: LOAD_FAILED });
      },
    );
    // browseKey stands for accountId and filter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [browseKey, query]);

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
        if (live) setError({ key, message: "The search couldn't run. Please try again." });
      },
    );
    return () => {
      live = false;
    };
    // searchKey stands for accountId, filter and query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchKey, teamIdsFor]);

  const firstCards = first?.key === browseKey ? first.cards : null;
  const moreCards = more.key === browseKey ? more : NO_MORE;

  const browseCards = useMemo(() => {
    if (firstCards === null) return NO_CARDS;
    const seen = new Set(firstCards.map((card) => card.id));
    return [...firstCards, ...moreCards.cards.filter((card) => !seen.has(card.id))];
  }, [firstCards, moreCards.cards]);

  const loadMore = useCallback(() => {
    if (!accountId || query !== '' || loadingMore || firstCards === null) return;
    const after = cursorAfter(browseCards);
    if (!after) return;
    const key = browseKey;
    setLoadingMore(true);
    readCardPage(accountId, filter, after).then(
      (cards) => {
        setLoadingMore(false);
        if (keyRef.current !== key) return;
        setMore((prev) => ({
          key,
          cards: prev.key === key ? [...prev.cards, ...cards] : cards,
          done: cards.length < CARD_PAGE_SIZE,
        }));
      },
      (err: unknown) => {
        setLoadingMore(false);
        console.error('[builder] reading more cards failed', err);
        setError({ key, message: LOAD_FAILED });
      },
    );
  }, [accountId, query, loadingMore, firstCards, browseCards, browseKey, filter]);

  const setSearch = useCallback((text: string) => setSearchText(text), []);
  const setFilter = useCallback((next: CardListFilter) => setFilterState(next), []);

  if (query !== '' || normaliseSearch(search) !== '') {
    const answered = found?.key === searchKey && query !== '';
    return {
      cards: answered ? found.cards : NO_CARDS,
      loaded: answered,
      hasMore: answered && found.truncated,
      loadingMore: false,
      loadMore,
      search,
      setSearch,
      searching: !answered || normaliseSearch(search) !== query,
      filter,
      setFilter,
      error: error?.key === searchKey ? error.message : null,
    };
  }
  return {
    cards: browseCards,
    loaded: firstCards !== null,
    hasMore:
      firstCards !== null &&
      firstCards.length >= CARD_PAGE_SIZE &&
      !(moreCards.done && more.key === browseKey),
    loadingMore,
    loadMore,
    search,
    setSearch,
    searching: false,
    filter,
    setFilter,
    error: error?.key === browseKey ? error.message : null,
  };
}
