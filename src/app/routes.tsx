/**
 * Every route of docs/product.md §2 (plus profile and the account list), composed from the features.
 * Pages load on demand so the first screen stays small; the root layout applies the routing rules.
 */
import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { NotFoundPage } from './not-found-page';
import { RootFallback, RootLayout } from './root-layout';
import { RouteError } from './route-error';

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    HydrateFallback: RootFallback,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        lazy: () =>
          import('../features/landing/landing-page').then((m) => ({ Component: m.LandingPage })),
      },
      {
        path: 'terms',
        lazy: () =>
          import('../features/legal/terms-page').then((m) => ({ Component: m.TermsPage })),
      },
      {
        path: 'privacy-policy',
        lazy: () =>
          import('../features/legal/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
      },
      {
        path: 'register',
        lazy: () =>
          import('../features/auth/sign-up-page').then((m) => ({ Component: m.SignUpPage })),
      },
      {
        path: 'sign-up',
        lazy: () =>
          import('../features/auth/sign-up-page').then((m) => ({ Component: m.SignUpPage })),
      },
      {
        path: 'register/step2',
        lazy: () =>
          import('../features/auth/account-setup-page').then((m) => ({
            Component: m.AccountSetupPage,
          })),
      },
      {
        path: 'sign-in',
        lazy: () =>
          import('../features/auth/sign-in-page').then((m) => ({ Component: m.SignInPage })),
      },
      {
        path: 'magiclink',
        lazy: () =>
          import('../features/auth/magic-link-page').then((m) => ({ Component: m.MagicLinkPage })),
      },
      {
        path: 'forgot-password',
        lazy: () =>
          import('../features/auth/forgot-password-page').then((m) => ({
            Component: m.ForgotPasswordPage,
          })),
      },
      {
        path: 'auth/action',
        lazy: () =>
          import('../features/auth/auth-action-page').then((m) => ({
            Component: m.AuthActionPage,
          })),
      },
      {
        path: 'builder',
        lazy: () => import('./builder-route').then((m) => ({ Component: m.BuilderRoute })),
      },
      {
        path: 'my-card',
        lazy: () => import('./my-card-route').then((m) => ({ Component: m.MyCardRoute })),
      },
      {
        path: 'team/:teamId',
        lazy: () => import('./team-route').then((m) => ({ Component: m.TeamRoute })),
      },
      {
        path: 'settings/billing',
        lazy: () =>
          import('../features/billing/billing-settings').then((m) => ({
            Component: m.BillingSettingsPage,
          })),
      },
      {
        path: 'pricing',
        lazy: () =>
          import('../features/billing/pricing-page').then((m) => ({ Component: m.PricingPage })),
      },
      {
        path: 'settings/profile',
        lazy: () =>
          import('../features/account/profile-page').then((m) => ({ Component: m.ProfilePage })),
      },
      {
        path: 'settings/people',
        lazy: () =>
          import('../features/people/people-page').then((m) => ({ Component: m.PeoplePage })),
      },
      {
        path: 'settings/account',
        lazy: () =>
          import('../features/account/account-settings-page').then((m) => ({
            Component: m.AccountSettingsPage,
          })),
      },
      {
        path: 'accounts',
        lazy: () =>
          import('../features/admin/accounts-page').then((m) => ({ Component: m.AccountsPage })),
      },
      { path: 'admin/accounts', element: <Navigate to="/accounts" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
