/**
 * The local server when someone else can reach it: it listens on loopback only unless told
 * otherwise, its mailbox answers only this machine, a stored file is served only with its
 * download token, and one client cannot hold unbounded listeners or sockets.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  MAX_SOCKETS_PER_ADDRESS,
  isLoopbackHost,
  isLoopbackPeer,
  startServer,
} from 'firestore-local/create-server';
import { MAX_LISTENERS_PER_SOCKET } from 'firestore-local/listen-socket';
import { mailboxPage } from '../../local-server/stand-ins/mail-outbox';
import { TEST_PROJECT_ID, authEmulatorHost, createTestUser } from '../support/auth-emulator';
import type { TestUser } from '../support/auth-emulator';
import { startTestServer, type TestServer } from '../support/local-server';
import { signedInPolicy } from '../support/policies';

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer({ policy: signedInPolicy() });
  user = await createTestUser();
});

afterAll(async () => {
  await server?.close();
});

function socket(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/listen`);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

describe('where the server listens', () => {
  it('refuses an address other than loopback unless allowed, and says why', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cardbuilder-exposed-'));
    try {
      await expect(
        startServer({
          port: 0,
          host: '0.0.0.0',
          dataDir,
          projectId: TEST_PROJECT_ID,
          authEmulatorHost: authEmulatorHost(),
          policy: signedInPolicy(),
        }),
      ).rejects.toThrow(/Refusing to listen on 0\.0\.0\.0.*unsigned.*LOCAL_SERVER_ALLOW_REMOTE=1/s);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('tells loopback hosts and peers from the others', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '192.168.1.10', '::', 'example.com'])
      expect(isLoopbackHost(host)).toBe(false);
    expect(isLoopbackPeer('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackPeer('::ffff:10.0.0.7')).toBe(false);
    expect(isLoopbackPeer(undefined)).toBe(false);
  });
});

/** GET `path` of the server at `base` with this `Host` header (a browser sends the name it resolved). */
function getWithHost(base: string, path: string, host: string): Promise<number> {
  const target = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.get(
      { hostname: target.hostname, port: target.port, path, headers: { Host: host } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
  });
}

describe('the mailbox', () => {
  let mailbox: TestServer;

  beforeAll(async () => {
    mailbox = await startTestServer({ policy: signedInPolicy(), routes: [mailboxPage] });
  });

  afterAll(async () => {
    await mailbox?.close();
  });

  // A page on a name its owner points at 127.0.0.1 after it loaded (DNS rebinding) reads this
  // machine's server as its own origin: the request comes from loopback, with no `Origin`, but
  // its `Host` is the page's name. The mailbox holds sign-in, password-reset and invitation links.
  it('does not answer a page on a DNS name rebound to this machine', async () => {
    const port = new URL(mailbox.url).port;
    const status = (host: string) => getWithHost(mailbox.url, '/__/mailbox', host);
    expect(await status(`evil.example:${port}`)).toBe(403);
    expect(await status(`127.0.0.1.nip.io:${port}`)).toBe(403);
    // The honest use: the developer opens it on this machine by a loopback name.
    expect(await status(`localhost:${port}`)).toBe(200);
    expect(await status(`127.0.0.1:${port}`)).toBe(200);
  });
});

describe('stored files', () => {
  it('are served with their download token and not by their path alone', async () => {
    const put = await fetch(`${server.url}/api/files/users/${user.uid}/photo.png`, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png', Authorization: `Bearer ${user.idToken}` },
      body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
    });
    expect(put.status).toBe(200);
    const { url } = (await put.json()) as { url: string };
    expect(url).toMatch(/[?&]token=[0-9a-f-]{36}/);

    expect((await fetch(url)).status).toBe(200);
    const bare = url.replace(/\?.*$/, '');
    expect((await fetch(bare)).status).toBe(404);
    expect((await fetch(`${bare}?v=1&token=00000000-0000-0000-0000-000000000000`)).status).toBe(
      404,
    );

    // A new version keeps the token, so a URL already handed out still works.
    const again = await fetch(`${server.url}/api/files/users/${user.uid}/photo.png`, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png', Authorization: `Bearer ${user.idToken}` },
      body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 4, 5, 6]),
    });
    const next = ((await again.json()) as { url: string }).url;
    expect(new URL(next).searchParams.get('token')).toBe(new URL(url).searchParams.get('token'));
    expect((await fetch(url)).status).toBe(200);
  });
});

describe('limits per client', () => {
  it(`ends the listener past ${MAX_LISTENERS_PER_SOCKET} on one socket with resource-exhausted`, async () => {
    const ws = await socket();
    const errors: Array<{ id?: string; error?: { code?: string } }> = [];
    let snapshots = 0;
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; id?: string };
      if (message.type === 'snapshot') snapshots += 1;
      if (message.type === 'error') errors.push(message);
    });
    ws.send(JSON.stringify({ type: 'auth', token: user.idToken }));
    for (let i = 0; i <= MAX_LISTENERS_PER_SOCKET; i += 1) {
      ws.send(
        JSON.stringify({ type: 'listen', id: `l${i}`, target: { kind: 'doc', path: `x/d${i}` } }),
      );
    }
    await expect
      .poll(() => snapshots + errors.length, { timeout: 10_000 })
      .toBe(MAX_LISTENERS_PER_SOCKET + 1);
    expect(snapshots).toBe(MAX_LISTENERS_PER_SOCKET);
    expect(errors).toEqual([
      expect.objectContaining({
        id: `l${MAX_LISTENERS_PER_SOCKET}`,
        error: expect.objectContaining({ code: 'resource-exhausted' }),
      }),
    ]);
    ws.close();
  });

  it(`refuses a socket past ${MAX_SOCKETS_PER_ADDRESS} from one address, and takes one again after a close`, async () => {
    const open: WebSocket[] = [];
    try {
      for (let i = 0; i < MAX_SOCKETS_PER_ADDRESS; i += 1) open.push(await socket());
      await expect(socket()).rejects.toThrow(/429/);
      const first = open.shift();
      await new Promise<void>((done) => {
        first?.once('close', () => done());
        first?.close();
      });
      await expect
        .poll(async () => {
          try {
            const ws = await socket();
            open.push(ws);
            return true;
          } catch {
            return false;
          }
        })
        .toBe(true);
    } finally {
      for (const ws of open) ws.terminate();
    }
  });
});
