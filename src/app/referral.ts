/**
 * The affiliate of a visit (docs/product.md §7): the `via` query parameter, or the referral code the referral
 * tracker script exposes on `window` (Rewardful's `window.Rewardful.referral`), waiting at most
 * 5000 ms for the script, otherwise null. A `via` seen on any page is kept for the session so that it
 * survives the walk from the landing page to the sign-up form.
 */
export const AFFILIATE_WAIT_MS = 5000;
const VIA_KEY = 'cardbuilder.via';

interface ReferralGlobal {
  referral?: unknown;
  affiliate?: { token?: unknown } | null;
}

declare global {
  interface Window {
    Rewardful?: ReferralGlobal;
  }
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers `?via=` from the current URL for the rest of the session. */
export function rememberVia(search: string = window.location.search): void {
  const via = new URLSearchParams(search).get('via');
  if (via) sessionStore()?.setItem(VIA_KEY, via);
}

function referralFromScript(): string | null {
  const referral = window.Rewardful?.referral;
  return typeof referral === 'string' && referral !== '' ? referral : null;
}

/**
 * The affiliate code: `via` now, else the referral script's code once it appears (polled), else null
 * after `waitMs`. Without a configured referral script there is nothing to wait for.
 */
export async function readAffiliate(options: {
  scriptEnabled: boolean;
  waitMs?: number;
  search?: string;
}): Promise<string | null> {
  const via = new URLSearchParams(options.search ?? window.location.search).get('via');
  if (via) return via;
  const kept = sessionStore()?.getItem(VIA_KEY);
  if (kept) return kept;
  if (!options.scriptEnabled) return null;
  const deadline = Date.now() + (options.waitMs ?? AFFILIATE_WAIT_MS);
  while (Date.now() < deadline) {
    const found = referralFromScript();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return referralFromScript();
}
