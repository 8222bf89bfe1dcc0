import { describe, expect, it } from 'vitest';
import { accessRoleOf, accountPeople, removedPeople, roleChangeLists } from '@/domain/people';

const account = { ownerId: 'own', collaborators: ['col'], editors: ['ed1', 'ed2'] };

describe('people and roles of an account', () => {
  it('names each role from the lists the rules read', () => {
    expect(accessRoleOf(account, 'own')).toBe('owner');
    expect(accessRoleOf(account, 'col')).toBe('collaborator');
    expect(accessRoleOf(account, 'ed2')).toBe('editor');
    expect(accessRoleOf(account, 'stranger')).toBeNull();
    expect(accessRoleOf(null, 'own')).toBeNull();
  });

  it('lists the owner first, then collaborators and card editors, each once', () => {
    expect(accountPeople({ ...account, editors: ['ed1', 'col', 'ed1'] })).toEqual([
      { uid: 'own', role: 'owner' },
      { uid: 'col', role: 'collaborator' },
      { uid: 'ed1', role: 'editor' },
    ]);
  });

  it('finds who lost access in a write: a removal, someone leaving, the account deleted', () => {
    expect(removedPeople(account, { ...account, editors: ['ed2'] })).toEqual(['ed1']);
    expect(removedPeople(account, { ...account, collaborators: [] })).toEqual(['col']);
    expect(removedPeople(account, null)).toEqual(['own', 'col', 'ed1', 'ed2']);
  });

  it('does not count a role change as a removal', () => {
    const moved = { ...account, collaborators: ['col', 'ed1'], editors: ['ed2'] };
    expect(removedPeople(account, moved)).toEqual([]);
  });

  it('moves one uid between the two lists and nothing else', () => {
    expect(roleChangeLists(account, 'ed1', 'collaborator')).toEqual({
      collaborators: ['col', 'ed1'],
      editors: ['ed2'],
    });
    expect(roleChangeLists(account, 'col', 'editor')).toEqual({
      collaborators: [],
      editors: ['ed1', 'ed2', 'col'],
    });
  });

  it('refuses to move the owner, a stranger, or someone already in the role', () => {
    expect(roleChangeLists(account, 'own', 'editor')).toBeNull();
    expect(roleChangeLists(account, 'stranger', 'collaborator')).toBeNull();
    expect(roleChangeLists(account, 'col', 'collaborator')).toBeNull();
  });

  it('reads a malformed account with the account schema’s defaults: no owner, text uids only', () => {
    const stored = { ownerId: 7, collaborators: ['col', 3, null], editors: 'ed1' };
    expect(accessRoleOf(stored, 'col')).toBe('collaborator');
    expect(accessRoleOf(stored, 'ed1')).toBeNull();
    expect(accountPeople(stored)).toEqual([{ uid: 'col', role: 'collaborator' }]);
    expect(roleChangeLists(stored, 'col', 'editor')).toEqual({
      collaborators: [],
      editors: ['col'],
    });
    expect(accountPeople({ ownerId: '', collaborators: null })).toEqual([]);
  });
});
