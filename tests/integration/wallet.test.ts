/**
 * Wallet passes through the real local server: the card page links both passes, the Apple pass is
 * served as application/vnd.apple.pkpass and verifies against the development certificate, the
 * Google link redirects to a save link whose JWT verifies with the development key, an edit of
 * the card shows in the next pass, and an unknown, archived or unconfigured case is refused.
 */
import { createPublicKey } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocData } from '@/backend/port';
import { createDevWalletConfig } from '@/services/wallet/dev-credentials';
import { solidPng } from '@/services/wallet/solid-png';
import type {
  AppleWalletConfig,
  GoogleWalletConfig,
  WalletConfig,
} from '@/services/wallet/wallet-config';
import { createPublicSurfaces } from '../../local-server/public-surfaces';
import { startTestServer, type TestServer } from '../support/local-server';
import { openPass, verifyPassSignature } from '../support/wallet-pass';

let server: TestServer;
let bare: TestServer;
let wallet: WalletConfig;

function card(id: string, overrides: DocData = {}): DocData {
  return {
    id,
    handle: `${id}-handle`,
    handleAllowIndex: true,
    name: 'Ada Lovelace',
    title: 'Head of Sales',
    company: 'Acme Co',
    accountId: 'acme',
    isArchived: false,
    contacts: [{ id: 'phone', name: 'Phone', label: 'Mobile', value: '+1 555 0100' }],
    appForm: { enabled: false },
    template: { accentColor: '#0f766e' },
    signatureBasic: {},
    appShare: {},
    ...overrides,
  };
}

function get(base: TestServer, path: string): Promise<Response> {
  return fetch(`${base.url}${path}`, { redirect: 'manual' });
}

async function passJson(id: string): Promise<Record<string, unknown>> {
  const res = await get(server, `/c/${id}/wallet/apple.pkpass`);
  expect(res.status).toBe(200);
  const pass = openPass(new Uint8Array(await res.arrayBuffer()));
  verifyPassSignature(pass, wallet.apple?.wwdr ?? '');
  return pass.passJson;
}

beforeAll(async () => {
  wallet = createDevWalletConfig();
  server = await startTestServer({
    routes: [createPublicSurfaces({ cardBase: '/c', signatureBase: '/s', linkBase: '/l', wallet })],
  });
  bare = await startTestServer({
    routes: [createPublicSurfaces({ cardBase: '/c', signatureBase: '/s', linkBase: '/l' })],
  });
});

afterAll(async () => {
  await server?.close();
  await bare?.close();
});

describe('wallet passes on the local server', () => {
  it('the card page links an Apple Wallet pass and a Google Wallet save link', async () => {
    server.ctx.db.set('cards/w-page', card('w-page'));
    const html = await (await get(server, '/c/w-page-handle')).text();
    expect(html).toContain(`href="${server.url}/c/w-page/wallet/apple.pkpass"`);
    expect(html).toContain(`href="${server.url}/c/w-page/wallet/google"`);
    expect(html).toContain('Apple Wallet');
    expect(html).toContain('Google Wallet');
  });

  it('serves a signed pass as application/vnd.apple.pkpass, its QR the tracked link', async () => {
    server.ctx.db.set('cards/w-pass', card('w-pass'));
    const res = await get(server, '/c/w-pass/wallet/apple.pkpass');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const pass = openPass(new Uint8Array(await res.arrayBuffer()));
    expect(() => verifyPassSignature(pass, wallet.apple?.wwdr ?? '')).not.toThrow();
    expect(pass.passJson).toMatchObject({
      serialNumber: 'w-pass',
      backgroundColor: 'rgb(15, 118, 110)',
      barcodes: [{ message: `${server.url}/c/w-pass-handle?via=1` }],
    });
  });

  it('carries the card’s PNG photo as the pass thumbnail', async () => {
    const photo = solidPng(64, { r: 200, g: 10, b: 10 });
    server.ctx.db.set(
      'cards/w-photo',
      card('w-photo', {
        template: { photoAvatar: `data:image/png;base64,${photo.toString('base64')}` },
      }),
    );
    const res = await get(server, '/c/w-photo/wallet/apple.pkpass');
    const pass = openPass(new Uint8Array(await res.arrayBuffer()));
    expect(Buffer.from(pass.files['thumbnail.png'] as Uint8Array).equals(photo)).toBe(true);
  });

  it('the pass is also found by the card’s public handle', async () => {
    server.ctx.db.set('cards/w-handle', card('w-handle'));
    const res = await get(server, '/c/w-handle-handle/wallet/apple.pkpass');
    expect(res.status).toBe(200);
  });

  it('a card edit changes the next pass served', async () => {
    server.ctx.db.set('cards/w-edit', card('w-edit'));
    const before = (await passJson('w-edit')) as {
      generic: { primaryFields: { value: string }[] };
    };
    expect(before.generic.primaryFields[0]?.value).toBe('Ada Lovelace');
    server.ctx.db.set(
      'cards/w-edit',
      card('w-edit', { name: 'Ada King', template: { accentColor: '#111111' } }),
    );
    const after = (await passJson('w-edit')) as {
      generic: { primaryFields: { value: string }[] };
      backgroundColor: string;
    };
    expect(after.generic.primaryFields[0]?.value).toBe('Ada King');
    expect(after.backgroundColor).toBe('rgb(17, 17, 17)');
  });

  it('redirects to a Google Wallet save link whose JWT verifies with the development key', async () => {
    server.ctx.db.set('cards/w-google', card('w-google'));
    const res = await get(server, '/c/w-google/wallet/google');
    expect(res.status).toBe(302);
    const location = res.headers.get('location') ?? '';
    expect(location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    const jwt = location.split('/').pop() ?? '';
    const spki = createPublicKey(wallet.google?.privateKey ?? '').export({
      type: 'spki',
      format: 'pem',
    });
    const { payload } = await jwtVerify(jwt, await importSPKI(String(spki), 'RS256'), {
      audience: 'google',
      issuer: wallet.google?.serviceAccountEmail ?? '',
    });
    expect(payload.typ).toBe('savetowallet');
    const object = (payload.payload as { genericObjects: { header: unknown; barcode: unknown }[] })
      .genericObjects[0];
    expect(object?.header).toEqual({ defaultValue: { language: 'en', value: 'Ada Lovelace' } });
    expect(object?.barcode).toMatchObject({
      type: 'QR_CODE',
      value: `${server.url}/c/w-google-handle?via=1`,
    });
  });

  it('answers 404 for an unknown card, an archived card and an unknown wallet', async () => {
    server.ctx.db.set('cards/w-archived', card('w-archived', { isArchived: true }));
    for (const path of [
      '/c/nobody/wallet/apple.pkpass',
      '/c/w-archived/wallet/apple.pkpass',
      '/c/w-archived/wallet/google',
      '/c/w-archived-handle/wallet/google',
      '/c/w-page/wallet/samsung',
    ]) {
      expect((await get(server, path)).status, path).toBe(404);
    }
  });

  it('does not give an unlisted card’s pass by its handle (by id only, as its page)', async () => {
    server.ctx.db.set('cards/w-unlisted', card('w-unlisted', { handleAllowIndex: false }));
    expect((await get(server, '/c/w-unlisted-handle/wallet/apple.pkpass')).status).toBe(404);
    expect((await get(server, '/c/w-unlisted/wallet/apple.pkpass')).status).toBe(200);
  });

  it('credentials that cannot sign: 503 with a clear message, the reason in the log', async () => {
    const broken = await startTestServer({
      routes: [
        createPublicSurfaces({
          cardBase: '/c',
          signatureBase: '/s',
          linkBase: '/l',
          wallet: {
            apple: { ...(wallet.apple as AppleWalletConfig), signerKey: 'not a key' },
            google: { ...(wallet.google as GoogleWalletConfig), privateKey: 'not a key' },
          },
        }),
      ],
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      broken.ctx.db.set('cards/w-broken', card('w-broken'));
      for (const path of ['/c/w-broken/wallet/apple.pkpass', '/c/w-broken/wallet/google']) {
        const res = await get(broken, path);
        expect(res.status, path).toBe(503);
        expect(await res.text()).toContain('The pass could not be made just now');
      }
      expect(logged).toHaveBeenCalledWith(
        expect.stringContaining('could not be signed'),
        expect.anything(),
      );
    } finally {
      logged.mockRestore();
      await broken.close();
    }
  });

  it('without wallet credentials: no buttons on the page, and 503 with a clear message', async () => {
    bare.ctx.db.set('cards/w-bare', card('w-bare'));
    const html = await (await get(bare, '/c/w-bare-handle')).text();
    expect(html).not.toContain('/wallet/');
    const res = await get(bare, '/c/w-bare/wallet/apple.pkpass');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('not set up to sign Apple Wallet passes');
    expect((await get(bare, '/c/w-bare/wallet/google')).status).toBe(503);
  });
});
