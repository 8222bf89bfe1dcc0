import { describe, expect, it } from 'vitest';
import { runQuery } from '../../../src/backend/engine/query';
import type { DocData, QueryDoc } from '../../../src/backend/port';
import { createDirectoryPage } from '../../../src/server/directory/directory-page';
import type { PublicDb } from '../../../src/server/public-surfaces/public-surfaces-handler';

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

async function get(path: string, docs: Record<string, DocData>) {
  const answer = await createDirectoryPage()(
    {
      method: 'GET',
      url: new URL(path, 'http://app.test'),
      headers: {},
      ip: '',
      readBody: async () => '',
    },
    { db: fakeDb(docs), cardHost: 'http://app.test/c' },
  );
  return { handled: answer !== null, status: answer?.status ?? 0, body: answer?.body ?? '' };
}

const DOCS: Record<string, DocData> = {
  'accounts/acme': {
    name: 'Acme <Co>',
    isActive: true,
    directory: { slug: 'acme-co', enabled: true },
  },
  'accounts/hidden': { name: 'Hidden', isActive: true, directory: { slug: 'hidden' } },
  'cards/c1': {
    accountId: 'acme',
    isArchived: false,
    name: '<script>alert(1)</script>',
    title: 'CTO',
    handle: 'evil',
    handleAllowIndex: true,
  },
  'cards/c2': {
    accountId: 'acme',
    isArchived: false,
    name: 'Grace Hopper',
    title: 'Admiral',
    handle: 'grace',
    handleAllowIndex: true,
  },
  'cards/u1': {
    accountId: 'acme',
    isArchived: false,
    name: 'Unlisted Person',
    handle: 'unlisted',
    handleAllowIndex: false,
  },
  'cards/c3': {
    accountId: 'acme',
    isArchived: true,
    name: 'Archived Person',
    handle: 'old',
    handleAllowIndex: true,
  },
  'cards/h1': {
    accountId: 'hidden',
    isArchived: false,
    name: 'Hidden Person',
    handle: 'h',
    handleAllowIndex: true,
  },
};

describe('directory page', () => {
  it('lists the account’s live cards, escaped, linking to each public page', async () => {
    const { handled, status, body } = await get('/d/acme-co', DOCS);
    expect(handled).toBe(true);
    expect(status).toBe(200);
    expect(body).toContain('Acme &lt;Co&gt;');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).not.toContain('<script>');
    expect(body).toContain('href="http://app.test/c/evil"');
    expect(body).toContain('href="http://app.test/c/grace"');
    expect(body).not.toContain('Archived Person');
    expect(body).not.toContain('Hidden Person');
  });

  it('does not list an unlisted card, nor reveal its private address', async () => {
    const { body } = await get('/d/acme-co', DOCS);
    expect(body).not.toContain('Unlisted Person');
    expect(body).not.toContain('/c/u1/i');
    expect((await get('/d/acme-co?q=unlisted', DOCS)).body).not.toContain('Unlisted Person');
  });

  it('filters by the search text', async () => {
    const { body } = await get('/d/acme-co?q=admiral', DOCS);
    expect(body).toContain('Grace Hopper');
    expect(body).not.toContain('alert(1)');
    expect(body).toContain('value="admiral"');
  });

  it('answers 404 for an account that did not turn the directory on, and for unknown slugs', async () => {
    expect((await get('/d/hidden', DOCS)).status).toBe(404);
    expect((await get('/d/nope', DOCS)).status).toBe(404);
  });

  it('has a meta description for search results, with the account name escaped', async () => {
    const { body } = await get('/d/acme-co', DOCS);
    expect(body).toContain(
      '<meta name="description" content="The digital business cards of the people at Acme &lt;Co&gt;:',
    );
  });

  it('leaves other paths to the next handler', async () => {
    expect((await get('/c/grace', DOCS)).handled).toBe(false);
  });
});
