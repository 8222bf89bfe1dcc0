/**
 * The public directory follows the brand kit (issue 16), against the real local server: the owner
 * saves the default team's logo and accent through the app's repository, under the rules, and the
 * next directory page shows them; a change of the brand kit shows at once, with no copy to sync.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicSurfaces } from '../../local-server/public-surfaces';
import { setBackend } from '@/backend/current';
import { saveBranding, toTeamDoc } from '@/data/team-settings';
import { EMPTY_BRAND_KIT } from '@/domain/model';
import { createTestUser } from '../support/auth-emulator';
import { localBackendFor, startTestServer } from '../support/local-server';
import type { TestServer } from '../support/local-server';

let server: TestServer;

function team() {
  return toTeamDoc('sales', server.ctx.db.get('accounts/brandco/teams/sales').data ?? {});
}

async function directory(): Promise<string> {
  const res = await fetch(`${server.url}/d/brand-co`);
  expect(res.status).toBe(200);
  return res.text();
}

beforeAll(async () => {
  server = await startTestServer({
    routes: [createPublicSurfaces({ cardBase: '/c', signatureBase: '/s', linkBase: '/l' })],
  });
  const user = await createTestUser();
  setBackend(localBackendFor(server.url, () => user.idToken));
  server.ctx.db.batch([
    {
      kind: 'set',
      path: 'accounts/brandco',
      data: {
        id: 'brandco',
        name: 'Brand Co',
        ownerId: user.uid,
        collaborators: [],
        isActive: true,
        directory: { slug: 'brand-co', enabled: true },
        plan: {
          type: 'corporate',
          isPaidAccount: true,
          cardLimit: 10,
          compCards: 0,
          cardsInUse: 0,
          trialEndDate: null,
        },
      },
    },
    {
      kind: 'set',
      path: `users/${user.uid}`,
      data: { id: user.uid, accountId: 'brandco', defaultTeam: 'sales', teams: ['sales'] },
    },
    {
      kind: 'set',
      path: 'accounts/brandco/teams/sales',
      data: {
        name: 'Sales',
        isArchived: false,
        accountId: 'brandco',
        bulkSync: { syncTeamLinks: true, syncBranding: true },
        links: [],
        template: null,
        signatureBasic: null,
        ...EMPTY_BRAND_KIT,
      },
    },
  ]);
});

afterAll(async () => {
  await server?.close();
});

describe('directory branding', () => {
  it('shows the default team’s logo and accent once the owner saves the brand kit', async () => {
    expect(await directory()).not.toContain('<img');

    await saveBranding(team(), {
      photoLogo: 'https://files.example/brand-co.png',
      template: { accentColor: '#0f766e' },
    });
    const html = await directory();
    expect(html).toContain(
      '<img class="logo" src="https://files.example/brand-co.png" alt="Brand Co logo" width="160" height="64"/>',
    );
    expect(html).toContain('--accent:#0f766e');

    await saveBranding(team(), { photoLogo: '', template: { accentColor: '#b91c1c' } });
    const changed = await directory();
    expect(changed).not.toContain('<img');
    expect(changed).toContain('--accent:#b91c1c');
  });
});
