/**
 * The credentials wallet passes are signed with, and where they come from (README, "Wallet
 * passes"): identifiers and certificates are plain settings, private keys are secrets (Secret
 * Manager for the functions, the environment for the local server). A wallet whose variables are
 * not all set is off: no button, and its address answers 503. The local server and tests use
 * `dev-credentials.ts`.
 */

export interface AppleWalletConfig {
  /** `pass.com.example.card`: the pass type identifier the signer certificate was issued for. */
  readonly passTypeIdentifier: string;
  /** The Apple developer team identifier (10 characters). */
  readonly teamIdentifier: string;
  /** PEM of the pass type certificate. */
  readonly signerCert: string;
  /** PEM of its private key (PKCS#1 or PKCS#8, encrypted when a passphrase is given). */
  readonly signerKey: string;
  readonly signerKeyPassphrase?: string;
  /** PEM of Apple's WWDR intermediate certificate (G4) that issued the signer certificate. */
  readonly wwdr: string;
}

export interface GoogleWalletConfig {
  /** The Google Wallet issuer id (digits); class and object ids start with it. */
  readonly issuerId: string;
  /** The service account's e-mail: the JWT's issuer. */
  readonly serviceAccountEmail: string;
  /** PEM (PKCS#8) of the service account's private key, as in its JSON key's `private_key`. */
  readonly privateKey: string;
}

export interface WalletConfig {
  readonly apple: AppleWalletConfig | null;
  readonly google: GoogleWalletConfig | null;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The plain settings each wallet needs (identifiers, certificates): all of them, or it is off. */
export const APPLE_WALLET_SETTINGS = [
  'APPLE_PASS_TYPE_ID',
  'APPLE_TEAM_ID',
  'APPLE_PASS_CERT',
  'APPLE_WWDR_CERT',
] as const;
export const GOOGLE_WALLET_SETTINGS = [
  'GOOGLE_WALLET_ISSUER_ID',
  'GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL',
] as const;

/**
 * A PEM given in one environment line: `\n` escapes become line breaks (as in a service
 * account's JSON key and most .env files), and a value without `-----BEGIN` is read as base64.
 */
export function pemFromEnv(value: string): string {
  const text = value.trim();
  if (text.includes('-----BEGIN')) return text.replace(/\\n/g, '\n').trim();
  return Buffer.from(text, 'base64').toString('utf8');
}

function all(env: Env, names: readonly string[]): boolean {
  return names.every((name) => (env[name] ?? '').trim() !== '');
}

/**
 * The private parts of the wallet credentials. In production they come from Cloud Secret Manager
 * (`defineSecret` in `functions/src/config.ts`), never from a plain variable; the local server
 * reads them from its environment (`walletConfigFromEnv`).
 */
export interface WalletKeys {
  /** `APPLE_PASS_KEY`: PEM of the pass type certificate's private key. */
  readonly applePassKey: string;
  /** `APPLE_PASS_KEY_PASSPHRASE`, when the key is encrypted ('' for none). */
  readonly applePassKeyPassphrase: string;
  /** `GOOGLE_WALLET_PRIVATE_KEY`: PEM (PKCS#8) of the service account's key. */
  readonly googleWalletPrivateKey: string;
}

/** The wallet keys' variable names (secrets in production). */
export const WALLET_KEY_NAMES = {
  applePassKey: 'APPLE_PASS_KEY',
  applePassKeyPassphrase: 'APPLE_PASS_KEY_PASSPHRASE',
  googleWalletPrivateKey: 'GOOGLE_WALLET_PRIVATE_KEY',
} as const satisfies Record<keyof WalletKeys, string>;

/**
 * The wallets configured by `settings` (the non-secret variables: identifiers and certificates)
 * and `keys`; each is null unless all its values are set.
 */
export function walletConfig(settings: Env, keys: WalletKeys): WalletConfig {
  const value = (name: string) => (settings[name] ?? '').trim();
  const passphrase = keys.applePassKeyPassphrase.trim();
  const apple: AppleWalletConfig | null =
    all(settings, APPLE_WALLET_SETTINGS) && keys.applePassKey.trim() !== ''
      ? {
          passTypeIdentifier: value('APPLE_PASS_TYPE_ID'),
          teamIdentifier: value('APPLE_TEAM_ID'),
          signerCert: pemFromEnv(value('APPLE_PASS_CERT')),
          signerKey: pemFromEnv(keys.applePassKey),
          wwdr: pemFromEnv(value('APPLE_WWDR_CERT')),
          ...(passphrase !== '' ? { signerKeyPassphrase: passphrase } : {}),
        }
      : null;
  const google: GoogleWalletConfig | null =
    all(settings, GOOGLE_WALLET_SETTINGS) && keys.googleWalletPrivateKey.trim() !== ''
      ? {
          issuerId: value('GOOGLE_WALLET_ISSUER_ID'),
          serviceAccountEmail: value('GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL'),
          privateKey: pemFromEnv(keys.googleWalletPrivateKey),
        }
      : null;
  return { apple, google };
}

/**
 * The wallets configured by one environment, keys included: the local server's (its own machine,
 * `server/main.ts`). The functions read the keys from Secret Manager instead (`walletConfig`).
 */
export function walletConfigFromEnv(env: Env): WalletConfig {
  return walletConfig(env, {
    applePassKey: env[WALLET_KEY_NAMES.applePassKey] ?? '',
    applePassKeyPassphrase: env[WALLET_KEY_NAMES.applePassKeyPassphrase] ?? '',
    googleWalletPrivateKey: env[WALLET_KEY_NAMES.googleWalletPrivateKey] ?? '',
  });
}
