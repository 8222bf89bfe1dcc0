import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import { INVITE_TOKENS } from '@/domain/invites';
import { inviteDetails } from '@/server/invites/invite-details';
import { hashInviteToken } from '@/server/invites/token';
import { clearRemovedAccess } from '@/server/members/clear-removed-access';

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

  it('never touches a removed person who already belongs to another account', async () => {
    const db = createMemoryServerDb();
    const after = { ...ACCOUNT, editors: [] };
    db.seed('accounts/acme', after);
    db.seed('users/ed', member('ed', 'globex'));
    expect(await clearRemovedAccess(db, 'acme', ACCOUNT, after)).toEqual([]);
    expect((await db.get('users/ed')).data?.['accountId']).toBe('globex');
  });
});

describe('what an invitation link says before sign-up (inviteDetails)', () => {
  const token = 'A'.repeat(43);
  const now = new Date('2026-01-10T00:00:00Z');

  function seeded(invite: Record<string, unknown> = {}) {
    const db = createMemoryServerDb();
    const hash = hashInviteToken(token);
    db.seed('accounts/acme', ACCOUNT);
    db.seed('users/own', { id: 'own', displayName: 'Olivia Owner', email: 'olivia@acme.test' });
    db.seed(`${INVITE_TOKENS}/${hash}`, { accountId: 'acme', email: 'new@example.test' });
    db.seed('accounts/acme/invites/new@example.test', {
      email: 'new@example.test',
      invitedBy: 'own',
      status: 'pending',
      role: 'editor',
      tokenHash: hash,
      expiresAt: new Date('2026-01-15T00:00:00Z'),
      ...invite,
    });
    return db;
  }

  it('names the account, the inviter and the invited address of a good link', async () => {
    expect(await inviteDetails(seeded(), { token }, now)).toEqual({
      status: 'pending',
      accountName: 'Acme Co',
      inviterName: 'Olivia Owner',
      email: 'new@example.test',
      seat: false,
    });
  });

  it('says a link is expired', async () => {
    const db = seeded({ expiresAt: new Date('2026-01-01T00:00:00Z') });
    expect((await inviteDetails(db, { token }, now)).status).toBe('expired');
  });

  it('answers a revoked, replaced, unknown or malformed link alike, with nothing else', async () => {
    const revoked = seeded();
    await revoked.batch([{ kind: 'delete', path: 'accounts/acme/invites/new@example.test' }]);
    expect(await inviteDetails(revoked, { token }, now)).toEqual({ status: 'invalid' });
    const replaced = seeded({ tokenHash: hashInviteToken('B'.repeat(43)) });
    expect(await inviteDetails(replaced, { token }, now)).toEqual({ status: 'invalid' });
    expect(await inviteDetails(seeded(), { token: 'C'.repeat(43) }, now)).toEqual({
      status: 'invalid',
    });
    expect(await inviteDetails(seeded(), { token: 'short' }, now)).toEqual({ status: 'invalid' });
    expect(await inviteDetails(seeded(), null, now)).toEqual({ status: 'invalid' });
  });
});
