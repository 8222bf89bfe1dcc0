/**
 * The third-party scripts of docs/product.md §7, each on only when configured (all off by default): the
 * analytics script served from the product's own host, a tag manager, the referral tracker and a
 * sign-up event tracker. A script that fails to load logs a console note and breaks nothing.
 */
import type { AppConfig } from './config';

type Scripts = AppConfig['scripts'];

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Adds a script tag once; resolves true when it loaded, false (with a console note) when not. */
export function loadScript(src: string, name: string, attributes: Record<string, string> = {}) {
  return new Promise<boolean>((resolve) => {
    const existing = document.querySelector(`script[data-third-party="${name}"]`);
    if (existing) {
      resolve(true);
      return;
    }
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset['thirdParty'] = name;
    for (const [key, value] of Object.entries(attributes)) script.setAttribute(key, value);
    script.onload = () => resolve(true);
    script.onerror = () => {
      console.info(
        `[scripts] the ${name} script could not be loaded (${src}); carrying on without it.`,
      );
      resolve(false);
    };
    document.head.appendChild(script);
  });
}

/** The analytics script must come from the product's own host (docs/product.md §7). */
export function sameOriginUrl(src: string, origin: string = window.location.origin): string | null {
  try {
    const url = new URL(src, origin);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

/** Loads every configured script; never throws. */
export function loadThirdPartyScripts(scripts: Scripts): void {
  try {
    if (scripts.analyticsSrc) {
      const src = sameOriginUrl(scripts.analyticsSrc);
      if (src) void loadScript(src, 'analytics', { defer: '' });
      else console.info('[scripts] the analytics script must be served from this host; skipped.');
    }
    if (scripts.tagManagerId) {
      window.dataLayer = window.dataLayer ?? [];
      window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      void loadScript(
        `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(scripts.tagManagerId)}`,
        'tag-manager',
      );
    }
    if (scripts.referralScriptSrc) void loadScript(scripts.referralScriptSrc, 'referral');
    if (scripts.signupTrackerSrc) void loadScript(scripts.signupTrackerSrc, 'signup-tracker');
  } catch (err) {
    console.info('[scripts] third-party scripts were not loaded', err);
  }
}

/**
 * Tells the sign-up trackers about a new account: a `sign_up` event on the tag manager's data layer
 * and a `cardbuilder:signup` DOM event the sign-up tracker listens for. No e-mail address leaves the
 * page this way.
 */
export function trackSignUp(scripts: Scripts, info: { source: string }): void {
  try {
    if (scripts.tagManagerId) {
      window.dataLayer = window.dataLayer ?? [];
      window.dataLayer.push({ event: 'sign_up', method: info.source });
    }
    if (scripts.signupTrackerSrc) {
      window.dispatchEvent(
        new CustomEvent('cardbuilder:signup', { detail: { method: info.source } }),
      );
    }
  } catch (err) {
    console.info('[scripts] the sign-up event was not tracked', err);
  }
}
