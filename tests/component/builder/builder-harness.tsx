/**
 * Renders the card builder the way the /builder route does, over the in-memory backend: a fresh
 * builder, account and auth store per test, a signed-in owner of the "acme" account, seeded cards,
 * teams and templates, and a stand-in preview that shows what it receives.
 */
import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setBackend } from '@/backend/current';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import type { MemoryBackend, MemoryBackendOptions } from '@/backend/memory/memory-backend';
import type { DocData } from '@/backend/port';
import type { Card, Plan, User } from '@/domain/model';
import { CardBuilder } from '@/features/builder/card-builder';
import { createBuilderStore } from '@/features/builder/builder-store';
import { preloadBuilderParts } from '@/features/builder/builder-parts';
import { AccountStoreContext, createAccountStore } from '@/stores/account-store';
import { AuthStoreContext, createAuthStore } from '@/stores/auth-store';
import { AppToaster } from '@/ui/toaster';
import { createFakeAuth } from '../support/fake-auth';

configure({ asyncUtilTimeout: 3000 });

// The editor's other tabs and the dialogs load on demand in the app (builder-parts.ts); here they
// are in before the first test, as they are in the app once the editor has been on screen.
await preloadBuilderParts();

export const HOSTS = {
  card: 'https://cards.test',
  signature: 'https://sig.test',
  link: 'https://go.test',
};

export const OWNER: User = {
  id: 'owner-1',
  source: 'password',
  email: 'owner@acme.test',
  displayName: 'Olive Owner',
  photoURL: '',
  acceptedTOC: new Date('2025-01-01T00:00:00Z'),
  dateCreated: new Date('2025-01-01T00:00:00Z'),
  isAccountOwner: true,
  accountId: 'acme',
  defaultTeam: 'acme-sales',
  teams: ['acme-sales'],
};

export const PAID_PLAN: Plan = {
  type: 'growth',
  isPaidAccount: true,
  cardLimit: 10,
  compCards: 0,
  cardsInUse: 2,
  trialEndDate: null,
};

export const FREE_PLAN: Plan = {
  type: 'free',
  isPaidAccount: false,
  cardLimit: 3,
  compCards: 0,
  cardsInUse: 2,
  trialEndDate: null,
};

export function cardDoc(
  id: string,
  fields: Partial<Card> & { handle: string; name: string },
): DocData {
  return {
    id,
    handleAllowIndex: true,
    title: '',
    company: 'Acme Co',
    email: '',
    accountId: 'acme',
    teamId: 'acme-sales',
    ownerId: OWNER.id,
    isArchived: false,
    contacts: [],
    appForm: { enabled: false, fields: { name: true, email: true } },
    template: { templateId: 'classic', accentColor: '#f5c542', buttonStyle: 'fill' },
    signatureBasic: { enabled: true },
    appShare: {},
    dateCreated: new Date('2025-01-01T00:00:00Z'),
    dateUpdated: new Date('2025-01-02T00:00:00Z'),
    ...fields,
  };
}

export function seedCard(
  db: MemoryBackend,
  id: string,
  fields: Partial<Card> & { handle: string; name: string },
) {
  db.seed(`cards/${id}`, cardDoc(id, fields));
  db.seed(`handles/${fields.handle}`, { cardId: id, accountId: fields.accountId ?? 'acme' });
}

export interface HarnessOptions {
  plan?: Plan;
  backend?: MemoryBackendOptions;
  teamLinks?: Card['contacts'];
  teamTemplate?: DocData | null;
  cards?: boolean;
  /** The card view the preview and the template thumbnails draw with (default: a plain stand-in). */
  renderPreview?: (card: Card) => ReactNode;
}

export function seedAcme(db: MemoryBackend, options: HarnessOptions = {}) {
  db.seed('accounts/acme', {
    id: 'acme',
    name: 'Acme Co',
    isActive: true,
    dateUpdated: new Date('2025-06-01T00:00:00Z'),
    directory: { slug: 'acme' },
    plan: { ...(options.plan ?? PAID_PLAN) },
    ownerId: OWNER.id,
  });
  db.seed('accounts/acme/teams/acme-sales', {
    name: 'Sales',
    isArchived: false,
    accountId: 'acme',
    bulkSync: { syncTeamLinks: true, syncBranding: true },
    links: options.teamLinks ?? [],
    template: options.teamTemplate ?? null,
    signatureBasic: null,
  });
  db.seed('templates/classic', {
    name: 'Classic',
    order: 1,
    isArchived: false,
    template: { accentColor: '#f5c542', buttonStyle: 'fill', avatarShape: 'circle' },
  });
  db.seed('templates/minimal', {
    name: 'Minimal',
    order: 2,
    isArchived: false,
    template: { accentColor: '#111827', buttonStyle: 'outline', avatarShape: 'square' },
  });
  db.seed('templates/retired', {
    name: 'Retired 2024',
    order: 0,
    isArchived: true,
    template: { accentColor: '#64748b' },
  });
  if (options.cards !== false) {
    seedCard(db, 'card-ada', {
      handle: 'ada-lovelace',
      name: 'Ada Lovelace',
      title: 'Head of Sales',
      contacts: [
        { id: 'l-phone', name: 'Phone', label: 'Mobile', value: '+1 555 0100' },
        { id: 'l-web', name: 'Website', label: 'Website', value: 'https://acme.example' },
      ],
    });
    seedCard(db, 'card-grace', { handle: 'grace-hopper', name: 'Grace Hopper', title: 'Engineer' });
  }
}

/** The stand-in preview: what the card view would be given. */
export function renderPreview(card: Card) {
  return (
    <div data-testid="preview">
      <p data-testid="preview-name">{card.name}</p>
      <p data-testid="preview-title">{card.title}</p>
      <ul>
        {card.contacts.map((link) => (
          <li key={link.id} data-testid="preview-link">
            {link.label || link.name}: {link.value}
          </li>
        ))}
      </ul>
      <p data-testid="preview-accent">{card.template.accentColor ?? ''}</p>
    </div>
  );
}

export function renderBuilder(options: HarnessOptions = {}) {
  const db = createMemoryBackend(options.backend ?? {});
  setBackend(db);
  seedAcme(db, options);
  const authStore = createAuthStore({ auth: createFakeAuth() });
  authStore.setState({ status: 'signed-in', user: OWNER });
  const accountStore = createAccountStore({ storage: null });
  accountStore.getState().syncUser(OWNER);
  const builderStore = createBuilderStore();
  // A data router, as the app uses: the builder blocks in-app navigation with unsaved changes.
  const router = createMemoryRouter(
    [
      {
        path: '/builder',
        element: (
          <CardBuilder
            renderPreview={options.renderPreview ?? renderPreview}
            hosts={HOSTS}
            store={builderStore}
          />
        ),
      },
      { path: '/settings/billing', element: <h1>Billing</h1> },
      { path: '/pricing', element: <h1>Pricing</h1> },
      { path: '/team/:teamId', element: <h1>Team</h1> },
    ],
    { initialEntries: ['/builder'] },
  );
  const view = render(
    <AuthStoreContext.Provider value={authStore}>
      <AccountStoreContext.Provider value={accountStore}>
        <RouterProvider router={router} />
        <AppToaster />
      </AccountStoreContext.Provider>
    </AuthStoreContext.Provider>,
  );
  return { ...view, db, authStore, accountStore, builderStore, router };
}
