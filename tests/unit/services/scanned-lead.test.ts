/**
 * A scanned lead over malformed stored documents: a card whose account id is not text is no card
 * of any account, a summary whose account id is not text is one no account owns yet, and a team id
 * that is not text is left off the summary. The callable end to end: tests/integration.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryServerDb } from '@/backend/memory/memory-server-db';
import type { DocData } from '@/backend/port';
import { SCANNED_LEAD_MESSAGES } from '@/domain/scanned-lead';
import { addScannedLead } from '@/services/scanned-lead';

const caller = { uid: 'owner', email: 'owner@example.com', emailVerified: true };
const NOW = new Date('2026-03-01T10:00:00Z');
const request = { cardId: 'c1', scanId: 'scan0001abcdefghijklmnop', fields: { name: 'Grace' } };

function setup(card: DocData, summary?: DocData) {
  const db = createMemoryServerDb();
  db.seed('accounts/acme', { id: 'acme', isActive: true, ownerId: 'owner' });
  db.seed('cards/c1', card);
  if (summary) db.seed('analytics/c1', summary);
  const save = () => addScannedLead(db, caller, request, NOW);
  const stored = async () => (await db.get('analytics/c1')).data;
  return { save, stored };
}

describe('a scanned lead over malformed stored documents', () => {
  it('stores the lead of a well-formed card under its account and team', async () => {
    const { save, stored } = setup({ accountId: 'acme', teamId: 'sales' });
    expect(await save()).toEqual({ leadId: `scan-${request.scanId}`, stored: true });
    expect(await stored()).toMatchObject({ accountId: 'acme', teamId: 'sales', leads: 1 });
  });

  it('finds no card whose stored account id is not text', async () => {
    for (const accountId of [42, ['acme'], null, '']) {
      const { save, stored } = setup({ accountId, teamId: 'sales' });
      await expect(save()).rejects.toThrow(SCANNED_LEAD_MESSAGES.missing);
      expect(await stored()).toBeNull();
    }
  });

  it('leaves a team id that is not text off the summary', async () => {
    const { save, stored } = setup({ accountId: 'acme', teamId: { id: 'sales' } });
    await save();
    expect(await stored()).not.toHaveProperty('teamId');
  });

  it('adds to a summary that names no account as text, and refuses one of another account', async () => {
    const { save, stored } = setup({ accountId: 'acme' }, { cardId: 'c1', accountId: 7 });
    expect((await save()).stored).toBe(true);
    expect(await stored()).toMatchObject({ accountId: 'acme', leads: 1 });
    const other = setup({ accountId: 'acme' }, { cardId: 'c1', accountId: 'other' });
    await expect(other.save()).rejects.toThrow(SCANNED_LEAD_MESSAGES.otherAccount);
  });
});
