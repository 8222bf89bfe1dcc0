// @vitest-environment jsdom
/**
 * "Export my account" reads every card of an account, past the 1,000 documents one read may ask
 * for (firestore.rules' list limit): an account larger than that is read page after page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EXPORT_CARD_LIMIT, readAccountExport } from '@/data/account-export';
import { createFakeAuth } from '../support/fake-auth';
import { renderApp, seedAccount, seedUser } from '../support/render-app';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('export my account, a large account', () => {
  it('exports every card of an account with more cards than one read returns', async () => {
    const auth = createFakeAuth();
    auth.addUser({ uid: 'u1', email: 'ada@example.com', displayName: 'Ada' }, 'Right-pass1');
    const app = renderApp('/settings/account', { auth });
    stop = app.stop;
    seedAccount(app.db, { id: 'acc1', name: 'Acme Co', slug: 'acme-co', ownerId: 'u1' });
    seedUser(app.db, { uid: 'u1', email: 'ada@example.com', accountId: 'acc1', name: 'Ada' });
    const CARDS = EXPORT_CARD_LIMIT + 203;
    for (let i = 0; i < CARDS; i += 1) {
      const id = `c${String(i).padStart(5, '0')}`;
      app.db.seed(`cards/${id}`, {
        id,
        accountId: 'acc1',
        name: `Card ${i}`,
        isArchived: i % 7 === 0,
      });
    }
    app.db.seed('cards/other', { id: 'other', accountId: 'acc2', name: 'Not ours' });
    auth.restore('u1');

    const data = await readAccountExport('acc1');
    expect(data.cards).toHaveLength(CARDS);
    expect(new Set(data.cards.map((card) => card.id)).size).toBe(CARDS);
    expect(data.cards.map((card) => card.id)).not.toContain('other');
  });
});
