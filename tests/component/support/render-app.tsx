/**
 * Renders the whole app (every route, the shell, the stores) in a memory router over the in-memory
 * backend and a fake sign-in service, as a person would meet it at `path`.
 */
import { configure, render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '@/app/app';
import { appRoutes } from '@/app/routes';
import { connectStores } from '@/app/store-wiring';
import { setBackend } from '@/backend/current';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import type { MemoryBackend, MemoryBackendOptions } from '@/backend/memory/memory-backend';
import { createAccountStore } from '@/stores/account-store';
import { createAuthStore } from '@/stores/auth-store';
import type { AuthDeps } from '@/stores/auth-store';
import { createFakeAuth } from './fake-auth';
import type { FakeAuth } from './fake-auth';

export const PRODUCT_TEAM = 'team@cardbuilder.test';

// Routes load their code on first visit; the first import of a page can take a while under jsdom.
configure({ asyncUtilTimeout: 5000 });

export interface RenderAppOptions {
  auth?: FakeAuth;
  db?: MemoryBackend;
  backendOptions?: MemoryBackendOptions;
  authDeps?: Partial<AuthDeps>;
  release?: string;
}

export function renderApp(path: string, options: RenderAppOptions = {}) {
  const auth = options.auth ?? createFakeAuth();
  const db = options.db ?? createMemoryBackend(options.backendOptions ?? {});
  setBackend(db);
  const authStore = createAuthStore({
    auth,
    productTeamEmail: PRODUCT_TEAM,
    googleMode: 'local',
    getAffiliate: () => Promise.resolve(null),
    ...options.authDeps,
  });
  const accountStore = createAccountStore({ storage: window.localStorage });
  const disconnect = connectStores(authStore, accountStore);
  const stopAuth = authStore.getState().start();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <App
      release={options.release ?? '1.0.0'}
      router={router}
      authStore={authStore}
      accountStore={accountStore}
    />,
  );
  return {
    ...view,
    auth,
    db,
    authStore,
    accountStore,
    router,
    stop() {
      stopAuth();
      disconnect();
    },
  };
}

/** A user document and, when `accountId` is given, its account and first team. */
export function seedUser(
  db: MemoryBackend,
  user: { uid: string; email: string; accountId?: string; isSuperAdmin?: boolean; name?: string },
): void {
  db.seed(`users/${user.uid}`, {
    id: user.uid,
    source: 'password',
    email: user.email,
    displayName: user.name ?? 'Test Person',
    photoURL: '',
    acceptedTOC: new Date('2025-01-01T00:00:00Z'),
    dateCreated: new Date('2025-01-01T00:00:00Z'),
    isAccountOwner: true,
    affiliate: null,
    ...(user.accountId
      ? {
          accountId: user.accountId,
          defaultTeam: `${user.accountId}-team`,
          teams: [`${user.accountId}-team`],
        }
      : {}),
    ...(user.isSuperAdmin ? { isSuperAdmin: true } : {}),
  });
}

export function seedAccount(
  db: MemoryBackend,
  account: {
    id: string;
    name: string;
    slug: string;
    ownerId: string;
    isActive?: boolean;
    dateUpdated?: Date;
  },
): void {
  db.seed(`accounts/${account.id}`, {
    id: account.id,
    name: account.name,
    isActive: account.isActive ?? true,
    dateUpdated: account.dateUpdated ?? new Date('2025-06-01T00:00:00Z'),
    directory: { slug: account.slug },
    plan: {
      type: 'free',
      isPaidAccount: false,
      cardLimit: 1,
      compCards: 0,
      cardsInUse: 0,
      trialEndDate: null,
    },
    ownerId: account.ownerId,
  });
  db.seed(`slugs/${account.slug}`, { accountId: account.id });
  db.seed(`accounts/${account.id}/teams/${account.id}-team`, {
    name: `${account.name} team`,
    isArchived: false,
    accountId: account.id,
    bulkSync: { syncTeamLinks: true, syncBranding: true },
    links: [],
    template: null,
    signatureBasic: null,
  });
}
