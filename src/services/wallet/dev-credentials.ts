/**
 * Development wallet credentials, so `npm start` and the tests build and sign passes offline: a
 * self-made CA standing in for Apple's WWDR, a pass certificate it issued, and a key standing in
 * for a Google service account (node-forge writes the certificates node:crypto cannot). Wallets
 * refuse these passes by design. The local server keeps them in `.data/db/wallet-dev/` (never
 * committed) so every pass it serves has the same signer; tests make them in memory.
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';
import { walletConfigFromEnv, type WalletConfig } from './wallet-config';

export const DEV_PASS_TYPE_ID = 'pass.local.cardbuilder.dev';
export const DEV_TEAM_ID = 'DEVTEAM000';
export const DEV_GOOGLE_ISSUER_ID = '3388000000000000000';
export const DEV_GOOGLE_SERVICE_ACCOUNT = 'wallet-dev@cardbuilder.local';

function rsaKeyPair(): { publicKey: string; privateKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
}

function certificate(options: {
  publicKey: string;
  subject: forge.pki.CertificateField[];
  issuer: forge.pki.CertificateField[];
  issuerKey: string;
  serial: string;
  ca: boolean;
  now: Date;
}): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(options.publicKey);
  cert.serialNumber = options.serial;
  cert.validity.notBefore = new Date(options.now.getTime() - 24 * 3600_000);
  cert.validity.notAfter = new Date(options.now.getTime() + 10 * 365 * 24 * 3600_000);
  cert.setSubject(options.subject);
  cert.setIssuer(options.issuer);
  cert.setExtensions(
    options.ca
      ? [
          { name: 'basicConstraints', cA: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true },
        ],
  );
  cert.sign(forge.pki.privateKeyFromPem(options.issuerKey), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/** Fresh development credentials for both wallets (about a tenth of a second). */
export function createDevWalletConfig(now = new Date()): WalletConfig {
  const ca = rsaKeyPair();
  const signer = rsaKeyPair();
  const google = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const caName: forge.pki.CertificateField[] = [
    { name: 'commonName', value: 'Cardbuilder Development WWDR (not Apple)' },
    { name: 'organizationName', value: 'Cardbuilder development' },
  ];
  const wwdr = certificate({
    publicKey: ca.publicKey,
    subject: caName,
    issuer: caName,
    issuerKey: ca.privateKey,
    serial: '01',
    ca: true,
    now,
  });
  const signerCert = certificate({
    publicKey: signer.publicKey,
    subject: [
      { name: 'commonName', value: `Pass Type ID: ${DEV_PASS_TYPE_ID}` },
      { name: 'organizationalUnitName', value: DEV_TEAM_ID },
      { name: 'organizationName', value: 'Cardbuilder development' },
    ],
    issuer: caName,
    issuerKey: ca.privateKey,
    serial: '02',
    ca: false,
    now,
  });
  return {
    apple: {
      passTypeIdentifier: DEV_PASS_TYPE_ID,
      teamIdentifier: DEV_TEAM_ID,
      signerCert,
      signerKey: signer.privateKey,
      wwdr,
    },
    google: {
      issuerId: DEV_GOOGLE_ISSUER_ID,
      serviceAccountEmail: DEV_GOOGLE_SERVICE_ACCOUNT,
      privateKey: google.privateKey,
    },
  };
}

const FILES = {
  wwdr: 'wwdr.pem',
  signerCert: 'pass-cert.pem',
  signerKey: 'pass-key.pem',
  google: 'google-key.pem',
} as const;

/**
 * The development credentials kept in `dir`: read when all four files are there, else made and
 * written (the key files readable by their owner only).
 */
export function loadOrCreateDevWalletConfig(dir: string): WalletConfig {
  const path = (name: string) => join(dir, name);
  if (Object.values(FILES).every((name) => existsSync(path(name)))) {
    const read = (name: string) => readFileSync(path(name), 'utf8');
    return {
      apple: {
        passTypeIdentifier: DEV_PASS_TYPE_ID,
        teamIdentifier: DEV_TEAM_ID,
        signerCert: read(FILES.signerCert),
        signerKey: read(FILES.signerKey),
        wwdr: read(FILES.wwdr),
      },
      google: {
        issuerId: DEV_GOOGLE_ISSUER_ID,
        serviceAccountEmail: DEV_GOOGLE_SERVICE_ACCOUNT,
        privateKey: read(FILES.google),
      },
    };
  }
  const config = createDevWalletConfig();
  if (config.apple === null || config.google === null) return config;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path(FILES.wwdr), config.apple.wwdr);
  writeFileSync(path(FILES.signerCert), config.apple.signerCert);
  writeFileSync(path(FILES.signerKey), config.apple.signerKey, { mode: 0o600 });
  writeFileSync(path(FILES.google), config.google.privateKey, { mode: 0o600 });
  return config;
}

/**
 * The wallets of the local server: each configured by the environment when all its variables are
 * set (`wallet-config.ts`), else signed with the development credentials kept in `dir`.
 */
export function localWalletConfig(
  env: Readonly<Record<string, string | undefined>>,
  dir: string,
): WalletConfig {
  const configured = walletConfigFromEnv(env);
  if (configured.apple !== null && configured.google !== null) return configured;
  const dev = loadOrCreateDevWalletConfig(dir);
  return { apple: configured.apple ?? dev.apple, google: configured.google ?? dev.google };
}
