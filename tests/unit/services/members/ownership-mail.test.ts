/**
 * The ownership offer's e-mail over malformed stored documents: an offer without its date is no
 * offer, a collaborator list that is not a list holds no one, and names that are not text read as
 * none. The mail itself: people-access.test.ts beside it.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import type { DocData } from '@/backend/port';
import { queueOwnershipOfferMail } from '@/services/members/ownership-mail';

const APP = 'https://app.example';
const at = new Date('2026-11-27T10:00:00Z');
const ACCOUNT = { id: 'acme', name: 'Acme Co', ownerId: 'own', collaborators: ['col'] };
const OFFERED = { ...ACCOUNT, ownershipOffer: { to: 'col', by: 'own', at } };

function seeded(account: DocData, users: Record<string, DocData> = {}) {
  const db = createMemoryServerDb();
  db.seed('accounts/acme', account);
  db.seed('users/own', { email: 'own@example.test', displayName: 'Olivia', ...users['own'] });
  db.seed('users/col', { email: 'col@example.test', ...users['col'] });
  const offer = () => queueOwnershipOfferMail(db, 'acme', ACCOUNT, account, APP);
  const subject = async (id: string | null) =>
    ((await db.get(`mail/${id}`)).data?.['message'] as { subject: string }).subject;
  return { offer, subject };
}

describe('the ownership offer’s e-mail over malformed stored documents', () => {
  it('mails a well-formed offer', async () => {
    const { offer, subject } = seeded(OFFERED);
    expect(await subject(await offer())).toBe('Olivia offers you ownership of Acme Co');
  });

  it('mails nothing for an offer stored without a good date or names', async () => {
    const bad = [
      { to: 'col', by: 'own', at: null },
      { to: 'col', by: 'own', at: '2026-11-27' },
      { to: 'col', by: 7, at },
      { to: ['col'], by: 'own', at },
      'col',
    ];
    for (const ownershipOffer of bad) {
      const { offer } = seeded({ ...ACCOUNT, ownershipOffer });
      expect(await offer()).toBeNull();
    }
  });

  it('keeps the text entries of the collaborators, and reads a list that is not one as empty', async () => {
    expect(await seeded({ ...OFFERED, collaborators: [3, 'col', null] }).offer()).not.toBeNull();
    expect(await seeded({ ...OFFERED, collaborators: 'col' }).offer()).toBeNull();
  });

  it('reads names that are not text as none', async () => {
    const { offer, subject } = seeded(
      { ...OFFERED, name: { en: 'Acme' } },
      { own: { displayName: 42 } },
    );
    expect(await subject(await offer())).toBe(
      'own@example.test offers you ownership of their account',
    );
    const noAddress = seeded(OFFERED, { col: { email: ['col@example.test'] } });
    expect(await noAddress.offer()).toBeNull();
  });
});
