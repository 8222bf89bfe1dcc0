import { describe, expect, it } from 'vitest';
import { runQuery } from 'firestore-engine/query';
import type { DocData, QueryDoc } from '@/backend/port';
import { createDirectoryPage } from '@/services/directory/directory-page';
import type { PublicDb } from '@/services/public-surfaces/public-surfaces-handler';

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

/** Acme with an owner whose default team has the given brand kit. */
function branded(kit: { photoLogo?: string; accent?: string }): Record<string, DocData> {
  return {
    'accounts/acme': { ...DOCS['accounts/acme'], ownerId: 'olivia' },
    'users/olivia': { accountId: 'acme', defaultTeam: 'sales' },
    'accounts/acme/teams/sales': {
      name: 'Sales',
      isArchived: false,
      photoLogo: kit.photoLogo ?? '',
      template: kit.accent !== undefined ? { accentColor: kit.accent } : null,
    },
  };
}

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

  it('shows the default team’s logo and accent colour, escaped, with a sized image', async () => {
    const { body } = await get('/d/acme-co', {
      ...DOCS,
      ...branded({ photoLogo: 'https://files.example/logo.png?a=1&b="x"', accent: '#0f766e' }),
    });
    expect(body).toContain(
      '<img class="logo" src="https://files.example/logo.png?a=1&amp;b=%22x%22" alt="Acme &lt;Co&gt; logo" width="160" height="64"/>',
    );
    expect(body).toContain('--accent:#0f766e;--on-accent:#ffffff;--ring:#0f766e');
    expect(body).not.toContain('<script');
  });

  it('drops a logo that is not an image address and an accent that is not a colour', async () => {
    const { body } = await get('/d/acme-co', {
      ...DOCS,
      ...branded({ photoLogo: 'javascript:alert(1)', accent: 'red;}body{display:none' }),
    });
    expect(body).not.toContain('<img');
    expect(body).not.toContain('javascript:');
    expect(body).not.toContain('display:none');
    expect(body).toContain('--accent:#4f46e5;--on-accent:#ffffff');
  });

  it('keeps a pale brand colour readable: dark text on it, indigo focus rings and an edge', async () => {
    const { body } = await get('/d/acme-co', { ...DOCS, ...branded({ accent: '#fef9c3' }) });
    expect(body).toContain('--accent:#fef9c3;--on-accent:#000000;--ring:#4f46e5;--edge:#0f172a');
  });

  it('shows the product’s colours when the account has no default team to read', async () => {
    const { body } = await get('/d/acme-co', DOCS);
    expect(body).toContain('--accent:#4f46e5;--on-accent:#ffffff;--ring:#4f46e5');
    expect(body).not.toContain('<img');
  });

  it('reads stored fields that are not what they should be as none', async () => {
    const kit = branded({ photoLogo: 'https://files.example/logo.png', accent: '#0f766e' });
    const malformed: Record<string, DocData>[] = [
      // The directory switch: only `true` turns it on.
      {
        'accounts/acme': {
          ...DOCS['accounts/acme'],
          directory: { slug: 'acme-co', enabled: 'yes' },
        },
      },
      { 'accounts/acme': { ...DOCS['accounts/acme'], directory: { slug: 'acme-co', enabled: 1 } } },
    ];
    for (const docs of malformed)
      expect((await get('/d/acme-co', { ...DOCS, ...docs })).status).toBe(404);
    // A name that is not text reads as the slug.
    const unnamed = { ...DOCS, 'accounts/acme': { ...DOCS['accounts/acme'], name: ['Acme'] } };
    expect((await get('/d/acme-co', unnamed)).body).toContain('<h1>acme-co</h1>');
    // The brand is none wherever a document on the way holds something else than text.
    const brandless: Record<string, DocData>[] = [
      { 'accounts/acme': { ...kit['accounts/acme'], ownerId: ['olivia'] } },
      { 'users/olivia': { accountId: 'acme', defaultTeam: { id: 'sales' } } },
      { 'accounts/acme/teams/sales': { ...kit['accounts/acme/teams/sales'], isArchived: true } },
    ];
    for (const docs of brandless) {
      const { body } = await get('/d/acme-co', { ...DOCS, ...kit, ...docs });
      expect(body).not.toContain('<img');
      expect(body).toContain('--accent:#4f46e5');
    }
    const team = kit['accounts/acme/teams/sales'];
    const { body } = await get('/d/acme-co', {
      ...DOCS,
      ...kit,
      'accounts/acme/teams/sales': { ...team, photoLogo: 42, template: { accentColor: true } },
    });
    expect(body).not.toContain('<img');
    expect(body).toContain('--accent:#4f46e5');
    // A team whose archived flag is not `true` still gives its brand.
    const flagged = { ...DOCS, ...kit, 'accounts/acme/teams/sales': { ...team, isArchived: 'no' } };
    expect((await get('/d/acme-co', flagged)).body).toContain('--accent:#0f766e');
  });

  it('allows logos from the file store’s https host in its content security policy', async () => {
    const answer = await createDirectoryPage()(
      {
        method: 'GET',
        url: new URL('/d/acme-co', 'http://app.test'),
        headers: {},
        ip: '',
        readBody: async () => '',
      },
      { db: fakeDb(DOCS), cardHost: 'http://app.test/c' },
    );
    expect(answer?.headers['Content-Security-Policy']).toContain("img-src 'self' https: data:");
    expect(answer?.headers['Content-Security-Policy']).not.toContain('script-src');
  });

  it('leaves other paths to the next handler', async () => {
    expect((await get('/c/grace', DOCS)).handled).toBe(false);
  });
});
