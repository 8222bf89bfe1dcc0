import { describe, expect, it } from 'vitest';
import { storedCardSchema } from '@/domain/schemas/card';
import { storedPick } from '@/domain/schemas/fields';

describe('a few fields of a stored document, decoded alone', () => {
  const owners = storedPick(storedCardSchema, { accountId: true, teamId: true });

  it('reads the picked fields as the whole schema does, and nothing else', () => {
    const stored = { accountId: 'acme', teamId: 'sales', name: 'Ada', contacts: 'x' };
    const whole = storedCardSchema.parse(stored);
    expect(owners.parse(stored)).toEqual({ accountId: whole.accountId, teamId: whole.teamId });
  });

  it('gives each malformed field its own fallback', () => {
    expect(owners.parse({ accountId: 42, teamId: ['sales'] })).toEqual({ accountId: '' });
    expect(owners.parse({ teamId: 'sales' })).toEqual({ accountId: '', teamId: 'sales' });
  });

  it('reads a value that is no map as an empty one', () => {
    for (const value of [null, undefined, 'acme', 7, ['acme']]) {
      expect(owners.parse(value)).toEqual({ accountId: '' });
    }
  });
});
