import { describe, expect, it } from 'vitest';
import { FREE_PLAN } from '@/domain/plan';
import { accountFromDoc } from '@/domain/schemas/account';

describe('account schema', () => {
  it('checks the fields access depends on and keeps the rest as stored', () => {
    const updated = new Date('2026-01-01T00:00:00Z');
    const account = accountFromDoc('acc', {
      id: 'other',
      name: 'Acme',
      isActive: 'yes',
      ownerId: 'u1',
      directory: { slug: 'acme', enabled: 'on' },
      collaborators: ['u2', 3],
      editors: 'u3',
      plan: { ...FREE_PLAN },
      dateUpdated: updated,
    });
    expect(account).toEqual({
      id: 'acc',
      name: 'Acme',
      isActive: false,
      ownerId: 'u1',
      directory: { slug: 'acme' },
      collaborators: ['u2'],
      plan: { ...FREE_PLAN },
      dateUpdated: updated,
    });
  });

  it('reads a document without a directory with an empty slug', () => {
    expect(accountFromDoc('acc', { name: 'A' }).directory).toEqual({ slug: '' });
  });
});
