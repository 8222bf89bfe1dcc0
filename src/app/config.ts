/**
 * The one place that reads configuration. Values come from Vite's `import.meta.env` at build time
 * and, for the local stack, from `window.__APP_CONFIG__`, which the local server injects into
 * index.html at serve time, so one build runs on `npm start`'s ports and on the test stack's.
 */
export interface PublicHosts {
  /** Base URL of public card pages: `{card}/{handle}` and `{card}/{id}/i`. */
  readonly card: string;
  /** Base URL of signature previews: `{signature}/{handle}`. */
  readonly signature: string;
  /** Base URL of the click-tracking redirect. */
  readonly link: string;
}

export interface AppConfig {
  readonly backend: 'firebase' | 'local';
  readonly firebase: {
    readonly apiKey: string;
    readonly authDomain: string;
    readonly projectId: string;
    readonly storageBucket: string;
    readonly appId: string;
  };
  /**
   * Auth emulator origin: in local mode `VITE_AUTH_EMULATOR_URL` (`http://127.0.0.1:9099`); in
   * Firebase mode the `auth` entry of `VITE_FIREBASE_EMULATORS`; empty in production.
   */
  readonly authEmulatorUrl: string;
  /**
   * The Firebase emulators a Firebase build talks to instead of the project's services
   * (`VITE_FIREBASE_EMULATORS`, set only by `npm run start:firebase` and its test stack); empty in
   * production and in local mode, so a production build connects to nothing else.
   */
  readonly emulators: FirebaseEmulators;
  /** Origin of the local data server; empty means the page's own origin. */
  readonly localServerUrl: string;
  readonly hosts: PublicHosts;
  /** Where the new-account notification e-mail goes. */
  readonly productTeamEmail: string;
  /**
   * The address people are told to write to for help (a deactivated account's page):
   * `VITE_SUPPORT_EMAIL`, else the product team's address.
   */
  readonly supportEmail: string;
  /** The running build's release, compared with `settings/release`. */
  readonly release: string;
  /** The internal account that may hide branding on any plan (docs/product.md §6); empty for none. */
  readonly internalAccountId: string;
  /**
   * The wallet passes the builder's Share tab offers (`VITE_WALLET_PASSES`, e.g. `apple,google`).
   * Locally both (the local server signs with development credentials); on Firebase none unless
   * set, since the functions answer 503 without their credentials (README, "Wallet passes").
   */
  readonly walletPasses: { readonly apple: boolean; readonly google: boolean };
  readonly scripts: {
    readonly analyticsSrc: string;
    readonly tagManagerId: string;
    readonly referralScriptSrc: string;
    readonly signupTrackerSrc: string;
  };
}

/** `host:port` of each Firebase emulator in use; a service without an entry is the real one. */
export interface FirebaseEmulators {
  readonly auth?: string;
  readonly firestore?: string;
  readonly functions?: string;
  readonly storage?: string;
}

type RawEnv = Record<string, string | undefined>;

const EMULATED_SERVICES = ['auth', 'firestore', 'functions', 'storage'] as const;

/**
 * `auth:127.0.0.1:6751,firestore:127.0.0.1:6752,...` as a map; an unknown service or an entry
 * without a port is an error, so a typo does not leave the app talking to production.
 */
export function parseEmulators(list: string): FirebaseEmulators {
  const out: Record<string, string> = {};
  for (const entry of list.split(/[\s,]+/).filter(Boolean)) {
    const [service = '', ...rest] = entry.split(':');
    const host = rest.join(':');
    if (!(EMULATED_SERVICES as readonly string[]).includes(service) || !/^[^:]+:\d+$/.test(host)) {
      throw new Error(
        `VITE_FIREBASE_EMULATORS: "${entry}" is not service:host:port (services: ${EMULATED_SERVICES.join(', ')})`,
      );
    }
    out[service] = host;
  }
  return out;
}

declare global {
  interface Window {
    __APP_CONFIG__?: RawEnv;
  }
}

function rawEnv(): RawEnv {
  const built = (import.meta.env ?? {}) as RawEnv;
  const injected = typeof window !== 'undefined' ? (window.__APP_CONFIG__ ?? {}) : {};
  return { ...built, ...injected };
}

function origin(): string {
  return typeof window !== 'undefined' ? window.location.origin : 'http://localhost:5173';
}

/** `apple,google` (any order, any case; `none` or empty for neither) as flags. */
function walletPasses(list: string): AppConfig['walletPasses'] {
  const names = list.toLowerCase().split(/[\s,]+/);
  return { apple: names.includes('apple'), google: names.includes('google') };
}

/** Builds the configuration from an environment map (exported for tests). */
export function readConfig(env: RawEnv = rawEnv()): AppConfig {
  const pick = (key: string, fallback: string): string => {
    const value = env[key];
    return value !== undefined && value !== '' ? value : fallback;
  };
  const backend = pick('VITE_BACKEND', 'local') === 'firebase' ? 'firebase' : 'local';
  const local = backend === 'local';
  const base = origin();
  const emulators = local ? {} : parseEmulators(pick('VITE_FIREBASE_EMULATORS', ''));
  return {
    backend,
    firebase: {
      apiKey: pick('VITE_FIREBASE_API_KEY', 'demo-api-key'),
      authDomain: pick('VITE_FIREBASE_AUTH_DOMAIN', 'demo-cardbuilder.firebaseapp.com'),
      projectId: pick('VITE_FIREBASE_PROJECT_ID', 'demo-cardbuilder'),
      storageBucket: pick('VITE_FIREBASE_STORAGE_BUCKET', 'demo-cardbuilder.appspot.com'),
      appId: pick('VITE_FIREBASE_APP_ID', 'demo-app-id'),
    },
    authEmulatorUrl: local
      ? pick('VITE_AUTH_EMULATOR_URL', 'http://127.0.0.1:9099')
      : emulators.auth
        ? `http://${emulators.auth}`
        : '',
    emulators,
    localServerUrl: pick('VITE_LOCAL_SERVER_URL', ''),
    hosts: {
      card: pick('VITE_CARD_HOST', `${base}/c`),
      signature: pick('VITE_SIGNATURE_HOST', `${base}/s`),
      link: pick('VITE_LINK_HOST', `${base}/l`),
    },
    productTeamEmail: pick('VITE_PRODUCT_TEAM_EMAIL', 'team@cardbuilder.local'),
    supportEmail: pick(
      'VITE_SUPPORT_EMAIL',
      pick('VITE_PRODUCT_TEAM_EMAIL', 'team@cardbuilder.local'),
    ),
    release: pick('VITE_RELEASE', 'dev'),
    internalAccountId: pick('VITE_INTERNAL_ACCOUNT_ID', ''),
    walletPasses: walletPasses(pick('VITE_WALLET_PASSES', local ? 'apple,google' : '')),
    scripts: {
      analyticsSrc: pick('VITE_ANALYTICS_SRC', ''),
      tagManagerId: pick('VITE_TAG_MANAGER_ID', ''),
      referralScriptSrc: pick('VITE_REFERRAL_SCRIPT_SRC', ''),
      signupTrackerSrc: pick('VITE_SIGNUP_TRACKER_SRC', ''),
    },
  };
}

let cached: AppConfig | undefined;

/** The configuration of this page, read once. */
export function appConfig(): AppConfig {
  cached ??= readConfig();
  return cached;
}
