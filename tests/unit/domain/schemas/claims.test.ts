import { describe, expect, it } from 'vitest';
import { slugClaimOp } from '@/data/accounts';
import { cardAndClaimOps } from '@/data/cards';
import { claimedByAnother } from '@/domain/handles';
import { storedHandleClaimSchema, storedSlugClaimSchema } from '@/domain/schemas/claims';

describe('directory slug claim schema', () => {
  it('reads the claim account setup writes', () => {
    const op = slugClaimOp('acme-co', 'acc-1');
    expect(op.kind === 'set' && storedSlugClaimSchema.parse(op.data)).toEqual({
      accountId: 'acc-1',
    });
  });

  it('gives a malformed claim its default: no account', () => {
    expect(storedSlugClaimSchema.parse({ accountId: 42, slug: 'acme-co' })).toEqual({
      accountId: '',
    });
    expect(storedSlugClaimSchema.parse(null)).toEqual({ accountId: '' });
  });
});

describe('handle claim schema', () => {
  const card = {
    id: 'card-1',
    accountId: 'acc-1',
    ownerId: 'user-1',
    handle: 'ada-lovelace',
    handleAllowIndex: true,
    name: 'Ada Lovelace',
    title: '',
    company: '',
    email: '',
    contacts: [],
    appForm: {},
    template: {},
    signatureBasic: {},
    appShare: {},
  };

  it('reads the claim a new card’s batch writes', () => {
    const claim = cardAndClaimOps(card).find((op) => op.path === 'handles/ada-lovelace');
    expect(claim?.kind === 'set' && storedHandleClaimSchema.parse(claim.data)).toEqual({
      cardId: 'card-1',
      accountId: 'acc-1',
    });
  });

  it('gives a malformed claim its defaults: no card, no account', () => {
    expect(storedHandleClaimSchema.parse({ cardId: ['card-1'], accountId: null })).toEqual({
      cardId: '',
      accountId: '',
    });
    expect(storedHandleClaimSchema.parse('card-1')).toEqual({ cardId: '', accountId: '' });
  });

  it('a claim keeps its handle from every card but its own', () => {
    const claim = { cardId: 'card-1', accountId: 'acc-1' };
    expect(claimedByAnother(claim, 'card-1')).toBe(false);
    expect(claimedByAnother(claim, 'card-2')).toBe(true);
    expect(claimedByAnother(claim)).toBe(true);
  });

  it('a claim that names no card keeps its handle from every card', () => {
    expect(claimedByAnother({ accountId: 'acc-1' }, '')).toBe(true);
    expect(claimedByAnother({ cardId: 7 }, 'card-1')).toBe(true);
  });
});
