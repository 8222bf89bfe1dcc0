import { createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { decodeJwt, decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocData } from '@/backend/port';
import { cardContactFields } from '@/domain/contact-fields';
import { buildVCard } from '@/domain/vcard';
import { cardFromDoc } from '@/domain/schemas/card';
import { applePassJson, buildApplePass } from '@/services/wallet/apple-pass';
import {
  createDevWalletConfig,
  loadOrCreateDevWalletConfig,
  localWalletConfig,
} from '@/services/wallet/dev-credentials';
import { GOOGLE_SAVE_URL, googleSaveUrl } from '@/services/wallet/google-pass';
import { solidPng } from '@/services/wallet/solid-png';
import {
  walletConfigFromEnv,
  type AppleWalletConfig,
  type GoogleWalletConfig,
} from '@/services/wallet/wallet-config';
import { walletAnswer, type WalletRequest } from '@/services/wallet/wallet-surface';
import { openPass, verifyPassSignature } from '../../../support/wallet-pass';

const NOW = new Date('2026-05-01T12:00:00Z');
const HOSTS = {
  card: 'https://card.example.com',
  signature: 'https://sig.example.com',
  link: 'https://l.example.com',
};

let apple: AppleWalletConfig;
let google: GoogleWalletConfig;

beforeAll(() => {
  const config = createDevWalletConfig(NOW);
  apple = config.apple as AppleWalletConfig;
  google = config.google as GoogleWalletConfig;
});

function card(overrides: DocData = {}) {
  return cardFromDoc('card-1', {
    handle: 'ada-lovelace',
    handleAllowIndex: true,
    name: 'Ada Lovelace',
    title: 'Head of Sales',
    company: 'Acme Co',
    email: 'ada@acme.example',
    accountId: 'acme',
    isArchived: false,
    contacts: [
      { id: 'p', name: 'Phone', label: 'Mobile', value: '+1 555 0100' },
      { id: 'w', name: 'Website', label: 'Blog', value: 'https://ada.example/blog' },
      { id: 'in', name: 'LinkedIn', label: '', value: 'https://linkedin.com/in/ada' },
      { id: 'a', name: 'Address', label: '', value: '1 Main St, London' },
      { id: 'h', name: 'Phone', label: 'Old', value: '+1 555 0199', hidden: true },
      {
        id: 's',
        name: 'Website',
        label: 'Launch',
        value: 'https://ada.example/launch',
        startsAt: '2026-06-01T00:00:00Z',
      },
      { id: 'x', name: 'Website', label: 'Bad', value: 'javascript:alert(1)' },
    ],
    template: { accentColor: '#F5C518' },
    ...overrides,
  });
}

function request(kind: 'apple' | 'google', overrides: DocData = {}): WalletRequest {
  return { card: card(overrides), kind, hosts: HOSTS, now: NOW, loadImage: async () => null };
}

async function passOf(overrides: DocData = {}) {
  const answer = await walletAnswer({ apple, google }, request('apple', overrides));
  expect(answer?.status).toBe(200);
  return openPass(answer?.body as Uint8Array);
}

async function googleClaims(overrides: DocData = {}) {
  const answer = await walletAnswer({ apple, google }, request('google', overrides));
  expect(answer?.status).toBe(302);
  const location = answer?.headers.Location ?? '';
  expect(location.startsWith(GOOGLE_SAVE_URL)).toBe(true);
  return {
    jwt: location.slice(GOOGLE_SAVE_URL.length),
    claims: decodeJwt(location.slice(GOOGLE_SAVE_URL.length)),
  };
}

interface GenericObject {
  id: string;
  classId: string;
  header: { defaultValue: { value: string } };
  subheader?: { defaultValue: { value: string } };
  cardTitle: { defaultValue: { value: string } };
  hexBackgroundColor: string;
  barcode: { type: string; value: string };
  textModulesData: { header: string; body: string }[];
  linksModuleData: { uris: { uri: string; description: string }[] };
}

function genericObject(claims: Record<string, unknown>): GenericObject {
  const payload = claims.payload as { genericObjects: GenericObject[] };
  return payload.genericObjects[0] as GenericObject;
}

describe('the Apple Wallet pass', () => {
  it('lists every file in manifest.json with its SHA-1 and is signed by the development certificate', async () => {
    const pass = await passOf();
    expect(Object.keys(pass.manifest).sort()).toEqual(
      ['icon.png', 'icon@2x.png', 'icon@3x.png', 'pass.json'].sort(),
    );
    expect(() => verifyPassSignature(pass, apple.wwdr)).not.toThrow();
  });

  it('fails the signature check against another certificate authority', async () => {
    const pass = await passOf();
    const other = createDevWalletConfig(NOW).apple as AppleWalletConfig;
    expect(() => verifyPassSignature(pass, other.wwdr)).toThrow(/not issued by the WWDR/);
  });

  it('fails the signature check when the manifest is not the one signed', async () => {
    const pass = await passOf();
    const other = await passOf({ name: 'Someone Else' });
    const swapped = {
      ...pass,
      files: { ...pass.files, 'manifest.json': other.files['manifest.json'] as Uint8Array },
    };
    expect(() => verifyPassSignature(swapped, apple.wwdr)).toThrow(/signed digest/);
  });

  it('fails the signature check when the signature bytes are changed', async () => {
    const pass = await passOf();
    const signature = Uint8Array.from(pass.files.signature as Uint8Array);
    // The RSA signature is the SignerInfo's last field, near the end of the DER.
    const at = signature.length - 10;
    signature[at] = (signature[at] ?? 0) ^ 0xff;
    const broken = { ...pass, files: { ...pass.files, signature } };
    expect(() => verifyPassSignature(broken, apple.wwdr)).toThrow(/does not verify/);
  });

  it('fails the manifest check when a file is changed after signing', async () => {
    const answer = await walletAnswer({ apple, google }, request('apple'));
    const bytes = Buffer.from(answer?.body as Uint8Array);
    // pass.json is stored uncompressed: flipping one character of it breaks its hash.
    const at = bytes.indexOf('Ada Lovelace');
    bytes[at] = 'E'.charCodeAt(0);
    expect(() => openPass(bytes)).toThrow(/bad hash of pass.json|invalid zip/);
  });

  it('is a generic pass with name, title, company, the card colours and a QR of the tracked link', async () => {
    const { passJson } = await passOf();
    expect(passJson).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: apple.passTypeIdentifier,
      teamIdentifier: apple.teamIdentifier,
      serialNumber: 'card-1',
      organizationName: 'Acme Co',
      backgroundColor: 'rgb(245, 197, 24)',
      // Black text on the yellow accent (readable), as the card's own buttons do.
      foregroundColor: 'rgb(0, 0, 0)',
      barcodes: [
        {
          format: 'PKBarcodeFormatQR',
          message: 'https://card.example.com/ada-lovelace?via=1',
          messageEncoding: 'iso-8859-1',
        },
      ],
    });
    const generic = passJson.generic as Record<string, { key: string; value: string }[]>;
    expect(generic.primaryFields?.[0]?.value).toBe('Ada Lovelace');
    expect(generic.secondaryFields?.[0]?.value).toBe('Head of Sales');
    expect(generic.auxiliaryFields?.[0]?.value).toBe('Acme Co');
  });

  it('carries a PNG photo as the thumbnail and a PNG logo, and leaves a JPEG out', async () => {
    const photo = solidPng(90, { r: 1, g: 2, b: 3 });
    const answer = await walletAnswer(
      { apple, google },
      {
        ...request('apple', {
          template: { photoAvatar: '/files/photo.png', photoLogo: '/files/logo.jpg' },
        }),
        loadImage: async (src) =>
          src === '/files/photo.png'
            ? { bytes: photo, type: 'PNG' }
            : src === '/files/logo.jpg'
              ? { bytes: new Uint8Array([0xff, 0xd8]), type: 'JPEG' }
              : null,
      },
    );
    const pass = openPass(answer?.body as Uint8Array);
    expect(Buffer.from(pass.files['thumbnail.png'] as Uint8Array).equals(photo)).toBe(true);
    expect(pass.files['logo.png']).toBeUndefined();
    expect(pass.manifest['thumbnail.png']).toBeDefined();
  });

  it('changes with the card: an edited title is in the next pass', async () => {
    const before = await passOf();
    const after = await passOf({ title: 'Chief Analyst' });
    const generic = after.passJson.generic as Record<string, { value: string }[]>;
    expect(generic.secondaryFields?.[0]?.value).toBe('Chief Analyst');
    expect(after.manifest['pass.json']).not.toBe(before.manifest['pass.json']);
  });

  it('is not built when Apple Wallet is not configured', async () => {
    expect(await walletAnswer({ apple: null, google }, request('apple'))).toBeNull();
    expect(await walletAnswer(undefined, request('apple'))).toBeNull();
  });
});

describe('the Google Wallet save link', () => {
  it('is a save link whose JWT (typ savetowallet) verifies with the service account key', async () => {
    const { jwt } = await googleClaims();
    expect(decodeProtectedHeader(jwt).alg).toBe('RS256');
    const publicPem = createPublicKey(google.privateKey).export({ type: 'spki', format: 'pem' });
    const { payload } = await jwtVerify(jwt, await importSPKI(String(publicPem), 'RS256'), {
      issuer: google.serviceAccountEmail,
      audience: 'google',
    });
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual(['https://card.example.com']);
  });

  it('fails verification with another key', async () => {
    const { jwt } = await googleClaims();
    const other = createDevWalletConfig(NOW).google as GoogleWalletConfig;
    const otherPem = createPublicKey(other.privateKey).export({ type: 'spki', format: 'pem' });
    await expect(jwtVerify(jwt, await importSPKI(String(otherPem), 'RS256'))).rejects.toThrow();
  });

  it('holds a generic class and object with the name, colours and a QR of the tracked link', async () => {
    const { claims } = await googleClaims();
    const payload = claims.payload as { genericClasses: { id: string }[] };
    expect(payload.genericClasses).toEqual([
      { id: `${google.issuerId}.cardbuilder_business_card` },
    ]);
    const object = genericObject(claims);
    expect(object.id).toBe(`${google.issuerId}.card-1`);
    expect(object.classId).toBe(payload.genericClasses[0]?.id);
    expect(object.header.defaultValue.value).toBe('Ada Lovelace');
    expect(object.subheader?.defaultValue.value).toBe('Head of Sales');
    expect(object.cardTitle.defaultValue.value).toBe('Acme Co');
    expect(object.hexBackgroundColor).toBe('#f5c518');
    expect(object.barcode).toEqual({
      type: 'QR_CODE',
      value: 'https://card.example.com/ada-lovelace?via=1',
      alternateText: '',
    });
  });

  it('changes with the card: an edited name is in the next link', async () => {
    const { claims } = await googleClaims({ name: 'Ada King' });
    expect(genericObject(claims).header.defaultValue.value).toBe('Ada King');
  });

  it('is not made when Google Wallet is not configured', async () => {
    expect(await walletAnswer({ apple, google: null }, request('google'))).toBeNull();
  });
});

/** The values a vCard offers: FN, ORG, TITLE and each TEL, EMAIL, ADR and URL. */
function vCardValues(text: string): string[] {
  const lines = text.replace(/\r\n /g, '').split('\r\n');
  const values: string[] = [];
  for (const line of lines) {
    const match = /^(?:item\d+\.)?(FN|ORG|TITLE|TEL|EMAIL|ADR|URL)[;:]/.exec(line);
    if (!match) continue;
    let value = line.slice(line.indexOf(':') + 1);
    if (match[1] === 'ADR') value = value.split(';')[2] ?? '';
    values.push(value.replace(/\\([,;\\])/g, '$1'));
  }
  return values.sort();
}

describe('the vCard and both passes offer the same fields', () => {
  it('name, title, company, the card link, its e-mail and every live contact, on all three', async () => {
    const c = card();
    const url = 'https://card.example.com/ada-lovelace';
    const vcard = vCardValues(buildVCard(c, { url, now: NOW }));

    const { passJson } = await passOf();
    const generic = passJson.generic as Record<string, { value: string }[]>;
    const appleValues = [
      ...(generic.primaryFields ?? []),
      ...(generic.secondaryFields ?? []),
      ...(generic.auxiliaryFields ?? []),
      ...(generic.backFields ?? []),
    ]
      .map((f) => f.value)
      .sort();

    const object = genericObject((await googleClaims()).claims);
    const googleValues = [
      object.header.defaultValue.value,
      ...object.textModulesData.map((m) => m.body),
      ...object.linksModuleData.uris.map((u) => u.uri),
    ].sort();

    expect(appleValues).toEqual(vcard);
    expect(googleValues).toEqual(vcard);
    // Hidden, not-yet-scheduled and unsafe links are on none of them.
    for (const values of [vcard, appleValues, googleValues]) {
      expect(values).toContain('+1 555 0100');
      expect(values).toContain('https://linkedin.com/in/ada');
      expect(values).toContain('ada@acme.example');
      expect(values).toContain(url);
      expect(values).not.toContain('+1 555 0199');
      expect(values).not.toContain('https://ada.example/launch');
      expect(values.some((v) => v.startsWith('javascript:'))).toBe(false);
    }
  });

  it('shares one field list: the passes label links as the vCard does', () => {
    const fields = cardContactFields(card(), { url: 'https://card.example.com/x', now: NOW });
    const json = applePassJson(
      {
        cardId: 'c',
        contact: fields,
        trackedUrl: 'https://card.example.com/x?via=1',
        accent: '#000000',
      },
      apple,
    ) as { generic: { backFields: { label: string; value: string }[] } };
    expect(json.generic.backFields.map((f) => [f.label, f.value])).toEqual(
      fields.fields.map((f) => [f.label, f.value]),
    );
    expect(json.generic.backFields.find((f) => f.value.includes('linkedin'))?.label).toBe(
      'LinkedIn',
    );
  });
});

describe('wallet configuration from the environment', () => {
  const full = {
    APPLE_PASS_TYPE_ID: 'pass.com.example.card',
    APPLE_TEAM_ID: 'ABCDE12345',
    APPLE_PASS_CERT: '-----BEGIN CERTIFICATE-----\\nAAA\\n-----END CERTIFICATE-----',
    APPLE_PASS_KEY: Buffer.from(
      '-----BEGIN PRIVATE KEY-----\nBBB\n-----END PRIVATE KEY-----',
    ).toString('base64'),
    APPLE_WWDR_CERT: '-----BEGIN CERTIFICATE-----\nCCC\n-----END CERTIFICATE-----',
    GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
    GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: 'wallet@example.iam.gserviceaccount.com',
    GOOGLE_WALLET_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nDDD\\n-----END PRIVATE KEY-----\\n',
  };

  it('reads PEMs with \\n escapes or in base64', () => {
    const config = walletConfigFromEnv(full);
    expect(config.apple?.signerCert).toBe(
      '-----BEGIN CERTIFICATE-----\nAAA\n-----END CERTIFICATE-----',
    );
    expect(config.apple?.signerKey).toBe(
      '-----BEGIN PRIVATE KEY-----\nBBB\n-----END PRIVATE KEY-----',
    );
    expect(config.google?.privateKey).toBe(
      '-----BEGIN PRIVATE KEY-----\nDDD\n-----END PRIVATE KEY-----',
    );
    expect(config.apple?.signerKeyPassphrase).toBeUndefined();
  });

  it('turns a wallet off when one of its variables is missing', () => {
    expect(walletConfigFromEnv({ ...full, APPLE_WWDR_CERT: '' })).toMatchObject({ apple: null });
    expect(walletConfigFromEnv({ ...full, GOOGLE_WALLET_ISSUER_ID: undefined })).toMatchObject({
      google: null,
    });
    expect(walletConfigFromEnv({})).toEqual({ apple: null, google: null });
  });
});

describe('googleSaveUrl', () => {
  it('names the service account as issuer', async () => {
    const url = await googleSaveUrl(
      {
        cardId: 'c/1',
        contact: { name: 'A', title: '', company: '', fields: [] },
        trackedUrl: 'https://card.example.com/c1/i?via=1',
        accent: '#4f46e5',
        origins: ['https://card.example.com'],
      },
      google,
      NOW,
    );
    const claims = decodeJwt(url.slice(GOOGLE_SAVE_URL.length));
    expect(claims.iss).toBe(google.serviceAccountEmail);
    expect(claims.iat).toBe(Math.floor(NOW.getTime() / 1000));
    // An id Google accepts: the slash is replaced.
    expect(genericObject(claims).id).toBe(`${google.issuerId}.c_1`);
  });
});

describe('buildApplePass', () => {
  it('signs with an encrypted key when given its passphrase', () => {
    // A production key is often exported with a passphrase.
    const key = forge.pki.encryptRsaPrivateKey(
      forge.pki.privateKeyFromPem(apple.signerKey),
      'secret',
    );
    const bytes = buildApplePass(
      {
        cardId: 'c1',
        contact: { name: 'A', title: '', company: '', fields: [] },
        trackedUrl: 'https://card.example.com/c1/i?via=1',
        accent: '#4f46e5',
      },
      { ...apple, signerKey: key, signerKeyPassphrase: 'secret' },
    );
    expect(() => verifyPassSignature(openPass(bytes), apple.wwdr)).not.toThrow();
  });
});

describe('the local server’s development credentials', () => {
  it('are made once in the data folder and read back on the next start, keys owner-only', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'wallet-dev-')), 'wallet-dev');
    try {
      const first = loadOrCreateDevWalletConfig(dir);
      const second = loadOrCreateDevWalletConfig(dir);
      expect(second).toEqual(first);
      expect(statSync(join(dir, 'pass-key.pem')).mode & 0o077).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('give way to production credentials set in the environment', () => {
    const env = {
      GOOGLE_WALLET_ISSUER_ID: '1234',
      GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: 'prod@example.iam.gserviceaccount.com',
      GOOGLE_WALLET_PRIVATE_KEY: google.privateKey,
    };
    const dir = mkdtempSync(join(tmpdir(), 'wallet-env-'));
    try {
      const config = localWalletConfig(env, dir);
      expect(config.google?.issuerId).toBe('1234');
      expect(config.apple?.passTypeIdentifier).toBe('pass.local.cardbuilder.dev');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
