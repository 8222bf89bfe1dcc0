/**
 * The app shell: skip link, the super admin's banner, header (marketing or app navigation), main
 * landmark, footer. Every screen renders inside it.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { isCardEditorOf } from '../domain/invites';
import { DeactivatedAccountPage } from '../features/account/deactivated-account-page';
import { useAccount, useAccountStoreApi } from '../stores/account-store';
import { useAuth, useAuthStoreApi } from '../stores/auth-store';
import { Avatar } from '../ui/avatar';
import { Button, ButtonLink } from '../ui/button';
import { BrandMark } from '../ui/brand-mark';
import { appConfig } from './config';
import './shell.css';

export function Shell(props: { children: ReactNode }) {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SuperAdminBanner />
      <SiteHeader />
      <main id="main" className="shell__main" tabIndex={-1}>
        <AccountProblem />
        <LostAccessOr>
          <DeactivatedAccountGate>{props.children}</DeactivatedAccountGate>
        </LostAccessOr>
      </main>
      <SiteFooter />
    </div>
  );
}

/** A failure to read the current account (live or on refresh), with a way to retry. */
function AccountProblem() {
  const error = useAccount((s) => s.error);
  const store = useAccountStoreApi();
  if (!error) return null;
  return (
    <div className="shell__problem" role="alert">
      <span>We couldn’t load your account: {error}</span>
      <Button
        size="small"
        variant="secondary"
        onClick={() => void store.getState().refreshAccount()}
      >
        Try again
      </Button>
    </div>
  );
}

/**
 * On every page while a super admin works in an account they do not own: whose account it is, and
 * the way back to the list of all accounts. Without it a super admin lands in a customer's
 * builder under "Your cards" with nothing saying the cards are someone else's.
 */
function SuperAdminBanner() {
  const uid = useAuth((s) => s.user?.id ?? null);
  const isSuperAdmin = useAuth((s) => s.user?.isSuperAdmin === true);
  const account = useAccount((s) => s.account);
  const { pathname } = useLocation();
  if (!isSuperAdmin || !account || account.ownerId === uid) return null;
  return (
    <div className="admin-banner" role="region" aria-label="Super admin">
      <div className="admin-banner__inner">
        <p className="admin-banner__text">
          Viewing <strong>{account.name}</strong> as super admin
          {account.isActive === false ? <span> (deactivated)</span> : null}
        </p>
        {pathname !== '/accounts' ? (
          <Link to="/accounts" className="admin-banner__link">
            Back to all accounts
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/**
 * In place of every page once the user lost access to the account they were working in (removed
 * by its owner, or they left): the pages' own listeners are refused at that moment, and without
 * this they would show raw permission errors or an empty account.
 */
function LostAccessOr(props: { children: ReactNode }) {
  const lost = useAccount((s) => s.lostAccess);
  const accountStore = useAccountStoreApi();
  const authStore = useAuthStoreApi();
  const navigate = useNavigate();
  if (!lost) return <>{props.children}</>;
  const name = lost.accountName || 'this account';
  return (
    <div
      className="page page--narrow lost-access"
      role="alert"
      aria-labelledby="lost-access-heading"
    >
      <h1 id="lost-access-heading">You no longer have access to {name}</h1>
      <p>
        The account’s owner removed your access, or you left the account. The cards you made stay
        with {name}. If you think this is a mistake, ask the account’s owner to invite you again.
      </p>
      <div className="lost-access__actions">
        <Button
          onClick={() => {
            accountStore.getState().dismissLostAccess();
            navigate('/register/step2', { replace: true });
          }}
        >
          Set up your own account
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            accountStore.getState().dismissLostAccess();
            void authStore
              .getState()
              .signOut()
              .then(() => navigate('/', { replace: true }));
          }}
        >
          Sign out
        </Button>
      </div>
    </div>
  );
}

/**
 * The pages a member of a deactivated account still opens: their own profile, the account settings
 * (with the owner's export) and the legal pages. Every other page shows the deactivated page instead.
 */
const OPEN_WHILE_DEACTIVATED = new Set([
  '/settings/profile',
  '/settings/account',
  '/terms',
  '/privacy-policy',
]);

/**
 * The people of a deactivated account see what it means and whom to write to instead of an app
 * whose every save would be refused (docs/access.md, "Deactivated accounts"). The account is
 * followed live, so the page comes and goes with the super admin's switch. The super admin works
 * on as before: their banner says the account is deactivated.
 */
function DeactivatedAccountGate(props: { children: ReactNode }) {
  const account = useAccount((s) => s.account);
  const uid = useAuth((s) => s.user?.id ?? null);
  const isSuperAdmin = useAuth((s) => s.user?.isSuperAdmin === true);
  const { pathname } = useLocation();
  if (!account || account.isActive !== false || isSuperAdmin) return <>{props.children}</>;
  if (OPEN_WHILE_DEACTIVATED.has(pathname)) {
    return (
      <>
        <div className="shell__problem" role="status">
          <span>{account.name} is deactivated: nothing in it can be changed for now.</span>
        </div>
        {props.children}
      </>
    );
  }
  return (
    <DeactivatedAccountPage
      account={account}
      isOwner={account.ownerId === uid}
      supportEmail={appConfig().supportEmail}
    />
  );
}

function SiteHeader() {
  const status = useAuth((s) => s.status);
  const hasAccount = useAuth((s) => Boolean(s.user?.accountId));
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label="Cardbuilder home">
          <BrandMark />
          <span className="brand__name">Cardbuilder</span>
        </Link>
        {status === 'signed-in' ? <AppNavigation hasAccount={hasAccount} /> : null}
        {status === 'signed-out' ? <VisitorNavigation /> : null}
      </div>
    </header>
  );
}

function VisitorNavigation() {
  const { pathname } = useLocation();
  return (
    <nav className="site-nav site-nav--visitor" aria-label="Main">
      <NavLink to="/pricing" className="site-nav__link">
        Pricing
      </NavLink>
      {pathname !== '/sign-in' ? (
        <Link to="/sign-in" className="site-nav__link">
          Sign in
        </Link>
      ) : null}
      {pathname !== '/sign-up' && pathname !== '/register' ? (
        <ButtonLink to="/sign-up" size="small" className="site-nav__cta">
          Get started
        </ButtonLink>
      ) : null}
    </nav>
  );
}

function AppNavigation(props: { hasAccount: boolean }) {
  // The menu (small screens) is open for the page it was opened on: navigating closes it.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const teamId = useAccount((s) => s.selectedTeamId);
  const accountName = useAccount((s) => s.account?.name ?? '');
  const isSuperAdmin = useAuth((s) => s.user?.isSuperAdmin === true);
  // A card editor edits the account's cards only: no team or billing pages to offer.
  const uid = useAuth((s) => s.user?.id ?? null);
  const cardEditor = useAccount((s) => isCardEditorOf(s.account, uid));

  return (
    <>
      <button
        type="button"
        className="site-header__menu-toggle"
        aria-expanded={open}
        aria-controls="app-navigation"
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <span aria-hidden="true" className="hamburger" />
        <span className="visually-hidden">Menu</span>
      </button>
      <div id="app-navigation" className={`site-nav-wrap${open ? ' site-nav-wrap--open' : ''}`}>
        {props.hasAccount ? (
          <nav className="site-nav" aria-label="Main">
            <NavLink to="/builder" className="site-nav__link">
              Cards
            </NavLink>
            {teamId && !cardEditor ? (
              <NavLink to={`/team/${encodeURIComponent(teamId)}`} className="site-nav__link">
                Team
              </NavLink>
            ) : null}
            {cardEditor ? null : (
              <NavLink to="/settings/billing" className="site-nav__link">
                Billing
              </NavLink>
            )}
            {cardEditor ? null : (
              <NavLink to="/settings/people" className="site-nav__link">
                People
              </NavLink>
            )}
            <NavLink to="/pricing" className="site-nav__link">
              Pricing
            </NavLink>
            <NavLink to="/accounts" className="site-nav__link">
              {isSuperAdmin ? 'All accounts' : 'Account'}
            </NavLink>
          </nav>
        ) : null}
        <div className="site-header__end">
          {props.hasAccount && accountName ? (
            <span className="account-chip" title="Current account">
              {accountName}
            </span>
          ) : null}
          <UserMenu />
        </div>
      </div>
    </>
  );
}

function UserMenu() {
  const [open, setOpen] = useState(false);
  const authUser = useAuth((s) => s.authUser);
  const user = useAuth((s) => s.user);
  const store = useAuthStoreApi();
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  const name = user?.displayName || authUser?.displayName || authUser?.email || 'You';
  // Account-wide settings (export, lead routing) are the owner's alone in the rules.
  const isOwner = useAccount((s) => s.account !== null && s.account.ownerId === user?.id);
  const photo = user?.photoURL || authUser?.photoURL || null;

  useEffect(() => {
    if (!open) return;
    function onPointer(event: MouseEvent) {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') setOpen(false);
    }
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu__toggle"
        aria-expanded={open}
        aria-controls="user-menu-panel"
        aria-label={`${name}: account menu`}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar name={name} photoURL={photo} size={32} />
        <span className="user-menu__name">{name}</span>
      </button>
      {open ? (
        <div className="user-menu__panel" id="user-menu-panel">
          <p className="user-menu__email">{authUser?.email}</p>
          {user?.accountId ? (
            <Link to="/settings/profile" className="user-menu__item" onClick={() => setOpen(false)}>
              Profile and password
            </Link>
          ) : null}
          {isOwner ? (
            <Link to="/settings/account" className="user-menu__item" onClick={() => setOpen(false)}>
              Account settings
            </Link>
          ) : null}
          <button
            type="button"
            className="user-menu__item"
            onClick={() => {
              setOpen(false);
              void store
                .getState()
                .signOut()
                .then(() => navigate('/', { replace: true }));
            }}
          >
            Sign out
          </button>
        </div>
      ) : null}
    </div>
  );
}

function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>© {new Date().getFullYear()} Cardbuilder. Digital business cards for teams.</p>
        <nav aria-label="Legal" className="site-footer__links">
          <Link to="/terms">Terms</Link>
          <Link to="/privacy-policy">Privacy policy</Link>
        </nav>
      </div>
    </footer>
  );
}
