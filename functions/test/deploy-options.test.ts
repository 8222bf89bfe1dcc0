/**
 * How the functions deploy: each with the size its table entry chooses (src/services/hosted.ts) and
 * the README's "Function sizes" table says, the triggers in the database's region and the rest
 * where the app calls them, the wallet keys' secrets bound to the card pages for the wallets
 * WALLET_PASSES names, and the sitemap of a host listing only that host's card pages.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import { HOSTED_TRIGGERS, hostedNames, hostedOptions, type HostedName } from '@/services/hosted';
import { sitemapPage } from '@/services/sitemap';
import { readFunctionsConfig, REGION, TRIGGER_REGION } from '../src/config';
import { triggerRegionFor } from '../src/deploy-location';
import { createFunctions } from '../src/functions';

interface Endpoint {
  region?: string[];
  maxInstances?: number | null;
  availableMemoryMb?: number | null;
  cpu?: number | string | null;
  concurrency?: number | null;
  secretEnvironmentVariables?: { key: string }[];
}

const MEMORY_MB: Record<string, number> = { '256MiB': 256, '512MiB': 512, '1GiB': 1024 };

function endpoints(env: Record<string, string | undefined> = {}) {
  const saved = process.env.WALLET_PASSES;
  if (env.WALLET_PASSES === undefined) delete process.env.WALLET_PASSES;
  else process.env.WALLET_PASSES = env.WALLET_PASSES;
  try {
    const fns = createFunctions({
      db: () => createMemoryServerDb(),
      config: () => readFunctionsConfig({ GCLOUD_PROJECT: 'demo-cardbuilder' }),
    }) as unknown as Record<string, { __endpoint: Endpoint }>;
    return Object.fromEntries(Object.entries(fns).map(([name, fn]) => [name, fn.__endpoint]));
  } finally {
    if (saved === undefined) delete process.env.WALLET_PASSES;
    else process.env.WALLET_PASSES = saved;
  }
}

describe('the functions’ sizes', () => {
  it('gives every function the maxInstances, memory, CPU and concurrency of its table entry', () => {
    const options = hostedOptions();
    const built = endpoints();
    expect(Object.keys(built).sort()).toEqual(hostedNames().sort());
    for (const [name, endpoint] of Object.entries(built)) {
      const want = options[name as HostedName];
      expect(endpoint.maxInstances, name).toBe(want.maxInstances);
      expect(endpoint.availableMemoryMb, name).toBe(MEMORY_MB[want.memory]);
      expect(endpoint.cpu, name).toBe(want.cpu);
      expect(endpoint.concurrency ?? 1, name).toBe(want.concurrency);
    }
  });

  it('runs a function serving several requests at once on a whole CPU, and each trigger one event at a time', () => {
    for (const [name, options] of Object.entries(hostedOptions())) {
      if (options.concurrency > 1) expect(options.cpu, name).toBe(1);
      if (name in HOSTED_TRIGGERS) expect(options.concurrency, name).toBe(1);
      expect(options.maxInstances, name).toBeGreaterThan(0);
    }
  });

  it('is the README’s "Function sizes" table, row for row', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const rows = new Map<string, string[]>();
    for (const line of readme.split('\n')) {
      const cells = line.split('|').map((cell) => cell.trim());
      const name = /^`(\w+)`$/.exec(cells[1] ?? '')?.[1];
      if (name && cells.length >= 9) rows.set(name, cells.slice(3, 7));
    }
    for (const [name, o] of Object.entries(hostedOptions())) {
      const cpu = o.cpu === 'gcf_gen1' ? '1/6' : String(o.cpu);
      expect(rows.get(name), name).toEqual([
        String(o.maxInstances),
        o.memory,
        cpu,
        String(o.concurrency),
      ]);
    }
  });
});

describe('the functions’ regions', () => {
  it('puts the triggers beside the database and the rest where the app and Hosting call them', () => {
    for (const [name, endpoint] of Object.entries(endpoints())) {
      expect(endpoint.region, name).toEqual([name in HOSTED_TRIGGERS ? TRIGGER_REGION : REGION]);
    }
  });

  it('serves a multi-region database’s triggers from its region and refuses an unknown location', () => {
    expect(triggerRegionFor('nam5')).toBe('us-central1');
    expect(triggerRegionFor('eur3')).toBe('europe-west1');
    expect(triggerRegionFor('europe-west3')).toBe('europe-west3');
    expect(() => triggerRegionFor('us')).toThrow(/deploy\.json/);
  });
});

describe('the wallet keys', () => {
  afterEach(() => {
    delete process.env.WALLET_PASSES;
  });

  it('binds no wallet key when WALLET_PASSES names no wallet', () => {
    for (const [name, endpoint] of Object.entries(endpoints())) {
      if (name === 'resumeSubscription') continue;
      expect(endpoint.secretEnvironmentVariables ?? [], name).toEqual([]);
    }
  });

  it('binds the named wallets’ key secrets to the card pages only', () => {
    const built = endpoints({ WALLET_PASSES: 'google' });
    expect(built.cardPages?.secretEnvironmentVariables?.map((s) => s.key)).toEqual([
      'GOOGLE_WALLET_PRIVATE_KEY',
    ]);
    const both = endpoints({ WALLET_PASSES: 'apple,google' });
    expect(both.cardPages?.secretEnvironmentVariables?.map((s) => s.key)).toEqual([
      'APPLE_PASS_KEY',
      'GOOGLE_WALLET_PRIVATE_KEY',
    ]);
    for (const [name, endpoint] of Object.entries(both)) {
      if (name === 'cardPages' || name === 'resumeSubscription') continue;
      expect(endpoint.secretEnvironmentVariables ?? [], name).toEqual([]);
    }
  });

  it('binds Stripe’s subscriptions key to resumeSubscription alone, with or without wallets', () => {
    for (const built of [endpoints(), endpoints({ WALLET_PASSES: 'apple,google' })]) {
      expect(built.resumeSubscription?.secretEnvironmentVariables?.map((s) => s.key)).toEqual([
        'STRIPE_SUBSCRIPTIONS_KEY',
      ]);
    }
  });

  it('reads a wallet’s key from its secret, never from the environment', () => {
    const settings = {
      GCLOUD_PROJECT: 'demo-cardbuilder',
      GOOGLE_WALLET_ISSUER_ID: '3388000000000000000',
      GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: 'wallet@demo.iam.gserviceaccount.com',
      WALLET_PASSES: 'google',
    };
    const key = '-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----';
    const fromSecret = readFunctionsConfig(settings, () => key);
    expect(fromSecret.wallet.google?.privateKey).toContain('BEGIN PRIVATE KEY');
    // A key left in a plain variable is not read: the wallet stays off.
    const plain = readFunctionsConfig({ ...settings, GOOGLE_WALLET_PRIVATE_KEY: key }, () => '');
    expect(plain.wallet.google).toBeNull();
  });
});

describe('the sitemap of each host', () => {
  const db = createMemoryServerDb();
  db.seed('cards/c1', {
    id: 'c1',
    accountId: 'a',
    isArchived: false,
    handle: 'ada',
    handleAllowIndex: true,
  });
  const request = (host: string | undefined) => ({
    method: 'GET',
    url: new URL('https://ignored.example/sitemap.xml'),
    headers: host ? { 'x-forwarded-host': host } : {},
    ip: '203.0.113.9',
    readBody: () => Promise.resolve(''),
  });

  it('lists the card pages on the card host', async () => {
    const answer = await sitemapPage(request('card.example.com'), {
      db,
      cardHost: 'https://card.example.com',
    });
    expect(answer?.body).toContain('<loc>https://card.example.com/ada</loc>');
  });

  it('lists no card page on the app host when the cards have a host of their own', async () => {
    const answer = await sitemapPage(request('app.example.com'), {
      db,
      cardHost: 'https://card.example.com',
    });
    expect(answer?.status).toBe(200);
    expect(answer?.body).not.toContain('<loc>');
  });

  it('lists the card pages on the app host when they are under its /c', async () => {
    const answer = await sitemapPage(request('app.example.com'), {
      db,
      cardHost: 'https://app.example.com/c',
    });
    expect(answer?.body).toContain('<loc>https://app.example.com/c/ada</loc>');
  });
});
