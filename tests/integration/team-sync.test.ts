/**
 * Applying team links to 500 cards against the real local server: every coupled card gets the
 * links, uncoupled cards are not written at all, the apply is chunked, and an apply interrupted by
 * a refused chunk is resumed by the next run without writing any card twice. The server runs the
 * repository's rules, so each chunk must also fit their access-call limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesPolicy } from '../support/policies';
import type { AccessPolicy } from '../../server/access-policy';
import { setBackend } from '../../src/backend/current';
import type { DocData } from '../../src/backend/port';
import { saveTeamLinks, toTeamDoc } from '../../src/data/team-settings';
import { runTeamSync, SYNC_CHUNK_WRITES } from '../../src/data/team-sync';
import type { SyncProgress } from '../../src/data/team-sync';
import { EMPTY_BRAND_KIT } from '../../src/domain/model';
import { createTestUser } from '../support/auth-emulator';
import { localBackendFor, startTestServer } from '../support/local-server';
import type { TestServer } from '../support/local-server';

const CARDS = 500;
const ACCOUNT = 'acme';
const TEAM = 'sales';

/** The rules, plus: writes to the card ids in `blocked` are refused (a chunk that fails). */
const blocked = new Set<string>();
function blockingPolicy(): AccessPolicy {
  const base = rulesPolicy();
  return {
    ...base,
    canWrite: (auth, path, before, after, db) =>
      base.canWrite(auth, path, before, after, db) && !blocked.has(path),
  };
}

let server: TestServer;
let ownerUid = '';

function cardData(i: number): DocData {
  const id = `card-${String(i).padStart(4, '0')}`;
  return {
    id,
    handle: id,
    handleAllowIndex: true,
    name: `Person ${i}`,
    title: '',
    accountId: ACCOUNT,
    teamId: TEAM,
    ownerId: ownerUid,
    isArchived: false,
    email: `${id}@acme.example`,
    contacts: [
      {
        id: `${id}-mail`,
        name: 'Email',
        label: 'Email',
        value: `${id}@acme.example`,
        isTeamLink: false,
      },
    ],
    appForm: {},
    template: { accentColor: '#123456' },
    signatureBasic: {},
    appShare: {},
    // Every tenth card opted out of team links.
    bulkSync: { syncTeamLinks: i % 10 !== 0, syncBranding: true },
  };
}

function seed(): void {
  const ops = [
    {
      kind: 'set' as const,
      path: `accounts/${ACCOUNT}`,
      data: {
        id: ACCOUNT,
        name: 'Acme',
        ownerId: ownerUid,
        collaborators: [],
        isActive: true,
        directory: { slug: 'acme', enabled: false },
        plan: {
          type: 'corporate',
          isPaidAccount: true,
          cardLimit: 1000,
          compCards: 0,
          cardsInUse: CARDS,
          trialEndDate: null,
        },
      },
    },
    {
      kind: 'set' as const,
      path: `accounts/${ACCOUNT}/teams/${TEAM}`,
      data: {
        name: 'Sales',
        isArchived: false,
        accountId: ACCOUNT,
        bulkSync: { syncTeamLinks: true, syncBranding: true },
        links: [],
        template: null,
        signatureBasic: null,
        ...EMPTY_BRAND_KIT,
      },
    },
    // A card of another team: never touched.
    {
      kind: 'set' as const,
      path: 'cards/other-team',
      data: { ...cardData(9999), id: 'other-team', teamId: 'support' },
    },
  ];
  server.ctx.db.batch(ops);
  const cards = Array.from({ length: CARDS }, (_, i) => cardData(i + 1));
  for (let i = 0; i < cards.length; i += 250) {
    server.ctx.db.batch(
      cards
        .slice(i, i + 250)
        .map((data) => ({ kind: 'set' as const, path: `cards/${String(data.id)}`, data })),
    );
  }
}

function teamDoc() {
  const snap = server.ctx.db.get(`accounts/${ACCOUNT}/teams/${TEAM}`);
  return toTeamDoc(TEAM, snap.data ?? {});
}

function card(id: string): DocData {
  return server.ctx.db.get(`cards/${id}`).data ?? {};
}

beforeAll(async () => {
  server = await startTestServer({ policy: blockingPolicy() });
  const user = await createTestUser();
  ownerUid = user.uid;
  setBackend(localBackendFor(server.url, () => user.idToken));
  seed();
});

afterAll(async () => {
  await server?.close();
});

describe('team sync against the local server', () => {
  it('applies new team links to 500 cards in seconds: coupled cards updated, uncoupled untouched', async () => {
    const links = [
      { id: 'web', name: 'Website', label: 'Website', value: 'https://acme.example' },
      { id: 'tel', name: 'Phone', label: '', value: '+1 555 0000' },
    ];
    expect(await saveTeamLinks(teamDoc(), links)).toBe(true);
    const untouched = card('card-0010');
    const progress: SyncProgress[] = [];
    const started = performance.now();
    const result = await runTeamSync(ACCOUNT, TEAM, { onProgress: (p) => progress.push(p) });
    const ms = Math.round(performance.now() - started);
    console.log(`[team-sync] ${result.updated} of ${result.cards} cards updated in ${ms} ms`);

    expect(result).toMatchObject({ cards: CARDS, updated: CARDS - CARDS / 10 });
    for (let i = 1; i <= CARDS; i += 1) {
      const id = `card-${String(i).padStart(4, '0')}`;
      const contacts = card(id).contacts as { id: string; isTeamLink: boolean }[];
      if (i % 10 === 0) {
        expect(contacts.map((l) => l.id)).toEqual([`${id}-mail`]);
      } else {
        expect(contacts.map((l) => [l.id, l.isTeamLink])).toEqual([
          [`${id}-mail`, false],
          ['web', true],
          ['tel', true],
        ]);
      }
    }
    expect(card('card-0010')).toEqual(untouched);
    expect(card('other-team').contacts).toEqual(cardData(9999).contacts);
    // Written in chunks of at most SYNC_CHUNK_WRITES updates, with progress after each.
    const writes = progress.filter((p) => p.phase === 'writing').map((p) => p.done);
    expect(writes[0]).toBe(0);
    expect(writes.at(-1)).toBe(CARDS - CARDS / 10);
    for (let i = 1; i < writes.length; i += 1) {
      expect((writes[i] ?? 0) - (writes[i - 1] ?? 0)).toBeLessThanOrEqual(SYNC_CHUNK_WRITES);
    }
    expect(teamDoc().syncedVersion).toBe(teamDoc().syncVersion);
  });

  it('resumes an interrupted apply: the refused chunk is finished by the next run, nothing is written twice', async () => {
    const links = [
      { id: 'web', name: 'Website', label: 'Website', value: 'https://acme.example/new' },
    ];
    await saveTeamLinks(teamDoc(), links);
    const version = teamDoc().syncVersion;
    blocked.add('cards/card-0451');

    await expect(runTeamSync(ACCOUNT, TEAM, { attempts: 2, retryDelayMs: 0 })).rejects.toThrow();
    // The chunks before card-0451's went through, its own did not; the team says the version is
    // unfinished.
    expect(card('card-0001').teamSyncVersion).toBe(version);
    expect(card('card-0449').teamSyncVersion).not.toBe(version);
    expect(teamDoc().syncedVersion).toBeLessThan(version);
    const firstWritten = card('card-0001').dateUpdated;

    blocked.clear();
    const result = await runTeamSync(ACCOUNT, TEAM);
    // card-0451 is the 406th coupled card (every tenth card is uncoupled).
    const doneBefore = Math.floor((406 - 1) / SYNC_CHUNK_WRITES) * SYNC_CHUNK_WRITES;
    expect(result.updated).toBe(CARDS - CARDS / 10 - doneBefore);
    expect(card('card-0001').dateUpdated).toEqual(firstWritten);
    expect((card('card-0451').contacts as { value: string }[]).at(-1)?.value).toBe(
      'https://acme.example/new',
    );
    expect(teamDoc().syncedVersion).toBe(version);
  });
});
