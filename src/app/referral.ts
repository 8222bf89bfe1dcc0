/**
 * The affiliate of a visit (docs/product.md §7): the `via` query parameter, or the referral code the referral
 * tracker script exposes on `window` (Rewardful's `window.Rewardful.referral`), waiting at most
 * 5000 ms for the script, otherwise null. A `via` seen on any page is remembered in this browser
 * (local storage: a magic link opens in a new tab) until a sign-up has recorded it, so that it
 * survives the walk from the landing page to the sign-up form and back from the e-mail. The
 * pre-rendered pages run no app: ./keep-referral.ts remembers it there.
 */
import { rememberedParam } from '../data/remembered-param';

export const AFFILIATE_WAIT_MS = 5000;

/** `?via=CODE`: an affiliate's code, letters, digits, `_`, `.` and `-` only. */
export const referralParam = rememberedParam({
  param: 'via',
  key: 'cardbuilder.via',
  pattern: /^[A-Za-z0-9_.-]{1,100}$/,
  storage: 'local',
});

interface ReferralGlobal {
  referral?: unknown;
  affiliate?: { token?: unknown } | null;
}

declare global {
  interface Window {
    Rewardful?: ReferralGlobal;
  }
}

/** Remembers `?via=` from the current URL until a sign-up records it. */
export function rememberVia(search: string = window.location.search): void {
  referralParam.rememberFrom(search);
}

/** Forgets the remembered `via` once a sign-up has recorded it, so it credits one sign-up only. */
export function forgetVia(): void {
  referralParam.forget();
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
  const via =
    referralParam.fromSearch(options.search ?? window.location.search) ?? referralParam.read();
  if (via) return via;
  if (!options.scriptEnabled) return null;
  const deadline = Date.now() + (options.waitMs ?? AFFILIATE_WAIT_MS);
  while (Date.now() < deadline) {
    const found = referralFromScript();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return referralFromScript();
}
