import { describe, expect, it } from 'vitest';
import { runQuery } from '@/backend/engine/query';
import type { DocData, QueryDoc } from '@/backend/port';
import type { PublicDb } from '@/server/public-surfaces/public-surfaces-handler';
import { sitemapPage } from '@/server/sitemap';

function fakeDb(docs: Record<string, DocData>): PublicDb {
  return {
    get: (path) => ({
      id: path.split('/').pop() ?? '',
      path,
      exists: path in docs,
      data: docs[path] ?? null,
    }),
    query: (spec) => {
      const inCollection: QueryDoc[] = Object.entries(docs)
        .filter(([path]) => path.slice(0, path.lastIndexOf('/')) === spec.collection)
        .map(([path, data]) => ({ id: path.split('/').pop() ?? '', path, data }));
      return runQuery(inCollection, spec);
    },
    batch: () => {
      throw new Error('read-only test database');
    },
  };
}

const DOCS: Record<string, DocData> = {
  'cards/c1': { isArchived: false, handle: 'ada-lovelace', handleAllowIndex: true },
  'cards/c2': { isArchived: false, handle: 'private-person', handleAllowIndex: false },
  'cards/c3': { isArchived: true, handle: 'gone', handleAllowIndex: true },
  'cards/c4': { isArchived: false, handle: '', handleAllowIndex: true },
  'cards/c5': { isArchived: false, handle: 'tom&jerry', handleAllowIndex: true },
};

async function get(path: string, method = 'GET', docs: Record<string, DocData> = DOCS) {
  return sitemapPage(
    {
      method,
      url: new URL(path, 'http://app.test'),
      headers: {},
      ip: '',
      readBody: async () => '',
    },
    { db: fakeDb(docs), cardHost: 'http://app.test/c' },
  );
}

describe('sitemap.xml', () => {
  it('lists only the live cards whose owners allow indexing, by handle', async () => {
    const answer = await get('/sitemap.xml');
    expect(answer?.status).toBe(200);
    expect(answer?.headers['Content-Type']).toBe('application/xml; charset=utf-8');
    const locs = [...(answer?.body ?? '').matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(['http://app.test/c/ada-lovelace', 'http://app.test/c/tom%26jerry']);
    expect(answer?.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  });

  it('leaves out the cards of a deactivated account, and lists them again once it is reactivated', async () => {
    const card = (accountId: string, handle: string) => ({
      isArchived: false,
      handle,
      handleAllowIndex: true,
      accountId,
    });
    const docs: Record<string, DocData> = {
      'accounts/awake': { isActive: true },
      'accounts/dormant': { isActive: false },
      'cards/c1': card('awake', 'awake-card'),
      'cards/c2': card('dormant', 'dormant-card'),
    };
    const locs = async (all: Record<string, DocData>) =>
      [
        ...((await get('/sitemap.xml', 'GET', all))?.body ?? '').matchAll(/<loc>([^<]*)<\/loc>/g),
      ].map((m) => m[1]);
    expect(await locs(docs)).toEqual(['http://app.test/c/awake-card']);
    expect(await locs({ ...docs, 'accounts/dormant': { isActive: true } })).toEqual([
      'http://app.test/c/awake-card',
      'http://app.test/c/dormant-card',
    ]);
  });

  it('leaves other paths to the next handler and refuses writes', async () => {
    expect(await get('/sitemap.xml.gz')).toBeNull();
    expect((await get('/sitemap.xml', 'POST'))?.status).toBe(405);
  });
});
