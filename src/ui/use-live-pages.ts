/**
 * A long list read a page at a time: the first page followed live, later pages read on demand after
 * the last item loaded, so a screen reads one page however long the list is. Pages belong to a key
 * (the account, filter or status the list is for): when it changes, the list starts over, and an
 * answer to an older key, or to an older following of the same key, is dropped.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

export interface LivePagesSource<T extends { id: string }> {
  /** What the list is of; null turns it off. Pages of one key never mix with another's. */
  key: string | null;
  /** Items per page: a first page shorter than this is the whole list. */
  pageSize: number;
  /** Follows the first page: calls `next` with it, then on every change; returns the unsubscribe. */
  watchFirst: (next: (items: T[]) => void, error: (err: unknown) => void) => () => void;
  /** Reads the page that follows `last`, in the list's order. */
  readAfter: (last: T) => Promise<T[]>;
  /**
   * The list's order. Given, an item that a live change pushes off the full first page stays in the
   * list, at the head of the later pages (which start after it), instead of vanishing.
   */
  compare?: (a: T, b: T) => number;
  /** Names the list in the console when a read fails. */
  label: string;
}

export interface LivePages<T> {
  /** The loaded items, first page first, each id once; null until the first page arrives. */
  items: T[] | null;
  /** The first page was full and the last page read was too, so more may follow. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /** Why the last read failed, until the next one succeeds; null when none did. */
  error: unknown;
}

/** One following of one key: a new effect run is a new session, even for the same key. */
type Session = object;

interface Pages<T> {
  key: string;
  session: Session;
  first: T[] | null;
  more: T[];
  /** The last page read was short: the list ends there. */
  done: boolean;
  loadingMore: boolean;
  error: unknown;
}

function startedPages<T>(key: string, session: Session): Pages<T> {
  return { key, session, first: null, more: [], done: false, loadingMore: false, error: null };
}

function withoutRepeats<T extends { id: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

/** The pages after a new first page: items it pushed past its last one move to the later pages. */
function withFirstPage<T extends { id: string }>(
  pages: Pages<T>,
  first: T[],
  pageSize: number,
  compare: ((a: T, b: T) => number) | undefined,
): Pages<T> {
  const last = first.at(-1);
  let more = pages.more;
  if (compare && last && first.length >= pageSize && pages.first && more.length > 0) {
    const ids = new Set(first.map((item) => item.id));
    const pushed = pages.first.filter((item) => !ids.has(item.id) && compare(item, last) > 0);
    if (pushed.length > 0) more = withoutRepeats([...pushed, ...more]);
  }
  return { ...pages, first, more, error: null };
}

const NO_ITEMS: never[] = [];

export function useLivePages<T extends { id: string }>(source: LivePagesSource<T>): LivePages<T> {
  const { key, pageSize } = source;
  const [pages, setPages] = useState<Pages<T> | null>(null);
  // The query functions are new closures each render; the key says when they ask something new.
  const latest = useRef(source);
  useEffect(() => {
    latest.current = source;
  });
  // The session whose page is being read, so a second call while it reads does not read it twice.
  const reading = useRef<Session | null>(null);

  useEffect(() => {
    if (key === null) return;
    const session: Session = {};
    const { watchFirst, label } = latest.current;
    const same = (prev: Pages<T> | null): prev is Pages<T> => prev?.session === session;
    return watchFirst(
      (first) =>
        setPages((prev) =>
          withFirstPage(
            same(prev) ? prev : startedPages(key, session),
            first,
            latest.current.pageSize,
            latest.current.compare,
          ),
        ),
      (err) => {
        console.error(`[${label}] following the first page failed`, err);
        setPages((prev) => ({
          ...(same(prev) ? prev : startedPages<T>(key, session)),
          error: err,
        }));
      },
    );
  }, [key]);

  const current = pages !== null && pages.key === key ? pages : null;
  const first = current?.first ?? null;
  const more = current?.more ?? NO_ITEMS;
  const items = useMemo(
    () => (first === null ? null : withoutRepeats([...first, ...more])),
    [first, more],
  );
  const hasMore = first !== null && first.length >= pageSize && !current?.done;

  const loadMore = useCallback(() => {
    const last = items?.at(-1);
    if (!current || !last || !hasMore || reading.current === current.session) return;
    const { session } = current;
    const { readAfter, label } = latest.current;
    reading.current = session;
    const answered = (change: (prev: Pages<T>) => Pages<T>) => {
      if (reading.current === session) reading.current = null;
      setPages((prev) => (prev?.session === session ? change(prev) : prev));
    };
    setPages((prev) => (prev?.session === session ? { ...prev, loadingMore: true } : prev));
    readAfter(last).then(
      (page) =>
        answered((prev) => ({
          ...prev,
          more: [...prev.more, ...page],
          done: page.length < latest.current.pageSize,
          loadingMore: false,
          error: null,
        })),
      (err: unknown) => {
        console.error(`[${label}] reading more failed`, err);
        answered((prev) => ({ ...prev, loadingMore: false, error: err }));
      },
    );
  }, [current, items, hasMore]);

  return {
    items,
    hasMore,
    loadingMore: current?.loadingMore ?? false,
    loadMore,
    error: current?.error ?? null,
  };
}
