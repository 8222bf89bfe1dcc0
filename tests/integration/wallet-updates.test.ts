/**
 * Apple Wallet passes that update, through the real local server (docs/wallet-updates.md): a device
 * registers, lists changed serials, fetches and unregisters, and a card edit reaches a local
 * HTTP/2 stand-in for APNs, after which the device fetches a pass that shows it. The e2e
 * line as an integration test, since no browser can add a pass.
 */
import { generateKeyPairSync } from 'node:crypto';
import {
  createServer,
  type Http2Server,
  type IncomingHttpHeaders,
  type ServerHttp2Session,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocData } from '@/backend/port';
import { createDevWalletConfig } from '@/services/wallet/dev-credentials';
import type { WalletConfig } from '@/services/wallet/wallet-config';
import { localContextFor, localTrigger } from '../../local-server/local-host';
import { createPublicSurfaces } from '../../local-server/public-surfaces';
import { startTestServer, type TestServer } from '../support/local-server';
import { openPass, verifyPassSignature } from '../support/wallet-pass';

let server: TestServer;
let wallet: WalletConfig;
let apns: Http2Server;
let apnsUrl: string;
const sessions = new Set<ServerHttp2Session>();
const pushes: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const DEVICE = 'device-abc123';
const PUSH_TOKEN = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

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
    contacts: [],
    appForm: { enabled: false },
    template: { accentColor: '#0f766e' },
    signatureBasic: {},
    appShare: {},
    ...overrides,
  };
}

function passType(): string {
  return wallet.apple?.passTypeIdentifier ?? '';
}

async function download(id: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.url}/c/${id}/wallet/apple.pkpass`);
  expect(res.status).toBe(200);
  const pass = openPass(new Uint8Array(await res.arrayBuffer()));
  verifyPassSignature(pass, wallet.apple?.wwdr ?? '');
  return pass.passJson;
}

function service(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}/c/passkit/v1${path}`, init);
}

function register(serial: string, token: string, device = DEVICE): Promise<Response> {
  return service(`/devices/${device}/registrations/${passType()}/${serial}`, {
    method: 'POST',
    headers: { authorization: `ApplePass ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pushToken: PUSH_TOKEN }),
  });
}

beforeAll(async () => {
  apns = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      pushes.push({ headers: req.headers, body });
      res.writeHead(200, { 'apns-id': 'stand-in' });
      res.end();
    });
  });
  // The server's sender keeps its connection open (as with Apple's): closed by afterAll.
  apns.on('session', (session) => sessions.add(session));
  await new Promise<void>((resolve) => apns.listen(0, '127.0.0.1', resolve));
  apnsUrl = `http://127.0.0.1:${(apns.address() as AddressInfo).port}`;
  wallet = createDevWalletConfig();
  const context = localContextFor({
    apns: {
      endpoint: apnsUrl,
      keyId: 'KEY1234567',
      teamId: 'TEAM123456',
      key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
  });
  server = await startTestServer({
    routes: [createPublicSurfaces({ cardBase: '/c', signatureBase: '/s', linkBase: '/l', wallet })],
    triggers: [localTrigger('updateWalletPasses', { context })],
  });
});

afterAll(async () => {
  await server?.close();
  for (const session of sessions) session.destroy();
  await new Promise<void>((resolve) => (apns ? apns.close(() => resolve()) : resolve()));
});

describe('Apple Wallet passes that update', () => {
  it('a pass carries the web service and a token that stays the same for the card', async () => {
    server.ctx.db.set('cards/u-token', card('u-token'));
    const first = await download('u-token');
    expect(first.webServiceURL).toBe(`${server.url}/c/passkit`);
    expect(String(first.authenticationToken).length).toBeGreaterThanOrEqual(32);
    const again = await download('u-token');
    expect(again.authenticationToken).toBe(first.authenticationToken);
    // The token is the server's alone: stored where no rule lets a client read it.
    expect(server.ctx.db.get('walletPasses/u-token').data?.authenticationToken).toBe(
      first.authenticationToken,
    );
  });

  it('a device registers (201, then 200), counted once as a pass added; a wrong token is 401', async () => {
    server.ctx.db.set('cards/u-reg', card('u-reg'));
    const token = String((await download('u-reg')).authenticationToken);
    expect((await register('u-reg', 'x'.repeat(43))).status).toBe(401);
    expect((await register('u-reg', token)).status).toBe(201);
    expect((await register('u-reg', token)).status).toBe(200);
    const missing = await service(`/devices/${DEVICE}/registrations/${passType()}/u-reg`, {
      method: 'POST',
      body: JSON.stringify({ pushToken: PUSH_TOKEN }),
    });
    expect(missing.status).toBe(401);
    const summary = server.ctx.db.get('analytics/u-reg').data;
    expect(summary?.passesAdded).toBe(1);
    const day = new Date().toISOString().slice(0, 10);
    expect((summary?.passesAddedByDay as Record<string, number>)[day]).toBe(1);
    expect(summary?.accountId).toBe('acme');
  });

  it('a device registering again repairs a registration its pushes could not use', async () => {
    const device = 'device-torn1';
    server.ctx.db.set('cards/u-torn', card('u-torn'));
    const token = String((await download('u-torn')).authenticationToken);
    expect((await register('u-torn', token, device)).status).toBe(201);
    // The pass's side lost its pass type: no push could reach the device through it.
    const path = `walletPasses/u-torn/registrations/${device}`;
    server.ctx.db.set(path, { deviceLibraryIdentifier: device, pushToken: PUSH_TOKEN });
    expect((await register('u-torn', token, device)).status).toBe(200);
    expect(server.ctx.db.get(path).data).toMatchObject({
      pushToken: PUSH_TOKEN,
      passTypeIdentifier: passType(),
    });
  });

  it('lists the serials changed since a tag, serves the pass with Last-Modified and 304, and unregisters', async () => {
    const device = 'device-list1';
    server.ctx.db.set('cards/u-list', card('u-list'));
    const token = String((await download('u-list')).authenticationToken);
    expect((await register('u-list', token, device)).status).toBe(201);

    const all = await service(`/devices/${device}/registrations/${passType()}`);
    expect(all.status).toBe(200);
    const listed = (await all.json()) as { serialNumbers: string[]; lastUpdated: string };
    expect(listed.serialNumbers).toEqual(['u-list']);
    const since = await service(
      `/devices/${device}/registrations/${passType()}?passesUpdatedSince=${listed.lastUpdated}`,
    );
    expect(since.status).toBe(204);

    const auth = { authorization: `ApplePass ${token}` };
    const pass = await service(`/passes/${passType()}/u-list`, { headers: auth });
    expect(pass.status).toBe(200);
    expect(pass.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    const lastModified = pass.headers.get('last-modified') ?? '';
    expect(Date.parse(lastModified)).not.toBeNaN();
    const held = await service(`/passes/${passType()}/u-list`, {
      headers: { ...auth, 'if-modified-since': lastModified },
    });
    expect(held.status).toBe(304);
    const wrong = await service(`/passes/${passType()}/u-list`, {
      headers: { authorization: `ApplePass ${'y'.repeat(43)}` },
    });
    expect(wrong.status).toBe(401);

    const gone = await service(`/devices/${device}/registrations/${passType()}/u-list`, {
      method: 'DELETE',
      headers: auth,
    });
    expect(gone.status).toBe(200);
    expect((await service(`/devices/${device}/registrations/${passType()}`)).status).toBe(204);
    expect((await service('/log', { method: 'POST', body: '{"logs":["hi"]}' })).status).toBe(200);
  });

  it('a card edit pushes the registered device, which then fetches a pass showing the edit', async () => {
    const device = 'device-edit1';
    server.ctx.db.set('cards/u-edit', card('u-edit'));
    await server.idle();
    const token = String((await download('u-edit')).authenticationToken);
    expect((await register('u-edit', token, device)).status).toBe(201);
    const tag = (
      (await (await service(`/devices/${device}/registrations/${passType()}`)).json()) as {
        lastUpdated: string;
      }
    ).lastUpdated;
    const auth = { authorization: `ApplePass ${token}` };
    const lastModified =
      (await service(`/passes/${passType()}/u-edit`, { headers: auth })).headers.get(
        'last-modified',
      ) ?? '';
    pushes.length = 0;

    // Wait past the second of the pass's Last-Modified, so that the edit is newer in HTTP terms.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    server.ctx.db.set('cards/u-edit', card('u-edit', { name: 'Ada King' }));
    await server.idle();
    await vi.waitFor(() => expect(pushes.length).toBe(1), { timeout: 5000 });

    const push = pushes[0]!;
    expect(push.headers[':path']).toBe(`/3/device/${PUSH_TOKEN}`);
    expect(push.headers[':method']).toBe('POST');
    expect(push.headers['apns-topic']).toBe(passType());
    expect(push.body).toBe('{}');
    const jwt = String(push.headers.authorization).replace(/^bearer /, '');
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
    const key = await importSPKI(
      publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      'ES256',
    );
    const { payload } = await jwtVerify(jwt, key);
    expect(payload.iss).toBe('TEAM123456');
    expect(typeof payload.iat).toBe('number');

    const changed = await service(
      `/devices/${device}/registrations/${passType()}?passesUpdatedSince=${tag}`,
    );
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { serialNumbers: string[] }).serialNumbers).toEqual([
      'u-edit',
    ]);
    const fresh = await service(`/passes/${passType()}/u-edit`, {
      headers: { ...auth, 'if-modified-since': lastModified },
    });
    expect(fresh.status).toBe(200);
    const pass = openPass(new Uint8Array(await fresh.arrayBuffer()));
    verifyPassSignature(pass, wallet.apple?.wwdr ?? '');
    const json = pass.passJson as { generic: { primaryFields: Array<{ value: string }> } };
    expect(json.generic.primaryFields[0]?.value).toBe('Ada King');
  });

  it('an edit of a card no one saved as a pass pushes nothing', async () => {
    pushes.length = 0;
    server.ctx.db.set('cards/u-none', card('u-none'));
    server.ctx.db.set('cards/u-none', card('u-none', { name: 'Someone Else' }));
    await server.idle();
    expect(server.ctx.db.get('walletPasses/u-none').exists).toBe(false);
    expect(pushes).toEqual([]);
  });
});
