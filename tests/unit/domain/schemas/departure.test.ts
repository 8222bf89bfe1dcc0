import { describe, expect, it } from 'vitest';
import { departureFromDoc } from '@/domain/schemas/departure';

describe('departure schema', () => {
  it('reads a departure as the server stored it', () => {
    const removedAt = new Date('2026-11-20T08:00:00Z');
    expect(
      departureFromDoc('u7', {
        uid: 'u7',
        name: 'Grace Hopper',
        email: 'grace@example.com',
        role: 'collaborator',
        removedAt,
      }),
    ).toEqual({
      uid: 'u7',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      role: 'collaborator',
      removedAt,
    });
  });

  it('gives a malformed departure its defaults: no name, no address, a card editor', () => {
    expect(
      departureFromDoc('u8', { name: 42, email: ['a@b.c'], role: 'owner', removedAt: 'today' }),
    ).toEqual({ uid: 'u8', name: '', email: '', role: 'editor', removedAt: null });
    expect(departureFromDoc('u9', null).uid).toBe('u9');
  });
});
