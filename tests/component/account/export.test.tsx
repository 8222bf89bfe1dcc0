// @vitest-environment jsdom
/**
 * "Export my account" on the profile page: the owner downloads a zip built in the browser from
 * the account's cards, teams and leads; it opens and its vCards re-import.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readVCards } from '../../../src/domain/vcard-import';
import { createFakeAuth } from '../support/fake-auth';
import { renderApp, seedAccount, seedUser } from '../support/render-app';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  vi.restoreAllMocks();
});

function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('export my account', () => {
  it('downloads a zip of the account that opens and re-imports', async () => {
    const auth = createFakeAuth();
    auth.addUser({ uid: 'u1', email: 'ada@example.com', displayName: 'Ada' }, 'Right-pass1');
    const app = renderApp('/settings/profile', { auth });
    stop = app.stop;
    seedAccount(app.db, { id: 'acc1', name: 'Acme Co', slug: 'acme-co', ownerId: 'u1' });
    seedUser(app.db, { uid: 'u1', email: 'ada@example.com', accountId: 'acc1', name: 'Ada' });
    app.db.seed('accounts/acc1/teams/acc1-team', { name: 'Sales', accountId: 'acc1', links: [] });
    app.db.seed('cards/c1', {
      accountId: 'acc1',
      handle: 'ada',
      name: 'Ada Lovelace',
      title: 'Head of Sales',
      isArchived: false,
      contacts: [{ id: 'p', name: 'Phone', label: 'Mobile', value: '+1 555 0100' }],
    });
    app.db.seed('analytics/c1/entries/e1', {
      cardId: 'c1',
      accountId: 'acc1',
      name: '@SUM(A1)',
      email: 'bob@example.com',
      createdAt: new Date('2026-11-20T10:00:00Z'),
    });
    auth.restore('u1');

    let saved: Blob | null = null;
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        saved = blob;
        return 'blob:export';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export my account' }));
    expect(await screen.findByText('Exported 1 card, 1 team and 1 lead.')).toBeInTheDocument();
    expect(saved).not.toBeNull();
    const files = unzipSync(await bytesOf(saved!));
    expect(Object.keys(files).sort()).toEqual([
      'account.json',
      'cards.json',
      'leads.csv',
      'leads.json',
      'teams.json',
      'vcards/ada.vcf',
    ]);
    expect(strFromU8(files['leads.csv']!)).toContain('"\'@SUM(A1)"');
    const again = readVCards(strFromU8(files['vcards/ada.vcf']!));
    expect(again.ok && again.cards[0]).toMatchObject({
      name: 'Ada Lovelace',
      title: 'Head of Sales',
      contacts: [expect.objectContaining({ name: 'Phone', value: '+1 555 0100' })],
    });
  });
});
