/**
 * Routing rules of the single-page app (docs/product.md §2). Public card surfaces (`{card host}/...`,
 * signature previews, click redirects) are served by the server, not by the SPA router, and are not
 * judged here.
 */

/** The page that handles the links of Firebase Auth e-mails (reset password, verify e-mail...). */
export const AUTH_ACTION_ROUTE = '/auth/action';
export const PRICING_ROUTE = '/pricing';

/**
 * Routes a signed-out visitor may stay on: the eight of docs/product.md §2, plus two the spec does not list.
 * Pricing is public so that a visitor can compare plans before signing up; the e-mail action
 * handler must work for whoever opens the link.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  '/',
  '/terms',
  '/register',
  '/magiclink',
  '/privacy-policy',
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  PRICING_ROUTE,
  AUTH_ACTION_ROUTE,
];

/**
 * Routes where nobody is redirected, signed in or not, with or without an account: an e-mail link
 * (a password reset, an e-mail verification) may be opened in a tab where someone is signed in,
 * and sending them to account setup would lose the link's one-time code.
 */
export const OPEN_ROUTES: readonly string[] = [AUTH_ACTION_ROUTE];

/** Routes that send a signed-in user with an account to the builder (docs/product.md §2). */
export const SIGNED_IN_BOUNCE_ROUTES: readonly string[] = [
  '/',
  '/sign-in',
  '/register',
  '/sign-up',
  '/forgot-password',
];

export const ACCOUNT_SETUP_ROUTE = '/register/step2';
/** Where an employee with a seat and no account of their own edits their card. */
export const MY_CARD_ROUTE = '/my-card';
export const BUILDER_ROUTE = '/builder';

function normalise(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '';
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Where to send a visitor (docs/product.md §2), or `null` to stay:
 * - on an open route (the e-mail action handler) → stay, whoever they are;
 * - signed out on a route other than the public ones (docs/product.md §2's eight, plus /pricing and
 *   /auth/action) → `/`;
 * - signed in without an accountId but with a card seat (an employee) → `/my-card` (from every
 *   route but that one);
 * - signed in without an accountId → `/register/step2` (from every route but that one);
 * - signed in with an accountId on /, /sign-in, /register, /sign-up or /forgot-password → `/builder`.
 * Choice where the spec is silent: a user who already has an account and opens `/register/step2` is
 * sent to `/builder` too (setting up a second account is not possible). A trailing slash is ignored.
 */
export function routeRedirect(input: {
  pathname: string;
  user: { accountId?: string | null | undefined; hasCardSeat?: boolean } | null | undefined;
}): string | null {
  const path = normalise(input.pathname);
  const { user } = input;
  if (OPEN_ROUTES.includes(path)) return null;
  if (user === null || user === undefined) {
    return PUBLIC_ROUTES.includes(path) ? null : '/';
  }
  const hasAccount = typeof user.accountId === 'string' && user.accountId !== '';
  if (!hasAccount && user.hasCardSeat === true)
    return path === MY_CARD_ROUTE ? null : MY_CARD_ROUTE;
  if (!hasAccount) return path === ACCOUNT_SETUP_ROUTE ? null : ACCOUNT_SETUP_ROUTE;
  if (SIGNED_IN_BOUNCE_ROUTES.includes(path) || path === ACCOUNT_SETUP_ROUTE) return BUILDER_ROUTE;
  return null;
}
