/**
 * Renders the team workspace at `/team/{teamId}` over the in-memory backend with fresh stores,
 * signed in as a seeded user of a seeded account (Acme: teams Sales (default) and Support).
 */
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { connectStores } from '@/app/store-wiring';
import { setBackend } from '@/backend/current';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import type { MemoryBackend } from '@/backend/memory/memory-backend';
import type { DocData } from '@/backend/port';
import { TeamWorkspace } from '@/features/teams/team-workspace';
import { AccountStoreContext, createAccountStore } from '@/stores/account-store';
import { AuthStoreContext, createAuthStore } from '@/stores/auth-store';
import { AppToaster } from '@/ui/toaster';
import { createFakeAuth } from '../support/fake-auth';
import { runJobsOn } from '../support/job-runner';
import { countTeamsOn } from '../support/team-counter';

configure({ asyncUtilTimeout: 5000 });

export const OWNER = 'owner-1';

function team(name: string, extra: DocData = {}): DocData {
  return {
    name,
    isArchived: false,
    accountId: 'acme',
    bulkSync: { syncTeamLinks: true, syncBranding: true },
    links: [],
    template: null,
    signatureBasic: null,
    photoBg: '',
    photoLogo: '',
    photoBgStock: '',
    photoBgOverlay: '',
    photoBgPriority: '',
    photoBgGradient: '',
    photoBgAbstract: '',
    photoAvatarShape: '',
    photoSignatureLogo: '',
    ...extra,
  };
}

export function seedCard(db: MemoryBackend, id: string, fields: DocData = {}): void {
  db.seed(`cards/${id}`, {
    id,
    handle: id,
    handleAllowIndex: true,
    name: id,
    title: '',
    accountId: 'acme',
    teamId: 'sales',
    ownerId: OWNER,
    email: `${id}@acme.example`,
    isArchived: false,
    contacts: [],
    appForm: {},
    template: {},
    signatureBasic: {},
    appShare: {},
    ...fields,
  });
  db.seed(`handles/${String(fields.handle ?? id)}`, { cardId: id, accountId: 'acme' });
}

export function seedAcme(
  db: MemoryBackend,
  options: { plan?: DocData; isSuperAdmin?: boolean; sales?: DocData } = {},
): void {
  db.seed(`users/${OWNER}`, {
    id: OWNER,
    source: 'password',
    email: 'owner@acme.example',
    displayName: 'Olivia Owner',
    photoURL: '',
    acceptedTOC: new Date('2025-01-01T00:00:00Z'),
    dateCreated: new Date('2025-01-01T00:00:00Z'),
    isAccountOwner: true,
    affiliate: null,
    accountId: 'acme',
    defaultTeam: 'sales',
    teams: ['sales', 'support'],
    ...(options.isSuperAdmin ? { isSuperAdmin: true } : {}),
  });
  db.seed('accounts/acme', {
    id: 'acme',
    name: 'Acme Co',
    isActive: true,
    dateUpdated: new Date('2025-06-01T00:00:00Z'),
    directory: { slug: 'acme-co' },
    ownerId: OWNER,
    collaborators: [],
    plan: {
      type: 'growth',
      isPaidAccount: true,
      cardLimit: 10,
      compCards: 0,
      cardsInUse: 0,
      trialEndDate: null,
      ...options.plan,
    },
  });
  db.seed('accounts/acme/teams/sales', team('Sales', options.sales));
  db.seed('accounts/acme/teams/support', team('Support'));
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

export function renderTeam(
  path: string,
  options: { db?: MemoryBackend; seed?: boolean; countTeams?: boolean } = {},
) {
  const db = options.db ?? createMemoryBackend();
  if (options.seed !== false && !options.db) seedAcme(db);
  setBackend(db);
  const auth = createFakeAuth();
  auth.addUser({ uid: OWNER, email: 'owner@acme.example' }, 'Secret-pass1');
  const authStore = createAuthStore({
    auth,
    googleMode: 'local',
    getAffiliate: () => Promise.resolve(null),
  });
  const accountStore = createAccountStore({ storage: window.localStorage });
  const disconnect = connectStores(authStore, accountStore);
  const stopAuth = authStore.getState().start();
  auth.restore(OWNER);
  const stopJobs = runJobsOn(db);
  // The server's card-count trigger keeps the team counts; a test may count them itself instead.
  const stopCounts = options.countTeams === false ? () => {} : countTeamsOn(db);
  const router = createMemoryRouter(
    [
      { path: '/team/:teamId', element: <TeamWorkspace /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AuthStoreContext.Provider value={authStore}>
      <AccountStoreContext.Provider value={accountStore}>
        <RouterProvider router={router} />
        <AppToaster />
      </AccountStoreContext.Provider>
    </AuthStoreContext.Provider>,
  );
  return {
    ...view,
    db,
    router,
    authStore,
    accountStore,
    stop() {
      stopJobs();
      stopCounts();
      stopAuth();
      disconnect();
    },
  };
}
