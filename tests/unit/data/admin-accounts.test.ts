/**
 * The super admin's account list reads deactivated accounts, owners and card dates through their
 * schemas: as stored when well-formed, a malformed field as its default.
 */
import { describe, expect, it } from 'vitest';
import { setBackend } from '@/backend/current';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import { fetchDeactivatedAccounts, latestCardChange, ownerContact } from '@/data/admin-accounts';

function backendWith(docs: Record<string, Record<string, unknown>>) {
  const db = createMemoryBackend();
  setBackend(db);
  for (const [path, data] of Object.entries(docs)) db.seed(path, data);
  return db;
}

describe('the owner’s contact', () => {
  it('reads the owner’s name and e-mail, trimmed', async () => {
    backendWith({ 'users/u1': { displayName: ' Ada ', email: 'ada@acme.example ' } });
    expect(await ownerContact('u1')).toEqual({ name: 'Ada', email: 'ada@acme.example' });
  });

  it('reads a name or e-mail that is not text as empty, and no owner document as none', async () => {
    backendWith({ 'users/u1': { displayName: 7, email: ['ada@acme.example'] } });
    expect(await ownerContact('u1')).toEqual({ name: '', email: '' });
    expect(await ownerContact('u2')).toBeNull();
  });
});

describe('an account’s latest card change', () => {
  const card = (dateUpdated: unknown) => ({ accountId: 'acme', isArchived: false, dateUpdated });

  it('is the newest live card’s dateUpdated', async () => {
    const at = new Date('2026-11-27T12:00:00Z');
    backendWith({ 'cards/c1': card(at), 'cards/c2': card(new Date('2026-11-01T00:00:00Z')) });
    expect(await latestCardChange('acme')).toEqual(at);
  });

  it('is none when the newest card’s date is not a Date, or the account has no card', async () => {
    // Text sorts after every date, so this card comes first.
    backendWith({ 'cards/c1': card('2026-11-27'), 'cards/c2': card(new Date()) });
    expect(await latestCardChange('acme')).toBeNull();
    expect(await latestCardChange('globex')).toBeNull();
  });
});

describe('deactivated accounts', () => {
  it('read through the account schema: named fields with their defaults, others as stored', async () => {
    const dateUpdated = new Date('2026-11-27T12:00:00Z');
    backendWith({
      'accounts/acme': {
        name: 'Acme',
        isActive: false,
        ownerId: 'u1',
        dateUpdated,
        collaborators: ['u2', 3],
        plan: { type: 'team' },
      },
      'accounts/globex': { name: 5, isActive: false, dateUpdated, ownerId: null },
    });
    const accounts = await fetchDeactivatedAccounts(10);
    const acme = accounts.find((account) => account.id === 'acme');
    const globex = accounts.find((account) => account.id === 'globex');
    expect(acme).toMatchObject({
      id: 'acme',
      name: 'Acme',
      ownerId: 'u1',
      collaborators: ['u2'],
      plan: { type: 'team' },
      dateUpdated,
    });
    expect(globex).toMatchObject({ id: 'globex', name: '', ownerId: '', isActive: false });
  });
});
