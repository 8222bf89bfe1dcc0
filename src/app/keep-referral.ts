/**
 * The few bytes the pre-rendered public pages (landing, legal, pricing, sign-in) load as a script
 * file of their own, since they run no app or start it only after the page has loaded: they would
 * otherwise drop a referral, `/?via=CODE` then "Sign up" reaching `/sign-up` with nothing stored.
 * It remembers `via` as the app does (./referral.ts), and carries it on in the page's links to this
 * site, so the code still reaches the sign-up form where the browser refuses storage. A file, not
 * an inline script, so a Content-Security-Policy of `script-src 'self'` allows it as it is.
 */
import { referralParam } from './referral';

const via = referralParam.rememberFrom(window.location.search);
if (via !== null) {
  for (const link of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
    if (link.origin !== window.location.origin) continue;
    const url = new URL(link.href);
    if (url.searchParams.has(referralParam.param)) continue;
    url.searchParams.set(referralParam.param, via);
    link.href = `${url.pathname}${url.search}${url.hash}`;
  }
}
