/**
 * The two hosts serve the same table (src/services/hosted.ts): what the Cloud Functions bundle
 * exports (functions/src/index.ts), what the local server registers (local-server/local-host.ts) and
 * what the clients call must all be the table's names. `setAccountActive` once lived on the local
 * server only, and a super admin's deactivate got functions/not-found in production; each case here
 * fails on that kind of drift. (functions/test/hosts.test.ts checks the bundle's real exports and
 * their deploy options.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIREBASE_CALLABLES } from '@/backend/firebase/firebase-backend';
import {
  HOSTED_CALLABLES,
  HOSTED_MANIFEST,
  HOSTED_PUBLIC_ROUTES,
  HOSTED_TRIGGERS,
  documentParams,
  hostedNames,
  triggerFires,
} from '@/services/hosted';
import { createLocalHost } from '../../../local-server/local-host';

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** The names functions/src/index.ts exports (each line `export const name = ...`). */
function bundleExports(): string[] {
  return [...read('functions/src/index.ts').matchAll(/^export const (\w+)\s*=/gm)].map(
    (match) => match[1] ?? '',
  );
}

/** The project's own callables the Firebase driver calls (`ext-` ones are an extension's). */
const clientCallables = Object.values(FIREBASE_CALLABLES).filter(
  (name) => !name.startsWith('ext-'),
);

const sorted = (names: Iterable<string>) => [...names].sort();

describe('the functions bundle', () => {
  it('exports every callable the Firebase driver calls', () => {
    expect(clientCallables.length).toBeGreaterThan(0);
    const missing = clientCallables.filter((name) => !bundleExports().includes(name));
    expect(missing, 'called by the client, not exported by functions/src/index.ts').toEqual([]);
  });

  it('exports exactly the table’s names, each once', () => {
    const exported = bundleExports();
    expect(new Set(exported).size).toBe(exported.length);
    expect(sorted(exported)).toEqual(sorted(hostedNames()));
  });

  it('is rewritten to by Hosting only under the table’s public routes', () => {
    const config = JSON.parse(read('firebase.json')) as {
      hosting: Array<{ rewrites?: Array<{ function?: { functionId?: string } }> }>;
    };
    const rewritten = config.hosting.flatMap((site) =>
      (site.rewrites ?? []).flatMap((rewrite) => rewrite.function?.functionId ?? []),
    );
    expect(rewritten.length).toBeGreaterThan(0);
    for (const name of rewritten) expect(Object.keys(HOSTED_PUBLIC_ROUTES)).toContain(name);
  });
});

describe('the client', () => {
  it('calls through the Firebase driver only callables the table declares', () => {
    for (const name of clientCallables) expect(Object.keys(HOSTED_CALLABLES)).toContain(name);
  });

  it('names no callable outside the driver’s one table', () => {
    const source = read('src/backend/firebase/firebase-backend.ts');
    // Every use of httpsCallable but the import: one, naming the callable from the table.
    const uses = [...source.matchAll(/httpsCallable\b(?![,}])/g)].map((m) =>
      source.slice(m.index, m.index + 160),
    );
    expect(uses.length).toBe(1);
    expect(uses[0]).toMatch(
      /^httpsCallable<[^(]*>\(\s*(getFunctions\([^)]*\)|fns\(\)|instance),\s*FIREBASE_CALLABLES\[key\],?\s*\)/,
    );
  });

  it('calls through the local driver only callables the local server serves', () => {
    const source = read('src/backend/local/local-backend.ts');
    const names = [...source.matchAll(/callFunction\('([\w-]+)'/g)].map((m) => m[1] ?? '');
    expect(names.length).toBeGreaterThan(0);
    const local = createLocalHost().manifest.callables;
    for (const name of names) {
      // The payments extension's callable is the payments stand-in's (local-server/stand-ins).
      if (name.startsWith('ext-')) continue;
      expect(local).toContain(name);
    }
    // And the two drivers call the same callables.
    expect(sorted(names)).toEqual(sorted(Object.values(FIREBASE_CALLABLES)));
  });
});

describe('the local server', () => {
  it('registers every callable, trigger, schedule and public route of the table', () => {
    const { manifest } = createLocalHost();
    expect(sorted(manifest.callables)).toEqual(sorted(HOSTED_MANIFEST.callables));
    expect(sorted(manifest.triggers)).toEqual(sorted(HOSTED_MANIFEST.triggers));
    expect(sorted(manifest.schedules)).toEqual(sorted(HOSTED_MANIFEST.schedules));
    expect(sorted(manifest.publicRoutes)).toEqual(sorted(HOSTED_MANIFEST.publicRoutes));
  });

  it('is started with the local host’s routes, triggers and schedules', () => {
    const main = read('local-server/main.ts');
    expect(main).toContain('createLocalHost(');
    expect(main).toContain('...host.routes');
    expect(main).toContain('...host.triggers');
    expect(main).toContain('host.startSchedules(');
  });
});

describe('document patterns', () => {
  it('match documents of their own depth and give the wildcards', () => {
    expect(documentParams('cards/{cardId}', 'cards/c1')).toEqual({ cardId: 'c1' });
    expect(documentParams('cards/{cardId}', 'cards/c1/notes/n1')).toBeNull();
    expect(documentParams('accounts/{accountId}', 'accounts/a/teams/t')).toBeNull();
    expect(
      documentParams(HOSTED_TRIGGERS.sendInviteMail.document, 'accounts/a/invites/x@y.test'),
    ).toEqual({ accountId: 'a', email: 'x@y.test' });
    expect(documentParams('users/{uid}/subscriptions/{id}', 'users/u/other/s')).toBeNull();
  });

  it('fire a created trigger on creation only, a written one on every change', () => {
    expect(triggerFires('created', null, { a: 1 })).toBe(true);
    expect(triggerFires('created', { a: 1 }, { a: 2 })).toBe(false);
    expect(triggerFires('created', { a: 1 }, null)).toBe(false);
    expect(triggerFires('written', { a: 1 }, null)).toBe(true);
    expect(triggerFires('written', null, { a: 1 })).toBe(true);
  });
});
