/**
 * The app: the router over every route, the stores the screens read, and the toaster. Tests render
 * it with fresh stores and a memory router.
 */
import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import type { createMemoryRouter } from 'react-router-dom';
import { AccountStoreContext, useAccountStore } from '../stores/account-store';
import type { AccountStoreApi } from '../stores/account-store';
import { AuthStoreContext, useAuthStore } from '../stores/auth-store';
import type { AuthStoreApi } from '../stores/auth-store';
import { AppToaster } from '../ui/toaster';
import { ReleaseBanner } from './release-banner';
import { appRoutes } from './routes';

type Router = ReturnType<typeof createBrowserRouter> | ReturnType<typeof createMemoryRouter>;

export interface AppProps {
  /** The running release (for the update banner). */
  release: string;
  router?: Router;
  authStore?: AuthStoreApi;
  accountStore?: AccountStoreApi;
}

export function App(props: AppProps) {
  const [router] = useState<Router>(() => props.router ?? createBrowserRouter(appRoutes));
  return (
    <AuthStoreContext.Provider value={props.authStore ?? useAuthStore}>
      <AccountStoreContext.Provider value={props.accountStore ?? useAccountStore}>
        <RouterProvider router={router} />
        <ReleaseBanner running={props.release} />
        <AppToaster />
      </AccountStoreContext.Provider>
    </AuthStoreContext.Provider>
  );
}
