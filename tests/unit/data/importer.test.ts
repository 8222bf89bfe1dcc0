/**
 * The import's duplicate check finds the rows whose e-mail already has a card in the account; a
 * card whose e-mail is not text names no address.
 */
import { describe, expect, it } from 'vitest';
import { setBackend } from '@/backend/current';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import { existingCardEmails } from '@/data/importer';

describe('which e-mails already have a card', () => {
  it('finds the account’s cards by address, lowercased, archived ones too', async () => {
    const db = createMemoryBackend();
    setBackend(db);
    db.seed('cards/c1', { accountId: 'acme', email: 'ada@acme.example' });
    db.seed('cards/c2', { accountId: 'acme', email: 'bo@acme.example', isArchived: true });
    db.seed('cards/c3', { accountId: 'globex', email: 'cy@acme.example' });
    const found = await existingCardEmails('acme', [
      'ADA@acme.example',
      'bo@acme.example',
      'cy@acme.example',
    ]);
    expect([...found].sort()).toEqual(['ada@acme.example', 'bo@acme.example']);
  });

  it('names no address for a card whose e-mail is not text', async () => {
    const db = createMemoryBackend();
    setBackend(db);
    db.seed('cards/c1', { accountId: 'acme', email: 42 });
    expect([...(await existingCardEmails('acme', ['42', 'ada@acme.example']))]).toEqual([]);
  });
});
