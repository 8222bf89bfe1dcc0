/**
 * Malformed requests for the outside check, drawn from a seeded generator so that a failure can be
 * replayed (`OUTSIDE_SEED`). Every request here is wrong in some way (a bad shape, a path or id
 * Firestore refuses, a value past a limit, bytes that are not UTF-8, a wrong content type), so the
 * stack must answer each with a 4xx and change nothing.
 */
import { seededRandom } from './seeded-random';

export interface FuzzRequest {
  readonly what: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string | Buffer;
}

function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Text of a body nested `depth` levels, built as text (JSON.stringify would overflow first). */
function deepText(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

const LONE_SURROGATE = '"\\ud800x"';

/** Document paths Firestore refuses, or may refuse: each one is also written under `fuzz/`. */
function badPath(pick: <T>(items: readonly T[]) => T): string {
  return pick([
    'fuzz/' + 'x'.repeat(2_000),
    'fuzz',
    'fuzz/a/b',
    'fuzz//a',
    'fuzz/..',
    'fuzz/.',
    'fuzz/__x__',
    '/fuzz/a',
    'fuzz/a/',
    '',
    'fuzz/' + '\u0000',
    Array.from({ length: 120 }, (_, i) => `c${i}/d`).join('/'),
  ]);
}

export function fuzzRequests(
  seed: number,
  count: number,
  targets: { readonly cardId: string; readonly token: string },
): FuzzRequest[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const json = { 'Content-Type': 'application/json' };
  const signedIn = { ...json, Authorization: `Bearer ${targets.token}` };
  const db = (what: string, body: string | Buffer, headers: Record<string, string> = signedIn) => ({
    what,
    method: 'POST',
    path: '/api/db',
    headers,
    body,
  });
  const lead = (what: string, body: string | Buffer, type = 'application/json') => ({
    what,
    method: 'POST',
    path: `/c/${targets.cardId}/lead`,
    headers: { 'Content-Type': type, Accept: 'application/json' },
    body,
  });

  const makers: ReadonlyArray<() => FuzzRequest> = [
    () => db('db: not JSON', pick(['{', 'nul', '{"op":', '[]]', 'undefined', '\u0000'])),
    () => db('db: bytes that are not UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
    () => db('db: nested 100,000 levels', deepText(100_000)),
    () => db('db: no such op', JSON.stringify({ op: pick(['drop', 'eval', '', 42, null]) })),
    () => db('db: op of the wrong type', JSON.stringify(pick([[], 'get', 1, true, null]))),
    () =>
      db(
        'db: set at a path Firestore refuses',
        JSON.stringify({ op: 'set', path: badPath(pick), data: { a: 1 } }),
      ),
    () =>
      db(
        'db: a document nested past 20 levels',
        JSON.stringify({
          op: 'set',
          path: 'fuzz/deep',
          data: nested(21 + Math.floor(random() * 80), 1),
        }),
      ),
    () =>
      db(
        'db: an id with a lone surrogate',
        `{"op":"set","path":"fuzz/${'\\ud800'}","data":{"a":1}}`,
      ),
    () =>
      db(
        'db: a field value with a lone surrogate',
        `{"op":"set","path":"fuzz/s","data":{"a":${LONE_SURROGATE}}}`,
      ),
    () =>
      db(
        'db: a document over 1 MiB',
        JSON.stringify({ op: 'set', path: 'fuzz/big', data: { a: 'x'.repeat(1_100_000) } }),
      ),
    () =>
      db(
        'db: a query limit of 1e12',
        JSON.stringify({ op: 'query', query: { collection: 'cards', limit: 1e12 } }),
      ),
    () =>
      db(
        'db: a query with 100,000 filters',
        JSON.stringify({
          op: 'query',
          query: {
            collection: 'cards',
            where: Array.from({ length: 100_000 }, (_, i) => ({
              field: `f${i}`,
              op: '==',
              value: i,
            })),
          },
        }),
      ),
    () =>
      db(
        'db: a query of a malformed shape',
        JSON.stringify({
          op: 'query',
          query: pick([null, [], 'cards', { collection: 7 }, { where: 'x' }]),
        }),
      ),
    () =>
      db(
        'db: a batch of malformed writes',
        JSON.stringify({
          op: 'batch',
          ops: Array.from({ length: 1 + Math.floor(random() * 5) }, () =>
            pick([
              null,
              1,
              { kind: 'set' },
              { kind: 'nuke', path: 'fuzz/a' },
              { kind: 'update', path: 'fuzz/a', data: 3 },
            ]),
          ),
        }),
      ),
    () =>
      db(
        'db: a batch over 500 writes',
        JSON.stringify({
          op: 'batch',
          ops: Array.from({ length: 501 }, (_, i) => ({
            kind: 'set',
            path: `fuzz/b${i}`,
            data: { i },
          })),
        }),
      ),
    () =>
      db('db: a forged token', JSON.stringify({ op: 'get', path: 'cards/x' }), {
        ...json,
        Authorization: `Bearer ${'e'.repeat(40)}.${'f'.repeat(60)}.x`,
      }),
    () =>
      db('db: the wrong content type', JSON.stringify({ op: 'get', path: 'cards/x' }), {
        ...signedIn,
        'Content-Type': pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
        ]),
      }),
    () => lead('lead: not JSON', pick(['{', '"x"', '[1]', 'null'])),
    () => lead('lead: an unknown field', JSON.stringify({ nope: 'x', name: 'A' })),
    () =>
      lead(
        'lead: a field that is not text',
        JSON.stringify({ name: pick([1, {}, [], null, true]) }),
      ),
    () => lead('lead: a field over its limit', JSON.stringify({ name: 'x'.repeat(5_000) })),
    () => lead('lead: a body over its limit', JSON.stringify({ note: 'x'.repeat(200_000) })),
    () => lead('lead: a wrong content type', 'name=A', pick(['text/plain', 'application/xml'])),
    () => lead('lead: bytes that are not UTF-8', Buffer.from([0x7b, 0xc3, 0x28, 0x7d])),
    () => lead('lead: nested 100,000 levels', deepText(100_000)),
    () => ({
      what: 'lead: to a card that does not exist',
      method: 'POST',
      path: `/c/${pick(['nope', '%00', '..', 'x'.repeat(1_600), '%F0%9F'])}/lead`,
      headers: { ...json, Accept: 'application/json' },
      body: JSON.stringify({ name: 'A' }),
    }),
    () => ({
      what: 'page: a malformed address',
      method: pick(['GET', 'HEAD', 'DELETE', 'PUT']),
      path: pick([
        '/c/%',
        '/c/%E0%A4%A',
        '/c/' + 'a'.repeat(3_000),
        '/c/x/vcard',
        '/c/x/wallet/../../etc',
        '/c/x/i?' + 'q=1&'.repeat(2_000),
        '/scim/v2/Users?filter=' + encodeURIComponent('userName eq "'.repeat(50)),
        '/api/files/' + '%2e%2e/'.repeat(5),
        '/sitemap.xml?page=-1',
      ]),
      headers: { 'User-Agent': 'Mozilla/5.0 fuzz' },
    }),
  ];
  return Array.from({ length: count }, () => pick(makers)());
}
