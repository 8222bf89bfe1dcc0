import { describe, expect, it } from 'vitest';
import { queryDocMap } from '@/backend/memory/doc-map';
import type { DocData } from '@/backend/port';
import type { ServerQuerySpec } from '@/backend/server-port';
import { SITEMAP_CARD_FIELDS, SITEMAP_PAGE, sitemapPage, type SitemapDb } from '@/services/sitemap';

/** The documents, with each card's `id` field as stored; the queries it answered are kept. */
function fakeDb(docs: Record<string, DocData>, queries: ServerQuerySpec[] = []): SitemapDb {
  const stored = new Map(
    Object.entries(docs).map(([path, data]) => [
      path,
      path.startsWith('cards/') ? { id: path.slice('cards/'.length), ...data } : data,
    ]),
  );
  return {
    query: (spec) => {
      queries.push(spec);
      return queryDocMap(stored, spec);
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

async function get(
  path: string,
  method = 'GET',
  docs: Record<string, DocData> = DOCS,
  queries: ServerQuerySpec[] = [],
) {
  return sitemapPage(
    {
      method,
      url: new URL(path, 'http://app.test'),
      headers: {},
      ip: '',
      readBody: async () => '',
    },
    { db: fakeDb(docs, queries), cardHost: 'http://app.test/c' },
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

  it('leaves out a card whose stored handle is not text, and one with a malformed account stays listed', async () => {
    const card = (fields: DocData) => ({ isArchived: false, handleAllowIndex: true, ...fields });
    const docs: Record<string, DocData> = {
      'accounts/dormant': { isActive: false },
      'cards/c1': card({ handle: ['ada'] }),
      'cards/c2': card({ handle: 42 }),
      'cards/c3': card({ handle: 'grace', accountId: { id: 'dormant' } }),
      'cards/c4': card({ handle: 'alan', accountId: 'dormant' }),
    };
    const body = (await get('/sitemap.xml', 'GET', docs))?.body ?? '';
    expect([...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([
      'http://app.test/c/grace',
    ]);
  });

  it('reads the indexable cards in pages, only the fields a link needs', async () => {
    const docs: Record<string, DocData> = {};
    const total = SITEMAP_PAGE * 2 + 5;
    for (let i = 0; i < total; i++) {
      const n = String(i).padStart(5, '0');
      docs[`cards/c${n}`] = {
        isArchived: false,
        handle: `person-${n}`,
        handleAllowIndex: true,
        accountId: 'a1',
        name: `Person ${n}`,
        contacts: [{ label: 'Phone', value: '+1 555 0100' }],
      };
    }
    const queries: ServerQuerySpec[] = [];
    const body = (await get('/sitemap.xml', 'GET', docs, queries))?.body ?? '';
    expect([...body.matchAll(/<loc>/g)]).toHaveLength(total);
    const cardQueries = queries.filter((q) => q.collection === 'cards');
    expect(cardQueries).toHaveLength(3);
    for (const q of cardQueries) {
      expect(q.limit).toBe(SITEMAP_PAGE);
      expect(q.select).toEqual([...SITEMAP_CARD_FIELDS]);
      expect(q.where?.map((w) => w.field)).toEqual(
        expect.arrayContaining(['handleAllowIndex', 'isArchived']),
      );
    }
  });

  it('leaves other paths to the next handler and refuses writes', async () => {
    expect(await get('/sitemap.xml.gz')).toBeNull();
    expect((await get('/sitemap.xml', 'POST'))?.status).toBe(405);
  });
});
