/**
 * Moving `isAccountOwner` over malformed stored documents: an owner id that is not text names no
 * owner, and a user whose account id is not text belongs to no account, so neither is touched.
 * The move itself: people-access.test.ts beside it.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import type { DocData } from '@/backend/port';
import { moveOwnerFlags } from '@/services/members/owner-flags';

const BEFORE = { id: 'acme', ownerId: 'own', collaborators: ['col'] };
const AFTER = { id: 'acme', ownerId: 'col', collaborators: ['own'] };

function seeded(account: DocData, users: Record<string, DocData> = {}) {
  const db = createMemoryServerDb();
  db.seed('accounts/acme', account);
  db.seed('users/own', { accountId: 'acme', isAccountOwner: true, ...users['own'] });
  db.seed('users/col', { accountId: 'acme', isAccountOwner: false, ...users['col'] });
  return db;
}

describe('moving isAccountOwner over malformed stored documents', () => {
  it('moves the flags of a well-formed handover', async () => {
    const db = seeded(AFTER);
    expect(await moveOwnerFlags(db, 'acme', BEFORE, AFTER)).toEqual(['own', 'col']);
  });

  it('moves nothing when the owner before or after is not text', async () => {
    for (const ownerId of [42, ['col'], null, '']) {
      const db = seeded({ ...AFTER, ownerId });
      expect(await moveOwnerFlags(db, 'acme', BEFORE, { ...AFTER, ownerId })).toEqual([]);
      expect(await moveOwnerFlags(db, 'acme', { ...BEFORE, ownerId }, AFTER)).toEqual([]);
    }
  });

  it('takes the account as it is now: one whose owner is not text owns nothing', async () => {
    const db = seeded({ ...AFTER, ownerId: { uid: 'col' } });
    expect(await moveOwnerFlags(db, 'acme', BEFORE, AFTER)).toEqual(['own']);
    expect((await db.get('users/own')).data?.['isAccountOwner']).toBe(false);
    expect((await db.get('users/col')).data?.['isAccountOwner']).toBe(false);
  });

  it('leaves a user whose stored account id is not text alone', async () => {
    const db = seeded(AFTER, { col: { accountId: ['acme'] } });
    expect(await moveOwnerFlags(db, 'acme', BEFORE, AFTER)).toEqual(['own']);
    expect((await db.get('users/col')).data?.['isAccountOwner']).toBe(false);
  });
});
