/**
 * The invitation mailer over malformed stored documents: the ledger's count, day and recent mails
 * and the invite's token and resend request are decoded with their schemas, so a wrong field reads
 * as none and never lets a mail past a limit nor sends one nobody asked for. The mailer end to end:
 * tests/integration/invites.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import type { DocData } from '@/backend/port';
import {
  INVITE_MAIL_LOG,
  INVITE_MAILS_PER_DAY,
  queueInviteMail,
} from '@/services/invites/invite-mail';

const NOW = new Date('2026-03-01T10:00:00Z');
const DAY = '2026-03-01';
const EMAIL = 'ada@example.com';
const PATH = `accounts/acme/invites/${EMAIL}`;
const INVITE = {
  email: EMAIL,
  invitedBy: 'own',
  status: 'pending',
  role: 'editor',
  dateCreated: new Date('2026-03-01T09:00:00Z'),
};

function setup(log?: DocData) {
  const db = createMemoryServerDb();
  db.seed('accounts/acme', { id: 'acme', name: 'Acme', ownerId: 'own', isActive: true });
  if (log) db.seed(`${INVITE_MAIL_LOG}/acme`, log);
  const created = (invite: DocData = INVITE) => {
    db.seed(PATH, invite);
    return queueInviteMail(db, { path: PATH, before: null, after: invite }, 'https://app', NOW);
  };
  const ledger = async () => (await db.get(`${INVITE_MAIL_LOG}/acme`)).data;
  return { db, created, ledger };
}

const sent = (at: unknown, email: unknown = EMAIL) => ({ email, at });

describe('the invitation mailer over malformed stored documents', () => {
  it('mails a new invitation and counts it in the ledger', async () => {
    const { created, ledger } = setup();
    expect(await created()).toBe('queued');
    expect(await ledger()).toMatchObject({ day: DAY, count: 1, recent: [sent(NOW)] });
  });

  it('stops at the day’s limit, counted only for the day the ledger names', async () => {
    expect(await setup({ day: DAY, count: INVITE_MAILS_PER_DAY }).created()).toBe('daily-limit');
    const yesterday = setup({ day: '2026-02-28', count: INVITE_MAILS_PER_DAY });
    expect(await yesterday.created()).toBe('queued');
    expect(await yesterday.ledger()).toMatchObject({ day: DAY, count: 1 });
  });

  it('reads a count or a day that is not what it should be as none sent today', async () => {
    for (const log of [
      { day: DAY, count: 'many' },
      { day: DAY, count: null },
      { day: [DAY], count: INVITE_MAILS_PER_DAY },
    ]) {
      const { created, ledger } = setup(log);
      expect(await created()).toBe('queued');
      expect(await ledger()).toMatchObject({ day: DAY, count: 1 });
    }
  });

  it('counts the recent mails to an address that name it and their time, and drops the others', async () => {
    const hourAgo = new Date(NOW.getTime() - 60 * 60 * 1000);
    const full = setup({ day: DAY, count: 3, recent: [sent(hourAgo), sent(hourAgo), sent(NOW)] });
    expect(await full.created()).toBe('address-limit');
    const broken = [sent(hourAgo), sent('2026-03-01T09:00:00Z'), sent(null), sent(hourAgo, 7), 'x'];
    const { created, ledger } = setup({ day: DAY, count: 5, recent: broken });
    expect(await created()).toBe('queued');
    expect((await ledger())?.['recent']).toEqual([sent(hourAgo), sent(NOW)]);
  });

  it('mails a new invitation whose token is empty or not text, and none created with a token', async () => {
    expect(await setup().created({ ...INVITE, tokenHash: 5 })).toBe('queued');
    expect(await setup().created({ ...INVITE, tokenHash: '' })).toBe('queued');
    expect(await setup().created({ ...INVITE, tokenHash: 'abc' })).toBe('ignored');
  });

  it('answers a resend request only when its time is a date', async () => {
    const { db } = setup();
    const before = { ...INVITE, mailRequest: 'created-0' };
    for (const [resendAt, outcome] of [
      ['2026-03-01T09:30:00Z', 'ignored'],
      [new Date('2026-03-01T09:30:00Z'), 'queued'],
    ] as const) {
      const after = { ...before, resendAt };
      db.seed(PATH, after);
      expect(await queueInviteMail(db, { path: PATH, before, after }, 'https://app', NOW)).toBe(
        outcome,
      );
    }
  });
});
