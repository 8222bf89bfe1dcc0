/**
 * The functions' configuration, read from the environment once per instance: in production from
 * `functions/.env.<project-id>`, deployed with the functions; in the deploy rehearsal from its
 * environment. Credentials are never plain variables: the wallet keys are Secret Manager secrets
 * bound to the one function that signs passes, and Stripe's and SMTP's belong to the extensions.
 */
import { defineSecret } from 'firebase-functions/params';
import type { PublicHosts } from '@/domain/urls';
import { apnsConfig, type ApnsConfig } from '@/services/wallet/apns';
import { walletConfig, type WalletConfig } from '@/services/wallet/wallet-config';
import { SERVING_REGION, TRIGGER_REGION } from './deploy-location';

/** Where the HTTP functions, callables and schedules run: the client's callables and firebase.json's rewrites name it. */
export const REGION = SERVING_REGION;

/** Where the Firestore triggers run: beside the database (`deploy.json`, `./deploy-location.ts`). */
export { TRIGGER_REGION };

/**
 * The wallet keys, in Secret Manager (README, "Deploy", step 8): each wallet's secret is bound to
 * `cardPages` only when WALLET_PASSES names the wallet, so a project without wallets needs none.
 */
export const WALLET_SECRETS = {
  apple: defineSecret('APPLE_PASS_KEY'),
  google: defineSecret('GOOGLE_WALLET_PRIVATE_KEY'),
} as const;

export type WalletName = keyof typeof WALLET_SECRETS;

/**
 * The APNs auth key (`.p8`) that pushes saved Apple passes when their card changes
 * (docs/wallet-updates.md), bound to `updateWalletPasses` alone, and only when WALLET_PASSES names
 * `apple` and APNS_KEY_ID is set.
 */
export const APNS_KEY = defineSecret('APNS_KEY');

/** The secrets the pass-update trigger needs: the APNs key, when Apple passes push. */
export function apnsSecrets(env: Env = process.env) {
  return walletPasses(env).includes('apple') && (env.APNS_KEY_ID ?? '').trim() !== ''
    ? [APNS_KEY]
    : [];
}

/**
 * A Stripe restricted key that may write subscriptions (README, "Deploy"), bound to
 * `resumeSubscription` alone: the extension's own key stays the extension's.
 */
export const STRIPE_SUBSCRIPTIONS_KEY = defineSecret('STRIPE_SUBSCRIPTIONS_KEY');

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The wallets WALLET_PASSES names (`apple,google`). Read when the functions are defined: the
 * Firebase CLI gives the deploy's analysis `functions/.env.<project>`, so the secrets bound follow it.
 */
export function walletPasses(env: Env = process.env): WalletName[] {
  const named = (env.WALLET_PASSES ?? '').split(',').map((name) => name.trim());
  return (Object.keys(WALLET_SECRETS) as WalletName[]).filter((name) => named.includes(name));
}

/** The secrets the card pages need for the wallets WALLET_PASSES names. */
export function walletSecrets(env: Env = process.env) {
  return walletPasses(env).map((name) => WALLET_SECRETS[name]);
}

export interface FunctionsConfig {
  readonly projectId: string;
  readonly appOrigin: string;
  readonly hosts: PublicHosts;
  readonly directoryPath: string;
  /** The Cloud Storage bucket whose photos the vCard may embed ('' for none). */
  readonly storageBucket: string;
  /** Wallet pass credentials (APPLE_* and GOOGLE_WALLET_*; README "Wallet passes"); null: off. */
  readonly wallet: WalletConfig;
  /** APNs for saved Apple passes (APNS_KEY_ID, APPLE_TEAM_ID, APNS_KEY, APNS_URL); null: no pushes. */
  readonly apns: ApnsConfig | null;
  /** Another address for Stripe's API (STRIPE_API_URL; tests only); absent: Stripe's own. */
  readonly stripeApiUrl?: string;
}

function firebaseConfig(env: Env): { projectId?: string; storageBucket?: string } {
  try {
    return JSON.parse(env.FIREBASE_CONFIG ?? '{}') as {
      projectId?: string;
      storageBucket?: string;
    };
  } catch {
    return {};
  }
}

function withoutSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** A wallet's key, from its secret (tests give their own). */
type ReadSecret = (wallet: WalletName) => string;

/**
 * The variables, with defaults matching the app's own (`src/app/config.ts`: each surface under a
 * path of the app's origin, which firebase.json rewrites to these functions):
 *   APP_ORIGIN       the app's address (invitation links)     default https://{project}.web.app
 *   CARD_HOST        base of the card pages                   default {APP_ORIGIN}/c
 *   SIGNATURE_HOST   base of the signature previews           default {APP_ORIGIN}/s
 *   LINK_HOST        base of the click-tracking redirect      default {APP_ORIGIN}/l
 *   DIRECTORY_PATH   path of the account directories          default /d (on the app's host)
 *   WALLET_PASSES    the wallets whose keys the card pages get  e.g. `apple,google`; default none
 *   APNS_KEY_ID      the APNs auth key's id (saved Apple passes are pushed when it and the
 *                    APNS_KEY secret are set); APNS_URL another APNs endpoint (tests)
 */
export function readFunctionsConfig(
  env: Env = process.env,
  readSecret: ReadSecret = (wallet) => WALLET_SECRETS[wallet].value(),
  readApnsKey: () => string = () => APNS_KEY.value(),
): FunctionsConfig {
  const firebase = firebaseConfig(env);
  const projectId = env.GCLOUD_PROJECT || firebase.projectId || 'demo-cardbuilder';
  const appOrigin = withoutSlash(env.APP_ORIGIN || `https://${projectId}.web.app`);
  return {
    projectId,
    appOrigin,
    hosts: {
      card: withoutSlash(env.CARD_HOST || `${appOrigin}/c`),
      signature: withoutSlash(env.SIGNATURE_HOST || `${appOrigin}/s`),
      link: withoutSlash(env.LINK_HOST || `${appOrigin}/l`),
    },
    directoryPath: withoutSlash(env.DIRECTORY_PATH || '/d'),
    storageBucket: env.STORAGE_BUCKET || firebase.storageBucket || '',
    wallet: readWalletConfig(env, readSecret),
    apns: apnsSecrets(env).length > 0 ? apnsConfig(env, readApnsKey()) : null,
    ...(env.STRIPE_API_URL ? { stripeApiUrl: env.STRIPE_API_URL } : {}),
  };
}

/** The wallets: settings from the environment, keys from the bound secrets (of WALLET_PASSES). */
function readWalletConfig(env: Env, readSecret: ReadSecret): WalletConfig {
  const on = walletPasses(env);
  return walletConfig(env, {
    applePassKey: on.includes('apple') ? readSecret('apple') : '',
    // Secret Manager keeps the key encrypted at rest: it is stored without a passphrase (README).
    applePassKeyPassphrase: '',
    googleWalletPrivateKey: on.includes('google') ? readSecret('google') : '',
  });
}

/** The path a surface is served under on its host: `''` on a host of its own, `/c` under the app. */
export function pathOf(base: string): string {
  return new URL(base).pathname.replace(/\/+$/, '');
}
