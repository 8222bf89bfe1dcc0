import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import { INVITE_TOKENS } from '@/domain/invites';
import { inviteDetails } from '@/services/invites/invite-details';
import { hashInviteToken } from '@/services/invites/token';

const ACCOUNT = {
  id: 'acme',
  name: 'Acme Co',
  ownerId: 'own',
  collaborators: ['col'],
  editors: ['ed'],
};

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
