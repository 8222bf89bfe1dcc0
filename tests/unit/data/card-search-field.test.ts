/**
 * Every card write carries the search field `nameLower` (the name lower-cased), so a card created,
 * imported, duplicated or renamed is found by the builder's name search.
 */
import { describe, expect, it } from 'vitest';
import { setBackend } from '@/backend/current';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import { cardAndClaimOps, normaliseSearch, saveCard } from '@/data/cards';

const FIELDS = {
  handle: 'ada-lovelace',
  handleAllowIndex: true,
  name: 'Ada LOVELACE',
  title: '',
  company: '',
  email: '',
  contacts: [],
  appForm: {},
  template: {},
  signatureBasic: {},
  appShare: {},
};

describe('the card search field', () => {
  it('is written with a new card', () => {
    const [cardOp] = cardAndClaimOps({ ...FIELDS, id: 'c1', accountId: 'a1', ownerId: 'u1' });
    expect(cardOp?.kind === 'set' ? cardOp.data.nameLower : null).toBe('ada lovelace');
  });

  it('follows a rename', async () => {
    const db = createMemoryBackend();
    setBackend(db);
    db.seed('cards/c1', { ...FIELDS, id: 'c1', accountId: 'a1', nameLower: 'ada lovelace' });
    await saveCard({ ...FIELDS, name: 'Grace Hopper', id: 'c1', accountId: 'a1' }, 'ada-lovelace');
    expect(db.dump()['cards/c1']?.nameLower).toBe('grace hopper');
  });

  it('compares typed searches in the same form', () => {
    expect(normaliseSearch('  Ada   Love ')).toBe('ada love');
  });
});
