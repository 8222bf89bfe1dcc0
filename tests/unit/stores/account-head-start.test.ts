/**
 * The account store's head start (`expectUser`): once the signed-in identity is known, it follows
 * the account that user worked in last in this browser, beside the user's document; the document
 * decides. And the builder's first page of cards, shared by whoever asks (`watchCardPage`).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBackend } from '@/backend/current';
import { createMemoryBackend, type MemoryBackend } from '@/backend/memory/memory-backend';
import { prefetchCardPage, watchCardPage } from '@/data/cards';
import type { User } from '@/domain/model';
import { createAccountStore, lastAccountKey } from '@/stores/account-store';

const USER: User = {
  id: 'owner-1',
  source: 'password',
  email: 'owner@acme.test',
  displayName: 'Olive Owner',
  photoURL: '',
  acceptedTOC: new Date('2025-01-01T00:00:00Z'),
  dateCreated: new Date('2025-01-01T00:00:00Z'),
  isAccountOwner: true,
  accountId: 'acme',
  defaultTeam: 'acme-support',
  teams: ['acme-sales', 'acme-support'],
};

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

function seedAccount(db: MemoryBackend, id: string, name: string) {
  db.seed(`accounts/${id}`, {
    id,
    name,
    isActive: true,
    dateUpdated: new Date('2025-06-01T00:00:00Z'),
    directory: { slug: id },
    plan: {
      type: 'growth',
      isPaidAccount: true,
      cardLimit: 10,
      compCards: 0,
      cardsInUse: 0,
      trialEndDate: null,
    },
    ownerId: USER.id,
  });
  for (const team of ['sales', 'support']) {
    db.seed(`accounts/${id}/teams/${id}-${team}`, {
      name: team,
      isArchived: false,
      accountId: id,
      bulkSync: { syncTeamLinks: true, syncBranding: true },
      links: [],
      template: null,
      signatureBasic: null,
    });
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let db: MemoryBackend;
let refusedAccounts: Set<string>;

beforeEach(() => {
  refusedAccounts = new Set();
  db = createMemoryBackend({
    refuse: (access) =>
      access.kind === 'read' && [...refusedAccounts].some((id) => access.path === `accounts/${id}`),
  });
  setBackend(db);
  seedAccount(db, 'acme', 'Acme Co');
  seedAccount(db, 'globex', 'Globex');
});

afterEach(() => vi.restoreAllMocks());

describe('the account store’s head start', () => {
  it('follows the account the user worked in last before their document arrives', async () => {
    const storage = memoryStorage();
    storage.setItem(lastAccountKey(USER.id), 'acme');
    const store = createAccountStore({ storage });
    store.getState().expectUser(USER.id);
    expect(store.getState().currentAccountId).toBe('acme');
    await settle();
    expect(store.getState().account?.name).toBe('Acme Co');
    // The document confirms it: nothing is read again, the user's default team is selected.
    const changes = store.getState().accountChangeCount;
    store.getState().syncUser(USER);
    await settle();
    expect(store.getState().accountChangeCount).toBe(changes);
    expect(store.getState().status).toBe('ready');
    expect(store.getState().selectedTeamId).toBe('acme-support');
  });

  it('remembers the account per user, and starts nothing for a user it has not seen', () => {
    const storage = memoryStorage();
    const store = createAccountStore({ storage });
    store.getState().expectUser(USER.id);
    expect(store.getState().currentAccountId).toBeNull();
    store.getState().syncUser(USER);
    expect(storage.getItem(lastAccountKey(USER.id))).toBe('acme');
    expect(storage.getItem(lastAccountKey('someone-else'))).toBeNull();
  });

  it('moves to the account the user’s document names when it is another', async () => {
    const storage = memoryStorage();
    storage.setItem(lastAccountKey(USER.id), 'globex');
    const store = createAccountStore({ storage });
    store.getState().expectUser(USER.id);
    await settle();
    store.getState().syncUser(USER);
    await settle();
    expect(store.getState().currentAccountId).toBe('acme');
    expect(store.getState().account?.name).toBe('Acme Co');
    expect(storage.getItem(lastAccountKey(USER.id))).toBe('acme');
  });

  it('drops a remembered account the user may no longer read, without a lost-access notice', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    refusedAccounts.add('globex');
    const storage = memoryStorage();
    storage.setItem(lastAccountKey(USER.id), 'globex');
    const store = createAccountStore({ storage });
    store.getState().expectUser(USER.id);
    await settle();
    expect(store.getState().currentAccountId).toBeNull();
    store.getState().syncUser(USER);
    await settle();
    expect(store.getState().lostAccess).toBeNull();
    expect(store.getState().status).toBe('ready');
    expect(store.getState().account?.name).toBe('Acme Co');
  });
});

describe('the builder’s first page of cards', () => {
  it('is one listener whoever asks: a later subscriber gets the last answer at once', async () => {
    db.seed('cards/card-ada', {
      id: 'card-ada',
      handle: 'ada',
      name: 'Ada',
      accountId: 'acme',
      isArchived: false,
      contacts: [],
      appForm: {},
      template: {},
      signatureBasic: {},
      appShare: {},
    });
    const onQuery = vi.spyOn(db, 'onQuery');
    const release = prefetchCardPage('acme');
    await settle();
    const seen: string[][] = [];
    const stop = watchCardPage(
      'acme',
      {},
      (cards) => seen.push(cards.map((card) => card.name)),
      () => undefined,
    );
    expect(seen).toEqual([['Ada']]);
    expect(onQuery).toHaveBeenCalledTimes(1);
    // The prefetch lets go; the builder's list stays live.
    release();
    await db.batch([{ kind: 'update', path: 'cards/card-ada', data: { name: 'Ada L.' } }]);
    await settle();
    expect(seen.at(-1)).toEqual(['Ada L.']);
    stop();
    // Once nobody follows it, the next subscriber asks again.
    watchCardPage(
      'acme',
      {},
      () => undefined,
      () => undefined,
    )();
    expect(onQuery).toHaveBeenCalledTimes(2);
  });
});
