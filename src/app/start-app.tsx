/**
 * The last step of start-up (`src/main.ts` runs the steps before it): wire the stores to their
 * environment, load the configured third-party scripts, and render once the backend's driver is in.
 */
import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app';
import { PRERENDERED_ATTRIBUTE } from './prerender-marker';
import { nextTask } from './next-task';
import { replayHeldClicks, restoreTyped, watchTyped } from './prerender-takeover';
import { appRoutes } from './routes';
import type { AppConfig } from './config';
import { forgetVia, readAffiliate } from './referral';
import { connectStores } from './store-wiring';
import { loadThirdPartyScripts, trackSignUp } from './third-party-scripts';
import * as authService from '../backend/auth';
import { useAccountStore } from '../stores/account-store';
import { useAuthStore } from '../stores/auth-store';
// Last, as it always was: the theme's rules (`:focus-visible` among them) win over the components'
// of the same weight.
import '../ui/theme.css';

/**
 * Configures the stores and renders the app into `#root`; the stores start once `backend` (the
 * driver's installation, begun by the steps before) is done.
 */
export async function startApp(config: AppConfig, backend: Promise<void>): Promise<void> {
  configureStores(config);
  await render(config, backend);
}

function configureStores(config: AppConfig): void {
  useAuthStore.getState().configure({
    auth: authService,
    productTeamEmail: config.productTeamEmail,
    googleMode: config.authEmulatorUrl ? 'local' : 'popup',
    getAffiliate: () => readAffiliate({ scriptEnabled: config.scripts.referralScriptSrc !== '' }),
    onSignUp: (info) => {
      // The new user's document holds the affiliate now: a later sign-up in this browser is not theirs.
      forgetVia();
      trackSignUp(config.scripts, info);
    },
  });
  useAccountStore.getState().configure({ internalAccountId: config.internalAccountId });
  connectStores(useAuthStore, useAccountStore);
  loadThirdPartyScripts(config.scripts);
  warmCollationOnSignIn();
}

/**
 * The first comparison of names (`localeCompare`, the lists' order) builds the browser's collation
 * tables: 70 ms and more on a slow phone. Once someone is known to be signed in, they are built
 * while the first lists are still on their way, not in the task that shows them.
 */
function warmCollationOnSignIn(): void {
  const stop = useAuthStore.subscribe((state) => {
    if (!state.authUser) return;
    stop();
    const whenIdle =
      'requestIdleCallback' in window
        ? (run: () => void) => window.requestIdleCallback(run)
        : (run: () => void) => window.setTimeout(run, 0);
    whenIdle(() => 'a'.localeCompare('b'));
  });
}

/** Resolves once `ready` holds for the store's state (checked now and on every change). */
function whenReady<T>(
  store: { getState(): T; subscribe(listener: (state: T) => void): () => void },
  ready: (state: T) => boolean,
): Promise<void> {
  return new Promise((resolve) => {
    if (ready(store.getState())) return resolve();
    const stop = store.subscribe((state) => {
      if (!ready(state)) return;
      stop();
      resolve();
    });
  });
}

/** Calls `onCommit` once its render is on the page (before the browser paints it). */
function Committed({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(onCommit, [onCommit]);
  return null;
}

/**
 * Renders `app` as a transition, which React works on in slices of a few milliseconds: rendered
 * at once, the first screen was one task of 200 ms and more on a slow phone, during which the page
 * took no input. Resolves once it is committed.
 */
function renderInSlices(root: Root, app: ReactNode): Promise<void> {
  return new Promise((resolve) => {
    startTransition(() =>
      root.render(
        <>
          {app}
          <Committed onCommit={resolve} />
        </>,
      ),
    );
  });
}

async function render(config: AppConfig, backend: Promise<void>): Promise<void> {
  // The router starts loading the page's code at once, while the backend's driver may still be
  // loading: on a slow link the two downloads overlap instead of following each other.
  const router = createBrowserRouter(appRoutes);
  await backend;
  await nextTask();
  useAuthStore.getState().start();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  // A pre-rendered page (scripts/prerender.ts) is already on screen: the app takes over only once
  // its route's code is loaded and the sign-in state is known, so the page never blanks or flashes
  // a loader in between.
  const prerendered = container.hasAttribute(PRERENDERED_ATTRIBUTE);
  if (prerendered) {
    await Promise.all([
      whenReady({ getState: () => router.state, subscribe: (l) => router.subscribe(l) }, (s) =>
        Boolean(s.initialized),
      ),
      whenReady(useAuthStore, (state) => state.resolved),
    ]);
  }
  // The static page stays on screen, and takes typing, until the app's first commit replaces it.
  const typed = prerendered ? watchTyped(container) : null;
  await renderInSlices(
    createRoot(container),
    <StrictMode>
      <App release={config.release} router={router} />
    </StrictMode>,
  );
  container.removeAttribute(PRERENDERED_ATTRIBUTE);
  if (typed) {
    // Right after the commit, before the browser paints: the fields never show empty.
    const state = typed();
    restoreTyped(container, state);
    replayHeldClicks(container);
    restoreTyped(container, state, true);
  }
}
