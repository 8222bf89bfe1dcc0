/**
 * The paged list the builder, the team page and the accounts page share: a live first page, later
 * pages read after the last item, and nothing of an older key ever shown under a newer one.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLivePages, type LivePagesSource } from '@/ui/use-live-pages';

interface Item {
  id: string;
  rank: number;
}

const PAGE = 3;

function item(rank: number, id = `i${rank}`): Item {
  return { id, rank };
}

function ranks(from: number, count: number): Item[] {
  return Array.from({ length: count }, (_, i) => item(from + i));
}

/** A backend the test drives: each key's watchers and each page read, answered by hand. */
function fakeSource() {
  const watchers: {
    key: string;
    next: (items: Item[]) => void;
    error: (err: unknown) => void;
    closed: boolean;
  }[] = [];
  const reads: {
    key: string;
    after: Item;
    answer: (items: Item[]) => void;
    fail: (err: unknown) => void;
  }[] = [];
  function sourceFor(key: string | null): LivePagesSource<Item> {
    return {
      key,
      pageSize: PAGE,
      label: 'test',
      compare: (a, b) => a.rank - b.rank,
      watchFirst: (next, error) => {
        const watcher = { key: key ?? '', next, error, closed: false };
        watchers.push(watcher);
        return () => {
          watcher.closed = true;
        };
      },
      readAfter: (after) =>
        new Promise<Item[]>((answer, fail) => reads.push({ key: key ?? '', after, answer, fail })),
    };
  }
  /** The open watcher of `key` (the latest one). */
  function watcher(key: string) {
    const open = watchers.filter((w) => w.key === key && !w.closed);
    const last = open.at(-1);
    if (!last) throw new Error(`no open watcher for ${key}`);
    return last;
  }
  return { watchers, reads, sourceFor, watcher };
}

function renderPages(key: string | null = 'a') {
  const backend = fakeSource();
  const view = renderHook(
    (props: { key: string | null }) => useLivePages(backend.sourceFor(props.key)),
    {
      initialProps: { key },
    },
  );
  return { ...backend, ...view };
}

afterEach(() => vi.restoreAllMocks());

describe('useLivePages', () => {
  it('shows nothing until the first page arrives, then follows it live', () => {
    const { result, watcher } = renderPages();
    expect(result.current.items).toBeNull();
    act(() => watcher('a').next(ranks(1, 2)));
    expect(result.current.items).toEqual(ranks(1, 2));
    act(() => watcher('a').next([item(0), ...ranks(1, 2)]));
    expect(result.current.items?.map((i) => i.id)).toEqual(['i0', 'i1', 'i2']);
  });

  it('offers more only after a full first page, and reads it after the last item', async () => {
    const { result, watcher, reads } = renderPages();
    act(() => watcher('a').next(ranks(1, 2)));
    expect(result.current.hasMore).toBe(false);
    act(() => watcher('a').next(ranks(1, 3)));
    expect(result.current.hasMore).toBe(true);

    act(() => result.current.loadMore());
    expect(result.current.loadingMore).toBe(true);
    expect(reads.map((r) => r.after.id)).toEqual(['i3']);
    await act(async () => reads[0]!.answer(ranks(4, 3)));
    expect(result.current.loadingMore).toBe(false);
    expect(result.current.items?.map((i) => i.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(result.current.hasMore).toBe(true);

    act(() => result.current.loadMore());
    expect(reads.map((r) => r.after.id)).toEqual(['i3', 'i6']);
    await act(async () => reads[1]!.answer([item(7)]));
    expect(result.current.items?.map((i) => i.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(result.current.hasMore).toBe(false);
  });

  it('reads a page once however often more is asked for while it loads', () => {
    const { result, watcher, reads } = renderPages();
    act(() => watcher('a').next(ranks(1, 3)));
    act(() => {
      result.current.loadMore();
      result.current.loadMore();
    });
    act(() => result.current.loadMore());
    expect(reads).toHaveLength(1);
  });

  it('drops a page that arrives after the key changed', async () => {
    const { result, watcher, reads, rerender } = renderPages();
    act(() => watcher('a').next(ranks(1, 3)));
    act(() => result.current.loadMore());
    rerender({ key: 'b' });
    act(() => watcher('b').next([item(10, 'b1')]));
    await act(async () => reads[0]!.answer(ranks(4, 3)));
    expect(result.current.items?.map((i) => i.id)).toEqual(['b1']);
    expect(result.current.loadingMore).toBe(false);
  });

  it('drops a page asked for under an earlier visit of the same key', async () => {
    const { result, watcher, reads, rerender } = renderPages();
    act(() => watcher('a').next(ranks(1, 3)));
    act(() => result.current.loadMore());
    rerender({ key: 'b' });
    rerender({ key: 'a' });
    act(() => watcher('a').next(ranks(1, 3)));
    await act(async () => reads[0]!.answer(ranks(4, 3)));
    expect(result.current.items?.map((i) => i.rank)).toEqual([1, 2, 3]);
  });

  it('starts over when the key changes: the old list goes, its watch closes', async () => {
    const { result, watcher, watchers, reads, rerender } = renderPages();
    act(() => watcher('a').next(ranks(1, 3)));
    act(() => result.current.loadMore());
    await act(async () => reads[0]!.answer(ranks(4, 3)));
    rerender({ key: 'b' });
    expect(result.current.items).toBeNull();
    expect(result.current.hasMore).toBe(false);
    expect(watchers.filter((w) => w.key === 'a').every((w) => w.closed)).toBe(true);
    act(() => watcher('b').next([item(20, 'b20')]));
    expect(result.current.items?.map((i) => i.id)).toEqual(['b20']);
  });

  it('follows nothing while the key is null', () => {
    const { result, watchers } = renderPages(null);
    expect(watchers).toHaveLength(0);
    expect(result.current.items).toBeNull();
    act(() => result.current.loadMore());
    expect(result.current.loadingMore).toBe(false);
  });

  it('shows each item once when a later page repeats one already loaded', async () => {
    const { result, watcher, reads } = renderPages();
    act(() => watcher('a').next(ranks(1, 3)));
    act(() => result.current.loadMore());
    // i3 was renamed into the next page while it was read.
    await act(async () => reads[0]!.answer([item(3), item(4), item(4)]));
    expect(result.current.items?.map((i) => i.id)).toEqual(['i1', 'i2', 'i3', 'i4']);
  });

  it('keeps an item that a live change pushes off the first page once later pages are loaded', async () => {
    const { result, watcher, reads } = renderPages();
    act(() => watcher('a').next(ranks(1, 3)));
    act(() => result.current.loadMore());
    await act(async () => reads[0]!.answer(ranks(4, 3)));
    // A new item sorts first: i3 leaves the live first page but the loaded pages start after it.
    act(() => watcher('a').next([item(0), item(1), item(2)]));
    expect(result.current.items?.map((i) => i.rank)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('says why the first page failed, and forgets it once a page arrives', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result, watcher } = renderPages();
    const failure = new Error('permission-denied');
    act(() => watcher('a').error(failure));
    expect(result.current.error).toBe(failure);
    expect(result.current.items).toBeNull();
    act(() => watcher('a').next(ranks(1, 2)));
    expect(result.current.error).toBeNull();
  });

  it('says why more could not be read, keeps what it shows, and lets the reader try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result, watcher, reads } = renderPages();
    act(() => watcher('a').next(ranks(1, 3)));
    act(() => result.current.loadMore());
    const failure = new Error('unavailable');
    await act(async () => reads[0]!.fail(failure));
    expect(result.current.error).toBe(failure);
    expect(result.current.loadingMore).toBe(false);
    expect(result.current.items?.map((i) => i.rank)).toEqual([1, 2, 3]);
    act(() => result.current.loadMore());
    await act(async () => reads[1]!.answer(ranks(4, 1)));
    expect(result.current.error).toBeNull();
    expect(result.current.items?.map((i) => i.rank)).toEqual([1, 2, 3, 4]);
  });

  it('does not carry an error of one key over to the next', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result, watcher, rerender } = renderPages();
    act(() => watcher('a').error(new Error('permission-denied')));
    rerender({ key: 'b' });
    expect(result.current.error).toBeNull();
  });
});
