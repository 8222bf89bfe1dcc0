import { describe, expect, it } from 'vitest';
import { storedInviteSchema, storedInviteTokenSchema } from '@/domain/schemas/invite';

const created = new Date('2026-05-01T08:00:00Z');
const sent = new Date('2026-05-01T08:00:05Z');
const expires = new Date('2026-05-08T08:00:05Z');

describe('invite schema', () => {
  it('reads a seat invitation the server has mailed', () => {
    expect(
      storedInviteSchema.parse({
        email: 'ada@example.com',
        invitedBy: 'owner1',
        status: 'pending',
        role: 'employee',
        cardId: 'card1',
        dateCreated: created,
        tokenHash: 'a'.repeat(64),
        expiresAt: expires,
        sentAt: sent,
        limitedAt: null,
        mailRequest: `created-${created.getTime()}`,
      }),
    ).toEqual({
      email: 'ada@example.com',
      invitedBy: 'owner1',
      status: 'pending',
      role: 'employee',
      cardId: 'card1',
      dateCreated: created,
      resendAt: null,
      tokenHash: 'a'.repeat(64),
      sentAt: sent,
      expiresAt: expires,
      limitedAt: null,
      mailRequest: `created-${created.getTime()}`,
    });
  });

  it('gives a malformed invitation its defaults: a pending collaborator invitation, never sent', () => {
    expect(
      storedInviteSchema.parse({ email: 7, role: 'admin', status: false, sentAt: 'yesterday' }),
    ).toEqual({
      email: '',
      invitedBy: '',
      status: 'pending',
      role: 'collaborator',
      cardId: '',
      dateCreated: null,
      resendAt: null,
      tokenHash: '',
      sentAt: null,
      expiresAt: null,
      limitedAt: null,
      mailRequest: '',
    });
  });
});

describe('invite token schema', () => {
  it('reads a lookup, and a malformed one as opening nothing', () => {
    expect(
      storedInviteTokenSchema.parse({
        accountId: 'acc',
        email: 'ada@example.com',
        expiresAt: expires,
      }),
    ).toEqual({ accountId: 'acc', email: 'ada@example.com', expiresAt: expires });
    expect(storedInviteTokenSchema.parse(null)).toEqual({
      accountId: '',
      email: '',
      expiresAt: null,
    });
  });
});
