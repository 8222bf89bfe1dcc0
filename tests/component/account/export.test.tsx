// @vitest-environment jsdom
/**
 * "Export my account" on the Account settings page: the owner downloads a zip built in the browser from
 * the account's cards, teams and leads; it opens and its vCards re-import. A card with more leads
 * than one page (500) is exported complete, with progress while the pages are read.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAccountExport } from '@/data/account-export';
import { readVCards } from '@/domain/vcard-import';
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
    const app = renderApp('/settings/account', { auth });
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

  it('exports every lead of a card with more than 500, showing progress page by page', async () => {
    const auth = createFakeAuth();
    auth.addUser({ uid: 'u1', email: 'ada@example.com', displayName: 'Ada' }, 'Right-pass1');
    const app = renderApp('/settings/account', { auth });
    stop = app.stop;
    seedAccount(app.db, { id: 'acc1', name: 'Acme Co', slug: 'acme-co', ownerId: 'u1' });
    seedUser(app.db, { uid: 'u1', email: 'ada@example.com', accountId: 'acc1', name: 'Ada' });
    app.db.seed('cards/c1', { accountId: 'acc1', handle: 'ada', name: 'Ada', isArchived: false });
    const LEADS = 1203;
    const start = Date.UTC(2026, 10, 1);
    for (let i = 0; i < LEADS; i += 1) {
      app.db.seed(`analytics/c1/entries/e${String(i).padStart(4, '0')}`, {
        cardId: 'c1',
        accountId: 'acc1',
        name: `Lead ${i}`,
        email: `lead${i}@example.com`,
        // Pairs of leads share a second, so pages end in the middle of a time.
        createdAt: new Date(start + Math.floor(i / 2) * 1000),
      });
    }
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
    const button = await screen.findByRole('button', { name: 'Export my account' });
    expect(screen.queryByText(/Up to 500/)).not.toBeInTheDocument();
    await user.click(button);
    expect(
      await screen.findByText(`Exported 1 card, 1 team and ${LEADS} leads.`),
    ).toBeInTheDocument();

    const files = unzipSync(await bytesOf(saved!));
    const leads = JSON.parse(strFromU8(files['leads.json']!)) as { email: string }[];
    expect(leads).toHaveLength(LEADS);
    expect(new Set(leads.map((l) => l.email)).size).toBe(LEADS);
    expect(strFromU8(files['leads.csv']!).trim().split(/\r?\n/)).toHaveLength(LEADS + 1);

    // The progress the page shows is told after each page of leads, not once per card (the memory
    // driver answers at once, so React shows only the last of them: the data layer's calls are
    // what this checks).
    const progress: [number, number, number][] = [];
    await readAccountExport('acc1', (done, total, read) => progress.push([done, total, read]));
    expect(progress).toEqual([
      [0, 1, 0],
      [0, 1, 500],
      [0, 1, 1000],
      [0, 1, 1203],
      [1, 1, 1203],
    ]);
  });
});
