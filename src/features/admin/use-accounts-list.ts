/**
 * The super admin's account list: active accounts (or the deactivated ones), newest `dateUpdated`
 * first, a page at a time. The first page is followed live; "load more" reads the next page after
 * the last date shown, so the list never reads every account at once. Searching active accounts
 * asks the backend for names and slugs that start with the text and filters what is already
 * loaded; deactivated accounts, a short list, are searched among those loaded.
 */
import { useEffect, useMemo, useState } from 'react';
import { fetchActiveAccounts, followActiveAccounts, searchActiveAccounts } from '@/data/accounts';
import { fetchDeactivatedAccounts, followDeactivatedAccounts } from '@/data/admin-accounts';
import { authErrorMessage } from '@/domain/auth-errors';
import type { Account } from '@/domain/model';
import { slugify } from '@/domain/slug';
import { useLivePages } from '@/ui/use-live-pages';

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

const NO_ACCOUNTS: Account[] = [];

/** The list for `status`; pages of one status never mix with the other's. */
export function useAccountsList(
  enabled: boolean,
  search: string,
  status: AccountsListStatus = 'active',
): AccountsList {
  const active = status === 'active';
  const [found, setFound] = useState<{ text: string; accounts: Account[] } | null>(null);

  const pages = useLivePages<Account>({
    key: enabled ? status : null,
    pageSize: ACCOUNTS_PAGE_SIZE,
    watchFirst: (next, error) =>
      (active ? followActiveAccounts : followDeactivatedAccounts)(ACCOUNTS_PAGE_SIZE, next, error),
    readAfter: (last) =>
      (active ? fetchActiveAccounts : fetchDeactivatedAccounts)(
        ACCOUNTS_PAGE_SIZE,
        last.dateUpdated,
      ),
    compare: byNewest,
    label: 'accounts',
  });

  const loaded = useMemo(() => [...(pages.items ?? NO_ACCOUNTS)].sort(byNewest), [pages.items]);

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

  const error =
    pages.error === null
      ? null
      : authErrorMessage(pages.error as { code?: string; message?: string });
  return {
    accounts,
    loading: enabled && pages.items === null && error === null,
    error,
    hasMore: text === '' && pages.hasMore,
    loadingMore: pages.loadingMore,
    loadMore: pages.loadMore,
    searching: active && text !== '' && found?.text !== text,
  };
}
