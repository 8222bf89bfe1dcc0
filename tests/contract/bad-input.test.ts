/**
 * Bad input to the local server: malformed bodies, unknown ops, wrong paths, oversized documents and
 * bodies, missing, forged and expired tokens, refused listeners. Each gets its own clear error code
 * in `{ error: { code, message } }` with a fitting HTTP status, changes nothing (checked by reading
 * the data back), and the server goes on serving others.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  TEST_PROJECT_ID,
  alteredToken,
  createTestUser,
  emulatorClaims,
  unsignedJwt,
} from '../support/auth-emulator';
import type { TestUser } from '../support/auth-emulator';
import { startTestServer } from '../support/local-server';
import type { TestServer } from '../support/local-server';
import { REFUSED_COLLECTION, refusingPolicy } from '../support/policies';

let server: TestServer;
let user: TestUser;

interface Answer {
  status: number;
  body: { error?: { code: string; message: string }; [key: string]: unknown };
}

async function post(
  body: unknown,
  token: string | null = user.idToken,
  raw = false,
): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}/api/db`, {
    method: 'POST',
    headers,
    body: raw ? (body as string) : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** Everything stored under the test collection, as the server reports it. */
async function state(): Promise<unknown> {
  const answer = await post({ op: 'query', query: { collection: 'bad' } });
  expect(answer.status).toBe(200);
  return answer.body.docs;
}

/** A document whose field `a` holds `levels` maps, one in the other. */
function nestedMaps(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) value = { a: value };
  return { a: value };
}

function expectError(answer: Answer, status: number, code: string): void {
  expect(answer.body.error?.code, JSON.stringify(answer.body)).toBe(code);
  expect(answer.status).toBe(status);
  expect(answer.body.error?.message).toEqual(expect.any(String));
}

beforeAll(async () => {
  server = await startTestServer({ policy: refusingPolicy() });
  user = await createTestUser();
  const seeded = await post({ op: 'set', path: 'bad/seed', data: { v: 1 } });
  expect(seeded.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('malformed requests', () => {
  const cases: [string, () => Promise<Answer>, number, string][] = [
    [
      'a body that is not JSON',
      () => post('{"op": "set", "path": "bad/x", ', user.idToken, true),
      400,
      'invalid-argument',
    ],
    ['a JSON body that is not an object', () => post([1, 2]), 400, 'invalid-argument'],
    ['an unknown op', () => post({ op: 'drop', path: 'bad/seed' }), 400, 'invalid-argument'],
    [
      'a set on a collection path (odd segments)',
      () => post({ op: 'set', path: 'bad/x/y', data: { v: 2 } }),
      400,
      'invalid-argument',
    ],
    [
      'an add to a document path (even segments)',
      () => post({ op: 'add', collection: 'bad/seed', data: { v: 2 } }),
      400,
      'invalid-argument',
    ],
    ['a get of a collection path', () => post({ op: 'get', path: 'bad' }), 400, 'invalid-argument'],
    [
      'a path with an empty segment',
      () => post({ op: 'set', path: 'bad//x', data: { v: 2 } }),
      400,
      'invalid-argument',
    ],
    [
      'data that is not a map',
      () => post({ op: 'set', path: 'bad/seed', data: 'text' }),
      400,
      'invalid-argument',
    ],
    [
      'an unknown transform',
      () => post({ op: 'update', path: 'bad/seed', data: { v: { __transform: 'explode' } } }),
      400,
      'invalid-argument',
    ],
    [
      'a query with an unknown operator',
      () =>
        post({
          op: 'query',
          query: { collection: 'bad', where: [{ field: 'v', op: '~', value: 1 }] },
        }),
      400,
      'invalid-argument',
    ],
    [
      'a 2 MiB document',
      () =>
        post({ op: 'set', path: 'bad/seed', data: { v: 3, blob: 'x'.repeat(2 * 1024 * 1024) } }),
      400,
      'invalid-argument',
    ],
    [
      'a 12 MiB request body',
      () => post({ op: 'set', path: 'bad/seed', data: { blob: 'x'.repeat(12 * 1024 * 1024) } }),
      413,
      'invalid-argument',
    ],
    [
      'an update through __proto__ (issue 23, attack 6)',
      () => post({ op: 'update', path: 'bad/seed', data: { '__proto__.isSuperAdmin': true } }),
      400,
      'invalid-argument',
    ],
    [
      'an update through constructor.prototype',
      () =>
        post({
          op: 'update',
          path: 'bad/seed',
          data: { 'constructor.prototype.isSuperAdmin': true },
        }),
      400,
      'invalid-argument',
    ],
    [
      'a set-merge whose data holds a "__proto__" key',
      () =>
        post(
          '{"op":"set","path":"bad/seed","merge":true,"data":{"__proto__":{"isSuperAdmin":true}}}',
          user.idToken,
          true,
        ),
      400,
      'invalid-argument',
    ],
    [
      'an update of a missing document',
      () => post({ op: 'update', path: 'bad/ghost', data: { v: 2 } }),
      404,
      'not-found',
    ],
    [
      'a batch with one unknown write kind',
      () =>
        post({
          op: 'batch',
          ops: [
            { kind: 'set', path: 'bad/new', data: { v: 1 } },
            { kind: 'truncate', path: 'bad/seed' },
          ],
        }),
      400,
      'invalid-argument',
    ],
    [
      'a batch whose second write is over 1 MiB',
      () =>
        post({
          op: 'batch',
          ops: [
            { kind: 'set', path: 'bad/new', data: { v: 1 } },
            { kind: 'set', path: 'bad/seed', data: { blob: 'x'.repeat(1100 * 1024) } },
          ],
        }),
      400,
      'invalid-argument',
    ],
    // Firestore's limits (issue 26): refused as Firestore refuses them, before anything is written.
    [
      'a document nested 21 levels (Firestore: 20)',
      () => post({ op: 'set', path: 'bad/deep', data: nestedMaps(21) }),
      400,
      'invalid-argument',
    ],
    [
      'a document nested 100 levels',
      () => post({ op: 'set', path: 'bad/deep', data: nestedMaps(100) }),
      400,
      'invalid-argument',
    ],
    [
      'a body nested 100,000 levels deep (was a 500: stack overflow)',
      () =>
        post(
          `{"op":"set","path":"bad/deep","data":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`,
          user.idToken,
          true,
        ),
      400,
      'invalid-argument',
    ],
    [
      'a batch nested 100,000 levels deep in its second write',
      () =>
        post(
          `{"op":"batch","ops":[{"kind":"set","path":"bad/new","data":{"v":1}},` +
            `{"kind":"set","path":"bad/deep","data":{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}}]}`,
          user.idToken,
          true,
        ),
      400,
      'invalid-argument',
    ],
    [
      'bytes that are not base64 (was a 500)',
      () => post({ op: 'set', path: 'bad/bytes', data: { b: { __bytes: '!!\uD800' } } }),
      400,
      'invalid-argument',
    ],
    [
      'an array directly inside an array',
      () => post({ op: 'set', path: 'bad/nest', data: { list: [[1]] } }),
      400,
      'invalid-argument',
    ],
    [
      'a document id of 2,000 bytes (Firestore: 1,500)',
      () => post({ op: 'set', path: `bad/${'x'.repeat(2000)}`, data: { v: 1 } }),
      400,
      'invalid-argument',
    ],
    [
      'a document id with a lone surrogate (not UTF-8)',
      () => post({ op: 'set', path: 'bad/a\uD800b', data: { v: 1 } }),
      400,
      'invalid-argument',
    ],
    [
      'a query limit of 1e12',
      () => post({ op: 'query', query: { collection: 'bad', limit: 1e12 } }),
      400,
      'invalid-argument',
    ],
    [
      'a query with 100,000 filters',
      () =>
        post({
          op: 'query',
          query: {
            collection: 'bad',
            where: Array.from({ length: 100_000 }, () => ({ field: 'v', op: '==', value: 1 })),
          },
        }),
      400,
      'invalid-argument',
    ],
    [
      'a query with 36 disjunctions (Firestore: 30)',
      () =>
        post({
          op: 'query',
          query: {
            collection: 'bad',
            where: [
              { field: 'a', op: 'in', value: [1, 2, 3, 4, 5, 6] },
              { field: 'b', op: 'array-contains-any', value: [1, 2, 3, 4, 5, 6] },
            ],
          },
        }),
      400,
      'invalid-argument',
    ],
    [
      'a batch with a write the policy refuses',
      () =>
        post({
          op: 'batch',
          ops: [
            { kind: 'set', path: 'bad/new', data: { v: 1 } },
            { kind: 'set', path: `${REFUSED_COLLECTION}/x`, data: { v: 1 } },
          ],
        }),
      403,
      'permission-denied',
    ],
  ];

  for (const [name, send, status, code] of cases) {
    it(`${name}: ${code}, and nothing changes`, async () => {
      const before = await state();
      expectError(await send(), status, code);
      expect(await state()).toEqual(before);
    });
  }

  it('a GET on /api/db is refused', async () => {
    const res = await fetch(`${server.url}/api/db`);
    expect(res.status).toBe(405);
    expect(((await res.json()) as Answer['body']).error?.code).toBe('invalid-argument');
  });
});

describe('attack 6 of issue 23: the local server cannot be polluted, nor driven by other sites', () => {
  const polluted = () => (({}) as Record<string, unknown>).isSuperAdmin;

  it('a signed-out update through __proto__ is refused as invalid and changes no object of the server', async () => {
    const answer = await post(
      { op: 'update', path: 'bad/seed', data: { '__proto__.isSuperAdmin': true } },
      null,
    );
    expectError(answer, 400, 'invalid-argument');
    expect(answer.body.error?.message).toMatch(/"__proto__" is a reserved name/);
    // The server runs in this process: a pollution would show on every object here.
    expect(polluted()).toBeUndefined();
  });

  async function send(headers: Record<string, string>, body: string): Promise<Answer> {
    const res = await fetch(`${server.url}/api/db`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.idToken}`, ...headers },
      body,
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  }
  const write = JSON.stringify({ op: 'set', path: 'bad/seed', data: { v: 999 } });
  const read = JSON.stringify({ op: 'get', path: 'bad/seed' });

  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
    it(`a ${type} body (sent without a CORS preflight) is refused unread: 415`, async () => {
      const before = await state();
      expectError(await send({ 'Content-Type': type }, write), 415, 'invalid-argument');
      expect(await state()).toEqual(before);
    });
  }

  it('a request from a page on another site is refused: 403', async () => {
    const before = await state();
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example']) {
      const answer = await send({ 'Content-Type': 'application/json', Origin: origin }, write);
      expectError(answer, 403, 'permission-denied');
    }
    expect(await state()).toEqual(before);
  });

  /** A POST with exactly these headers, `Host` included (fetch would set its own). */
  function rawPost(headers: Record<string, string>, body: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${server.url}/api/db`,
        { method: 'POST', headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('a page on a rebound DNS name (its Origin names the Host it sent to) is refused', async () => {
    const status = await rawPost(
      {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${user.idToken}`,
        Origin: 'http://rebound.evil.example',
        Host: 'rebound.evil.example',
      },
      read,
    );
    expect(status).toBe(403);
  });

  it('the app itself (same origin), the JSON with a charset and non-browser clients still work', async () => {
    const own = new URL(server.url);
    const localhost = `http://localhost:${own.port}`;
    for (const headers of [
      { 'Content-Type': 'application/json', Origin: own.origin },
      { 'Content-Type': 'application/json; charset=utf-8', Origin: own.origin },
      { 'Content-Type': 'application/json' },
    ]) {
      const answer = await send(headers, read);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    // Through a dev proxy that keeps the Host: `localhost:{port}` is this machine too.
    const status = await rawPost(
      {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${user.idToken}`,
        Origin: localhost,
        Host: `localhost:${own.port}`,
      },
      read,
    );
    expect(status).toBe(200);
  });

  it('a listen socket from a page on another site is refused; one from the app opens', async () => {
    const wsUrl = `${server.url.replace(/^http/, 'ws')}/api/listen`;
    const outcome = (origin: string) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(wsUrl, { origin });
        ws.on('open', () => {
          ws.close();
          resolve('open');
        });
        ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
        ws.on('error', () => resolve('error'));
      });
    expect(await outcome('https://evil.example')).toBe('403');
    expect(await outcome(new URL(server.url).origin)).toBe('open');
  });
});

describe('tokens', () => {
  const write = (token: string | null) =>
    post({ op: 'set', path: 'bad/seed', data: { v: 666 } }, token);

  it('no token: the signed-in-only policy refuses with permission-denied', async () => {
    const before = await state();
    expectError(await write(null), 403, 'permission-denied');
    expectError(await post({ op: 'get', path: 'bad/seed' }, null), 403, 'permission-denied');
    expect(await state()).toEqual(before);
  });

  const forged: [string, () => string][] = [
    ['garbage', () => 'not-a-jwt'],
    [
      'a token for another project',
      () =>
        unsignedJwt(
          emulatorClaims(user.uid, {
            aud: 'other-project',
            iss: 'https://securetoken.google.com/other-project',
          }),
        ),
    ],
    [
      'a real token with its audience altered',
      () => alteredToken(user.idToken, { aud: 'demo-someone-else' }),
    ],
    [
      'a real token altered to a user that does not exist',
      () => alteredToken(user.idToken, { sub: 'no-such-user', user_id: 'no-such-user' }),
    ],
    [
      'an expired token',
      () =>
        unsignedJwt(
          emulatorClaims(user.uid, {
            iat: Math.floor(Date.now() / 1000) - 7200,
            exp: Math.floor(Date.now() / 1000) - 3600,
          }),
        ),
    ],
  ];
  for (const [name, token] of forged) {
    it(`${name}: unauthenticated, and nothing changes`, async () => {
      const before = await state();
      expectError(await write(token()), 401, 'unauthenticated');
      expect(await state()).toEqual(before);
    });
  }

  it('an Authorization header that is not a bearer token: unauthenticated', async () => {
    const res = await fetch(`${server.url}/api/db`, {
      method: 'POST',
      headers: { Authorization: 'Basic dXNlcjpwYXNz', 'Content-Type': 'application/json' },
      body: JSON.stringify({ op: 'get', path: 'bad/seed' }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Answer['body']).error?.code).toBe('unauthenticated');
  });

  it('a fresh emulator token for the same user is accepted (the forgeries above were refused for their flaws)', async () => {
    const claims = emulatorClaims(user.uid, { email: user.email });
    expect(claims.aud).toBe(TEST_PROJECT_ID);
    expect((await post({ op: 'get', path: 'bad/seed' }, unsignedJwt(claims))).status).toBe(200);
  });
});

describe('files', () => {
  async function put(
    path: string,
    body: Uint8Array<ArrayBuffer>,
    type: string,
    token: string | null = user.idToken,
  ) {
    const headers: Record<string, string> = { 'Content-Type': type };
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(`${server.url}/api/files/${path}`, { method: 'PUT', headers, body });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  }
  const exists = async (path: string) =>
    (
      await fetch(`${server.url}/api/files/${path}`, {
        headers: { Authorization: `Bearer ${user.idToken}` },
      })
    ).status === 200;

  it('refuses a wrong type, an oversized file, a signed-out or forged upload; stores nothing', async () => {
    expectError(
      await put('bad/a.svg', new Uint8Array([60, 115, 118, 103]), 'image/svg+xml'),
      400,
      'invalid-argument',
    );
    expectError(
      await put('bad/b.png', new Uint8Array(5 * 1024 * 1024 + 1), 'image/png'),
      413,
      'invalid-argument',
    );
    expectError(
      await put('bad/c.png', new Uint8Array([1]), 'image/png', null),
      403,
      'permission-denied',
    );
    expectError(
      await put('bad/d.png', new Uint8Array([1]), 'image/png', 'garbage'),
      401,
      'unauthenticated',
    );
    // `../..` with encoded slashes: fetch does not resolve it away, the server must refuse it.
    expectError(
      await put('bad/..%2F..%2Fx.png', new Uint8Array([1]), 'image/png'),
      400,
      'invalid-argument',
    );
    for (const p of ['bad/a.svg', 'bad/b.png', 'bad/c.png', 'bad/d.png'])
      expect(await exists(p)).toBe(false);
  });
});

describe('listeners', () => {
  function openSocket(): Promise<{
    ws: WebSocket;
    messages: Record<string, unknown>[];
    wait(n: number): Promise<void>;
  }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/listen`);
      const messages: Record<string, unknown>[] = [];
      ws.on('message', (data) =>
        messages.push(JSON.parse(String(data)) as Record<string, unknown>),
      );
      ws.on('error', reject);
      ws.on('open', () =>
        resolve({
          ws,
          messages,
          async wait(n) {
            const deadline = Date.now() + 5000;
            while (messages.length < n) {
              if (Date.now() > deadline)
                throw new Error(`Only ${messages.length} messages: ${JSON.stringify(messages)}`);
              await new Promise((r) => setTimeout(r, 5));
            }
          },
        }),
      );
    });
  }

  it('a listener on a path it may not read gets permission-denied and no data', async () => {
    const s = await openSocket();
    s.ws.send(JSON.stringify({ type: 'auth', token: user.idToken }));
    s.ws.send(
      JSON.stringify({
        type: 'listen',
        id: 'a',
        target: { kind: 'doc', path: `${REFUSED_COLLECTION}/x` },
      }),
    );
    s.ws.send(
      JSON.stringify({
        type: 'listen',
        id: 'b',
        target: { kind: 'query', spec: { collection: REFUSED_COLLECTION } },
      }),
    );
    await s.wait(3);
    expect(s.messages[0]).toMatchObject({ type: 'auth', ok: true, uid: user.uid });
    expect(s.messages.slice(1)).toEqual([
      { type: 'error', id: 'a', error: { code: 'permission-denied', message: expect.any(String) } },
      { type: 'error', id: 'b', error: { code: 'permission-denied', message: expect.any(String) } },
    ]);
    s.ws.close();
  });

  it('a forged token on the socket is refused and its listeners are judged signed out', async () => {
    const s = await openSocket();
    s.ws.send(
      JSON.stringify({ type: 'auth', token: alteredToken(user.idToken, { aud: 'other' }) }),
    );
    s.ws.send(
      JSON.stringify({ type: 'listen', id: 'a', target: { kind: 'doc', path: 'bad/seed' } }),
    );
    await s.wait(2);
    expect(s.messages[0]).toMatchObject({
      type: 'auth',
      ok: false,
      error: { code: 'unauthenticated' },
    });
    expect(s.messages[1]).toMatchObject({
      type: 'error',
      id: 'a',
      error: { code: 'permission-denied' },
    });
    s.ws.close();
  });

  it("a listen query past Firestore's limits, or nested 100,000 levels, is refused and the socket goes on", async () => {
    const s = await openSocket();
    s.ws.send(JSON.stringify({ type: 'auth', token: user.idToken }));
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    s.ws.send(
      `{"type":"listen","id":"deep","target":{"kind":"query","spec":{"collection":"bad",` +
        `"where":[{"field":"v","op":"==","value":${deep}}]}}}`,
    );
    s.ws.send(
      JSON.stringify({
        type: 'listen',
        id: 'huge',
        target: { kind: 'query', spec: { collection: 'bad', limit: 1e12 } },
      }),
    );
    s.ws.send(
      JSON.stringify({ type: 'listen', id: 'good', target: { kind: 'doc', path: 'bad/seed' } }),
    );
    await s.wait(4);
    expect(s.messages[1]).toMatchObject({
      type: 'error',
      id: 'deep',
      error: { code: 'invalid-argument', message: expect.stringMatching(/nested/) },
    });
    expect(s.messages[2]).toMatchObject({
      type: 'error',
      id: 'huge',
      error: { code: 'invalid-argument', message: expect.stringMatching(/limit/) },
    });
    expect(s.messages[3]).toMatchObject({ type: 'snapshot', id: 'good' });
    s.ws.close();
  });

  it('nonsense messages get invalid-argument and the socket keeps working', async () => {
    const s = await openSocket();
    s.ws.send('{not json');
    s.ws.send(JSON.stringify({ type: 'subscribe-all' }));
    s.ws.send(JSON.stringify({ type: 'auth', token: user.idToken }));
    s.ws.send(JSON.stringify({ type: 'listen', id: 'odd', target: { kind: 'doc', path: 'bad' } }));
    s.ws.send(
      JSON.stringify({ type: 'listen', id: 'good', target: { kind: 'doc', path: 'bad/seed' } }),
    );
    await s.wait(5);
    expect(s.messages[0]).toMatchObject({ type: 'error', error: { code: 'invalid-argument' } });
    expect(s.messages[1]).toMatchObject({ type: 'error', error: { code: 'invalid-argument' } });
    expect(s.messages[2]).toMatchObject({ type: 'auth', ok: true });
    expect(s.messages[3]).toMatchObject({
      type: 'error',
      id: 'odd',
      error: { code: 'invalid-argument' },
    });
    expect(s.messages[4]).toMatchObject({
      type: 'snapshot',
      id: 'good',
      doc: { exists: true, data: { v: 1 } },
    });
    s.ws.close();
  });
});

describe('fuzzing /api/db', () => {
  /** A seeded generator (mulberry32): the same 400 bodies on every run. */
  function random(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const rnd = random(26);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const KEYS = ['op', 'path', 'data', 'kind', 'query', 'collection', 'ops', 'where', 'field'];
  const TAGS = ['value', 'limit', 'orderBy', '__date', '__num', '__ref', '__geo', '__bytes'];
  const MORE = ['__transform', 'by', 'values', 'merge', 'constructor', '__proto__'];
  function value(depth = 0): unknown {
    const r = rnd();
    if (depth > 3 || r < 0.3) {
      return pick([null, 0, -1, 1e308, 'x', '', 'bad/x', true, 'a.b', '__proto__', '\uD800']);
    }
    if (r < 0.5) return Array.from({ length: Math.floor(rnd() * 3) }, () => value(depth + 1));
    const out: Record<string, unknown> = {};
    for (let i = 0; i < 3; i++) out[pick([...KEYS, ...TAGS, ...MORE])] = value(depth + 1);
    return out;
  }

  it('400 malformed bodies: none is answered 5xx, and the server goes on', async () => {
    const failures: string[] = [];
    for (let i = 0; i < 400; i++) {
      const op = pick(['get', 'query', 'set', 'update', 'delete', 'add', 'batch', 'x']);
      const body: Record<string, unknown> = { op };
      for (const key of ['path', 'data', 'query', 'collection', 'ops', 'merge']) {
        if (rnd() < 0.6) body[key] = value();
      }
      // Fuzzed writes go to paths of their own (`bad/fz*`), never over the seeded document.
      if (rnd() < 0.3) body.path = `bad/fz${i}`;
      if (op === 'batch' && rnd() < 0.5) {
        body.ops = [{ kind: pick(['set', 'update', 'delete']), path: `bad/fz${i}`, data: value() }];
      }
      if (op === 'query' && rnd() < 0.5) {
        body.query = {
          collection: 'bad',
          where: [
            {
              field: pick(['a', 'a.b', '']),
              op: pick(['==', 'in', '<', 'array-contains-any', 'not-in']),
              value: value(),
            },
          ],
          orderBy: value(),
          limit: value(),
        };
      }
      const answer = await post(body);
      if (answer.status >= 500) failures.push(`${answer.status} ${JSON.stringify(body)}`);
    }
    expect(failures).toEqual([]);
    // What the fuzz managed to write (valid writes to its own paths) is removed again.
    const docs = (await state()) as { path: string }[];
    for (const doc of docs) {
      if (doc.path.startsWith('bad/fz')) await post({ op: 'delete', path: doc.path });
    }
  });
});

describe('after all that', () => {
  it('the server still serves others, and the seeded data is intact', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(await health.json()).toEqual({ ok: true });
    const other = await createTestUser();
    const answer = await post({ op: 'get', path: 'bad/seed' }, other.idToken);
    expect(answer.status).toBe(200);
    expect(answer.body.doc).toEqual({ id: 'seed', path: 'bad/seed', exists: true, data: { v: 1 } });
    expect(await state()).toEqual([{ id: 'seed', path: 'bad/seed', data: { v: 1 } }]);
  });
});
