/**
 * The functions' configuration, read from the environment once per instance. In production the
 * values come from `functions/.env.<project-id>` (deployed with the functions; see the README's
 * "Deploy to your Firebase project"); in the deploy rehearsal from the rehearsal's environment.
 *
 *   APP_ORIGIN       the app's address (invitation links)     default https://{project}.web.app
 *   CARD_HOST        base of the card pages                   default {APP_ORIGIN}/c
 *   SIGNATURE_HOST   base of the signature previews           default {APP_ORIGIN}/s
 *   LINK_HOST        base of the click-tracking redirect      default {APP_ORIGIN}/l
 *   DIRECTORY_PATH   path of the account directories          default /d (on the app's host)
 *
 * The defaults match the app's own defaults (`src/app/config.ts`), which put each surface under a
 * path of the app's origin; firebase.json rewrites those paths of the app site to these functions.
 */
import type { PublicHosts } from '@/domain/urls';
import { walletConfigFromEnv, type WalletConfig } from '@/server/wallet/wallet-config';

/** Where every function runs: the Stripe extension and the client's callables use this region. */
export const REGION = 'us-central1';

export interface FunctionsConfig {
  readonly projectId: string;
  readonly appOrigin: string;
  readonly hosts: PublicHosts;
  readonly directoryPath: string;
  /** The Cloud Storage bucket whose photos the vCard may embed ('' for none). */
  readonly storageBucket: string;
  /** Wallet pass credentials (APPLE_* and GOOGLE_WALLET_*; README "Wallet passes"); null: off. */
  readonly wallet: WalletConfig;
}

type Env = Readonly<Record<string, string | undefined>>;

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

export function readFunctionsConfig(env: Env = process.env): FunctionsConfig {
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
    wallet: walletConfigFromEnv(env),
  };
}

/** The path a surface is served under on its host: `''` on a host of its own, `/c` under the app. */
export function pathOf(base: string): string {
  return new URL(base).pathname.replace(/\/+$/, '');
}
