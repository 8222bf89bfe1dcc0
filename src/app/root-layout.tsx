/**
 * The root of every route: applies the routing rules of docs/product.md §2 (`routeRedirect`) once the sign-in
 * state is known, drives the route-change progress bar, and renders the shell around the page.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigation, useOutlet } from 'react-router-dom';
import { routeRedirect } from '../domain/routing';
import { useAuth } from '../stores/auth-store';
import { PageLoader } from '../ui/page';
import { pendingInviteParam } from '../data/invites';
import { useInviteForMember } from '../features/auth/invite';
import { doneProgress, startProgress } from '../ui/progress-bar';
import { FIRST_PAINT_HTML } from './first-paint';
import { referralParam } from './referral';
import { Shell } from './shell';

/** Shows the progress bar while a route loads, and briefly on every change of route. */
function useRouteProgress(): void {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state !== 'idle';

  useEffect(() => {
    if (!busy) return;
    startProgress();
    return () => doneProgress();
  }, [busy]);

  useEffect(() => {
    startProgress();
    const timer = window.setTimeout(doneProgress, 180);
    return () => {
      window.clearTimeout(timer);
      doneProgress();
    };
  }, [location.pathname]);
}

export function RootLayout() {
  useRouteProgress();
  const location = useLocation();
  const { pathname } = location;
  // An invitation or a referral link may be opened on any route (a signed-in person without an
  // account is redirected to account setup at once), so they are remembered here, before any
  // redirect.
  useEffect(() => {
    pendingInviteParam.rememberFrom(location.search);
    referralParam.rememberFrom(location.search);
  }, [location.search]);
  useInviteForMember();
  const status = useAuth((s) => s.status);
  const resolved = useAuth((s) => s.resolved);
  const accountId = useAuth((s) => s.user?.accountId ?? null);
  const hasCardSeat = useAuth((s) => s.user?.cardSeat !== undefined);
  const isPublic = routeRedirect({ pathname, user: null }) === null;
  const page = useOutlet();

  // While a sign-in completes on a public page, keep that page on screen (no flash); otherwise wait.
  const known = status !== 'loading';
  const showsPage = known || (resolved && isPublic);
  const target = known
    ? routeRedirect({
        pathname,
        user: status === 'signed-in' ? { accountId, hasCardSeat } : null,
      })
    : null;
  const redirect = target !== null && target !== pathname ? target : null;

  // The page on screen and its path, kept through a redirect that leads straight back to it.
  const [onScreen, setOnScreen] = useState<{ pathname: string; page: ReactNode } | null>(null);
  const nextOnScreen = redirect !== null ? onScreen : showsPage ? { pathname, page } : null;
  if (nextOnScreen?.page !== onScreen?.page) setOnScreen(nextOnScreen);

  // A navigation the routing rules send back to the page on screen (a sign-in that finishes late
  // goes to /builder while account setup is open) shows that same page until the redirect lands,
  // so it stays mounted with what the person typed. The shell is always the first child, so that
  // a redirect never mounts it afresh either.
  let content: ReactNode = null;
  if (redirect === null)
    content = showsPage ? page : <PageLoader label="Loading your workspace…" />;
  else if (onScreen?.pathname === redirect) content = onScreen.page;
  return (
    <>
      <Shell>{content}</Shell>
      {/* Keyed by the visit: a redirect that stays mounted across visits would not fire again. */}
      {redirect !== null ? <Navigate key={location.key} to={redirect} replace /> : null}
    </>
  );
}

/**
 * Shown while the first route's code loads: the frame the page painted before React (first-paint.ts),
 * so that it stays on screen instead of blanking until the page is ready.
 */
export function RootFallback() {
  useEffect(() => {
    startProgress();
    return () => doneProgress();
  }, []);
  return <div className="first-paint" dangerouslySetInnerHTML={{ __html: FIRST_PAINT_HTML }} />;
}
