/**
 * What the triggers on an account do when its people change: access cleared for whoever lost it,
 * the owner flag moved on a handover, an ownership offer mailed. Malformed documents: beside it,
 * owner-flags.test.ts and ownership-mail.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import { clearRemovedAccess } from '@/services/members/clear-removed-access';
import { moveOwnerFlags } from '@/services/members/owner-flags';
import { queueOwnershipOfferMail } from '@/services/members/ownership-mail';

const ACCOUNT = {
  id: 'acme',
  name: 'Acme Co',
  ownerId: 'own',
  collaborators: ['col'],
  editors: ['ed'],
};

function member(uid: string, accountId = 'acme') {
  return { id: uid, email: `${uid}@example.test`, accountId, defaultTeam: 't1', teams: ['t1'] };
}

describe('clearing the account of people who lost access (trigger on accounts/{id})', () => {
  it('clears accountId, defaultTeam and teams of a removed card editor, and only theirs', async () => {
    const db = createMemoryServerDb();
    const after = { ...ACCOUNT, editors: [] };
    db.seed('accounts/acme', after);
    for (const uid of ['own', 'col', 'ed']) db.seed(`users/${uid}`, member(uid));
    expect(await clearRemovedAccess(db, 'acme', ACCOUNT, after)).toEqual(['ed']);
    const ed = (await db.get('users/ed')).data ?? {};
    expect(ed).not.toHaveProperty('accountId');
    expect(ed).not.toHaveProperty('defaultTeam');
    expect(ed).not.toHaveProperty('teams');
    expect((await db.get('users/col')).data?.['accountId']).toBe('acme');
  });

  it('is safe to repeat, and leaves someone invited back in between alone', async () => {
    const db = createMemoryServerDb();
    const after = { ...ACCOUNT, collaborators: [] };
    db.seed('accounts/acme', after);
    db.seed('users/col', member('col'));
    expect(await clearRemovedAccess(db, 'acme', ACCOUNT, after)).toEqual(['col']);
    expect(await clearRemovedAccess(db, 'acme', ACCOUNT, after)).toEqual([]);

    // Removed, then back as a card editor before the (late, repeated) event ran: kept.
    db.seed('accounts/acme', { ...ACCOUNT, collaborators: [], editors: ['ed', 'col'] });
    db.seed('users/col', member('col'));
    expect(await clearRemovedAccess(db, 'acme', ACCOUNT, after)).toEqual([]);
    expect((await db.get('users/col')).data?.['accountId']).toBe('acme');
  });

  it('records each departure for People and access: name, e-mail, the role they had, when', async () => {
    const db = createMemoryServerDb();
    const after = { ...ACCOUNT, collaborators: [], editors: [] };
    db.seed('accounts/acme', after);
    db.seed('users/col', { ...member('col'), displayName: 'Carl Collab' });
    db.seed('users/ed', member('ed'));
    expect(await clearRemovedAccess(db, 'acme', ACCOUNT, after)).toEqual(['col', 'ed']);
    expect((await db.get('accounts/acme/departures/col')).data).toMatchObject({
      uid: 'col',
      name: 'Carl Collab',
      email: 'col@example.test',
      role: 'collaborator',
      removedAt: expect.any(Date),
    });
    expect((await db.get('accounts/acme/departures/ed')).data).toMatchObject({ role: 'editor' });
  });

  it('records no departure for an account that is gone', async () => {
    const db = createMemoryServerDb();
    db.seed('users/ed', member('ed'));
    expect(await clearRemovedAccess(db, 'acme', ACCOUNT, null)).toEqual(['ed']);
    expect((await db.get('accounts/acme/departures/ed')).exists).toBe(false);
  });

  it('never touches a removed person who already belongs to another account', async () => {
    const db = createMemoryServerDb();
    const after = { ...ACCOUNT, editors: [] };
    db.seed('accounts/acme', after);
    db.seed('users/ed', member('ed', 'globex'));
    expect(await clearRemovedAccess(db, 'acme', ACCOUNT, after)).toEqual([]);
    expect((await db.get('users/ed')).data?.['accountId']).toBe('globex');
  });
});

describe('moving isAccountOwner when the account changes hands (trigger on accounts/{id})', () => {
  const handedOn = { ...ACCOUNT, ownerId: 'col', collaborators: ['own'] };

  it('sets the new owner’s flag and clears the old owner’s, once', async () => {
    const db = createMemoryServerDb();
    db.seed('accounts/acme', handedOn);
    db.seed('users/own', { ...member('own'), isAccountOwner: true });
    db.seed('users/col', { ...member('col'), isAccountOwner: false });
    expect(await moveOwnerFlags(db, 'acme', ACCOUNT, handedOn)).toEqual(['own', 'col']);
    expect((await db.get('users/own')).data?.['isAccountOwner']).toBe(false);
    expect((await db.get('users/col')).data?.['isAccountOwner']).toBe(true);
    // Delivered again: nothing left to write.
    expect(await moveOwnerFlags(db, 'acme', ACCOUNT, handedOn)).toEqual([]);
  });

  it('follows the account as it is now, and leaves writes that keep the owner alone', async () => {
    const db = createMemoryServerDb();
    // Handed on and back before the late event ran: the flags stay as they are.
    db.seed('accounts/acme', ACCOUNT);
    db.seed('users/own', { ...member('own'), isAccountOwner: true });
    db.seed('users/col', { ...member('col'), isAccountOwner: false });
    expect(await moveOwnerFlags(db, 'acme', ACCOUNT, handedOn)).toEqual([]);
    expect(await moveOwnerFlags(db, 'acme', ACCOUNT, { ...ACCOUNT, name: 'Acme' })).toEqual([]);
    // A person who has moved to another account meanwhile is not touched.
    db.seed('accounts/acme', handedOn);
    db.seed('users/own', { ...member('own', 'globex'), isAccountOwner: true });
    expect(await moveOwnerFlags(db, 'acme', ACCOUNT, handedOn)).toEqual(['col']);
    expect((await db.get('users/own')).data?.['isAccountOwner']).toBe(true);
  });
});

describe('the e-mail of an ownership offer (trigger on accounts/{id})', () => {
  const at = new Date('2026-11-27T10:00:00Z');
  const offered = { ...ACCOUNT, ownershipOffer: { to: 'col', by: 'own', at } };
  const APP = 'https://app.example';

  function seeded() {
    const db = createMemoryServerDb();
    db.seed('accounts/acme', offered);
    db.seed('users/own', { ...member('own'), displayName: 'Olivia <Owner>' });
    db.seed('users/col', member('col'));
    return db;
  }

  it('mails the collaborator once, with a link to People and access', async () => {
    const db = seeded();
    const id = await queueOwnershipOfferMail(db, 'acme', ACCOUNT, offered, APP);
    expect(id).toBe('ownership-acme-col-2026-11-27');
    const mail = (await db.get(`mail/${id}`)).data ?? {};
    expect(mail['to']).toBe('col@example.test');
    const message = mail['message'] as { subject: string; html: string; text: string };
    expect(message.subject).toBe('Olivia <Owner> offers you ownership of Acme Co');
    expect(message.html).toContain('Olivia &lt;Owner&gt;');
    expect(message.text).toContain(`${APP}/settings/people`);
    // Delivered again, or a later write that keeps the same offer: no second mail.
    expect(await queueOwnershipOfferMail(db, 'acme', ACCOUNT, offered, APP)).toBeNull();
    expect(await queueOwnershipOfferMail(db, 'acme', offered, { ...offered }, APP)).toBeNull();
  });

  it('mails a collaborator at most once a day however often the owner offers and withdraws', async () => {
    const db = seeded();
    const offerAt = (ms: number) => ({
      ...ACCOUNT,
      ownershipOffer: { to: 'col', by: 'own', at: new Date(at.getTime() + ms) },
    });
    const sent: (string | null)[] = [];
    for (const ms of [0, 60_000, 2 * 60_000, 3 * 60 * 60_000]) {
      // Withdrawn, then offered again: each offer is a new one with its own time.
      db.seed('accounts/acme', offerAt(ms));
      sent.push(await queueOwnershipOfferMail(db, 'acme', ACCOUNT, offerAt(ms), APP));
    }
    expect(sent.filter((id) => id !== null)).toHaveLength(1);
    // The next day, a new offer is mailed.
    const tomorrow = offerAt(24 * 60 * 60_000);
    db.seed('accounts/acme', tomorrow);
    expect(await queueOwnershipOfferMail(db, 'acme', ACCOUNT, tomorrow, APP)).not.toBeNull();
    expect(Object.keys(db.dump()).filter((path) => path.startsWith('mail/'))).toHaveLength(2);
  });

  it('sends nothing for an offer to someone no longer a collaborator, or from someone no longer the owner', async () => {
    const removed = seeded();
    const stale = { ...offered, collaborators: [] };
    removed.seed('accounts/acme', stale);
    expect(await queueOwnershipOfferMail(removed, 'acme', ACCOUNT, stale, APP)).toBeNull();
    const handed = seeded();
    const former = { ...offered, ownerId: 'col', collaborators: ['own'] };
    handed.seed('accounts/acme', former);
    expect(await queueOwnershipOfferMail(handed, 'acme', ACCOUNT, former, APP)).toBeNull();
    for (const db of [removed, handed]) {
      expect(Object.keys(db.dump()).filter((path) => path.startsWith('mail/'))).toEqual([]);
    }
  });

  it('sends nothing for an offer withdrawn before the event ran', async () => {
    const db = seeded();
    db.seed('accounts/acme', ACCOUNT);
    expect(await queueOwnershipOfferMail(db, 'acme', ACCOUNT, offered, APP)).toBeNull();
    expect(Object.keys(db.dump()).filter((path) => path.startsWith('mail/'))).toEqual([]);
  });
});
