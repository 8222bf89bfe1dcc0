/**
 * The account store: the account the app works in, its teams, the selected team and the feature
 * gates, recomputed whenever the account or the user changes. A super admin may switch into any
 * active account (`switchAccount`, remembered until sign-out); `subscribeAccountChanged` lets work
 * tied to the previous account (the builder's draft) reset.
 */
import { createContext, useContext } from 'react';
import { create, useStore } from 'zustand';
import type { StateCreator } from 'zustand';
import { createAccountWithTeam } from '../data/account-setup';
import { followAccount, getAccount, isSlugTaken } from '../data/accounts';
import { followTeams } from '../data/teams';
import { isPermissionDenied } from '../domain/access-errors';
import { authErrorMessage } from '../domain/auth-errors';
import { computeGates } from '../domain/gates';
import type { Gates } from '../domain/gates';
import type { Account, Team, User } from '../domain/model';
import { cardLimit } from '../domain/plan';
import { selectTeam } from '../domain/teams';

export type AccountStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'error';

export type CreateAccountResult =
  | { ok: true; accountId: string; teamId: string }
  | { ok: false; field?: 'name' | 'slug' | 'teamName'; message: string };

export interface AccountDeps {
  /** The internal account that may hide branding on any plan (docs/product.md §6); empty for none. */
  internalAccountId: string;
  /** The account's collaborator limit (docs/product.md §6 does not show the helper's rule). */
  collaboratorLimit: (account: Account | null) => number;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

export type AccountStore = {
  user: User | null;
  currentAccountId: string | null;
  account: Account | null;
  status: AccountStatus;
  /** The last failure to read the account, as a message to show. */
  error: string | null;
  teams: Team[];
  teamsLoaded: boolean;
  selectedTeamId: string | null;
  /** The selected team (docs/product.md §4): the chosen one when it is the account's, else the first. */
  selectedTeam: Team | null;
  gates: Gates;
  /**
   * Set when the user lost access to the account they were working in (the owner removed them,
   * they left, the server cleared their `accountId`): the shell then says so in place of the
   * pages, instead of leaving raw permission errors of dying listeners on screen.
   */
  lostAccess: { accountId: string; accountName: string } | null;
  /** Goes up by one each time the current account changes. */
  accountChangeCount: number;
  configure: (deps: Partial<AccountDeps>) => void;
  /** Follows the user's document changes: picks the account to work in, recomputes gates. */
  syncUser: (user: User | null) => void;
  /** Works in another account; only a super admin may pick one that is not their own. */
  switchAccount: (accountId: string) => boolean;
  selectTeam: (teamId: string | null) => void;
  /** The person has read the lost-access notice. */
  dismissLostAccess: () => void;
  /** Reads the current account once (the refresh flow). */
  refreshAccount: () => Promise<void>;
  /** Whether a directory slug is free (docs/product.md §7: account lookup by directory.slug). */
  isSlugAvailable: (slug: string) => Promise<boolean>;
  /** Creates the account, its first team, and links the user to both, in one batch. */
  createAccount: (input: {
    name: string;
    slug: string;
    teamName: string;
  }) => Promise<CreateAccountResult>;
  reset: () => void;
};

export const CURRENT_ACCOUNT_KEY = 'cardbuilder.currentAccountId';
/** What the access rules accept as a directory slug. */
const VALID_SLUG = /^[a-z0-9][a-z0-9_-]{1,99}$/;

export const SLUG_TAKEN_MESSAGE = 'This directory address is already taken. Please choose another.';

const CLOSED_GATES: Gates = computeGates({ account: null, user: null, collaboratorLimit: 0 });

function browserStorage(): AccountDeps['storage'] {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

function defaultDeps(): AccountDeps {
  return {
    internalAccountId: '',
    // Choice: an account may have as many collaborators as its plan has cards.
    collaboratorLimit: (account) => (account ? cardLimit(account.plan) : 0),
    storage: browserStorage(),
  };
}

export function accountStoreCreator(
  overrides: Partial<AccountDeps> = {},
): StateCreator<AccountStore> {
  return (set, get) => {
    let deps: AccountDeps = { ...defaultDeps(), ...overrides };
    let stopAccount: (() => void) | null = null;
    let stopTeams: (() => void) | null = null;

    function gatesFor(account: Account | null, user: User | null): Gates {
      return computeGates({
        account,
        user,
        collaboratorLimit: deps.collaboratorLimit(account),
        internalAccountId: deps.internalAccountId,
      });
    }

    function withSelection(teams: Team[], selectedTeamId: string | null, accountId: string | null) {
      const selectedTeam = selectTeam(teams, selectedTeamId, accountId);
      return { teams, selectedTeam, selectedTeamId: selectedTeam?.id ?? null };
    }

    /** The current account as read (null: it does not exist), with the gates it opens. */
    function show(account: Account | null) {
      set({
        account,
        status: account ? 'ready' : 'missing',
        error: null,
        gates: gatesFor(account, get().user),
      });
    }

    /** Stops following an account the user may no longer read, and remembers its name for the notice. */
    function loseAccess(accountId: string) {
      const accountName = get().account?.id === accountId ? (get().account?.name ?? '') : '';
      stop();
      set((state) => ({
        lostAccess: { accountId, accountName: accountName || state.lostAccess?.accountName || '' },
        currentAccountId: null,
        account: null,
        status: 'idle',
        error: null,
        teams: [],
        teamsLoaded: false,
        selectedTeamId: null,
        selectedTeam: null,
        gates: gatesFor(null, state.user),
        accountChangeCount: state.accountChangeCount + 1,
      }));
    }

    function stop() {
      stopAccount?.();
      stopTeams?.();
      stopAccount = null;
      stopTeams = null;
    }

    function follow(accountId: string | null) {
      if (get().currentAccountId === accountId) return;
      stop();
      const user = get().user;
      set((state) => ({
        currentAccountId: accountId,
        account: null,
        status: accountId ? 'loading' : 'idle',
        error: null,
        teams: [],
        teamsLoaded: false,
        selectedTeamId:
          accountId && accountId === user?.accountId ? (user.defaultTeam ?? null) : null,
        selectedTeam: null,
        gates: gatesFor(null, user),
        accountChangeCount: state.accountChangeCount + 1,
      }));
      if (!accountId) return;
      stopAccount = followAccount(
        accountId,
        (account) => {
          if (get().currentAccountId === accountId) show(account);
        },
        (err) => {
          if (get().currentAccountId !== accountId) return;
          // The rules refuse the account to someone who no longer has a role in it.
          if (isPermissionDenied(err) && !get().user?.isSuperAdmin) {
            loseAccess(accountId);
            return;
          }
          console.error('[account] following the account failed', err);
          set({ status: 'error', error: authErrorMessage(err) });
        },
      );
      stopTeams = followTeams(
        accountId,
        (teams) => {
          if (get().currentAccountId !== accountId) return;
          set({ ...withSelection(teams, get().selectedTeamId, accountId), teamsLoaded: true });
        },
        (err) => {
          console.error('[account] following the teams failed', err);
          set({ teamsLoaded: true });
        },
      );
    }

    const initial = {
      user: null,
      currentAccountId: null,
      account: null,
      status: 'idle' as AccountStatus,
      error: null,
      teams: [],
      teamsLoaded: false,
      selectedTeamId: null,
      selectedTeam: null,
      gates: CLOSED_GATES,
      lostAccess: null,
    };

    return {
      ...initial,
      accountChangeCount: 0,

      configure: (next) => {
        deps = { ...deps, ...next };
        set({ gates: gatesFor(get().account, get().user) });
      },

      syncUser: (user) => {
        if (!user) {
          get().reset();
          return;
        }
        const following = get().currentAccountId;
        const before = get().user;
        set({ user, gates: gatesFor(get().account, user) });
        // The server cleared the account from the user's document: they were removed from it.
        if (
          !user.isSuperAdmin &&
          before?.id === user.id &&
          following !== null &&
          following === before.accountId &&
          user.accountId !== following
        ) {
          loseAccess(following);
        }
        const chosen = user.isSuperAdmin ? deps.storage?.getItem(CURRENT_ACCOUNT_KEY) : null;
        follow(chosen || user.accountId || null);
      },

      switchAccount: (accountId) => {
        const user = get().user;
        if (!user) return false;
        if (accountId !== user.accountId && !user.isSuperAdmin) return false;
        if (user.isSuperAdmin) deps.storage?.setItem(CURRENT_ACCOUNT_KEY, accountId);
        follow(accountId);
        return true;
      },

      dismissLostAccess: () => set({ lostAccess: null }),

      selectTeam: (teamId) => {
        set(withSelection(get().teams, teamId, get().currentAccountId));
      },

      refreshAccount: async () => {
        const accountId = get().currentAccountId;
        if (!accountId) return;
        try {
          const account = await getAccount(accountId);
          if (get().currentAccountId === accountId) show(account);
        } catch (err) {
          console.error('[account] refreshing the account failed', err);
          set({ error: authErrorMessage(err as { code?: string; message?: string }) });
        }
      },

      isSlugAvailable: async (slug) => !(await isSlugTaken(slug)),

      createAccount: async ({ name, slug, teamName }) => {
        const user = get().user;
        if (!user) return { ok: false, message: 'Please sign in again to set up your account.' };
        const accountName = name.trim();
        if (!accountName)
          return { ok: false, field: 'name', message: 'Please enter your account name.' };
        // Loaded here, not with the store: the slug rules (and the slugify package's letter
        // table) are needed once per account, and the store is part of every page's first load.
        const { slugify } = await import('../domain/slug');
        const cleanSlug = slugify(slug);
        if (!VALID_SLUG.test(cleanSlug)) {
          return {
            ok: false,
            field: 'slug',
            message:
              'Please choose a directory address of 2 to 100 characters that starts with a letter or digit.',
          };
        }
        const firstTeam = teamName.trim() || accountName;
        try {
          if (await isSlugTaken(cleanSlug))
            return { ok: false, field: 'slug', message: SLUG_TAKEN_MESSAGE };
          const { accountId, teamId } = await createAccountWithTeam({
            name: accountName,
            slug: cleanSlug,
            teamName: firstTeam,
            ownerId: user.id,
          });
          return { ok: true, accountId, teamId };
        } catch (err) {
          console.error('[account] creating the account failed', err);
          return {
            ok: false,
            message: authErrorMessage(err as { code?: string; message?: string }),
          };
        }
      },

      reset: () => {
        stop();
        const changed = get().currentAccountId !== null;
        set((state) => ({
          ...initial,
          accountChangeCount: state.accountChangeCount + (changed ? 1 : 0),
        }));
      },
    };
  };
}

/** A fresh account store (tests build one per test). */
export function createAccountStore(deps: Partial<AccountDeps> = {}) {
  return create<AccountStore>()(accountStoreCreator(deps));
}

export const useAccountStore = create<AccountStore>()(accountStoreCreator());

export type AccountStoreApi = ReturnType<typeof createAccountStore>;

/**
 * The `accountChanged` signal: calls `listener` with the new account id each time the current account
 * changes (not at subscription). Returns the unsubscribe function.
 */
export function subscribeAccountChanged(
  listener: (accountId: string | null) => void,
  store: AccountStoreApi = useAccountStore,
): () => void {
  return store.subscribe((state, previous) => {
    if (state.accountChangeCount !== previous.accountChangeCount) listener(state.currentAccountId);
  });
}

/** Which account store the screens below use: the app's, or a test's fresh one. */
export const AccountStoreContext = createContext<AccountStoreApi>(useAccountStore);

/** Reads from the account store of the nearest `AccountStoreContext` (the app's by default). */
export function useAccount<T>(selector: (state: AccountStore) => T): T {
  return useStore(useContext(AccountStoreContext), selector);
}

export function useAccountStoreApi(): AccountStoreApi {
  return useContext(AccountStoreContext);
}
