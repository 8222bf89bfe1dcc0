import { describe, expect, it } from 'vitest';
import { mayAddScannedLead } from '@/domain/scanned-lead';

const account = { ownerId: 'owner', collaborators: ['collab'], editors: ['editor'] };

describe('who may add a scanned lead to an account’s card', () => {
  it('lets the people who read its leads: the owner, a collaborator, a card editor', () => {
    for (const uid of ['owner', 'collab', 'editor']) {
      expect(mayAddScannedLead(account, uid)).toBe(true);
    }
  });

  it('refuses anyone else, a missing identity, and lists that are not lists', () => {
    expect(mayAddScannedLead(account, 'stranger')).toBe(false);
    expect(mayAddScannedLead({ ...account, ownerId: '' }, '')).toBe(false);
    expect(
      mayAddScannedLead({ ownerId: 7, collaborators: 'collab', editors: null }, 'collab'),
    ).toBe(false);
  });
});
