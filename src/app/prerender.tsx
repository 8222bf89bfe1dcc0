/**
 * The public pages rendered to static HTML at build time (`scripts/prerender.ts` loads this module
 * through Vite and writes `dist/<route>/index.html`). Each page is rendered inside the shell as a
 * signed-out visitor sees it, with its own title and meta description, so the first paint needs no
 * script: the landing and legal pages ship none (the app is loaded only for a returning, signed-in
 * visitor), sign-in and pricing ship the app, which takes over once it is ready.
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { create } from 'zustand';
import { LandingPage } from '../features/landing/landing-page';
import { PrivacyPage } from '../features/legal/privacy-page';
import { TermsPage } from '../features/legal/terms-page';
import { SignInPage } from '../features/auth/sign-in-page';
import { PricingPage } from '../features/billing/pricing-page';
import { AccountStoreContext, createAccountStore } from '../stores/account-store';
import { AuthStoreContext, authStoreCreator } from '../stores/auth-store';
import type { AuthStore } from '../stores/auth-store';
import { Shell } from './shell';

export { HELD_CLICKS, PRERENDERED_ATTRIBUTE } from './prerender-marker';

export interface PrerenderedPage {
  /** The route, such as `/` or `/sign-in`. */
  readonly path: string;
  readonly title: string;
  readonly description: string;
  /** The source module of the page, whose built chunk's CSS the page links. */
  readonly module: string;
  /** Whether the page needs the app's script to work (forms), or is plain reading with links. */
  readonly needsApp: boolean;
  readonly Component: ComponentType;
}

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  {
    path: '/',
    title: 'Cardbuilder — digital business cards',
    description:
      'Cardbuilder: digital business cards for you and your team. Share in one tap, save to contacts, stay on brand.',
    module: 'src/features/landing/landing-page.tsx',
    needsApp: false,
    Component: LandingPage,
  },
  {
    path: '/terms',
    title: 'Terms of service · Cardbuilder',
    description:
      'The terms of service of Cardbuilder: your account, your cards, plans and payment, and acceptable use.',
    module: 'src/features/legal/terms-page.tsx',
    needsApp: false,
    Component: TermsPage,
  },
  {
    path: '/privacy-policy',
    title: 'Privacy policy · Cardbuilder',
    description:
      'How Cardbuilder collects, uses and protects the personal data of card owners and the people who view their cards.',
    module: 'src/features/legal/privacy-page.tsx',
    needsApp: false,
    Component: PrivacyPage,
  },
  {
    path: '/pricing',
    title: 'Pricing · Cardbuilder',
    description:
      'Cardbuilder plans for individuals and teams, monthly or yearly: compare what each plan includes and start free.',
    module: 'src/features/billing/pricing-page.tsx',
    needsApp: true,
    Component: PricingPage,
  },
  {
    path: '/sign-in',
    title: 'Welcome back · Cardbuilder',
    description:
      'Sign in to Cardbuilder with Google, your e-mail and password, or a one-time e-mail link.',
    module: 'src/features/auth/sign-in-page.tsx',
    needsApp: true,
    Component: SignInPage,
  },
];

/** The markup of one page inside the shell, as a signed-out visitor sees it before any script. */
export function renderPage(page: PrerenderedPage): string {
  // A store whose initial state is signed out: server rendering reads a store's initial state.
  const authStore = create<AuthStore>()((set, get, api) => ({
    ...authStoreCreator()(set, get, api),
    status: 'signed-out',
    resolved: true,
  }));
  const accountStore = createAccountStore();
  const { Component } = page;
  return renderToString(
    <AuthStoreContext.Provider value={authStore}>
      <AccountStoreContext.Provider value={accountStore}>
        <MemoryRouter initialEntries={[page.path]}>
          <Shell>
            <Component />
          </Shell>
        </MemoryRouter>
      </AccountStoreContext.Provider>
    </AuthStoreContext.Provider>,
  );
}
