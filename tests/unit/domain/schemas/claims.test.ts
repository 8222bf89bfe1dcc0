import { describe, expect, it } from 'vitest';
import { slugClaimOp } from '@/data/accounts';
import { storedSlugClaimSchema } from '@/domain/schemas/claims';

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
