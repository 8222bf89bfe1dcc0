/**
 * Renders a billing screen with fresh auth, account and billing stores over the in-memory backend:
 * the account store follows the account live, as in the app, and leaving the app (checkout, the
 * portal) is recorded instead of performed.
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { setBackend } from '@/backend/current';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import type { MemoryBackend, MemoryBackendOptions } from '@/backend/memory/memory-backend';
import type { DocData } from '@/backend/port';
import { BillingStoreContext, createBillingStore } from '@/features/billing/billing-store';
import type { Plan, User } from '@/domain/model';
import { AccountStoreContext, createAccountStore } from '@/stores/account-store';
import { AuthStoreContext, createAuthStore } from '@/stores/auth-store';
import { createFakeAuth } from '../support/fake-auth';

export const UID = 'u-owner';
export const ACCOUNT_ID = 'acc-globex';
export const APP_ORIGIN = 'http://app.test';

export const FREE_AT_CAP: Plan = {
  type: 'free',
  isPaidAccount: false,
  cardLimit: 1,
  compCards: 0,
  cardsInUse: 1,
  trialEndDate: null,
};

function product(
  id: string,
  name: string,
  planType: string,
  limit: number,
  shown: boolean,
  active = true,
): DocData {
  return {
    active,
    name,
    description: `${name} description`,
    metadata: { cardLimit: String(limit), planType, showOnPricingTable: String(shown) },
    stripe_metadata_cardLimit: String(limit),
    stripe_metadata_planType: planType,
    stripe_metadata_showOnPricingTable: String(shown),
  };
}

function price(interval: 'month' | 'year', amount: number, extra: DocData = {}): DocData {
  return {
    active: true,
    currency: 'usd',
    unit_amount: amount,
    type: 'recurring',
    interval,
    recurring: { interval, interval_count: 1 },
    metadata: { showOnPricingTable: 'true' },
    ...extra,
  };
}

/** The demo catalogue: three products on the table (seeded out of order), one hidden, one inactive. */
export function seedCatalogue(db: MemoryBackend): void {
  db.seed(
    'products/prod_corporate',
    product('prod_corporate', 'Corporate', 'corporate', 100, true),
  );
  db.seed('products/prod_corporate/prices/price_corporate_monthly', price('month', 9900));
  db.seed('products/prod_corporate/prices/price_corporate_yearly', price('year', 99000));
  db.seed('products/prod_starter', product('prod_starter', 'Starter', 'starter', 3, true));
  db.seed('products/prod_starter/prices/price_starter_monthly', price('month', 900));
  db.seed('products/prod_starter/prices/price_starter_yearly', price('year', 9000));
  db.seed('products/prod_growth', product('prod_growth', 'Growth', 'growth', 10, true));
  // Growth's monthly price has a free trial (as the demo catalogue's does); the yearly one none.
  db.seed(
    'products/prod_growth/prices/price_growth_monthly',
    price('month', 2900, { trial_period_days: 14 }),
  );
  db.seed('products/prod_growth/prices/price_growth_yearly', price('year', 29000));
  db.seed(
    'products/prod_growth/prices/price_growth_hidden',
    price('month', 100, { metadata: { showOnPricingTable: 'false' } }),
  );
  db.seed('products/prod_legacy', product('prod_legacy', 'Legacy', 'growth', 5, false));
  db.seed('products/prod_legacy/prices/price_legacy_monthly', price('month', 1900));
  db.seed('products/prod_old', product('prod_old', 'Old', 'growth', 2, true, false));
}

export function seedAccount(db: MemoryBackend, plan: Plan): void {
  db.seed(`accounts/${ACCOUNT_ID}`, {
    id: ACCOUNT_ID,
    name: 'Globex',
    isActive: true,
    dateUpdated: new Date('2026-01-01T00:00:00Z'),
    directory: { slug: 'globex' },
    ownerId: UID,
    collaborators: [],
    plan: { ...plan },
  });
}

export const USER: User = {
  id: UID,
  source: 'password',
  email: 'owner@globex.example',
  displayName: 'Hank Scorpio',
  photoURL: '',
  acceptedTOC: new Date('2026-01-01T00:00:00Z'),
  dateCreated: new Date('2026-01-01T00:00:00Z'),
  isAccountOwner: true,
  accountId: ACCOUNT_ID,
};

export function renderBilling(
  ui: ReactNode,
  options: {
    plan?: Plan;
    backend?: MemoryBackendOptions;
    checkoutTimeoutMs?: number;
    /** Who is signed in: the account's owner by default; null for a signed-out visitor. */
    user?: User | null;
  } = {},
) {
  const user = options.user === undefined ? USER : options.user;
  const db = createMemoryBackend(options.backend ?? {});
  setBackend(db);
  seedCatalogue(db);
  seedAccount(db, options.plan ?? FREE_AT_CAP);
  db.seed(`users/${UID}`, { ...USER });
  if (user && user.id !== UID) db.seed(`users/${user.id}`, { ...user });

  const authStore = createAuthStore({ auth: createFakeAuth(), storage: null });
  authStore.setState(
    user ? { status: 'signed-in', user } : { status: 'signed-out', user: null, resolved: true },
  );
  const accountStore = createAccountStore({ storage: null });
  accountStore.getState().syncUser(user);
  const navigate = vi.fn<(url: string) => void>();
  const billingStore = createBillingStore({
    navigate,
    origin: () => APP_ORIGIN,
    checkoutTimeoutMs: options.checkoutTimeoutMs ?? 2000,
  });
  const view = render(
    <MemoryRouter>
      <AuthStoreContext.Provider value={authStore}>
        <AccountStoreContext.Provider value={accountStore}>
          <BillingStoreContext.Provider value={billingStore}>{ui}</BillingStoreContext.Provider>
        </AccountStoreContext.Provider>
      </AuthStoreContext.Provider>
    </MemoryRouter>,
  );
  return {
    ...view,
    db,
    navigate,
    billingStore,
    accountStore,
    stop() {
      accountStore.getState().reset();
    },
  };
}
