/**
 * The super admin's account list: active accounts (or the deactivated ones), newest `dateUpdated`
 * first, a page at a time. The first page is followed live; "load more" reads the next page after
 * the last date shown, so the list never reads every account at once. Searching active accounts
 * asks the backend for names and slugs that start with the text and filters what is already
 * loaded; deactivated accounts, a short list, are searched among those loaded.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { fetchActiveAccounts, followActiveAccounts, searchActiveAccounts } from '@/data/accounts';
import { fetchDeactivatedAccounts, followDeactivatedAccounts } from '@/data/admin-accounts';
import { authErrorMessage } from '@/domain/auth-errors';
import type { Account } from '@/domain/model';
import { slugify } from '@/domain/slug';

export const ACCOUNTS_PAGE_SIZE = 20;

function time(account: Account): number {
  const value = account.dateUpdated as unknown;
  return value instanceof Date ? value.getTime() : 0;
}

function byNewest(a: Account, b: Account): number {
  return time(b) - time(a);
}

function unique(accounts: Account[]): Account[] {
  const seen = new Set<string>();
  return accounts.filter((a) => (seen.has(a.id) ? false : (seen.add(a.id), true)));
}

function matches(account: Account, text: string): boolean {
  const needle = text.toLowerCase();
  const slugNeedle = slugify(text);
  return (
    String(account.name ?? '')
      .toLowerCase()
      .includes(needle) ||
    (slugNeedle !== '' && String(account.directory?.slug ?? '').includes(slugNeedle))
  );
}

export interface AccountsList {
  accounts: Account[];
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  searching: boolean;
}

export type AccountsListStatus = 'active' | 'deactivated';

/**
 * The list for `status`. A caller that switches status should remount (a React `key`), so that
 * pages of one list never mix with the other's.
 */
export function useAccountsList(
  enabled: boolean,
  search: string,
  status: AccountsListStatus = 'active',
): AccountsList {
  const active = status === 'active';
  const [firstPage, setFirstPage] = useState<Account[] | null>(null);
  const [morePages, setMorePages] = useState<Account[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<{ text: string; accounts: Account[] } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const follow = active ? followActiveAccounts : followDeactivatedAccounts;
    return follow(
      ACCOUNTS_PAGE_SIZE,
      (accounts) => {
        setFirstPage(accounts);
        setHasMore((more) => more || accounts.length === ACCOUNTS_PAGE_SIZE);
        setError(null);
      },
      (err) => {
        console.error('[accounts] following the account list failed', err);
        setError(authErrorMessage(err));
      },
    );
  }, [enabled, active]);

  const loaded = useMemo(
    () => unique([...(firstPage ?? []), ...morePages]).sort(byNewest),
    [firstPage, morePages],
  );

  const loadMore = useCallback(() => {
    const last = loaded[loaded.length - 1];
    if (!last || loadingMore) return;
    setLoadingMore(true);
    const fetchPage = active ? fetchActiveAccounts : fetchDeactivatedAccounts;
    fetchPage(ACCOUNTS_PAGE_SIZE, last.dateUpdated)
      .then((page) => {
        setMorePages((pages) => [...pages, ...page]);
        setHasMore(page.length === ACCOUNTS_PAGE_SIZE);
      })
      .catch((err: unknown) => {
        console.error('[accounts] loading more accounts failed', err);
        setError(authErrorMessage(err as { message?: string }));
      })
      .finally(() => setLoadingMore(false));
  }, [loaded, loadingMore, active]);

  const text = search.trim();
  useEffect(() => {
    if (!enabled || text === '' || !active) return;
    let current = true;
    const timer = window.setTimeout(() => {
      searchActiveAccounts(text, slugify(text), ACCOUNTS_PAGE_SIZE)
        .then((accounts) => current && setFound({ text, accounts }))
        .catch((err: unknown) => console.warn('[accounts] search failed', err));
    }, 300);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [enabled, text, active]);

  const accounts = useMemo(() => {
    if (text === '') return loaded;
    const local = loaded.filter((a) => matches(a, text));
    const remote = found?.text === text ? found.accounts : [];
    return unique([...local, ...remote]).sort(byNewest);
  }, [loaded, found, text]);

  return {
    accounts,
    loading: enabled && firstPage === null && error === null,
    error,
    hasMore: text === '' && hasMore,
    loadingMore,
    loadMore,
    searching: active && text !== '' && found?.text !== text,
  };
}
